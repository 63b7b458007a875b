import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { drGrpo } from './drgrpo.js';
import { grpo } from './grpo.js';
import { getEstimator, type StdKind, type ZeroVarianceRule } from './index.js';
import { mean, normalise, populationStd, sampleStd, ZERO_STD_TOL } from './stats.js';
import { groupsOf, near, opts, rewardGroup, traj } from './testing.js';

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
      [
        ['t', 0, 't#0', 1],
        ['t', 1, 't#0', 0],
        ['t', 2, 't#0', 0.5],
        ['t', 3, 't#0', 0.5],
      ],
    );
  });

  it('uses population std, documented in its parameters', () => {
    // [2, 4, 4, 4, 5, 5, 7, 9]: mean 5, Σ(x−5)² = 9+1+1+1+0+0+4+16 = 32, population var 32/8 = 4 ⇒ std 2
    assert.equal(populationStd([2, 4, 4, 4, 5, 5, 7, 9]), 2);
    assert.equal(mean([2, 4, 4, 4, 5, 5, 7, 9]), 5);
    assert.deepEqual(grpo.params(opts()), {
      std: 'population',
      std_floor: 0.05,
      zero_std_tolerance: ZERO_STD_TOL,
      zero_variance: 'keep',
    });
  });

  it('--std sample divides by the n − 1 std (hand-computed)', () => {
    // r = [1, 0, 0.5, 0.5]: Σ(r − 0.5)² = 0.5; sample var 0.5/3 = 1/6, std 1/√6 = 0.408248
    //   ⇒ A = [0.5·√6, −0.5·√6, 0, 0] = [±1.224745, 0, 0] (population: ±√2 = ±1.414214, 0.189469 larger)
    const rows = grpo.estimate(rewardGroup([1, 0, 0.5, 0.5]), opts({ std: 'sample' }));
    near(adv(rows), [Math.sqrt(1.5), -Math.sqrt(1.5), 0, 0]);
    near(adv(rows), [1.224744871, -1.224744871, 0, 0], 1e-9);
    // r = [1, 0]: sample std √(0.5/1) = 0.707107 ⇒ A = ±0.5/0.707107 = ±1/√2 (population: std 0.5 ⇒ ±1)
    near(adv(grpo.estimate(rewardGroup([1, 0]), opts({ std: 'sample' }))), [Math.SQRT1_2, -Math.SQRT1_2]);
    near(adv(grpo.estimate(rewardGroup([1, 0]), opts())), [1, -1]);
    // [2, 4, 4, 4, 5, 5, 7, 9]: Σ(x − 5)² = 32 ⇒ sample var 32/7, std 2.138090 (population 2)
    assert.equal(sampleStd([2, 4, 4, 4, 5, 5, 7, 9]), Math.sqrt(32 / 7));
    assert.equal(sampleStd([0.3]), 0);
    assert.deepEqual(normalise([0.3], 0.05, 'sample'), [0]);
    assert.equal(grpo.params(opts({ std: 'sample' })).std, 'sample');
  });

  it('the floor applies to the sample std too', () => {
    // r = [0.52, 0.48]: sample std √(2·0.02²/1) = 0.028284 < 0.05 ⇒ ±0.02/0.05 = ±0.4, as with population std
    near(adv(grpo.estimate(rewardGroup([0.52, 0.48]), opts({ std: 'sample' }))), [0.4, -0.4]);
    // r = [0.56, 0.44]: population std 0.06 ⇒ ±1; sample std √(2·0.06²) = 0.084853 ⇒ ±0.06/0.084853 = ±1/√2
    near(adv(grpo.estimate(rewardGroup([0.56, 0.44]), opts())), [1, -1]);
    near(adv(grpo.estimate(rewardGroup([0.56, 0.44]), opts({ std: 'sample' }))), [Math.SQRT1_2, -Math.SQRT1_2]);
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

  it('--zero-variance exclude drops a zero-variance group before estimation; keep gives it zeros', () => {
    // task a: [1, 0] ⇒ [1, −1]; task z: [0.7, 0.7, 0.7] (zero variance)
    const groups = groupsOf([
      traj('a', 0, { score: 1 }),
      traj('a', 1, { score: 0 }),
      ...[0, 1, 2].map((i) => traj('z', i, { score: 0.7 })),
    ]);
    const keep = grpo.estimate(groups, opts());
    assert.deepEqual(
      keep.map((r) => [r.group, r.advantage]),
      [
        ['a#0', 1],
        ['a#0', -1],
        ['z#0', 0],
        ['z#0', 0],
        ['z#0', 0],
      ],
    );
    const exclude = grpo.estimate(groups, opts({ zeroVariance: 'exclude' }));
    assert.deepEqual(
      exclude.map((r) => [r.group, r.advantage]),
      [
        ['a#0', 1],
        ['a#0', -1],
      ],
    );
    assert.equal(grpo.params(opts({ zeroVariance: 'exclude' })).zero_variance, 'exclude');
    // within numerical tolerance counts as zero variance
    assert.deepEqual(grpo.estimate(rewardGroup([0.7, 0.7 + 1e-12]), opts({ zeroVariance: 'exclude' })), []);
    assert.equal(grpo.zeroVariance(rewardGroup([0.7, 0.7 + 1e-12])[0] as never, opts()), true);
  });

  it('refuses an unknown reading with a clear error (library callers pass strings)', () => {
    const g = rewardGroup([1, 0]);
    const bad = (e: Error & { code?: string }, re: RegExp) => e.code === 'bad_input' && re.test(e.message);
    assert.throws(
      () => grpo.estimate(g, opts({ std: 'bessel' as StdKind })),
      (e: Error) => bad(e, /^EstimatorOptions\.std must be population or sample, not "bessel"$/),
    );
    assert.throws(
      () => grpo.estimate(g, opts({ zeroVariance: 'drop' as ZeroVarianceRule })),
      (e: Error) => bad(e, /^EstimatorOptions\.zeroVariance must be keep or exclude, not "drop"$/),
    );
    // Dr.GRPO divides by no std, yet a wrong value is still refused rather than ignored
    assert.throws(
      () => drGrpo.estimate(g, opts({ std: 'n-1' as StdKind })),
      (e: Error) => bad(e, /std must be population or sample/),
    );
  });

  it('normalises each group on its own', () => {
    // task a: [1, 0] ⇒ mean 0.5, std 0.5 ⇒ [1, −1]; task b: [0.9, 0.6, 0.3] ⇒ mean 0.6, deviations [0.3, 0, −0.3],
    //   var (0.09 + 0 + 0.09)/3 = 0.06, std √0.06 = 0.244949 ⇒ [0.3/√0.06, 0, −0.3/√0.06] = [√1.5, 0, −√1.5] = [1.224745, 0, −1.224745]
    const groups = groupsOf([
      traj('a', 0, { score: 1 }),
      traj('a', 1, { score: 0 }),
      traj('b', 0, { score: 0.9 }),
      traj('b', 1, { score: 0.6 }),
      traj('b', 2, { score: 0.3 }),
    ]);
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

  it('gives a zero-variance group zero advantages, or no rows under --zero-variance exclude', () => {
    assert.deepEqual(adv(drGrpo.estimate(rewardGroup([0.25, 0.25, 0.25, 0.25]), opts())), [0, 0, 0, 0]);
    assert.deepEqual(drGrpo.estimate(rewardGroup([0.25, 0.25, 0.25, 0.25]), opts({ zeroVariance: 'exclude' })), []);
    assert.deepEqual(drGrpo.params(opts()), {
      loss_normaliser: 1536,
      zero_std_tolerance: ZERO_STD_TOL,
      zero_variance: 'keep',
    });
  });

  it('ignores --std (no std division)', () => {
    near(adv(drGrpo.estimate(rewardGroup([1, 0, 0.5, 0.5]), opts({ std: 'sample' }))), [0.5, -0.5, 0, 0]);
  });
});

describe('estimator registry', () => {
  it('names every method and rejects an unknown one', () => {
    assert.deepEqual(
      ['grpo', 'drgrpo', 'gdpo', 'gigpo'].map((n) => getEstimator(n).name),
      ['grpo', 'drgrpo', 'gdpo', 'gigpo'],
    );
    assert.throws(
      () => getEstimator('ppo'),
      (e: Error & { code?: string }) =>
        e.code === 'bad_input' && /unknown --method "ppo"; methods: grpo, drgrpo, gdpo, gigpo/.test(e.message),
    );
  });
});
