import type { Group } from '../groups.js';
import type { AdvantageRow, Estimator } from './types.js';
import { normalise, ZERO_STD_TOL } from './stats.js';
import { groupsToEstimate, scalarRewardsEqual } from './zero-variance.js';

/** Rows of one group from per-sample advantages. */
export function rowsOf(g: Group, advantages: readonly number[]): AdvantageRow[] {
  return g.samples.map((s, i) => ({
    task_id: s.task_id,
    trial: s.trial,
    group: g.id,
    reward: s.reward,
    advantage: advantages[i] ?? 0,
  }));
}

/**
 * GRPO (CE App. B): A_i = (r_i − mean_j r_j) / max(std_j r_j, 0.05). The std is the population std unless
 * `o.std` is `sample`; a zero-variance group gets 0 and stays valid unless `o.zeroVariance` is `exclude`.
 */
export const grpo: Estimator = {
  name: 'grpo',
  summary: 'group-centred scalar reward divided by the group std (floor 0.05)',
  params: (o) => ({
    std: o.std,
    std_floor: o.stdFloor,
    zero_std_tolerance: ZERO_STD_TOL,
    zero_variance: o.zeroVariance,
  }),
  zeroVariance: scalarRewardsEqual,
  estimate: (groups, o) =>
    groupsToEstimate(groups, o, scalarRewardsEqual).flatMap((g) =>
      rowsOf(
        g,
        normalise(
          g.samples.map((s) => s.reward),
          o.stdFloor,
          o.std,
        ),
      ),
    ),
};
