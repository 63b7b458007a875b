import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { specHash } from '../schema/canonical-json.js';
import { canonicalJson } from '../schema/canonical-json.js';
import type { TaskSpec } from '../schema/task-spec.js';
import { HARBOR_SCRIPTS, HARBOR_TARBALL } from './harbor-scripts.js';
import { placeTarball } from './package-tarball.js';
import { stringifyToml } from './toml.js';

// A TaskSpec as a Harbor task folder. The services run as our MCP server in a sidecar that shares the main
// container's network (so it stays on 127.0.0.1) and writes the episode's trajectory to a volume the main
// container mounts read-only; the verifier grades that trajectory with our grader and writes Harbor's reward
// files; the solution replays our reference over MCP.

// the verifier grades a recorded episode (test.sh waits up to 60 s for it to be written)
const VERIFIER_TIMEOUT_S = 120;
export const MCP_PORT = 8765;
export const REQUEST_END = '<!-- coworkenv:request-end -->';

export interface HarborTask {
  /** relative path → content */
  files: Map<string, string>;
  /** single-step or multi-step (Harbor [[steps]]) */
  form: 'single' | 'multi_step';
  /** what the Harbor form does not carry */
  lossy: string[];
}

/** Whether the user plan is a fixed sequence of follow-ups (each after the agent says it is done): Harbor steps. */
export function followUps(spec: TaskSpec): string[] | undefined {
  const signals = spec.user?.signals ?? [];
  if (!spec.user || signals.length === 0) return undefined;
  const fits = signals.every(
    (s) => 'claims_done' in s.trigger && s.effect.say && !s.effect.patch_file && !s.effect.update_record,
  );
  return fits ? signals.map((s) => s.effect.say as string) : undefined;
}

function howTo(final: boolean): string {
  return [
    '## How to work',
    '',
    `Your tools are on the MCP server \`coworkenv\` (${mcpUrl()}), registered for you from task.toml. Call`,
    '`start_conversation` first, then use the task tools; talk to the user with `send_message_to_user`.',
    final
      ? 'When you are done, call `finish` with your final answer: the task is graded from what the services recorded.'
      : 'When this part is done, end your turn without calling `finish`: the user has more for you.',
    '',
  ].join('\n');
}

const mcpUrl = () => `http://127.0.0.1:${MCP_PORT}/mcp`;

function instruction(title: string, text: string, final: boolean): string {
  return `# ${title}\n\n${text}\n\n${REQUEST_END}\n\n${howTo(final)}`;
}

