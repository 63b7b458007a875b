import type { Group } from '../groups.js';
import type { DimensionSpec } from '../rewards.js';
import type { Estimator } from './types.js';
import { isZeroVariance, normalise, ZERO_STD_TOL } from './stats.js';
import { groupsToEstimate } from './zero-variance.js';

/**
 * GDPO (CE App. B; Liu et al. 2026, formats §9), per group i and sample j over reward dimensions n:
 *  1. A_n(i,j) = (r_n(i,j) − mean_j' r_n(i,j')) / max(std_j' r_n(i,j'), floor)   (0 for a zero-variance dimension)
 *  2. A(i,j)   = Σ_n w_n · A_n(i,j)
 *  3. Â(i,j)   = (A(i,j) − mean A) / max(std A, floor), mean and std over every sample of the groups estimated:
 *     the valid groups (rejected groups never reach the estimator), zero-variance ones included under
 *     `keep` and left out under `exclude`.
 * A group has zero variance for GDPO when every weighted dimension does (its A is then 0 everywhere).
 * The reported `reward` is the scalar reward; `rewards` holds the dimensions read.
 */
export const gdpo: Estimator = {
  name: 'gdpo',
  summary: 'each reward dimension normalised within its group, weighted sum, batch normalisation over valid groups',
  needsDims: true,
  params: (o) => ({
    std: o.std,
    std_floor: o.stdFloor,
    zero_std_tolerance: ZERO_STD_TOL,
    zero_variance: o.zeroVariance,
    dimensions: o.dims.map((d) => ({ name: d.name, weight: d.weight })),
    batch_normalisation: o.zeroVariance === 'exclude' ? 'valid groups with reward variance' : 'valid groups only',
  }),
  zeroVariance: (g, o) => dimsEqual(g, o.dims),
  estimate(groups, o) {
    const used = groupsToEstimate(groups, o, (g) => dimsEqual(g, o.dims));
    const combined = used.map((g) => {
      const sum = g.samples.map(() => 0);
      for (const d of o.dims) {
        const adv = normalise(dimension(g, d), o.stdFloor, o.std);
        adv.forEach((a, j) => (sum[j] = (sum[j] ?? 0) + d.weight * a));
      }
      return sum;
    });
    const batch = normalise(combined.flat(), o.stdFloor, o.std);
    let k = 0;
    return used.flatMap((g) =>
      g.samples.map((s) => ({
        task_id: s.task_id,
        trial: s.trial,
        group: g.id,
        reward: s.reward,
        advantage: batch[k++] ?? 0,
        rewards: { ...s.dims },
      })),
    );
  },
};

function dimension(g: Group, d: DimensionSpec): number[] {
  return g.samples.map((s) => {
    const v = s.dims[d.name];
    if (v === undefined)
      throw new Error(
        `${s.task_id}#${s.trial}: reward dimension ${d.name} was not read (build the groups with these dims)`,
      );
    return v;
  });
}

// a dimension of weight 0 adds nothing to A, so its spread does not count
function dimsEqual(g: Group, dims: readonly DimensionSpec[]): boolean {
  return dims.every((d) => d.weight === 0 || isZeroVariance(dimension(g, d)));
}
