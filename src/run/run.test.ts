import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, renameSync, rmSync, appendFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createChatModel } from '../llm/client.js';
import { startFakeServer, type FakeServer } from '../llm/testing/fake-server.js';
import { Trajectory } from '../schema/trajectory.js';
import { agentFactory } from '../agent/factory.js';
import { RunStore } from './run-store.js';
import { runTasks } from './runner.js';
import { labelsOf, summarizeRun } from './summary.js';
import { loadSpecs } from './task-files.js';
import { badInput, runCli, startCli } from '../cli/testing.js';

const tmp = mkdtempSync(join(tmpdir(), 'coworkenv-run-test-'));
after(() => rmSync(tmp, { recursive: true, force: true }));

const lines = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter(Boolean) : []);
const keys = (file: string) =>
  lines(file).map((l) => {
    const t = Trajectory.parse(JSON.parse(l));
    return `${t.task_id}#${t.trial}`;
  });

describe('resumable runs', () => {
  it('kill -9 mid-run, resume: no (task, trial) lost or duplicated, same records as an uninterrupted run', async () => {
    const dir = join(tmp, 'killed');
    const args = ['run', 'examples/tasks', '--agent', 'noisy', '--trials', '60', '--seed', '3', '--out', dir];
    const first = startCli(args);
    const file = join(dir, 'trajectories.jsonl');
    // bounded wait for some records, then kill without warning
    for (let i = 0; i < 600 && lines(file).length < 40; i++) await new Promise((r) => setTimeout(r, 50));
    process.kill(first.pid, 'SIGKILL');
    const killed = await first.done;
    assert.equal(killed.code, null);
    const partial = lines(file).length;
    assert.ok(partial > 0 && partial < 360, `killed after ${partial} records`);
    // a line cut off mid-write is repaired on resume
    appendFileSync(file, '{"kind":"trajectory","version":1,"task_id":"api_key_rot');
    const resumed = await runCli(...args);
    assert.equal(resumed.code, 0, resumed.stderr);
    assert.match(resumed.stderr, /resuming/);
    const got = keys(file);
    assert.equal(got.length, 360);
    assert.equal(new Set(got).size, 360);
    const errors = lines(join(dir, 'errors.jsonl')).map((l) => JSON.parse(l) as { kind: string });
    assert.ok(errors.some((e) => e.kind === 'partial_record'));
    // the same records as a run that was never interrupted (episodes are deterministic per seed and trial)
    const clean = join(tmp, 'clean');
    assert.equal(
      (await runCli('run', 'examples/tasks', '--agent', 'noisy', '--trials', '60', '--seed', '3', '--out', clean)).code,
      0,
    );
    assert.deepEqual([...lines(file)].sort(), [...lines(join(clean, 'trajectories.jsonl'))].sort());
    const run = JSON.parse(readFileSync(join(dir, 'run.json'), 'utf8')) as { status: string };
    assert.equal(run.status, 'done');
    assert.ok(existsSync(join(dir, 'summary.json')));
  });

  it('refuses to resume with a different configuration, and --force starts over', async () => {
    const dir = join(tmp, 'cfg');
    assert.equal(
      (await runCli('run', 'examples/tasks/ssl_ticket_kb.yaml', '--agent', 'reference', '--out', dir)).code,
      0,
    );
    const other = await runCli('run', 'examples/tasks/ssl_ticket_kb.yaml', '--agent', 'noisy', '--out', dir);
    badInput(other, /different configuration: agent \(recorded \{"name":"reference"\}, now \{"name":"noisy"\}\)/);
    const trials = await runCli(
      'run',
      'examples/tasks/ssl_ticket_kb.yaml',
      '--agent',
      'reference',
      '--trials',
      '3',
      '--out',
      dir,
    );
    badInput(trials, /different configuration: trials \(recorded 1, now 3\)/);
    const forced = await runCli(
      'run',
      'examples/tasks/ssl_ticket_kb.yaml',
      '--agent',
      'noisy',
      '--trials',
      '2',
      '--out',
      dir,
      '--force',
    );
    assert.equal(forced.code, 0, forced.stderr);
    assert.equal(lines(join(dir, 'trajectories.jsonl')).length, 2);
  });
});