/** The folder of one spec (pure). */
export function harborTask(spec: TaskSpec, version: string): HarborTask {
  const files = new Map<string, string>();
  const lossy: string[] = [];
  const steps = followUps(spec);
  const name = `coworkenv/${spec.id}`;
  const toml: Record<string, unknown> = {
    schema_version: '1.4',
    source: `coworkenv ${version}`,
    ...(steps ? { multi_step_reward_strategy: 'final' } : {}),
    task: { name, description: spec.title, keywords: [...spec.labels.capabilities, spec.family] },
    metadata: {
      difficulty: spec.labels.difficulty,
      category: spec.family,
      scenario: spec.labels.scenario,
      language: spec.labels.language,
      spec_hash: specHash(spec),
      coworkenv_version: version,
    },
    agent: { timeout_sec: spec.limits.timeout_s },
    verifier: { timeout_sec: VERIFIER_TIMEOUT_S },
    environment: {
      cpus: 1,
      memory_mb: 1024,
      mcp_servers: [{ name: 'coworkenv', transport: 'streamable-http', url: mcpUrl() }],
      healthcheck: {
        command: `node -e "fetch('http://127.0.0.1:${MCP_PORT}/mcp').then(()=>process.exit(0),()=>process.exit(1))"`,
        interval_sec: 1,
        retries: 30,
      },
    },
  };
  if (steps) {
    const all = [spec.request, ...steps];
    toml.steps = all.map((_, k) => ({
      name: `turn-${k + 1}`,
      agent: { timeout_sec: spec.limits.timeout_s },
      // a step's own verifier settings replace the task's: without its timeout Harbor's default (600 s) applies
      verifier: {
        timeout_sec: VERIFIER_TIMEOUT_S,
        env: { COWORKENV_STEP: k === all.length - 1 ? 'final' : 'intermediate' },
      },
    }));
    all.forEach((text, k) =>
      files.set(`steps/turn-${k + 1}/instruction.md`, instruction(spec.title, text, k === all.length - 1)),
    );
    lossy.push(
      'the follow-ups are Harbor step instructions, not simulated-user events: they are not in the trajectory, so judge items over the transcript do not see them',
    );
    if (spec.user?.knowledge.length)
      lossy.push(
        'the user persona does not answer questions (send_message_to_user has no simulated user in step form)',
      );
    lossy.push(
      'intermediate steps score 0 by design (multi_step_reward_strategy = "final"): the episode is graded once, after the last step',
    );
  } else if (spec.user) {
    lossy.push(
      "the simulated user is served through the MCP user channel (send_message_to_user) inside one step: an agent that never calls it never sees the user's signals",
    );
  }
  files.set('instruction.md', instruction(spec.title, spec.request, !steps));
  files.set('task.toml', `${stringifyToml(toml)}\n`);
  const specJson = `${JSON.stringify(JSON.parse(canonicalJson(spec)), null, 1)}\n`;
  files.set('environment/task.json', specJson);
  files.set('tests/task.json', specJson);
  files.set('environment/Dockerfile', HARBOR_SCRIPTS.dockerfile(version));
  files.set('environment/docker-compose.yaml', HARBOR_SCRIPTS.compose(steps ? 'none' : 'scripted'));
  files.set('tests/test.sh', HARBOR_SCRIPTS.testSh);
  files.set('tests/reward.mjs', HARBOR_SCRIPTS.rewardMjs);
  files.set('solution/solve.sh', HARBOR_SCRIPTS.solveSh);
  files.set('solution/replay.mjs', HARBOR_SCRIPTS.replayMjs);
  files.set(
    'solution/reference.json',
    `${JSON.stringify({ reference: spec.reference, steps: steps ? steps.length + 1 : 1 }, null, 1)}\n`,
  );
  if (steps) {
    // the whole reference runs in the first step (it ends with finish); later steps have nothing left to do
    files.set('steps/turn-1/solution/solve.sh', HARBOR_SCRIPTS.solveSh);
    files.set('steps/turn-1/solution/replay.mjs', HARBOR_SCRIPTS.replayMjs);
    files.set('steps/turn-1/solution/reference.json', files.get('solution/reference.json') as string);
    for (let k = 2; k <= steps.length + 1; k++)
      files.set(
        `steps/turn-${k}/solution/solve.sh`,
        '#!/usr/bin/env bash\n# the reference already finished the episode in turn-1\nexit 0\n',
      );
  }
  if (spec.judge.length || spec.checks.some((c) => c.kind === 'llm_judge'))
    lossy.push(
      'judged parts are not scored by the verifier (it grades offline, without a judge): reward.json has scored = 0 and reward = safety × the code part',
    );
  return { files, form: steps ? 'multi_step' : 'single', lossy };
}

/** Writes the folder under `outDir/<spec.id>`; returns its path. */
export async function writeHarborTask(
  spec: TaskSpec,
  outDir: string,
  version: string,
  opts: { tarball?: string } = {},
): Promise<{ dir: string; task: HarborTask }> {
  const task = harborTask(spec, version);
  const dir = join(outDir, spec.id);
  for (const [rel, content] of task.files) {
    const file = join(dir, rel);
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, content, { mode: rel.endsWith('.sh') ? 0o755 : 0o644 });
  }
  // the image's copy of the CLI (packThisPackage); without it the folder imports but its image does not build
  if (opts.tarball) await placeTarball(opts.tarball, join(dir, 'environment', HARBOR_TARBALL));
  return { dir, task };
}
