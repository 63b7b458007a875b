// The programs inside an exported Harbor task: image, compose sidecar, verifier and oracle. They are data
// here (written into the folder) and run inside Harbor's containers; tests run reward.mjs and replay.mjs.

const REWARD_MJS = `// CoworkEnv -> Harbor rewards: reads \`coworkenv grade --json\` output, writes reward.txt and reward.json
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
const [a, b] = process.argv.slice(2);
const write = (dir, rewards) => {
  writeFileSync(join(dir, 'reward.txt'), String(rewards.reward) + '\\n');
  writeFileSync(join(dir, 'reward.json'), JSON.stringify(rewards) + '\\n');
};
if (a === '--intermediate') write(b, { reward: 0, intermediate: 1 });
else if (a === '--missing') write(b, { reward: 0, scored: 0, finished: 0 });
else {
  const out = JSON.parse(readFileSync(a, 'utf8'));
  const r = (out.results || [])[0] || {};
  const g = r.grade;
  if (!g) write(b, { reward: 0, scored: 0, finished: 1 });
  else {
    const scored = g.score !== null && g.score !== undefined;
    const reward = scored ? g.score : (g.code ?? 0) * g.safety;
    const rewards = { reward, safety: g.safety, robustness: g.robustness, passed: g.passed ? 1 : 0, scored: scored ? 1 : 0, finished: 1 };
    if (g.completion !== null && g.completion !== undefined) rewards.completion = g.completion;
    if (g.code !== null && g.code !== undefined) rewards.code = g.code;
    write(b, rewards);
  }
}
`;

const REPLAY_MJS = `// CoworkEnv oracle: replays the reference solution over MCP (Streamable HTTP) against the task's services
import { readFileSync } from 'node:fs';
const url = process.env.COWORKENV_MCP_URL || 'http://127.0.0.1:8765/mcp';
const { reference } = JSON.parse(readFileSync(new URL('./reference.json', import.meta.url), 'utf8'));
let session;
let next = 0;
async function rpc(method, params, notify) {
  const body = { jsonrpc: '2.0', method, ...(params ? { params } : {}), ...(notify ? {} : { id: ++next }) };
  const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
  if (session) headers['mcp-session-id'] = session;
  const res = await fetch(url, { method: 'POST', headers, body: JSON.stringify(body) });
  session = session || res.headers.get('mcp-session-id') || undefined;
  const text = await res.text();
  if (notify) return undefined;
  if (!res.ok) throw new Error(method + ': HTTP ' + res.status + ' ' + text.slice(0, 200));
  const messages = text.trim().startsWith('{') ? [JSON.parse(text)] : text.split('\\n').filter((l) => l.startsWith('data:')).map((l) => JSON.parse(l.slice(5)));
  const m = messages.find((x) => x.id === body.id);
  if (!m || m.error) throw new Error(method + ': ' + JSON.stringify(m && m.error));
  return m.result;
}
const tool = (name, args) => rpc('tools/call', { name, arguments: args || {} });
await rpc('initialize', { protocolVersion: '2025-03-26', capabilities: {}, clientInfo: { name: 'coworkenv-oracle', version: '1' } });
await rpc('notifications/initialized', undefined, true);
await tool('start_conversation');
const lastSay = reference.map((s) => 'say' in s).lastIndexOf(true);
for (const [i, step] of reference.entries()) {
  if ('call' in step) {
    // an injected fault (429/500) is retried like the reference policy does
    for (let attempt = 0; attempt < 4; attempt++) {
      const r = await tool(step.call, step.args);
      const text = (r.content || []).map((c) => c.text || '').join('');
      if (!(r.isError && /rate_limited|server_error/.test(text))) break;
    }
  } else if ('ask' in step) await tool('send_message_to_user', { message: step.ask });
  else if (i === lastSay) await tool('finish', { answer: step.say });
  else await tool('send_message_to_user', { message: step.say });
}
if (lastSay < 0) await tool('finish', { answer: '' });
`;

/** The packed CLI in a task's environment/ (package-tarball.ts). */
export const HARBOR_TARBALL = 'coworkenv.tgz';

export const HARBOR_SCRIPTS = {
  dockerfile: (version: string) => `FROM node:20-bookworm-slim
# the CoworkEnv CLI ${version} that exported this task, for the services (sidecar) and the verifier (main): packed
# beside this file, so coworkenv itself is not downloaded (its dependencies come from the npm registry)
COPY ${HARBOR_TARBALL} /tmp/${HARBOR_TARBALL}
ARG COWORKENV_PACKAGE=/tmp/${HARBOR_TARBALL}
RUN npm install -g "\${COWORKENV_PACKAGE}" && coworkenv --version
COPY task.json /coworkenv/task.json
WORKDIR /app
`,
  compose: (
    user: 'scripted' | 'none',
  ) => `# merged over Harbor's base compose: the services run as CoworkEnv's MCP server in a sidecar that shares
# main's network (so they stay on 127.0.0.1) and records the episode where main can read but not write it;
# the volume starts empty, so the agent's session takes trial 0
services:
  main:
    volumes:
      - coworkenv-logs:/logs/coworkenv:ro
  coworkenv:
    build:
      context: .
    network_mode: "service:main"
    command: ["coworkenv", "mcp", "/coworkenv/task.json", "--http", "127.0.0.1:8765", "--user", "${user}", "--out", "/logs/coworkenv/trajectories.jsonl"]
    volumes:
      - coworkenv-logs:/logs/coworkenv
volumes:
  coworkenv-logs: {}
`,
  testSh: `#!/usr/bin/env bash
# CoworkEnv verifier: grade the episode the services recorded (not what the agent says), write reward.txt + reward.json
set -u
mkdir -p /logs/verifier
if [ "\${COWORKENV_STEP:-final}" = "intermediate" ]; then node /tests/reward.mjs --intermediate /logs/verifier; exit 0; fi
T=/logs/coworkenv/trajectories.jsonl
# the trajectory is written when the agent calls finish (or a limit ends the episode)
for _ in $(seq 1 60); do [ -s "$T" ] && break; sleep 1; done
if [ ! -s "$T" ]; then echo "no trajectory: the episode did not end (finish was not called)"; node /tests/reward.mjs --missing /logs/verifier; exit 0; fi
coworkenv grade "$T" --tasks /tests/task.json --json > /logs/verifier/grade.json
node /tests/reward.mjs /logs/verifier/grade.json /logs/verifier
`,
  rewardMjs: REWARD_MJS,
  solveSh: `#!/usr/bin/env bash
# CoworkEnv oracle: the task's reference solution, replayed through the MCP services
set -eu
node "$(dirname "$0")/replay.mjs"
`,
  replayMjs: REPLAY_MJS,
};
