import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { passAtK, passHatK, summarize, type TrialOutcome } from './metrics.js';

const close = (actual: number | null, expected: number, msg?: string) => {
  assert.notEqual(actual, null, msg);
  assert.ok(Math.abs((actual as number) - expected) < 1e-12, `${msg ?? ''} expected ${expected}, got ${actual}`);
};

describe('passAtK = 1 − C(n−c, k)/C(n, k)', () => {
  it('n=5, c=2 for k = 1..5', () => {
    // C(3,k)/C(5,k): 3/5, 3/10, 1/10, 0, 0
    close(passAtK(5, 2, 1), 1 - 3 / 5, 'k=1');
    close(passAtK(5, 2, 2), 1 - 3 / 10, 'k=2');
    close(passAtK(5, 2, 3), 1 - 1 / 10, 'k=3');
    assert.equal(passAtK(5, 2, 4), 1);
    assert.equal(passAtK(5, 2, 5), 1);
  });

  it('all passing is 1, none passing is 0', () => {
    for (const k of [1, 2, 3]) assert.equal(passAtK(3, 3, k), 1);
    for (const k of [1, 2, 3]) assert.equal(passAtK(3, 0, k), 0);
  });

  it('n=10, c=3, k=4: 1 − C(7,4)/C(10,4) = 1 − 35/210', () => {
    close(passAtK(10, 3, 4), 1 - 35 / 210);
  });

  it('is null when k > n or k < 1', () => {
    assert.equal(passAtK(3, 2, 4), null);
    assert.equal(passAtK(0, 0, 1), null);
    assert.equal(passAtK(3, 2, 0), null);
  });
});

describe('passHatK = C(c, k)/C(n, k)', () => {
  it('n=5, c=2 for k = 1..5', () => {
    // C(2,k)/C(5,k): 2/5, 1/10, 0, 0, 0
    close(passHatK(5, 2, 1), 2 / 5, 'k=1');
    close(passHatK(5, 2, 2), 1 / 10, 'k=2');
    assert.equal(passHatK(5, 2, 3), 0);
    assert.equal(passHatK(5, 2, 4), 0);
    assert.equal(passHatK(5, 2, 5), 0);
  });

  it('all passing is 1, none passing is 0', () => {
    for (const k of [1, 2, 3]) assert.equal(passHatK(3, 3, k), 1);
    for (const k of [1, 2, 3]) assert.equal(passHatK(3, 0, k), 0);
  });

  it('n=10, c=6, k=3: C(6,3)/C(10,3) = 20/120', () => {
    close(passHatK(10, 6, 3), 20 / 120);
  });

  it('is null when k > n or k < 1', () => {
    assert.equal(passHatK(3, 3, 4), null);
    assert.equal(passHatK(0, 0, 1), null);
    assert.equal(passHatK(3, 2, 0), null);
  });

  it('pass^k ≤ pass@k, equal at k = 1 (both c/n)', () => {
    for (let c = 0; c <= 5; c++) {
      close(passAtK(5, c, 1), c / 5, `pass@1 c=${c}`);
      close(passHatK(5, c, 1), c / 5, `pass^1 c=${c}`);
      for (let k = 1; k <= 5; k++)
        assert.ok((passHatK(5, c, k) as number) <= (passAtK(5, c, k) as number) + 1e-12, `c=${c} k=${k}`);
    }
  });
});

describe('summarize', () => {
  const trial = (task_id: string, score: number | null, passed: boolean | null): TrialOutcome => ({
    task_id,
    score,
    passed,
  });
  const outcomes: TrialOutcome[] = [
    // task a: 4 graded (2 passes), 1 ungraded (judge unavailable)
    trial('a', 1, true),
    trial('a', 0.5, false),
    trial('a', null, null),
    trial('a', 0.9, true),
    trial('a', 0.2, false),
    // task b: 2 graded, both pass
    trial('b', 0.8, true),
    trial('b', 1, true),
    // task c: nothing graded
    trial('c', null, null),
  ];

  it('per task: trials, graded (ungraded excluded), mean, passes, pass@k and pass^k over the graded trials', () => {
    const m = summarize(outcomes, 2);
    assert.equal(m.k, 2);
    assert.deepEqual(
      m.tasks.map((t) => t.task_id),
      ['a', 'b', 'c'],
    );
    const [a, b, c] = m.tasks;
    assert.deepEqual(
      { ...a, mean: undefined, pass_at_k: undefined, pass_hat_k: undefined },
      { task_id: 'a', trials: 5, graded: 4, passes: 2, mean: undefined, pass_at_k: undefined, pass_hat_k: undefined },
    );
    close(a?.mean ?? null, (1 + 0.5 + 0.9 + 0.2) / 4, 'a.mean');
    close(a?.pass_at_k ?? null, 1 - 1 / 6, 'a.pass@2'); // 1 − C(2,2)/C(4,2)
    close(a?.pass_hat_k ?? null, 1 / 6, 'a.pass^2'); // C(2,2)/C(4,2)
    assert.deepEqual(b, { task_id: 'b', trials: 2, graded: 2, mean: 0.9, passes: 2, pass_at_k: 1, pass_hat_k: 1 });
    assert.deepEqual(c, {
      task_id: 'c',
      trials: 1,
      graded: 0,
      mean: null,
      passes: 0,
      pass_at_k: null,
      pass_hat_k: null,
    });
  });

  it('overall: task-mean of means and pass metrics (undefined tasks skipped), pass rate over graded trials', () => {
    const { overall } = summarize(outcomes, 2);
    assert.deepEqual(
      { tasks: overall.tasks, trials: overall.trials, graded: overall.graded },
      { tasks: 3, trials: 8, graded: 6 },
    );
    close(overall.mean, (0.65 + 0.9) / 2, 'mean');
    close(overall.pass_rate, 4 / 6, 'pass_rate');
    close(overall.pass_at_k, (5 / 6 + 1) / 2, 'pass@2');
    close(overall.pass_hat_k, (1 / 6 + 1) / 2, 'pass^2');
  });

  it('k larger than a task’s graded trials makes its pass metrics null', () => {
    const m = summarize(outcomes, 3);
    assert.deepEqual(
      m.tasks.map((t) => [t.task_id, t.pass_at_k === null, t.pass_hat_k === null]),
      [
        ['a', false, false],
        ['b', true, true],
        ['c', true, true],
      ],
    );
    close(m.tasks[0]?.pass_at_k ?? null, 1, 'a.pass@3'); // n − c = 2 < 3
    close(m.tasks[0]?.pass_hat_k ?? null, 0, 'a.pass^3'); // c = 2 < 3
    close(m.overall.pass_at_k, 1, 'overall pass@3 over task a only');
    close(m.overall.mean, (0.65 + 0.9) / 2, 'mean does not depend on k');
  });

  it('no outcomes, or none graded: everything null', () => {
    assert.deepEqual(summarize([], 1), {
      k: 1,
      tasks: [],
      overall: { tasks: 0, trials: 0, graded: 0, mean: null, pass_rate: null, pass_at_k: null, pass_hat_k: null },
    });
    const m = summarize([trial('x', null, null), trial('x', null, null)], 1);
    assert.deepEqual(m.overall, {
      tasks: 1,
      trials: 2,
      graded: 0,
      mean: null,
      pass_rate: null,
      pass_at_k: null,
      pass_hat_k: null,
    });
  });
});
