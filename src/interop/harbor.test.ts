import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { referenceAgent } from '../agent/reference.js';
import { specHash } from '../schema/canonical-json.js';
import { runEpisode } from '../agent/rollout.js';
import { inProcess, ROOT, runCli, startServing } from '../cli/testing.js';
import { startMcpHttp } from '../mcp/serve.js';
import { loadSpecs } from '../run/task-files.js';
import { canonicalJson } from '../schema/canonical-json.js';
import { followUps, harborTask, writeHarborTask } from './harbor-export.js';
import { harborTaskDirs, importHarborTask } from './harbor-import.js';
import type { TaskSpec } from '../schema/task-spec.js';
import { ticketTriageSpec } from './testing.js';
import { parseToml } from './toml.js';
import { parse as parseYaml } from 'yaml';

const tmp = mkdtempSync(join(tmpdir(), 'harbor-'));
after(() => rmSync(tmp, { recursive: true, force: true }));

const multiTurn = () =>
  ticketTriageSpec({
    id: 'claw_ticket_triage_followup',
    user: {
      persona: 'A support lead',
      goal: 'Triage and then tag the onboarding ticket',
      signals: [
        { id: 'more', trigger: { claims_done: true }, effect: { say: 'Thanks. Also tag TK-1004 as onboarding.' } },
      ],
    },
  });

function node(args: string[], env: Record<string, string> = {}): Promise<{ code: number | null; stderr: string }> {
  return run(process.execPath, args, env);
}

function run(
  cmd: string,
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(cmd, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stderr })));
}

describe('Harbor export', () => {
  it("writes a complete task folder with Harbor's layout and config", () => {
    const t = harborTask(ticketTriageSpec(), '0.1.0');
    for (const f of [
      'instruction.md',
      'task.toml',
      'environment/Dockerfile',
      'environment/docker-compose.yaml',
      'environment/task.json',
      'tests/test.sh',
      'tests/reward.mjs',
      'tests/task.json',
      'solution/solve.sh',
    ])
      assert.ok(t.files.has(f), f);
    const toml = parseToml(t.files.get('task.toml') as string, 'task.toml') as Record<string, Record<string, unknown>>;
    assert.equal(toml.task?.name, 'coworkenv/claw_ticket_triage');
    assert.equal(toml.agent?.timeout_sec, 600);
    assert.deepEqual(
      { ...((toml.environment?.mcp_servers as object[])[0] as object) },
      {
        name: 'coworkenv',
        transport: 'streamable-http',
        url: 'http://127.0.0.1:8765/mcp',
      },
    );
    assert.equal(t.form, 'single');
    assert.match(t.files.get('tests/test.sh') as string, /reward\.mjs/);
    assert.match(t.files.get('environment/docker-compose.yaml') as string, /network_mode: "service:main"/);
  });

  it('uses [[steps]] for a fixed sequence of follow-ups and says what is lost', () => {
    const spec = multiTurn();
    assert.deepEqual(followUps(spec), ['Thanks. Also tag TK-1004 as onboarding.']);
    const t = harborTask(spec, '0.1.0');
    assert.equal(t.form, 'multi_step');
    const toml = parseToml(t.files.get('task.toml') as string, 'task.toml') as {
      steps: { name: string; verifier: { timeout_sec?: number; env: Record<string, string> } }[];
      verifier: { timeout_sec: number };
      multi_step_reward_strategy: string;
    };
    assert.deepEqual(
      toml.steps.map((s) => s.name),
      ['turn-1', 'turn-2'],
    );
    // a step's verifier table replaces the task's: each carries the timeout (Harbor's default is 600 s)
    assert.deepEqual(
      toml.steps.map((s) => [s.verifier.timeout_sec, s.verifier.env.COWORKENV_STEP]),
      [
        [toml.verifier.timeout_sec, 'intermediate'],
        [toml.verifier.timeout_sec, 'final'],
      ],
    );
    assert.equal(toml.multi_step_reward_strategy, 'final');
    assert.match(t.files.get('steps/turn-2/instruction.md') as string, /Also tag TK-1004/);
    assert.ok(t.lossy.some((l) => /not in the trajectory/.test(l)));
    // a reactive user (asks_about) does not fit steps: one step, the MCP user channel, and that is said
    const reactive = ticketTriageSpec({
      user: {
        persona: 'p',
        goal: 'g',
        signals: [{ id: 'a', trigger: { asks_about: ['priority'] }, effect: { say: 'high' } }],
      },
    });
    const r = harborTask(reactive, '0.1.0');
    assert.equal(r.form, 'single');
    assert.ok(r.lossy.some((l) => /MCP user channel/.test(l)));
  });
});

