import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { referenceAgent } from '../agent/reference.js';
import { runEpisode } from '../agent/rollout.js';
import { makeSpec } from '../schema/testing.js';
import type { AuditCall, Trajectory } from '../schema/trajectory.js';
import { robustnessOf, round } from './robustness.js';

type Fault = 'rate_limited' | 'server_error';

let seq = 0;
/** A hand-built audit call: ok, or failed with an injected fault (or a real error). */
function c(tool: string, outcome: 'ok' | Fault | 'not_found'): AuditCall {
  seq++;
  const base = { seq, tool, service: 'todo', args: {}, latency_ms: 0, t: '2026-03-10T09:00:00.000Z' };
  if (outcome === 'ok') return { ...base, ok: true, result: {} };
  const failed = { ...base, ok: false, error: { code: outcome, message: outcome } };
  return outcome === 'not_found' ? failed : { ...failed, injected: outcome };
}
const calls = (...list: [string, 'ok' | Fault | 'not_found'][]) => {
  seq = 0;
  return list.map(([tool, outcome]) => c(tool, outcome));
};

describe('robustnessOf (hand-built audit calls)', () => {
  it('is 1 when no call failed (and for no calls at all)', () => {
    assert.deepEqual(robustnessOf(calls(['a', 'ok'], ['b', 'ok'])), {
      robustness: 1,
      errored_tools: [],
      recovered_tools: [],
      success_ratio: 1,
    });
    assert.deepEqual(robustnessOf([]), { robustness: 1, errored_tools: [], recovered_tools: [], success_ratio: 1 });
  });

  it('is 1 when every tool that failed succeeded after its last failure (retries after injected faults)', () => {
    const r = robustnessOf(
      calls(['a', 'rate_limited'], ['a', 'ok'], ['b', 'server_error'], ['b', 'server_error'], ['b', 'ok']),
    );
    assert.deepEqual(r, { robustness: 1, errored_tools: ['a', 'b'], recovered_tools: ['a', 'b'], success_ratio: 0.4 });
  });

  it('an agent that gives up gets max(recovered/errored, min(success_ratio, 0.5)) rounded to 2 digits', () => {
    // errored {a, b, c}, recovered {a, b}: max(2/3, min(2/5, 0.5)) = 0.666… → 0.67
    const r = robustnessOf(
      calls(['a', 'server_error'], ['a', 'ok'], ['b', 'rate_limited'], ['b', 'ok'], ['c', 'server_error']),
    );
    assert.deepEqual(r, {
      robustness: 0.67,
      errored_tools: ['a', 'b', 'c'],
      recovered_tools: ['a', 'b'],
      success_ratio: 0.4,
    });
    // real (not injected) errors count the same: errored {a, b, c, d}, recovered {a}: max(1/4, min(5/9, 0.5)) = 0.5
    const r2 = robustnessOf(
      calls(
        ['a', 'not_found'],
        ['a', 'ok'],
        ['b', 'not_found'],
        ['c', 'server_error'],
        ['d', 'rate_limited'],
        ['e', 'ok'],
        ['e', 'ok'],
        ['e', 'ok'],
        ['e', 'ok'],
      ),
    );
    assert.deepEqual(r2, {
      robustness: 0.5,
      errored_tools: ['a', 'b', 'c', 'd'],
      recovered_tools: ['a'],
      success_ratio: 0.555556,
    });
  });

  it('floor: with nothing recovered the score is min(success_ratio, 0.5)', () => {
    // success ratio 6/8 = 0.75 → capped at 0.5
    const high = robustnessOf(
      calls(
        ['a', 'ok'],
        ['a', 'ok'],
        ['a', 'ok'],
        ['a', 'ok'],
        ['a', 'ok'],
        ['a', 'ok'],
        ['b', 'server_error'],
        ['c', 'rate_limited'],
      ),
    );
    assert.deepEqual(high, { robustness: 0.5, errored_tools: ['b', 'c'], recovered_tools: [], success_ratio: 0.75 });
    // success ratio 1/3 < 0.5 → 0.33
    const low = robustnessOf(calls(['a', 'server_error'], ['b', 'server_error'], ['c', 'ok']));
    assert.deepEqual(low, {
      robustness: 0.33,
      errored_tools: ['a', 'b'],
      recovered_tools: [],
      success_ratio: 0.333333,
    });
    // nothing succeeded at all → 0
    assert.equal(robustnessOf(calls(['a', 'server_error'], ['a', 'rate_limited'])).robustness, 0);
  });

  it('a tool counts as recovered only if it succeeded after its LAST failure', () => {
    // a: fail, ok, fail → not recovered; b: ok, fail, ok → recovered. max(1/2, min(3/6, 0.5)) = 0.5
    const r = robustnessOf(
      calls(['a', 'server_error'], ['a', 'ok'], ['a', 'server_error'], ['b', 'ok'], ['b', 'rate_limited'], ['b', 'ok']),
    );
    assert.deepEqual(r, { robustness: 0.5, errored_tools: ['a', 'b'], recovered_tools: ['b'], success_ratio: 0.5 });
    // a success before the first failure does not count as recovery
    const early = robustnessOf(calls(['a', 'ok'], ['a', 'ok'], ['a', 'ok'], ['a', 'server_error']));
    assert.deepEqual(early, { robustness: 0.5, errored_tools: ['a'], recovered_tools: [], success_ratio: 0.75 });
  });

  it('round() rounds to the given digits (half up)', () => {
    assert.equal(round(2 / 3, 2), 0.67);
    assert.equal(round(0.125, 2), 0.13);
    assert.equal(round(0.56234132, 4), 0.5623);
  });
});

