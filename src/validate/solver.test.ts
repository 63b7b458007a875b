import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { captureOutput } from '../cli/testing.js';
import { createChatModel } from '../llm/client.js';
import { type FakeReply, type FakeServer, startFakeServer } from '../llm/testing/fake-server.js';
import { parseSpecText } from '../schema/parse-spec.js';
import { generateProcedural } from '../synth/generators.js';
import type { TaskSpec } from '../schema/task-spec.js';
import { GATE_STEPS, runGate } from './index.js';
import { checkSolvable, type SolveAttempt } from './solver.js';

// the execution check: an LLM agent (scripted by the fake server, 127.0.0.1) solves the task from the request
let server: FakeServer;
before(async () => {
  server = await startFakeServer();
});
const TMP = mkdtempSync(join(tmpdir(), 'coworkenv-solver-'));
after(async () => {
  await server.close();
  rmSync(TMP, { recursive: true, force: true });
});

// a task the synthesizer releases (so it passes the deterministic gate), also as a file for the CLI
const TEXT = JSON.stringify(
  generateProcedural({
    generator: 'support_escalation',
    id: 'solve_case',
    seed: 7,
    difficulty: 'medium',
    mockToday: '2026-03-10',
  }),
);
const SPEC = parseSpecText(TEXT).spec as TaskSpec;
const FILE = join(TMP, 'solve_case.json');
writeFileSync(FILE, TEXT);
const FINAL = SPEC.reference.flatMap((s) => ('say' in s ? [s.say] : [])).at(-1) ?? '';
const model = () =>
  createChatModel(`openai-compatible:${server.openaiBaseURL}#solver-m`, {
    env: {},
    retry: { baseMs: 1, retries: 0 },
    timeoutMs: 5000,
  });

// a model that solves: the reference's calls one per turn, then its final answer
const solution = (spec: TaskSpec): FakeReply[] =>
  spec.reference.map((s) =>
    'call' in s ? { tool_calls: [{ name: s.call, arguments: s.args ?? {} }] } : { text: 'say' in s ? s.say : '' },
  );
const lazy: FakeReply = { text: 'I looked into it; nothing needs doing.' };

