import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, appendFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createChatModel } from '../llm/client.js';
import { startFakeServer, type FakeServer } from '../llm/testing/fake-server.js';
import { Trajectory } from '../spec/trajectory.js';
import { agentFactory } from './agents.js';
import { RunStore } from './run-store.js';
import { runTasks } from './runner.js';
import { labelsOf, summarizeRun } from './summary.js';
import { loadSpecs } from './task-files.js';
import { startCli } from '../cli/testing.js';

const tmp = mkdtempSync(join(tmpdir(), 'coworkenv-run-test-'));
after(() => rmSync(tmp, { recursive: true, force: true }));


const lines = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter(Boolean) : []);
const keys = (file: string) => lines(file).map((l) => {
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
    const resumed = await startCli(args).done;
    assert.equal(resumed.code, 0, resumed.stderr);
    assert.match(resumed.stderr, /resuming/);
    const got = keys(file);
    assert.equal(got.length, 360);
    assert.equal(new Set(got).size, 360);
    const errors = lines(join(dir, 'errors.jsonl')).map((l) => JSON.parse(l) as { kind: string });
    assert.ok(errors.some((e) => e.kind === 'partial_record'));
    // the same records as a run that was never interrupted (episodes are deterministic per seed and trial)
    const clean = join(tmp, 'clean');
    assert.equal((await startCli(['run', 'examples/tasks', '--agent', 'noisy', '--trials', '60', '--seed', '3', '--out', clean]).done).code, 0);
    assert.deepEqual([...lines(file)].sort(), [...lines(join(clean, 'trajectories.jsonl'))].sort());
    const run = JSON.parse(readFileSync(join(dir, 'run.json'), 'utf8')) as { status: string };
    assert.equal(run.status, 'done');
    assert.ok(existsSync(join(dir, 'summary.json')));
  });

  it('refuses to resume with a different configuration, and --force starts over', async () => {
    const dir = join(tmp, 'cfg');
    assert.equal((await startCli(['run', 'examples/tasks/ssl_ticket_kb.yaml', '--agent', 'reference', '--out', dir]).done).code, 0);
    const other = await startCli(['run', 'examples/tasks/ssl_ticket_kb.yaml', '--agent', 'noisy', '--out', dir]).done;
    assert.equal(other.code, 1);
    assert.match(other.stderr, /different configuration/);
    assert.doesNotMatch(other.stderr, /at .*\.ts:\d+/);
    const forced = await startCli(['run', 'examples/tasks/ssl_ticket_kb.yaml', '--agent', 'noisy', '--trials', '2', '--out', dir, '--force']).done;
    assert.equal(forced.code, 0, forced.stderr);
    assert.equal(lines(join(dir, 'trajectories.jsonl')).length, 2);
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
        if (messages.some((m) => m.role === 'tool')) return { text: 'Done: I looked at the records.', extra: { choice: { token_ids: [11, 12, 13] } } };
        return { tool_calls: [{ name: tools[0]?.function.name ?? 'none', arguments: {} }] };
      },
    });
  });
  after(() => server.close());

  it('5 tasks × 3 trials: trajectories, summary, usage and token ids recorded', async () => {
    const dir = join(tmp, 'llm');
    const model = `openai-compatible:${server.openaiBaseURL}#fake-agent`;
    const specs = ['api_key_rotation', 'inventory_reorder', 'payment_change_refusal', 'scheduler_job_repair', 'ssl_ticket_kb'].map((id) => `examples/tasks/${id}.yaml`);
    const r = await startCli(['run', ...specs, '--agent', model, '--trials', '3', '--out', dir, '--no-cache', '--return-token-ids', '--json']).done;
    assert.equal(r.code, 0, r.stderr);
    const recs = lines(join(dir, 'trajectories.jsonl')).map((l) => Trajectory.parse(JSON.parse(l)));
    assert.equal(recs.length, 15);
    for (const t of recs) {
      const start = t.events[0];
      assert.equal(start?.type === 'episode_start' && start.agent.name, 'llm');
      assert.equal(start?.type === 'episode_start' && start.model, model);
      const assistants = t.events.filter((e) => e.type === 'assistant');
      assert.equal(assistants.length, 2);
      assert.deepEqual(assistants[0]?.type === 'assistant' && assistants[0].usage, { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 });
      assert.deepEqual(assistants[1]?.type === 'assistant' && assistants[1].raw, { token_ids: [11, 12, 13] });
      assert.equal(t.events.at(-1)?.type === 'episode_end' && t.events.at(-1)?.type, 'episode_end');
      assert.ok(t.grade && t.grade.score !== null && t.grade.score < 1);
    }
    // the endpoint was asked for token ids and logprobs, and got the tools as JSON Schema
    assert.equal(server.requests[0]?.body.return_token_ids, true);
    assert.equal(server.requests[0]?.body.logprobs, true);
    const summary = JSON.parse(readFileSync(join(dir, 'summary.json'), 'utf8')) as { overall: { trials: number; tasks: number } };
    assert.deepEqual([summary.overall.tasks, summary.overall.trials], [5, 15]);
    const out = JSON.parse(r.stdout) as { summary: { k: number } };
    assert.equal(out.summary.k, 3);
  });

  it('an endpoint that keeps failing: retried, then recorded as infra_error and excluded from metrics', async () => {
    const down = await startFakeServer({ fallback: { status: 503 } });
    try {
      const specs = (await loadSpecs(['examples/tasks/ssl_ticket_kb.yaml'])).map((s) => s.spec);
      const store = RunStore.memory();
      const model = createChatModel(`openai-compatible:${down.openaiBaseURL}#down`, { retry: { retries: 1, baseMs: 1 } });
      await runTasks({ specs, store, trials: 2, seed: 0, makeAgent: agentFactory(model), infraRetries: 1 });
      const recs = [...store.done.values()];
      assert.equal(recs.length, 2);
      for (const t of recs) {
        const end = t.events.at(-1);
        assert.equal(end?.type === 'episode_end' && end.reason, 'infra_error');
        assert.match(end?.type === 'episode_end' ? (end.error ?? '') : '', /server/);
      }
      // each episode: the first attempt and one infra retry, each making 2 HTTP requests (1 + 1 retry)
      assert.equal(down.requests.length, 8);
      assert.deepEqual(store.errors.map((e) => [e.kind, e.retried]), [['infra_error', true], ['infra_error', false], ['infra_error', true], ['infra_error', false]]);
      const summary = summarizeRun(specs.map(labelsOf), recs, 2);
      assert.equal(summary.overall.graded, 0);
      assert.equal(summary.infra_errors.length, 2);
    } finally {
      await down.close();
    }
  });
});
