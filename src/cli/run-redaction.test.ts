import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Command } from 'commander';
import { type FakeRequest, type FakeServer, startFakeServer } from '../llm/testing/fake-server.js';
import { runCommand } from './run.js';
import { captureOutput } from './testing.js';

const TMP = mkdtempSync(join(tmpdir(), 'coworkenv-redact-'));
after(() => rmSync(TMP, { recursive: true, force: true }));

// planted credentials: each must reach the endpoint and appear in no file, no output and no message
const PLANTED = 'PLANTED';
const AGENT_PASS = `sk-${PLANTED}-agent-pass`;
const AGENT_QUERY = `sk-${PLANTED}-agent-query`;
const JUDGE_TOKEN = `sk-${PLANTED}-judge-token`;

const isJudge = (r: FakeRequest) => JSON.stringify(r.body.messages ?? '').includes('strict grader');

/** `coworkenv run …` in-process; stdout and stderr captured, exit code restored. */
async function run(args: string[]): Promise<{ out: string; error?: Error; exitCode: typeof process.exitCode }> {
  const program = new Command().exitOverride();
  runCommand(program);
  const r = await captureOutput(() => program.parseAsync(['node', 'coworkenv', 'run', ...args]), { stderr: true });
  return r.error ? { ...r, out: `${r.out}${r.error.message}\n` } : r;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? filesUnder(p) : [p];
  });
}

