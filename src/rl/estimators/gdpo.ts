import type { Estimator } from './index.js';
import { normalise, STD_KIND, ZERO_STD_TOL } from './grpo.js';

/**
 * GDPO (CE App. B; Liu et al. 2026, formats §9), per group i and sample j over reward dimensions n:
 *  1. A_n(i,j) = (r_n(i,j) − mean_j' r_n(i,j')) / max(std_j' r_n(i,j'), floor)   (0 for a zero-variance dimension)
 *  2. A(i,j)   = Σ_n w_n · A_n(i,j)
 *  3. Â(i,j)   = (A(i,j) − mean A) / max(std A, floor), mean and std over every sample of the valid groups
 *     only (rejected groups never reach the estimator; zero-variance groups are valid and count).
 * The reported `reward` is the scalar reward; `rewards` holds the dimensions read.
 */
export const gdpo: Estimator = {
  name: 'gdpo',
  summary: 'each reward dimension normalised within its group, weighted sum, batch normalisation over valid groups',
  needsDims: true,
  params: (o) => ({ std: STD_KIND, std_floor: o.stdFloor, zero_std_tolerance: ZERO_STD_TOL, dimensions: o.dims.map((d) => ({ name: d.name, weight: d.weight })), batch_normalisation: 'valid groups only' }),
  estimate(groups, o) {
    const combined = groups.map((g) => {
      const sum = g.samples.map(() => 0);
      for (const d of o.dims) {
        const values = g.samples.map((s) => {
          const v = s.dims[d.name];
          if (v === undefined) throw new Error(`${s.task_id}#${s.trial}: reward dimension ${d.name} was not read (build the groups with these dims)`);
          return v;
        });
        const adv = normalise(values, o.stdFloor);
        adv.forEach((a, j) => (sum[j] = (sum[j] ?? 0) + d.weight * a));
      }
      return sum;
    });
    const batch = normalise(combined.flat(), o.stdFloor);
    let k = 0;
    return groups.flatMap((g) =>
      g.samples.map((s) => ({ task_id: s.task_id, trial: s.trial, group: g.id, reward: s.reward, advantage: batch[k++] ?? 0, rewards: { ...s.dims } })),
    );
  },
};