describe('Harbor round trip', () => {
  it('export → import gives the same spec hash for every example task', async () => {
    const specs = [
      ...(await loadSpecs(['examples/claw-eval', 'examples/tasks'])).map((s) => s.spec),
      ticketTriageSpec(),
      multiTurn(),
    ];
    const out = join(tmp, 'rt');
    for (const spec of specs) await writeHarborTask(spec, out, '0.1.0');
    const dirs = await harborTaskDirs(out);
    assert.equal(dirs.length, specs.length);
    for (const spec of specs) {
      const r = await importHarborTask(join(out, spec.id));
      assert.deepEqual(r.problems, [], spec.id);
      assert.deepEqual(r.applied, []);
      assert.equal(specHash(r.spec as NonNullable<typeof r.spec>), specHash(spec), spec.id);
    }
  });

  it("reads edits made in Harbor's files and refuses inconsistent folders", async () => {
    const spec = multiTurn();
    const { dir } = await writeHarborTask(spec, join(tmp, 'edit'), '0.1.0');
    const md = join(dir, 'steps/turn-1/instruction.md');
    writeFileSync(md, readFileSync(md, 'utf8').replace(spec.request, 'Triage every open ticket. Close nothing.'));
    const t2 = join(dir, 'steps/turn-2/instruction.md');
    writeFileSync(t2, readFileSync(t2, 'utf8').replace('as onboarding', 'as hr-onboarding'));
    writeFileSync(
      join(dir, 'task.toml'),
      readFileSync(join(dir, 'task.toml'), 'utf8').replace('[agent]\ntimeout_sec = 600', '[agent]\ntimeout_sec = 900'),
    );
    const r = await importHarborTask(dir);
    assert.deepEqual(r.problems, []);
    assert.equal(r.spec?.request, 'Triage every open ticket. Close nothing.');
    assert.equal(r.spec?.user?.signals[0]?.effect.say, 'Thanks. Also tag TK-1004 as hr-onboarding.');
    assert.equal(r.spec?.limits.timeout_s, 900);
    assert.equal(r.applied.length, 3);
    // the services and the verifier must run the same task
    writeFileSync(join(dir, 'environment/task.json'), '{}');
    assert.match(
      (await importHarborTask(dir)).problems[0] ?? '',
      /environment\/task\.json differs from tests\/task\.json/,
    );
    writeFileSync(join(dir, 'task.toml'), 'schema_version = "1.4\n');
    assert.match((await importHarborTask(dir)).problems[0] ?? '', /task\.toml:1: newline in a single-line string/);
  });

  it('reports exactly why a foreign Harbor task cannot be represented', async () => {
    const dir = join(tmp, 'foreign', 'fix-bug');
    mkdirSync(join(dir, 'tests'), { recursive: true });
    mkdirSync(join(dir, 'environment'), { recursive: true });
    mkdirSync(join(dir, 'solution'), { recursive: true });
    writeFileSync(
      join(dir, 'task.toml'),
      'schema_version = "1.4"\n[task]\nname = "org/fix-bug"\n[[environment.mcp_servers]]\nname = "user-server"\ntransport = "streamable-http"\nurl = "http://svc:8000/mcp"\n',
    );
    writeFileSync(join(dir, 'instruction.md'), 'Fix the bug in /app.\n');
    writeFileSync(join(dir, 'environment', 'Dockerfile'), 'FROM python:3.12\n');
    writeFileSync(join(dir, 'tests', 'test.sh'), 'pytest /tests && echo 1 > /logs/verifier/reward.txt\n');
    writeFileSync(join(dir, 'solution', 'solve.sh'), 'echo fix\n');
    const r = await importHarborTask(dir);
    assert.equal(r.spec, undefined);
    assert.equal(r.problems.length, 4);
    assert.match(r.problems[0] ?? '', /tests\/test\.sh: the verifier is a program/);
    assert.ok(r.problems.some((p) => /"user-server"/.test(p)));
    assert.ok(r.problems.some((p) => /solution\/solve\.sh/.test(p)));
  });
});