describe('robustness of real episodes with injected faults', () => {
  const spec = makeSpec({
    services: ['todo'],
    errors: { rate: 0.5 },
    fixtures: { todo: { tasks: [{ task_id: 'todo_001', title: 'Write report', status: 'pending' }] } },
    checks: [
      {
        id: 'done',
        kind: 'state_equals',
        service: 'todo',
        collection: 'tasks',
        record_id: 'todo_001',
        field: 'status',
        value: 'completed',
        weight: 1,
      },
    ],
    reference: [
      { call: 'todo_list_tasks', args: {} },
      { call: 'todo_get_task', args: { task_id: 'todo_001' } },
      { call: 'todo_update_task', args: { task_id: 'todo_001', status: 'completed' } },
      { say: 'Done.' },
    ],
  });
  const pattern = (t: Trajectory) =>
    t.audit.calls.map((x) => `${x.tool.replace('todo_', '')}:${x.ok ? 'ok' : x.error?.code}`);
  const run = (seed: number, retries: number) => runEpisode({ spec, agent: referenceAgent(spec, { retries }), seed });

  it('the reference agent retries injected 429/500 faults and recovers: robustness 1', async () => {
    const t = await run(0, 3);
    assert.deepEqual(pattern(t), [
      'list_tasks:server_error',
      'list_tasks:ok',
      'get_task:ok',
      'update_task:server_error',
      'update_task:ok',
    ]);
    assert.deepEqual(
      t.audit.calls.filter((x) => !x.ok).map((x) => x.injected),
      ['server_error', 'server_error'],
    );
    assert.equal(t.grade?.robustness, 1);
    assert.deepEqual(t.grade?.robustness_detail, {
      errored_tools: ['todo_list_tasks', 'todo_update_task'],
      recovered_tools: ['todo_list_tasks', 'todo_update_task'],
      success_ratio: 0.6,
    });
    assert.equal(t.grade?.score, 1);
  });

  it('an agent that runs out of retries gets the formula value: max(0/1, min(2/6, 0.5)) = 0.33', async () => {
    const t = await run(1, 3);
    assert.deepEqual(pattern(t), [
      'list_tasks:ok',
      'get_task:ok',
      'update_task:server_error',
      'update_task:server_error',
      'update_task:rate_limited',
      'update_task:rate_limited',
    ]);
    assert.equal(t.grade?.robustness, 0.33);
    assert.deepEqual(t.grade?.robustness_detail, {
      errored_tools: ['todo_update_task'],
      recovered_tools: [],
      success_ratio: 0.333333,
    });
    // the task was not done: score = 1 × (0.8·0 + 0.2·0.33)
    assert.equal(t.grade?.completion, 0);
    assert.equal(t.grade?.score, 0.066);
  });

  it('an agent that never retries: floor min(success_ratio, 0.5) even though the task got done', async () => {
    const t = await run(0, 0);
    assert.deepEqual(pattern(t), ['list_tasks:server_error', 'get_task:ok', 'update_task:ok']);
    // max(0/1, min(2/3, 0.5)) = 0.5
    assert.equal(t.grade?.robustness, 0.5);
    assert.deepEqual([t.grade?.completion, t.grade?.score], [1, 0.9]);
  });
});