describe('solver (execution check)', () => {
  it('a solver that solves on its second attempt: the task passes, each attempt scored', async () => {
    server.enqueue(lazy, ...solution(SPEC));
    const r = await checkSolvable(SPEC, { model: model(), attempts: 2, seed: 7 });
    assert.deepEqual(r.diagnostics, []);
    const attempts = r.stats.attempts as SolveAttempt[];
    assert.deepEqual(
      attempts.map((a) => [a.attempt, a.seed, a.passed, a.end]),
      [
        [1, 7, false, 'agent_done'],
        [2, 8, true, 'agent_done'],
      ],
    );
    assert.equal(attempts[1]?.score, 1);
    assert.ok((attempts[0]?.score ?? 1) < SPEC.scoring.pass_threshold);
    assert.deepEqual([r.stats.solved, r.stats.pass_rate], [1, 0.5]);
    // seeded and sampled: attempt i asks with seed + i at a temperature above 0
    const sent = server.requests.slice(-SPEC.reference.length - 1).map((q) => [q.body.seed, q.body.temperature]);
    assert.deepEqual(sent[0], [7, 0.7]);
    assert.deepEqual(sent.at(-1), [8, 0.7]);
    // from the request alone: the agent is never shown the reference or the checks
    const body = JSON.stringify(server.requests.at(-1)?.body);
    assert.ok(body.includes(SPEC.request));
    assert.ok(FINAL && !body.includes('emailed_tk_7318'));
    // the final answer is the model's, sent back as its own turn only after it said it (never in the prompt)
    assert.ok(!JSON.stringify(server.requests.at(-SPEC.reference.length)?.body).includes(FINAL));
  });

  it('a solver that never solves: solver_unsolved at the request, naming the checks the best attempt missed', async () => {
    server.enqueue(lazy, lazy, lazy);
    const r = await checkSolvable(SPEC, { model: model(), attempts: 3 });
    assert.equal(r.diagnostics.length, 1);
    const d = r.diagnostics[0];
    assert.deepEqual([d?.code, d?.path, d?.owner, d?.severity], ['solver_unsolved', 'request', 'builder', undefined]);
    assert.match(d?.message ?? '', /no attempt of 3 .*checks it missed: .*emailed_tk_7318/);
    assert.equal(r.stats.solved, 0);
  });

  it('an endpoint error is solver_failed (unchecked), not unsolved and never a pass', async () => {
    server.enqueue({ status: 500, message: 'down' });
    const r = await checkSolvable(SPEC, { model: model(), attempts: 1 });
    assert.deepEqual(
      r.diagnostics.map((d) => d.code),
      ['solver_failed'],
    );
    const a = (r.stats.attempts as SolveAttempt[])[0];
    assert.deepEqual([a?.passed, a?.end], [false, 'infra_error']);
    assert.match(a?.error ?? '', /HTTP 500/);
  });

  it('the gate runs the solver last (the step after the review), only after the deterministic steps pass', async () => {
    server.enqueue(lazy);
    const rep = await runGate({ spec: SPEC }, { meaning: { solver: { model: model(), attempts: 1 } } });
    assert.equal(rep.ok, false);
    assert.deepEqual(
      rep.steps.slice(-1).map((s) => [s.step, s.name, s.ok]),
      [[GATE_STEPS.length + 2, 'solve', false]],
    );
    // a spec that fails a deterministic step never reaches the model
    const before = server.requests.length;
    const broken = { ...SPEC, reference: [] };
    const rep2 = await runGate({ spec: broken }, { meaning: { solver: { model: model(), attempts: 1 } } });
    assert.equal(rep2.steps.at(-1)?.name === 'solve', false);
    assert.equal(server.requests.length, before);
  });

  it('validate --solver --attempts --json reports per-task attempt scores; a model failure exits 4', async () => {
    const { buildProgram } = await import('../cli/main.js');
    const run = async (...args: string[]) => {
      const program = await buildProgram(['validate']);
      return captureOutput(() =>
        program.parseAsync([
          'node',
          'coworkenv',
          'validate',
          FILE,
          '--json',
          '--no-cache',
          '--llm-retries',
          '0',
          ...args,
        ]),
      );
    };
    const m = `openai-compatible:${server.openaiBaseURL}#solver-m`;
    server.enqueue(...solution(SPEC));
    const ok = await run('--solver', m, '--attempts', '1');
    assert.equal(ok.error, undefined);
    assert.equal(ok.exitCode, undefined);
    const res = (JSON.parse(ok.out) as { results: { ok: boolean; steps: { name: string; stats?: unknown }[] }[] })
      .results[0];
    assert.equal(res?.ok, true);
    const stats = res?.steps.find((s) => s.name === 'solve')?.stats as { attempts: SolveAttempt[] };
    assert.deepEqual(
      stats.attempts.map((a) => [a.attempt, a.score, a.passed]),
      [[1, 1, true]],
    );
    server.enqueue(lazy, lazy);
    assert.equal((await run('--solver', m, '--attempts', '2')).exitCode, 1);
    server.enqueue({ status: 503, message: 'down' });
    const down = await run('--reviewer', m);
    assert.equal(down.exitCode, 4);
    assert.match(down.out, /review_failed/);
    const bad = await run('--reviewer', m, '--through', '6');
    assert.match(bad.error?.message ?? '', /--reviewer\/--solver run after the whole gate/);
  });

  // last: it may leave scripted replies unused
  it('a dialogue task is solved with its scripted user answering the agent', async () => {
    const text = readFileSync('examples/tasks/files/sales_xlsx_report.yaml', 'utf8');
    const spec = parseSpecText(text).spec as TaskSpec;
    const rounds = spec.user?.max_rounds ?? 0;
    assert.ok(rounds > 0);
    // an agent that only asks back: the user answers each round until it gives up
    for (let i = 0; i < rounds + 2; i++) server.enqueue({ text: 'Which orders do you mean exactly?' });
    const before = server.requests.length;
    const r = await checkSolvable(spec, { model: model(), attempts: 1 });
    assert.deepEqual(
      r.diagnostics.map((d) => d.code),
      ['solver_unsolved'],
    );
    assert.equal((r.stats.attempts as SolveAttempt[])[0]?.end, 'user_done');
    // the simulated user spoke between the agent's turns
    const msgs = server.requests.at(-1)?.body.messages as { role: string }[];
    assert.ok(server.requests.length - before >= 2);
    assert.deepEqual(
      msgs.slice(-2).map((m) => m.role),
      ['assistant', 'user'],
    );
  });
});
