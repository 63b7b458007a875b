import { CoworkError } from '../../schema/errors.js';
import { DEFAULT_DIMENSIONS } from '../rewards.js';
import { drGrpo } from './drgrpo.js';
import { gdpo } from './gdpo.js';
import { gigpo } from './gigpo.js';
import { grpo } from './grpo.js';
import type { Estimator, EstimatorOptions } from './types.js';

export { STD_KINDS, type StdKind } from './stats.js';
export type { AdvantageRow, Estimator, EstimatorOptions, StepRow } from './types.js';
export { ZERO_VARIANCE_RULES, type ZeroVarianceRule } from './zero-variance.js';

export const DEFAULT_OPTIONS: EstimatorOptions = {
  stdFloor: 0.05,
  normaliser: 1536,
  dims: DEFAULT_DIMENSIONS,
  gamma: 0.95,
  omega: 1,
  zeroVariance: 'keep',
  std: 'population',
};

/** The advantage estimators; a new one is one file plus one line here. */
export const ESTIMATORS: readonly Estimator[] = [grpo, drGrpo, gdpo, gigpo];

export function getEstimator(name: string): Estimator {
  const e = ESTIMATORS.find((x) => x.name === name);
  if (!e)
    throw new CoworkError(
      'bad_input',
      `unknown --method "${name}"; methods: ${ESTIMATORS.map((x) => x.name).join(', ')}`,
    );
  return e;
}