// in this process: what a user sees is the same, and each call saves a process start
const cli = runCli;

/** The pid of a process that has exited. */
const deadPid = () =>
  Number(spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }).stdout);

describe('run directories: identity, lock, damage', () => {
  it('resumes when the spec path is spelled differently or the run directory was renamed', async () => {
    const first = join(tmp, 'spelled');
    const r1 = await cli(
      'run',
      'examples/tasks/ssl_ticket_kb.yaml',
      '--agent',
      'reference',
      '--trials',
      '2',
      '--out',
      first,
    );
    assert.equal(r1.code, 0, r1.stderr);
    const again = await cli(
      'run',
      './examples/tasks/ssl_ticket_kb.yaml',
      '--agent',
      'reference',
      '--trials',
      '2',
      '--out',
      first,
    );
    assert.equal(again.code, 0, again.stderr);
    assert.match(again.stderr, /resuming .*: 2 of 2 episodes already recorded/);
    const moved = join(tmp, 'spelled-moved');
    renameSync(first, moved);
    const resumed = await cli(
      'run',
      `${process.cwd()}/examples/tasks/ssl_ticket_kb.yaml`,
      '--agent',
      'reference',
      '--trials',
      '2',
      '--out',
      moved,
    );
    assert.equal(resumed.code, 0, resumed.stderr);
    assert.equal(keys(join(moved, 'trajectories.jsonl')).length, 2);
  });

  it('a directory locked by a live process is refused; a stale lock is taken over and released at the end', async () => {
    const dir = join(tmp, 'locked');
    const args = ['run', 'examples/tasks/ssl_ticket_kb.yaml', '--agent', 'reference', '--out', dir];
    assert.equal((await cli(...args)).code, 0);
    // this test process stands in for a concurrent run
    writeFileSync(join(dir, 'run.lock'), `${process.pid}\n`);
    badInput(await cli(...args, '--force'), new RegExp(`in use by another coworkenv process \\(pid ${process.pid}, `));
    assert.equal(lines(join(dir, 'trajectories.jsonl')).length, 1, '--force did not discard the locked run');
    const dead = deadPid();
    writeFileSync(join(dir, 'run.lock'), `${dead}\n`);
    const r = await cli(...args);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stderr, new RegExp(`taking over a stale lock \\(process ${dead} is gone\\)`));
    assert.equal(existsSync(join(dir, 'run.lock')), false);
  });

  it('a damaged run.json or trajectory line: exit 1 with file:line and what to do; summary warns about cut-off lines', async () => {
    const dir = join(tmp, 'damaged');
    const args = [
      'run',
      'examples/tasks/ssl_ticket_kb.yaml',
      'examples/tasks/inventory_reorder.yaml',
      '--agent',
      'reference',
      '--out',
      dir,
    ];
    assert.equal((await cli(...args)).code, 0);
    const file = join(dir, 'trajectories.jsonl');
    const good = readFileSync(file, 'utf8');
    // a cut-off last line: summary and advantages say so on stderr and go on
    appendFileSync(file, '{"kind":"trajectory","ver');
    const summary = await cli('summary', dir);
    assert.equal(summary.code, 0, summary.stderr);
    assert.match(summary.stderr, /warning: .*trajectories\.jsonl:3: skipped an unparsable line: not valid JSON/);
    const adv = await cli('advantages', dir, '--method', 'grpo', '--out', join(tmp, 'adv.jsonl'));
    assert.equal(adv.code, 0, adv.stderr);
    assert.match(adv.stderr, /warning: .*trajectories\.jsonl:3: skipped an unparsable line/);
    // a complete line that is not JSON stops a resume
    writeFileSync(file, `${good.split('\n')[0]}\n{"kind": broken}\n`);
    badInput(
      await cli(...args),
      /trajectories\.jsonl:2: not valid JSON .*this run directory is damaged — move .* away .* --force/,
    );
    writeFileSync(file, good);
    writeFileSync(join(dir, 'run.json'), '{"version":1,"config":{"na');
    badInput(await cli(...args), /run\.json: not valid JSON .* move it away .* --force/);
    badInput(await cli('summary', dir), /run\.json: not valid JSON/);
    const forced = await cli(...args, '--force');
    assert.equal(forced.code, 0, forced.stderr);
  });
});

