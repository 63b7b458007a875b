import type { Estimator } from './types.js';
import { rowsOf } from './grpo.js';
import { centre, ZERO_STD_TOL } from './stats.js';
import { groupsToEstimate, scalarRewardsEqual } from './zero-variance.js';

/**
 * Dr.GRPO (CE App. B, Liu et al. 2025): A_i = r_i − mean_j r_j, no std division (so `o.std` plays no part).
 * The loss divides the summed masked token losses by a constant L_c (default 1,536) instead of the sequence
 * lengths; that constant is for the trainer and is reported in the metadata.
 */
export const drGrpo: Estimator = {
  name: 'drgrpo',
  summary: 'group-centred scalar reward, no std; constant loss normaliser',
  params: (o) => ({ loss_normaliser: o.normaliser, zero_std_tolerance: ZERO_STD_TOL, zero_variance: o.zeroVariance }),
  zeroVariance: scalarRewardsEqual,
  estimate: (groups, o) =>
    groupsToEstimate(groups, o, scalarRewardsEqual).flatMap((g) => rowsOf(g, centre(g.samples.map((s) => s.reward)))),
};
