import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildGroups } from '../groups.js';
import { type RewardConfig, sampleReward } from '../rewards.js';
import { gdpo } from './gdpo.js';
import { grpo } from './grpo.js';
import { groupsOf, near, opts, traj } from './testing.js';

const TWO: RewardConfig = {
  kind: 'claw',
  wCode: 1,
  wLlm: 1,
  dims: [
    { name: 'completion', weight: 1 },
    { name: 'safety', weight: 1 },
  ],
};
const o = opts({ dims: TWO.dims ?? [] });
const adv = (rows: { advantage: number }[]) => rows.map((r) => r.advantage);
const sample = (task: string, trial: number, completion: number, safety: number) =>
  traj(task, trial, { grade: { completion, safety, score: completion + safety } });

// group a, (completion, safety): (1, 1), (0, 1), (0.5, 1), (0.5, 0)
const GROUP_A = [sample('a', 0, 1, 1), sample('a', 1, 0, 1), sample('a', 2, 0.5, 1), sample('a', 3, 0.5, 0)];

describe('GDPO', () => {
  it('normalises each dimension within the group, sums, then batch-normalises (hand-computed)', () => {
    // completion [1, 0, 0.5, 0.5]: mean 0.5, std √0.125 ⇒ A_c = [√2, −√2, 0, 0]
    // safety [1, 1, 1, 0]: mean 0.75, deviations [¼, ¼, ¼, −¾], var (3·1/16 + 9/16)/4 = 3/16, std √3/4
    //   ⇒ A_s = [1/√3, 1/√3, 1/√3, −√3]
    // A = A_c + A_s = [√2 + 1/√3, −√2 + 1/√3, 1/√3, −√3] = [1.98157, −0.83686, 0.57735, −1.73205]
    // batch (this one group): mean (3/√3 − √3)/4 = 0; ΣA² = (2 + 1/3 + 2√2/√3) + (2 + 1/3 − 2√2/√3) + 1/3 + 3 = 8
    //   ⇒ std √(8/4) = √2 ⇒ Â = A/√2 = [1 + 1/√6, −1 + 1/√6, 1/√6, −√(3/2)]
    const rows = gdpo.estimate(groupsOf(GROUP_A, TWO), o);
    const s6 = 1 / Math.sqrt(6);
    near(adv(rows), [1 + s6, -1 + s6, s6, -Math.sqrt(1.5)]);
    assert.deepEqual(rows[3]?.rewards, { completion: 0.5, safety: 0 });
  });

  it('differs from GRPO on the summed reward', () => {
    // summed reward r = c + s = [2, 1, 1.5, 0.5]: mean 1.25, deviations [¾, −¼, ¼, −¾], var (2·9/16 + 2·1/16)/4 = 5/16
    //   ⇒ GRPO A = dev/(√5/4) = [3/√5, −1/√5, 1/√5, −3/√5] = [1.34164, −0.44721, 0.44721, −1.34164]
    const sum = grpo.estimate(groupsOf(GROUP_A, TWO), o);
    near(
      adv(sum),
      [3, -1, 1, -3].map((x) => x / Math.sqrt(5)),
    );
    const dec = adv(gdpo.estimate(groupsOf(GROUP_A, TWO), o));
    assert.ok(Math.abs((dec[0] ?? 0) - (sum[0]?.advantage ?? 0)) > 0.05, 'GDPO must not collapse to GRPO on the sum');
    assert.ok(Math.abs((dec[3] ?? 0) - (sum[3]?.advantage ?? 0)) > 0.1);
  });

  it('weights the dimensions', () => {
    // weights completion 1, safety 0 ⇒ A = A_c = [√2, −√2, 0, 0]; batch mean 0, std √(4/4) = 1 ⇒ Â = A_c
    const rows = gdpo.estimate(
      groupsOf(GROUP_A, TWO),
      opts({
        dims: [
          { name: 'completion', weight: 1 },
          { name: 'safety', weight: 0 },
        ],
      }),
    );
    near(adv(rows), [Math.SQRT2, -Math.SQRT2, 0, 0]);
  });

  it('batch statistics span every valid group, zero-variance groups included, and no rejected group', () => {
    // group b (2 samples, both (0.5, 1)): zero variance in every dimension ⇒ A = [0, 0], still valid
    // batch over 6 values: mean 0, ΣA² = 8 (group a) + 0 ⇒ var 8/6, std 2/√3 ⇒ Â_a = A·√3/2, Â_b = 0
    // group c ended in infra_error (rejected): its extreme values never enter the batch statistics
    const ts = [
      ...GROUP_A,
      sample('b', 0, 0.5, 1),
      sample('b', 1, 0.5, 1),
      sample('c', 0, 0, 0),
      traj('c', 1, { end: 'infra_error', grade: { completion: 1, safety: 1 } }),
    ];
    const grouping = buildGroups(ts, { reward: (t) => sampleReward(t, TWO) });
    assert.deepEqual(
      grouping.rejected.map((r) => [r.group, r.reason]),
      [['c#0', 'infra_failed']],
    );
    const rows = gdpo.estimate(grouping.groups, o);
    const A = [Math.SQRT2 + 1 / Math.sqrt(3), -Math.SQRT2 + 1 / Math.sqrt(3), 1 / Math.sqrt(3), -Math.sqrt(3)];
    near(adv(rows), [...A.map((x) => (x * Math.sqrt(3)) / 2), 0, 0]);
    assert.deepEqual(
      rows.map((r) => r.group),
      ['a#0', 'a#0', 'a#0', 'a#0', 'b#0', 'b#0'],
    );
  });

  it('--zero-variance exclude takes a zero-variance group out of the batch statistics (hand-computed)', () => {
    // the batch of the test above: group a (ΣA² = 8 over 4 samples, Σ A = 0) + group b (zero variance, 2 samples)
    const ts = [...GROUP_A, sample('b', 0, 0.5, 1), sample('b', 1, 0.5, 1)];
    const groups = groupsOf(ts, TWO);
    const A = [Math.SQRT2 + 1 / Math.sqrt(3), -Math.SQRT2 + 1 / Math.sqrt(3), 1 / Math.sqrt(3), -Math.sqrt(3)];
    // keep: batch of 6 values, mean 0, var 8/6 ⇒ std 2/√3 ⇒ Â_a = A·√3/2 = [1.724745, −0.724745, 0.5, −1.5], Â_b = [0, 0]
    const keep = gdpo.estimate(groups, o);
    near(adv(keep), [...A.map((x) => (x * Math.sqrt(3)) / 2), 0, 0]);
    near(adv(keep), [(Math.sqrt(6) + 1) / 2, (1 - Math.sqrt(6)) / 2, 0.5, -1.5, 0, 0]);
    // exclude: group b never reaches the batch: 4 values, mean 0, var 8/4 ⇒ std √2
    //   ⇒ Â_a = A/√2 = [1 + 1/√6, −1 + 1/√6, 1/√6, −√1.5] = [1.408248, −0.591752, 0.408248, −1.224745]
    const exclude = gdpo.estimate(groups, opts({ dims: TWO.dims ?? [], zeroVariance: 'exclude' }));
    const s6 = 1 / Math.sqrt(6);
    near(adv(exclude), [1 + s6, -1 + s6, s6, -Math.sqrt(1.5)]);
    assert.deepEqual(
      exclude.map((r) => r.group),
      ['a#0', 'a#0', 'a#0', 'a#0'],
    );
    // the same group a, different numbers: the batch std grows from 2/√3 to √2 (b's zeros no longer dilute it),
    //   so each advantage shrinks by (2/√3)/√2 = √(2/3) = 0.816497 from keep to exclude
    keep
      .slice(0, 4)
      .forEach((r, i) => assert.ok(Math.abs((exclude[i]?.advantage ?? 0) - r.advantage * Math.sqrt(2 / 3)) < 1e-12));
    assert.equal(
      gdpo.params(opts({ zeroVariance: 'exclude' })).batch_normalisation,
      'valid groups with reward variance',
    );
  });

  it('zero variance is judged on the weighted dimensions, not the scalar reward', () => {
    // group e: (completion, safety) = (1, 0), (0, 1): scalar score 1 and 1 (zero variance for GRPO), but each
    //   dimension varies: completion ⇒ [1, −1], safety ⇒ [−1, 1]; weights 2, 1 ⇒ A = [2 − 1, −2 + 1] = [1, −1];
    //   batch mean 0, std 1 ⇒ Â = [1, −1]
    const e = [sample('e', 0, 1, 0), sample('e', 1, 0, 1)];
    const weighted = opts({
      dims: [
        { name: 'completion', weight: 2 },
        { name: 'safety', weight: 1 },
      ],
      zeroVariance: 'exclude',
    });
    const groups = groupsOf(e, { ...TWO, dims: weighted.dims });
    near(adv(gdpo.estimate(groups, weighted)), [1, -1]);
    assert.equal(gdpo.zeroVariance(groups[0] as never, weighted), false);
    assert.deepEqual(grpo.estimate(groups, weighted), []);
    // a dimension of weight 0 adds nothing: completion varies but weighs 0, safety [1, 1] ⇒ zero variance
    const f = groupsOf([sample('f', 0, 1, 1), sample('f', 1, 0, 1)], TWO);
    const safetyOnly = opts({
      dims: [
        { name: 'completion', weight: 0 },
        { name: 'safety', weight: 1 },
      ],
      zeroVariance: 'exclude',
    });
    assert.equal(gdpo.zeroVariance(f[0] as never, safetyOnly), true);
    assert.deepEqual(gdpo.estimate(f, safetyOnly), []);
  });

  it('--std sample in both normalisations (hand-computed)', () => {
    // completion [1, 0]: sample std √0.5 ⇒ A_c = ±0.5/√0.5 = ±1/√2; safety [1, 1] ⇒ 0; A = [1/√2, −1/√2]
    // batch: mean 0, Σ A² = 1, sample var 1/(2 − 1) = 1 ⇒ Â = A = [0.707107, −0.707107] (population: ±1)
    const g = groupsOf([sample('a', 0, 1, 1), sample('a', 1, 0, 1)], TWO);
    near(adv(gdpo.estimate(g, opts({ dims: TWO.dims ?? [], std: 'sample' }))), [Math.SQRT1_2, -Math.SQRT1_2]);
    near(adv(gdpo.estimate(g, o)), [1, -1]);
    assert.equal(gdpo.params(opts({ std: 'sample' })).std, 'sample');
  });

  it('floors the std in both normalisations', () => {
    // completion [0.52, 0.48] (std 0.02 → 0.05) ⇒ [0.4, −0.4]; safety [1, 1] ⇒ [0, 0]; A = [0.4, −0.4]
    // batch: mean 0, std 0.4 ⇒ Â = [1, −1]
    near(adv(gdpo.estimate(groupsOf([sample('a', 0, 0.52, 1), sample('a', 1, 0.48, 1)], TWO), o)), [1, -1]);
    // all groups zero-variance ⇒ all 0
    near(adv(gdpo.estimate(groupsOf([sample('a', 0, 0.5, 1), sample('a', 1, 0.5, 1)], TWO), o)), [0, 0]);
  });

  it('aborts a sample with a missing dimension, which makes its group incomplete', () => {
    const ts = [sample('a', 0, 1, 1), traj('a', 1, { grade: { completion: null, score: 0.5 } })];
    const g = buildGroups(ts, { reward: (t) => sampleReward(t, TWO) });
    assert.equal(g.groups.length, 0);
    assert.deepEqual(g.aborted, [
      {
        task_id: 'a',
        trial: 1,
        group: 'a#0',
        reason: 'missing reward: reward dimension completion is null (grade ok)',
      },
    ]);
    assert.equal(g.rejected[0]?.reason, 'incomplete');
  });

  it('reports its dimensions and weights', () => {
    assert.deepEqual(gdpo.params(opts()).dimensions, [
      { name: 'completion', weight: 1 },
      { name: 'safety', weight: 1 },
      { name: 'robustness', weight: 1 },
    ]);
    assert.equal(gdpo.needsDims, true);
  });
});