describe('LLM agent runs against the fake server', () => {
  let server: FakeServer;
  before(async () => {
    // first turn: call the first tool offered; after a tool result: finish with text (token ids for RL)
    server = await startFakeServer({
      fallback: (req) => {
        const messages = req.body.messages as { role: string }[];
        const tools = req.body.tools as { function: { name: string } }[];
        if (messages.some((m) => m.role === 'tool'))
          return { text: 'Done: I looked at the records.', extra: { choice: { token_ids: [11, 12, 13] } } };
        return { tool_calls: [{ name: tools[0]?.function.name ?? 'none', arguments: {} }] };
      },
    });
  });
  after(() => server.close());

  it('5 tasks × 3 trials: trajectories, summary, usage and token ids recorded', async () => {
    const dir = join(tmp, 'llm');
    const model = `openai-compatible:${server.openaiBaseURL}#fake-agent`;
    const specs = [
      'api_key_rotation',
      'inventory_reorder',
      'payment_change_refusal',
      'scheduler_job_repair',
      'ssl_ticket_kb',
    ].map((id) => `examples/tasks/${id}.yaml`);
    const r = await runCli(
      'run',
      ...specs,
      '--agent',
      model,
      '--trials',
      '3',
      '--out',
      dir,
      '--no-cache',
      '--return-token-ids',
      '--json',
    );
    assert.equal(r.code, 0, r.stderr);
    const recs = lines(join(dir, 'trajectories.jsonl')).map((l) => Trajectory.parse(JSON.parse(l)));
    assert.equal(recs.length, 15);
    for (const t of recs) {
      const start = t.events[0];
      assert.equal(start?.type === 'episode_start' && start.agent.name, 'llm');
      assert.equal(start?.type === 'episode_start' && start.model, model);
      const assistants = t.events.filter((e) => e.type === 'assistant');
      assert.equal(assistants.length, 2);
      assert.deepEqual(assistants[0]?.type === 'assistant' && assistants[0].usage, {
        prompt_tokens: 10,
        completion_tokens: 5,
        total_tokens: 15,
      });
      assert.deepEqual(assistants[1]?.type === 'assistant' && assistants[1].raw, { token_ids: [11, 12, 13] });
      assert.equal(t.events.at(-1)?.type === 'episode_end' && t.events.at(-1)?.type, 'episode_end');
      assert.ok(t.grade && t.grade.score !== null && t.grade.score < 1);
    }
    // the endpoint was asked for token ids and logprobs, and got the tools as JSON Schema
    assert.equal(server.requests[0]?.body.return_token_ids, true);
    assert.equal(server.requests[0]?.body.logprobs, true);
    const summary = JSON.parse(readFileSync(join(dir, 'summary.json'), 'utf8')) as {
      overall: { trials: number; tasks: number };
    };
    assert.deepEqual([summary.overall.tasks, summary.overall.trials], [5, 15]);
    const out = JSON.parse(r.stdout) as { summary: { k: number } };
    assert.equal(out.summary.k, 3);
  });

  it('an endpoint that keeps failing: retried, then recorded as infra_error and excluded from metrics', async () => {
    const down = await startFakeServer({ fallback: { status: 503 } });
    try {
      const specs = (await loadSpecs(['examples/tasks/ssl_ticket_kb.yaml'])).map((s) => s.spec);
      const store = RunStore.memory();
      const model = createChatModel(`openai-compatible:${down.openaiBaseURL}#down`, {
        retry: { retries: 1, baseMs: 1 },
      });
      await runTasks({ specs, store, trials: 2, seed: 0, makeAgent: agentFactory(model), infraRetries: 1 });
      const recs = [...store.done.values()];
      assert.equal(recs.length, 2);
      for (const t of recs) {
        assert.equal(t.end?.reason, 'infra_error');
        assert.match(t.end?.error ?? '', /server/);
        assert.equal(t.grade, undefined, 'an infra_error is never graded');
      }
      // each episode: the first attempt and one infra retry, each making 2 HTTP requests (1 + 1 retry)
      assert.equal(down.requests.length, 8);
      assert.deepEqual(
        store.errors.map((e) => [e.kind, e.retried]),
        [
          ['infra_error', true],
          ['infra_error', false],
          ['infra_error', true],
          ['infra_error', false],
        ],
      );
      const summary = summarizeRun(specs.map(labelsOf), recs, 2);
      assert.equal(summary.overall.graded, 0);
      assert.equal(summary.infra_errors.length, 2);
    } finally {
      await down.close();
    }
  });

  it('--infra-retries N reruns an infra_error N times; when nothing was graded the run warns and exits 1', async () => {
    const down = await startFakeServer({ fallback: { status: 503 } });
    try {
      const model = `openai-compatible:${down.openaiBaseURL}#down`;
      const base = [
        'run',
        'examples/tasks/ssl_ticket_kb.yaml',
        '--agent',
        model,
        '--trials',
        '2',
        '--concurrency',
        '1',
        '--llm-retries',
        '0',
        '--no-cache',
      ];
      const none = await cli(...base, '--infra-retries', '0', '--json');
      assert.equal(none.code, 1, none.stderr);
      assert.match(none.stderr, /warning: nothing was graded: all 2 episode\(s\) ended in infra_error/);
      assert.equal(down.requests.length, 2);
      const out = JSON.parse(none.stdout) as { results: { score: number | null; status: string | null }[] };
      assert.deepEqual(
        out.results.map((r) => [r.score, r.status]),
        [
          [null, null],
          [null, null],
        ],
      );
      const dir = join(tmp, 'infra');
      const once = await cli(...base, '--infra-retries', '1', '--out', dir);
      assert.equal(once.code, 1);
      assert.equal(down.requests.length, 2 + 4);
      assert.deepEqual(
        lines(join(dir, 'errors.jsonl')).map((l) => (JSON.parse(l) as { retried: boolean }).retried),
        [true, false, true, false],
      );
      const help = await cli('run', '--help');
      assert.match(help.stdout, /--infra-retries <n>/);
    } finally {
      await down.close();
    }
  });

  it('--replay: a cache miss stops the run (exit 1, nothing recorded, no call made); recorded calls replay', async () => {
    const cacheDir = join(tmp, 'replay-cache');
    const dir = join(tmp, 'replay');
    const model = `openai-compatible:${server.openaiBaseURL}#fake-agent`;
    const args = [
      'run',
      'examples/tasks/ssl_ticket_kb.yaml',
      '--agent',
      model,
      '--trials',
      '2',
      '--cache-dir',
      cacheDir,
    ];
    const before = server.requests.length;
    const missed = await cli(...args, '--replay', '--out', dir);
    badInput(missed, /replay mode: no cached response .* the run stopped and the episode that missed was not recorded/);
    assert.equal(server.requests.length, before, 'a replay miss never calls the endpoint');
    assert.equal(lines(join(dir, 'trajectories.jsonl')).length, 0);
    assert.equal((JSON.parse(readFileSync(join(dir, 'run.json'), 'utf8')) as { status: string }).status, 'failed');
    // recording resumes the same run directory, then a replay into a new one makes no call
    const recorded = await cli(...args, '--out', dir);
    assert.equal(recorded.code, 0, recorded.stderr);
    const calls = server.requests.length;
    const replayed = await cli(...args, '--replay', '--out', join(tmp, 'replayed'), '--json');
    assert.equal(replayed.code, 0, replayed.stderr);
    assert.equal(server.requests.length, calls);
    const scores = (f: string) =>
      lines(f)
        .map((l) => Trajectory.parse(JSON.parse(l)).grade?.score)
        .sort();
    assert.deepEqual(scores(join(tmp, 'replayed', 'trajectories.jsonl')), scores(join(dir, 'trajectories.jsonl')));
  });
});