describe('credentials in model URLs: sent to the endpoint, written nowhere (run in-process, fake endpoint)', () => {
  let fake: FakeServer;
  let agent: string;
  let judge: string;
  let spec: string;
  before(async () => {
    let agentCalls = 0;
    fake = await startFakeServer({
      fallback: (req) => {
        if (isJudge(req)) return { text: '{"score": 0.5, "reasoning": "polite enough"}' };
        // the first agent call fails with a server message that echoes the URL and its key
        if (agentCalls++ === 0)
          return { status: 500, message: `upstream rejected ${agent} (query api_key=${AGENT_QUERY})` };
        return { text: 'Escalated TK-1042 and TK-1055.' };
      },
    });
    const port = new URL(fake.url).port;
    agent = `openai-compatible:http://agent-user:${AGENT_PASS}@127.0.0.1:${port}/v1?api_key=${AGENT_QUERY}&mode=chat#fake-model`;
    judge = `openai-compatible:http://${JUDGE_TOKEN}@127.0.0.1:${port}/v1#judge-model`;
    spec = join(TMP, 'support_escalation.yaml');
    writeFileSync(
      spec,
      `${readFileSync('examples/tasks/support_escalation.yaml', 'utf8')}\njudge:\n  - id: tone\n    rubric: The reply tells the user which tickets were escalated.\n    weight: 1\n`,
    );
  });
  after(() => fake.close());

  it("run.json, trajectories, summary, errors, cache, stdout/stderr and a failed run's error hold no key; requests carry them", async () => {
    const cache = join(TMP, 'cache');
    const first = await run([
      spec,
      '--agent',
      agent,
      '--judge',
      judge,
      '--user',
      agent,
      '--trials',
      '2',
      '--infra-retries',
      '1',
      '--llm-retries',
      '0',
      '--out',
      join(TMP, 'runs/a'),
      '--cache-dir',
      cache,
    ]);
    assert.equal(first.error, undefined, first.out);
    // the same run from the cache, with --json on stdout
    const replayed = await run([
      spec,
      '--agent',
      agent,
      '--judge',
      judge,
      '--trials',
      '2',
      '--out',
      join(TMP, 'runs/b'),
      '--cache-dir',
      cache,
      '--replay',
      '--json',
    ]);
    assert.equal(replayed.error, undefined, replayed.out);
    // a replay miss stops the run: its error goes to run.json and to the message
    const missed = await run([
      spec,
      '--agent',
      agent.replace('#fake-model', '#never-cached'),
      '--trials',
      '1',
      '--out',
      join(TMP, 'runs/c'),
      '--cache-dir',
      cache,
      '--replay',
    ]);
    assert.match(
      missed.error?.message ?? '',
      /replay mode: no cached response for this openai-compatible@http:\/\/agent-user:\*\*\*@127\.0\.0\.1:\d+\/v1\?api_key=\*\*\*&mode=chat:never-cached request/,
    );
    // bad input that quotes the model string
    const bad = await run([spec, '--agent', agent.replace('#fake-model', ''), '--out', join(TMP, 'runs/d')]);
    assert.match(
      bad.error?.message ?? '',
      /"openai-compatible:http:\/\/agent-user:\*\*\*@127\.0\.0\.1:\d+\/v1\?api_key=\*\*\*&mode=chat": expected openai-compatible:<base-url>#<model>/,
    );

    // the endpoint got the real credentials: Basic auth from the URL's userinfo, the query on every request
    const agentReqs = fake.requests.filter((r) => !isJudge(r));
    const judgeReqs = fake.requests.filter(isJudge);
    assert.ok(
      agentReqs.length >= 2 && judgeReqs.length >= 1,
      `${agentReqs.length} agent and ${judgeReqs.length} judge requests`,
    );
    for (const r of agentReqs) {
      assert.equal(r.headers.authorization, `Basic ${Buffer.from(`agent-user:${AGENT_PASS}`).toString('base64')}`);
      assert.equal(r.url, `/v1/chat/completions?api_key=${AGENT_QUERY}&mode=chat`);
    }
    for (const r of judgeReqs)
      assert.equal(r.headers.authorization, `Basic ${Buffer.from(`${JUDGE_TOKEN}:`).toString('base64')}`);

    // what was recorded names the endpoints redacted
    const runJson = JSON.parse(readFileSync(join(TMP, 'runs/a/run.json'), 'utf8')) as {
      config: { agent: { model: string }; judge: string; user: { name: string } };
    };
    const port = new URL(fake.url).port;
    assert.equal(
      runJson.config.agent.model,
      `openai-compatible:http://agent-user:***@127.0.0.1:${port}/v1?api_key=***&mode=chat#fake-model`,
    );
    assert.equal(runJson.config.judge, `openai-compatible:http://***@127.0.0.1:${port}/v1#judge-model`);
    const errors = readFileSync(join(TMP, 'runs/a/errors.jsonl'), 'utf8');
    assert.match(
      errors,
      /HTTP 500: 500 upstream rejected openai-compatible:http:\/\/agent-user:\*\*\*@127\.0\.0\.1:\d+\/v1\?api_key=\*\*\*&mode=chat#fake-model \(query api_key=\*\*\*\)/,
    );
    const traj = readFileSync(join(TMP, 'runs/a/trajectories.jsonl'), 'utf8');
    assert.match(traj, /"judge":"openai-compatible:http:\/\/\*\*\*@127\.0\.0\.1:\d+\/v1#judge-model"/);
    assert.match(readFileSync(join(TMP, 'runs/c/run.json'), 'utf8'), /"status": "failed"/);

    // every file any of the runs wrote, and everything printed: no planted key
    const written = [...filesUnder(join(TMP, 'runs')), ...filesUnder(cache)];
    assert.ok(
      written.some((f) => f.endsWith('summary.json')) &&
        written.some((f) => f.endsWith('errors.jsonl')) &&
        written.filter((f) => f.startsWith(cache)).length >= 2,
      written.join('\n'),
    );
    for (const f of written) assert.ok(!readFileSync(f, 'utf8').includes(PLANTED), `${f} holds a planted key`);
    for (const o of [first, replayed, missed, bad])
      assert.ok(!o.out.includes(PLANTED), `output holds a planted key:\n${o.out}`);
    assert.ok(
      replayed.out.includes('"model": "openai-compatible:http://agent-user:***@'),
      'the --json output names the redacted model',
    );
  });
});
