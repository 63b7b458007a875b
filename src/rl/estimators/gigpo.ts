import { trajectoryAnchors } from '../anchor.js';
import type { Sample } from '../groups.js';
import type { AdvantageRow, Estimator, StepRow } from './types.js';
import { normalise, ZERO_STD_TOL } from './stats.js';
import { groupsToEstimate, scalarRewardsEqual } from './zero-variance.js';

/**
 * GiGPO (CE App. B; Feng et al. 2025, formats §9), within each valid group of trajectories:
 *  - episode:  A^E(τ_i) = (R(τ_i) − mean_j R(τ_j)) / max(std_j R(τ_j), floor)   (mean_std_norm, one value per
 *    trajectory; 0 for a zero-variance group)
 *  - returns:  R_t = Σ_{k=t}^{T} γ^{k−t} r_k over the decision steps (assistant turns) of τ_i
 *  - anchors:  steps whose anchor key (trajectoryAnchors: hash of what the agent observed before acting) is
 *    exactly equal, across all trajectories of the group, form an anchor-state group
 *  - step:     A^S = (R_t − mean_{anchor group} R) / max(std_{anchor group} R, floor); 0 for a singleton or
 *    zero-variance anchor group
 *  - combined: A(a_t) = A^E(τ_i) + ω · A^S(a_t)
 * Step rewards are sparse unless the sample carries shaped ones: all 0 except the final step = the episode
 * reward. Every std is `o.std` (population by default). Zero variance is judged on the episode rewards: under
 * `exclude` such a group is dropped whole, its step-level differences (e.g. returns discounted over different
 * lengths) included.
 */

/** Sparse step rewards: 0 everywhere except the last step, which gets the episode reward. */
export function sparseStepRewards(steps: number, reward: number): number[] {
  return Array.from({ length: steps }, (_, i) => (i === steps - 1 ? reward : 0));
}

/** Discounted returns R_t = r_t + γ·R_{t+1}. */
export function discountedReturns(rewards: readonly number[], gamma: number): number[] {
  const out = new Array<number>(rewards.length).fill(0);
  let next = 0;
  for (let t = rewards.length - 1; t >= 0; t--) {
    next = (rewards[t] ?? 0) + gamma * next;
    out[t] = next;
  }
  return out;
}

function stepRewardsOf(s: Sample, steps: number): number[] {
  if (!s.stepRewards) return sparseStepRewards(steps, s.reward);
  if (s.stepRewards.length !== steps)
    throw new Error(`${s.task_id}#${s.trial}: ${s.stepRewards.length} step rewards for ${steps} decision steps`);
  return s.stepRewards;
}

export const gigpo: Estimator = {
  name: 'gigpo',
  summary: 'episode advantage + ω · step advantage over exact anchor-state groups, discounted step returns',
  stepLevel: true,
  params: (o) => ({
    std: o.std,
    std_floor: o.stdFloor,
    zero_std_tolerance: ZERO_STD_TOL,
    zero_variance: o.zeroVariance,
    episode_norm: 'mean_std_norm',
    gamma: o.gamma,
    omega: o.omega,
    anchor: 'exact hash',
  }),
  zeroVariance: scalarRewardsEqual,
  estimate(groups, o) {
    const rows: AdvantageRow[] = [];
    for (const g of groupsToEstimate(groups, o, scalarRewardsEqual)) {
      const episode = normalise(
        g.samples.map((s) => s.reward),
        o.stdFloor,
        o.std,
      );
      const perSample = g.samples.map((s) => {
        const anchors = trajectoryAnchors(s.trajectory.events);
        const rewards = stepRewardsOf(s, anchors.length);
        return { anchors, rewards, returns: discountedReturns(rewards, o.gamma) };
      });
      // anchor → the (sample, step) pairs that observed it
      const byAnchor = new Map<string, [number, number][]>();
      perSample.forEach((p, i) =>
        p.anchors.forEach((a, t) => {
          const list = byAnchor.get(a);
          if (list) list.push([i, t]);
          else byAnchor.set(a, [[i, t]]);
        }),
      );
      const stepAdv = perSample.map((p) => p.anchors.map(() => 0));
      for (const members of byAnchor.values()) {
        if (members.length < 2) continue;
        const adv = normalise(
          members.map(([i, t]) => perSample[i]?.returns[t] ?? 0),
          o.stdFloor,
          o.std,
        );
        members.forEach(([i, t], m) => ((stepAdv[i] as number[])[t] = adv[m] ?? 0));
      }
      g.samples.forEach((s, i) => {
        const p = perSample[i] as (typeof perSample)[number];
        const aE = episode[i] ?? 0;
        const steps: StepRow[] = p.anchors.map((anchor, t) => {
          const aS = stepAdv[i]?.[t] ?? 0;
          return {
            step: t,
            anchor,
            reward: p.rewards[t] ?? 0,
            return: p.returns[t] ?? 0,
            step_advantage: aS,
            advantage: aE + o.omega * aS,
          };
        });
        rows.push({ task_id: s.task_id, trial: s.trial, group: g.id, reward: s.reward, advantage: aE, steps });
      });
    }
    return rows;
  },
};
