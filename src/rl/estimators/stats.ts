import { type OneOf, oneOf } from '../../schema/errors.js';
import type { StdKind } from './types.js';

// the group statistics every estimator shares: mean, std (population or sample) and std normalisation

export type { StdKind } from './types.js';
/**
 * Which standard deviation divides: `population` (divide by n; CoworkEnv App. B fixes only the floor) or
 * `sample` (Bessel's n − 1, what verl's and TRL's `torch.std` use).
 */
export const STD_KINDS: readonly StdKind[] = ['population', 'sample'];

/** Spreads at or below this are zero variance: every advantage is exactly 0 (CE App. B: "within numerical tolerance"). */
export const ZERO_STD_TOL = 1e-9;

export function mean(xs: readonly number[]): number {
  let s = 0;
  for (const x of xs) s += x;
  return xs.length ? s / xs.length : 0;
}

function squaredDeviations(xs: readonly number[]): number {
  const m = mean(xs);
  let s = 0;
  for (const x of xs) s += (x - m) ** 2;
  return s;
}

/** Population standard deviation: sqrt(Σ (x − mean)² / n). */
export function populationStd(xs: readonly number[]): number {
  return xs.length === 0 ? 0 : Math.sqrt(squaredDeviations(xs) / xs.length);
}

/** Sample standard deviation: sqrt(Σ (x − mean)² / (n − 1)); 0 for fewer than two values (nothing varies). */
export function sampleStd(xs: readonly number[]): number {
  return xs.length < 2 ? 0 : Math.sqrt(squaredDeviations(xs) / (xs.length - 1));
}

/** Throws a bad_input error naming `label` unless `kind` is a StdKind (library callers may pass any string). */
export const checkStdKind: OneOf<StdKind> = oneOf(STD_KINDS, 'EstimatorOptions.std');

export function stdOf(xs: readonly number[], kind: StdKind): number {
  checkStdKind(kind);
  return kind === 'sample' ? sampleStd(xs) : populationStd(xs);
}

/** No spread within numerical tolerance (the same test whatever std kind divides). */
export function isZeroVariance(xs: readonly number[]): boolean {
  return populationStd(xs) <= ZERO_STD_TOL;
}

/** (x − mean) / max(std, floor); all zeros for a zero-variance set. */
export function normalise(xs: readonly number[], floor: number, kind: StdKind = 'population'): number[] {
  const sd = stdOf(xs, kind);
  if (isZeroVariance(xs)) return xs.map(() => 0);
  const m = mean(xs);
  const d = Math.max(sd, floor);
  return xs.map((x) => (x - m) / d);
}

/** x − mean; all zeros for a zero-variance set. */
export function centre(xs: readonly number[]): number[] {
  if (isZeroVariance(xs)) return xs.map(() => 0);
  const m = mean(xs);
  return xs.map((x) => x - m);
}
