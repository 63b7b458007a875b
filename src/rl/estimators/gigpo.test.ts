import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { trajectoryAnchors } from '../anchor.js';
import type { AdvantageRow, StepRow } from './index.js';
import { discountedReturns, gigpo, sparseStepRewards } from './gigpo.js';
import { groupsOf, near, opts, traj } from './testing.js';

const REQ = 'rotate the API key';
// three trajectories of one task; they share the request (step 0) and τ1, τ2 also see the same tool result
// 'A' before step 1; τ3 sees 'B' then 'C'
const T1 = traj('t', 0, { score: 1, obs: [REQ, 'A'] });
const T2 = traj('t', 1, { score: 0, obs: [REQ, 'A'] });
const T3 = traj('t', 2, { score: 0.5, obs: [REQ, 'B', 'C'] });

const stepsOf = (rows: AdvantageRow[], i: number): StepRow[] => rows[i]?.steps ?? [];
const col = (steps: StepRow[], k: keyof StepRow) => steps.map((s) => s[k] as number);

describe('GiGPO', () => {
  it('episode + ω·step advantages over shared anchors with discounted returns (hand-computed, γ = 0.5)', () => {
    const rows = gigpo.estimate(groupsOf([T1, T2, T3]), opts({ gamma: 0.5, omega: 1 }));
    // episode: R = [1, 0, 0.5], mean 0.5, var (¼ + ¼ + 0)/3 = 1/6, std 1/√6 ⇒ A^E = [√1.5, −√1.5, 0] = [1.224745, −1.224745, 0]
    const e = Math.sqrt(1.5);
    near(
      rows.map((r) => r.advantage),
      [e, -e, 0],
    );
    // sparse step rewards: τ1 [0, 1], τ2 [0, 0], τ3 [0, 0, 0.5]
    near(col(stepsOf(rows, 0), 'reward'), [0, 1]);
    near(col(stepsOf(rows, 2), 'reward'), [0, 0, 0.5]);
    // returns (γ = 0.5): τ1 [0 + ½·1, 1] = [½, 1]; τ2 [0, 0]; τ3 [¼·0.5, ½·0.5, 0.5] = [⅛, ¼, ½]
    near(col(stepsOf(rows, 0), 'return'), [0.5, 1]);
    near(col(stepsOf(rows, 1), 'return'), [0, 0]);
    near(col(stepsOf(rows, 2), 'return'), [0.125, 0.25, 0.5]);
    // anchor group "request" = {τ1: ½, τ2: 0, τ3: ⅛}: mean 5/24, deviations [7, −5, −2]/24, Σdev² = 78/576,
    //   var 26/576, std √26/24 ⇒ A^S = [7, −5, −2]/√26 = [1.372813, −0.980581, −0.392232]
    // anchor group "A" = {τ1: 1, τ2: 0}: mean ½, std ½ ⇒ A^S = [1, −1]
    // "B" and "C" are singletons ⇒ A^S = 0
    const s26 = Math.sqrt(26);
    near(col(stepsOf(rows, 0), 'step_advantage'), [7 / s26, 1]);
    near(col(stepsOf(rows, 1), 'step_advantage'), [-5 / s26, -1]);
    near(col(stepsOf(rows, 2), 'step_advantage'), [-2 / s26, 0, 0]);
    // combined A = A^E + 1.0·A^S
    near(col(stepsOf(rows, 0), 'advantage'), [e + 7 / s26, e + 1]);
    near(col(stepsOf(rows, 1), 'advantage'), [-e - 5 / s26, -e - 1]);
    near(col(stepsOf(rows, 2), 'advantage'), [-2 / s26, 0, 0]);
  });

  it('keys steps by the exact anchor of trajectoryAnchors', () => {
    const rows = gigpo.estimate(groupsOf([T1, T2, T3]), opts());
    const anchors = (i: number) => stepsOf(rows, i).map((s) => s.anchor);
    assert.deepEqual(anchors(0), trajectoryAnchors(T1.events));
    assert.deepEqual(anchors(2), trajectoryAnchors(T3.events));
    // the first observations coincide ⇒ the same anchor in all three; 'A' shared by τ1 and τ2 only
    assert.equal(anchors(0)[0], anchors(2)[0]);
    assert.deepEqual(anchors(0), anchors(1));
    assert.notEqual(anchors(0)[1], anchors(2)[1]);
    assert.deepEqual(
      stepsOf(rows, 0).map((s) => s.step),
      [0, 1],
    );
  });

  it('weights the step advantage by ω', () => {
    // same group, ω = 0.5: τ2 step 1 = −√1.5 + 0.5·(−1)
    const rows = gigpo.estimate(groupsOf([T1, T2, T3]), opts({ gamma: 0.5, omega: 0.5 }));
    near(col(stepsOf(rows, 1), 'advantage'), [-Math.sqrt(1.5) - 0.5 * (5 / Math.sqrt(26)), -Math.sqrt(1.5) - 0.5]);
  });

  it('gives singleton anchor groups a zero step advantage', () => {
    // every observation differs ⇒ every anchor group is a singleton ⇒ A = A^E at every step
    const a = traj('u', 0, { score: 1, obs: ['request one', 'x'] });
    const b = traj('u', 1, { score: 0, obs: ['request two', 'y'] });
    const rows = gigpo.estimate(groupsOf([a, b]), opts());
    // A^E: [1, 0], mean ½, std ½ ⇒ [1, −1]
    near(col(stepsOf(rows, 0), 'step_advantage'), [0, 0]);
    near(col(stepsOf(rows, 0), 'advantage'), [1, 1]);
    near(col(stepsOf(rows, 1), 'advantage'), [-1, -1]);
  });

  it('discounts with γ (default 0.95)', () => {
    // [0, 0, 1], γ 0.95 ⇒ [0.95², 0.95, 1] = [0.9025, 0.95, 1]
    near(discountedReturns([0, 0, 1], 0.95), [0.9025, 0.95, 1]);
    // [0.2, 0.3, 0.5], γ 0.5 ⇒ R2 = 0.5, R1 = 0.3 + 0.25 = 0.55, R0 = 0.2 + 0.275 = 0.475
    near(discountedReturns([0.2, 0.3, 0.5], 0.5), [0.475, 0.55, 0.5]);
    near(discountedReturns([0, 1], 0), [0, 1]);
    assert.deepEqual(sparseStepRewards(3, 0.8), [0, 0, 0.8]);
    assert.equal(gigpo.params(opts()).gamma, 0.95);
    assert.equal(gigpo.params(opts()).omega, 1);
    // default γ: τ3's returns [0.95²·0.5, 0.95·0.5, 0.5]
    const rows = gigpo.estimate(groupsOf([T1, T2, T3]), opts());
    near(col(stepsOf(rows, 2), 'return'), [0.45125, 0.475, 0.5]);
  });

  it('uses shaped step rewards when a sample carries them', () => {
    const groups = groupsOf([T1, T2]);
    const [s1, s2] = groups[0]?.samples ?? [];
    assert.ok(s1 && s2);
    s1.stepRewards = [0.4, 0.6];
    s2.stepRewards = [0.2, 0];
    // γ 0.5: τ1 returns [0.4 + 0.3, 0.6] = [0.7, 0.6]; τ2 [0.2, 0]
    // anchor request {0.7, 0.2}: mean 0.45, std 0.25 ⇒ [1, −1]; anchor A {0.6, 0}: mean 0.3, std 0.3 ⇒ [1, −1]
    // A^E from the episode rewards [1, 0] ⇒ [1, −1]
    const rows = gigpo.estimate(groups, opts({ gamma: 0.5 }));
    near(col(stepsOf(rows, 0), 'return'), [0.7, 0.6]);
    near(col(stepsOf(rows, 0), 'advantage'), [2, 2]);
    near(col(stepsOf(rows, 1), 'advantage'), [-2, -2]);
    s1.stepRewards = [1];
    assert.throws(() => gigpo.estimate(groups, opts()), /1 step rewards for 2 decision steps/);
  });

  it('floors the std in episode and anchor groups, and zeroes zero-variance ones', () => {
    // one step each on the same request: R = [0.52, 0.48] ⇒ A^E = ±0.02/0.05 = ±0.4; returns = R ⇒ A^S = ±0.4
    const rows = gigpo.estimate(groupsOf([traj('v', 0, { score: 0.52 }), traj('v', 1, { score: 0.48 })]), opts());
    near(col(stepsOf(rows, 0), 'advantage'), [0.8]);
    near(col(stepsOf(rows, 1), 'advantage'), [-0.8]);
    // equal rewards: everything 0, group still valid
    const flat = gigpo.estimate(
      groupsOf([traj('w', 0, { score: 0.5, obs: [REQ, 'A'] }), traj('w', 1, { score: 0.5, obs: [REQ, 'A'] })]),
      opts(),
    );
    assert.deepEqual(
      flat.flatMap((r) => [r.advantage, ...col(r.steps ?? [], 'advantage')]),
      [0, 0, 0, 0, 0, 0],
    );
  });

  it('--std sample in the episode and anchor groups (hand-computed, γ = 0.5)', () => {
    const rows = gigpo.estimate(groupsOf([T1, T2, T3]), opts({ gamma: 0.5, std: 'sample' }));
    // episode R = [1, 0, 0.5]: Σdev² = ½, sample var ½/2 = ¼, std ½ ⇒ A^E = [1, −1, 0] (population: ±√1.5)
    near(
      rows.map((r) => r.advantage),
      [1, -1, 0],
    );
    // anchor "request" {½, 0, ⅛}: Σdev² = 78/576, sample var 39/576, std √39/24 ⇒ A^S = [7, −5, −2]/√39
    // anchor "A" {1, 0}: sample std √½ ⇒ A^S = ±½/√½ = ±1/√2
    const s39 = Math.sqrt(39);
    near(col(stepsOf(rows, 0), 'step_advantage'), [7 / s39, Math.SQRT1_2]);
    near(col(stepsOf(rows, 1), 'step_advantage'), [-5 / s39, -Math.SQRT1_2]);
    near(col(stepsOf(rows, 2), 'step_advantage'), [-2 / s39, 0, 0]);
    near(col(stepsOf(rows, 1), 'advantage'), [-1 - 5 / s39, -1 - Math.SQRT1_2]);
  });

  it('--zero-variance exclude drops an episode group with equal rewards, its step-level differences included', () => {
    // both score 0.5 (zero episode variance); τ1 acts once on the request, τ2 twice: returns at the shared
    // request anchor {0.5, γ·0.5 = 0.475}: std 0.0125 → floor 0.05 ⇒ A^S = ±0.25; A^E = 0
    const w = [traj('w', 0, { score: 0.5, obs: [REQ] }), traj('w', 1, { score: 0.5, obs: [REQ, 'A'] })];
    const keep = gigpo.estimate(groupsOf(w), opts());
    near(col(stepsOf(keep, 0), 'advantage'), [0.25]);
    near(col(stepsOf(keep, 1), 'advantage'), [-0.25, 0]);
    assert.equal(gigpo.zeroVariance(groupsOf(w)[0] as never, opts()), true);
    assert.deepEqual(gigpo.estimate(groupsOf(w), opts({ zeroVariance: 'exclude' })), []);
    // other groups are untouched
    near(
      gigpo
        .estimate(groupsOf([...w, T1, T2, T3]), opts({ gamma: 0.5, zeroVariance: 'exclude' }))
        .map((r) => r.advantage),
      [Math.sqrt(1.5), -Math.sqrt(1.5), 0],
    );
    assert.equal(gigpo.params(opts({ zeroVariance: 'exclude' })).zero_variance, 'exclude');
  });

  it('groups anchors only within an episode group', () => {
    // two tasks with the same request text: their anchors coincide but the groups are separate, so each
    // task's 2-sample anchor group is normalised on its own: returns [0.95, 0] ⇒ [1, −1] in both
    const a = [traj('p', 0, { score: 1, obs: [REQ, 'A'] }), traj('p', 1, { score: 0, obs: [REQ, 'A'] })];
    const b = [traj('q', 0, { score: 0.3, obs: [REQ, 'A'] }), traj('q', 1, { score: 0.1, obs: [REQ, 'A'] })];
    const rows = gigpo.estimate(groupsOf([...a, ...b]), opts());
    near(
      rows.map((r) => stepsOf([r], 0)[0]?.step_advantage ?? Number.NaN),
      [1, -1, 1, -1],
    );
  });
});
