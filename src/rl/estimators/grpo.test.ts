import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { grpo, mean, normalise, populationStd, ZERO_STD_TOL } from './grpo.js';
import { drGrpo } from './drgrpo.js';
import { getEstimator } from './index.js';
import { groupsOf, near, opts, rewardGroup, traj } from './test-fixtures.js';

const adv = (rows: { advantage: number }[]) => rows.map((r) => r.advantage);

describe('GRPO', () => {
  it('centres within the group and divides by the population std (hand-computed)', () => {
    // r = [1, 0, 0.5, 0.5]: mean 0.5, deviations [0.5, −0.5, 0, 0]
    // population var = (0.25 + 0.25 + 0 + 0) / 4 = 0.125, std = √0.125 = 0.35355339…
    // A = [0.5/0.35355, −0.5/0.35355, 0, 0] = [√2, −√2, 0, 0]
    // (Bessel would give std = √(0.5/3) = 0.40825 and A = ±1.22474: not what we use)
    const rows = grpo.estimate(rewardGroup([1, 0, 0.5, 0.5]), opts());
    near(adv(rows), [Math.SQRT2, -Math.SQRT2, 0, 0]);
    assert.deepEqual(
      rows.map((r) => [r.task_id, r.trial, r.group, r.reward]),
      [['t', 0, 't#0', 1], ['t', 1, 't#0', 0], ['t', 2, 't#0', 0.5], ['t', 3, 't#0', 0.5]],
    );
  });

  it('uses population std, documented in its parameters', () => {
    // [2, 4, 4, 4, 5, 5, 7, 9]: mean 5, Σ(x−5)² = 9+1+1+1+0+0+4+16 = 32, population var 32/8 = 4 ⇒ std 2
    assert.equal(populationStd([2, 4, 4, 4, 5, 5, 7, 9]), 2);
    assert.equal(mean([2, 4, 4, 4, 5, 5, 7, 9]), 5);
    assert.deepEqual(grpo.params(opts()), { std: 'population', std_floor: 0.05, zero_std_tolerance: ZERO_STD_TOL });
  });

  it('floors the std at 0.05 (CE App. B)', () => {
    // r = [0.52, 0.48]: mean 0.5, std 0.02 < 0.05 ⇒ A = ±0.02/0.05 = ±0.4 (not ±1)
    near(adv(grpo.estimate(rewardGroup([0.52, 0.48]), opts())), [0.4, -0.4]);
    // a custom floor: std 0.02 ≥ 0.01 ⇒ the std itself: ±1
    near(adv(grpo.estimate(rewardGroup([0.52, 0.48]), opts({ stdFloor: 0.01 }))), [1, -1]);
  });

  it('gives a zero-variance group zero advantages and keeps it valid', () => {
    const groups = rewardGroup([0.7, 0.7, 0.7]);
    assert.equal(groups.length, 1); // valid, not rejected
    assert.deepEqual(adv(grpo.estimate(groups, opts())), [0, 0, 0]);
    // within numerical tolerance: exactly 0, not ±0.5e-12/0.05
    assert.deepEqual(adv(grpo.estimate(rewardGroup([0.7, 0.7 + 1e-12]), opts())), [0, 0]);
    assert.deepEqual(normalise([0.3], 0.05), [0]);
  });

  it('normalises each group on its own', () => {
    // task a: [1, 0] ⇒ mean 0.5, std 0.5 ⇒ [1, −1]; task b: [0.9, 0.6, 0.3] ⇒ mean 0.6, deviations [0.3, 0, −0.3],
    //   var (0.09 + 0 + 0.09)/3 = 0.06, std √0.06 = 0.244949 ⇒ [0.3/√0.06, 0, −0.3/√0.06] = [√1.5, 0, −√1.5] = [1.224745, 0, −1.224745]
    const groups = groupsOf([traj('a', 0, { score: 1 }), traj('a', 1, { score: 0 }), traj('b', 0, { score: 0.9 }), traj('b', 1, { score: 0.6 }), traj('b', 2, { score: 0.3 })]);
    near(adv(grpo.estimate(groups, opts())), [1, -1, Math.sqrt(1.5), 0, -Math.sqrt(1.5)]);
  });
});

describe('Dr.GRPO', () => {
  it('only centres (hand-computed) and reports the constant loss normaliser', () => {
    // r = [1, 0, 0.5, 0.5]: mean 0.5 ⇒ A = [0.5, −0.5, 0, 0] (no std division)
    near(adv(drGrpo.estimate(rewardGroup([1, 0, 0.5, 0.5]), opts())), [0.5, -0.5, 0, 0]);
    // r = [0.52, 0.48]: mean 0.5 ⇒ [0.02, −0.02] (GRPO would floor the std and give ±0.4)
    near(adv(drGrpo.estimate(rewardGroup([0.52, 0.48]), opts())), [0.02, -0.02]);
    assert.equal(drGrpo.params(opts()).loss_normaliser, 1536);
    assert.equal(drGrpo.params(opts({ normaliser: 4096 })).loss_normaliser, 4096);
  });

  it('gives a zero-variance group zero advantages', () => {
    assert.deepEqual(adv(drGrpo.estimate(rewardGroup([0.25, 0.25, 0.25, 0.25]), opts())), [0, 0, 0, 0]);
  });
});

describe('estimator registry', () => {
  it('names every method and rejects an unknown one', () => {
    assert.deepEqual(['grpo', 'drgrpo', 'gdpo', 'gigpo'].map((n) => getEstimator(n).name), ['grpo', 'drgrpo', 'gdpo', 'gigpo']);
    assert.throws(() => getEstimator('ppo'), (e: Error & { code?: string }) => e.code === 'bad_input' && /unknown --method "ppo"; methods: grpo, drgrpo, gdpo, gigpo/.test(e.message));
  });
});
