import type { Group } from '../groups.js';
import type { AdvantageRow, Estimator } from './index.js';

/**
 * Standard deviations are population std (divide by n, not n − 1): CE App. B fixes only the floor, and
 * population std is the one GiGPO's and GDPO's formulas use over a fixed group.
 */
export const STD_KIND = 'population';

/** Spreads at or below this are zero variance: every advantage is exactly 0 (CE App. B: "within numerical tolerance"). */
export const ZERO_STD_TOL = 1e-9;

export function mean(xs: readonly number[]): number {
  let s = 0;
  for (const x of xs) s += x;
  return xs.length ? s / xs.length : 0;
}

/** Population standard deviation: sqrt(Σ (x − mean)² / n). */
export function populationStd(xs: readonly number[]): number {
  if (xs.length === 0) return 0;
  const m = mean(xs);
  let s = 0;
  for (const x of xs) s += (x - m) ** 2;
  return Math.sqrt(s / xs.length);
}

/** (x − mean) / max(std, floor); all zeros when std ≤ ZERO_STD_TOL (zero-variance group). */
export function normalise(xs: readonly number[], floor: number): number[] {
  const sd = populationStd(xs);
  if (sd <= ZERO_STD_TOL) return xs.map(() => 0);
  const m = mean(xs);
  const d = Math.max(sd, floor);
  return xs.map((x) => (x - m) / d);
}

/** x − mean; all zeros when std ≤ ZERO_STD_TOL. */
export function centre(xs: readonly number[]): number[] {
  if (populationStd(xs) <= ZERO_STD_TOL) return xs.map(() => 0);
  const m = mean(xs);
  return xs.map((x) => x - m);
}

/** Rows of one group from per-sample advantages. */
export function rowsOf(g: Group, advantages: readonly number[]): AdvantageRow[] {
  return g.samples.map((s, i) => ({ task_id: s.task_id, trial: s.trial, group: g.id, reward: s.reward, advantage: advantages[i] ?? 0 }));
}

/** GRPO (CE App. B): A_i = (r_i − mean_j r_j) / max(std_j r_j, 0.05); zero-variance groups get 0 and stay valid. */
export const grpo: Estimator = {
  name: 'grpo',
  summary: 'group-centred scalar reward divided by the group std (floor 0.05)',
  params: (o) => ({ std: STD_KIND, std_floor: o.stdFloor, zero_std_tolerance: ZERO_STD_TOL }),
  estimate: (groups, o) => groups.flatMap((g) => rowsOf(g, normalise(g.samples.map((s) => s.reward), o.stdFloor))),
};