describe('Harbor import of hostile folders', () => {
  it('a [__proto__] table or deep arrays fail that task only, with the line; Object.prototype stays clean', async () => {
    const batch = join(tmp, 'hostile-batch');
    const good = [ticketTriageSpec({ id: 'good_one' }), ticketTriageSpec({ id: 'good_two' })];
    for (const spec of good) await writeHarborTask(spec, batch, '0.1.0');
    const bad = (name: string, edit: (toml: string) => string) => {
      cpSync(join(batch, 'good_one'), join(batch, name), { recursive: true });
      const file = join(batch, name, 'task.toml');
      writeFileSync(file, edit(readFileSync(file, 'utf8')));
    };
    bad('proto', (t) => `${t}\n[__proto__]\nsource = "polluted"\npolluted = true\n`);
    bad('proto_dotted', (t) => `${t}\n[agent.__proto__]\npolluted = true\n`);
    bad('deep', (t) => `deep = ${'['.repeat(100_000)}${']'.repeat(100_000)}\n${t}`);
    bad('deep_inline', (t) => `deep = ${'{ a = '.repeat(5_000)}1${' }'.repeat(5_000)}\n${t}`);
    // `constructor` and `prototype` are plain data in null-prototype tables: harmless, so the task imports
    bad('ctor', (t) => `${t}\n[constructor.prototype]\npolluted = true\n`);
    const r = await runCli('import', 'harbor', batch, '--out', join(tmp, 'hostile-out'), '--json');
    assert.equal(r.code, 0, r.stderr);
    const rows = (JSON.parse(r.stdout) as { tasks: { dir: string; imported: string | null; problems: string[] }[] })
      .tasks;
    const byName = new Map(rows.map((t) => [t.dir.split('/').at(-1), t]));
    for (const name of ['good_one', 'good_two', 'ctor']) assert.ok(byName.get(name)?.imported, name);
    assert.match(byName.get('proto')?.problems[0] ?? '', /proto\/task\.toml:\d+: the key __proto__ is not allowed/);
    assert.match(byName.get('proto_dotted')?.problems[0] ?? '', /task\.toml:\d+: the key __proto__ is not allowed/);
    assert.match(
      byName.get('deep')?.problems[0] ?? '',
      /deep\/task\.toml:1: arrays and inline tables nest deeper than 100/,
    );
    assert.match(byName.get('deep_inline')?.problems[0] ?? '', /task\.toml:1: arrays and inline tables nest deeper/);
    const probe = {} as Record<string, unknown>;
    assert.equal(probe.polluted, undefined);
    assert.equal(probe.source, undefined);
  });

  it('reads nothing outside the folder: step names with .., symbolic links out, oversized files', async () => {
    const outside = join(tmp, 'outside');
    mkdirSync(outside, { recursive: true });
    const SECRET = 'TOP-SECRET-4711';
    writeFileSync(join(outside, 'instruction.md'), `# Stolen\n\n${SECRET}\n\n<!-- coworkenv:request-end -->\n`);
    writeFileSync(join(outside, 'task.json'), `{"secret": "${SECRET}"}`);
    const root = join(tmp, 'escape');
    const spec = multiTurn();
    const fresh = async (name: string) => {
      const { dir } = await writeHarborTask({ ...spec, id: name }, root, '0.1.0');
      return dir;
    };
    const steps = await fresh('steps_dotdot');
    const toml = join(steps, 'task.toml');
    writeFileSync(toml, readFileSync(toml, 'utf8').replace('name = "turn-2"', 'name = "../../../outside"'));
    const linked = await fresh('linked_instruction');
    rmSync(join(linked, 'steps/turn-1/instruction.md'));
    symlinkSync(join(outside, 'instruction.md'), join(linked, 'steps/turn-1/instruction.md'));
    const linkedSpec = await fresh('linked_spec');
    rmSync(join(linkedSpec, 'tests/task.json'));
    symlinkSync(join(outside, 'task.json'), join(linkedSpec, 'tests/task.json'));
    const big = await fresh('big_toml');
    writeFileSync(join(big, 'task.toml'), `# ${'x'.repeat(1024 * 1024)}\n${readFileSync(toml, 'utf8')}`);
    const expect: [string, RegExp][] = [
      [
        steps,
        /steps_dotdot: steps\/\.\.\/\.\.\/\.\.\/outside\/instruction\.md leads outside .*steps_dotdot; it is not read/,
      ],
      [linked, /linked_instruction: steps\/turn-1\/instruction\.md is a symbolic link to a file outside/],
      [linkedSpec, /linked_spec: tests\/task\.json is a symbolic link to a file outside/],
      [big, /big_toml: task\.toml is \d+ bytes, over the 1048576-byte limit/],
    ];
    for (const [dir, problem] of expect) {
      const r = await importHarborTask(dir);
      assert.equal(r.spec, undefined, dir);
      assert.match(r.problems.join('\n'), problem, dir);
      assert.doesNotMatch(JSON.stringify(r), new RegExp(SECRET), dir);
    }
  });
});

async function harborRun(spec: TaskSpec): Promise<void> {
  const { dir } = await writeHarborTask(spec, join(tmp, 'sidecar', spec.id), '0.1.0');
  const logs = join(tmp, 'sidecar-logs', spec.id);
  const verifier = join(tmp, 'sidecar-verifier', spec.id);
  mkdirSync(logs, { recursive: true });
  mkdirSync(verifier, { recursive: true });
  const compose = parseYaml(readFileSync(join(dir, 'environment/docker-compose.yaml'), 'utf8')) as {
    services: { coworkenv: { command: string[] } };
  };
  const [program, ...args] = compose.services.coworkenv.command;
  assert.equal(program, 'coworkenv');
  assert.match(readFileSync(join(dir, 'environment/Dockerfile'), 'utf8'), /COPY task\.json \/coworkenv\/task\.json/);
  const here = args.map((a) =>
    a === '/coworkenv/task.json'
      ? join(dir, 'environment/task.json')
      : a.replace('/logs/coworkenv', logs).replace('127.0.0.1:8765', '127.0.0.1:0'),
  );
  const sidecar = await startServing(here, /serving \S+ on http:\/\/127\.0\.0\.1:\d+\/mcp/);
  try {
    const url = /on (http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(sidecar.ready)?.[1] as string;
    const toml = parseToml(readFileSync(join(dir, 'task.toml'), 'utf8'), 'task.toml') as {
      environment: { healthcheck: { command: string } };
    };
    const port = new URL(url).port;
    const health = await run('sh', ['-c', toml.environment.healthcheck.command.replace(':8765', `:${port}`)]);
    assert.equal(health.code, 0, `${spec.id}: ${health.stderr}`);
    const solve = await run('bash', [join(dir, 'solution/solve.sh')], { COWORKENV_MCP_URL: url });
    assert.equal(solve.code, 0, `${spec.id}: ${solve.stderr}`);
    const testSh = readFileSync(join(dir, 'tests/test.sh'), 'utf8')
      .replaceAll('/logs/coworkenv', logs)
      .replaceAll('/logs/verifier', verifier)
      .replaceAll('/tests/', `${join(dir, 'tests')}/`)
      .replaceAll('coworkenv grade', `${process.execPath} ${join(ROOT, 'bin/coworkenv.js')} grade`);
    writeFileSync(join(tmp, `sidecar-test-${spec.id}.sh`), testSh);
    const test = await run('bash', [join(tmp, `sidecar-test-${spec.id}.sh`)]);
    assert.equal(test.code, 0, `${spec.id}: ${test.stderr}`);
  } finally {
    const end = await sidecar.stop();
    assert.deepEqual([end.code, end.signal], [0, null], end.stderr);
  }
  assert.equal(readFileSync(join(verifier, 'reward.txt'), 'utf8').trim(), '1', spec.id);
  const rewards = JSON.parse(readFileSync(join(verifier, 'reward.json'), 'utf8')) as Record<string, number>;
  assert.deepEqual([rewards.passed, rewards.scored, rewards.finished], [1, 1, 1]);
}

describe('Harbor oracle and verifier programs', () => {
  // what Harbor does with each demo task's exported folder (examples/tasks, and a task of our own), with the
  // containers' paths mapped to folders here: the sidecar runs the compose file's command, the healthcheck passes,
  // solve.sh replays the reference, test.sh grades the episode
  const demo = loadSpecs([join(ROOT, 'examples/tasks')]).then((l) => [...l.map((x) => x.spec), ticketTriageSpec()]);
  it('each demo task exported: the sidecar starts, the healthcheck passes, solve.sh records the oracle, test.sh rewards it 1', async () => {
    for (const spec of await demo) await harborRun(spec);
  });

  it('the oracle replays the reference over MCP; the verifier turns our grade into reward files', async () => {
    const spec = ticketTriageSpec();
    const { dir } = await writeHarborTask(spec, join(tmp, 'run'), '0.1.0');
    const out = join(tmp, 'run', 'trajectories.jsonl');
    const server = await startMcpHttp({ spec, out, http: { host: '127.0.0.1', port: 0 }, notice: () => {} });
    try {
      const r = await node([join(dir, 'solution/replay.mjs')], { COWORKENV_MCP_URL: server.url });
      assert.equal(r.code, 0, r.stderr);
      for (let i = 0; i < 100 && server.recorded.length === 0; i++) await new Promise((res) => setTimeout(res, 20));
    } finally {
      await server.close();
    }
    assert.ok(existsSync(out));
    const expected = await runEpisode({ spec, agent: referenceAgent(spec) });
    const gradeJson = join(tmp, 'run', 'grade.json');
    writeFileSync(gradeJson, await inProcess('grade', out, '--tasks', join(dir, 'tests/task.json'), '--json'));
    const logs = join(tmp, 'run', 'verifier');
    mkdirSync(logs, { recursive: true });
    const v = await node([join(dir, 'tests/reward.mjs'), gradeJson, logs]);
    assert.equal(v.code, 0, v.stderr);
    assert.equal(Number(readFileSync(join(logs, 'reward.txt'), 'utf8')), expected.grade?.score);
    const rewards = JSON.parse(readFileSync(join(logs, 'reward.json'), 'utf8')) as Record<string, number>;
    assert.equal(rewards.reward, 1);
    assert.equal(rewards.scored, 1);
    assert.equal(rewards.passed, 1);
    assert.equal(
      canonicalJson(
        (JSON.parse(readFileSync(gradeJson, 'utf8')) as { results: { grade: unknown }[] }).results[0]?.grade,
      ),
      canonicalJson(expected.grade),
    );
    const missing = await node([join(dir, 'tests/reward.mjs'), '--missing', logs]);
    assert.equal(missing.code, 0);
    assert.deepEqual(JSON.parse(readFileSync(join(logs, 'reward.json'), 'utf8')), {
      reward: 0,
      scored: 0,
      finished: 0,
    });
  });
});
