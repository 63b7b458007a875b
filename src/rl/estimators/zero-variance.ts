import { type OneOf, oneOf } from '../../schema/errors.js';
import type { Group } from '../groups.js';
import type { EstimatorOptions, ZeroVarianceRule } from './types.js';
import { checkStdKind, isZeroVariance } from './stats.js';

/**
 * A valid group whose rewards are all equal (within numerical tolerance): `keep` it with zero advantages
 * (CoworkEnv App. B: such groups "receive zero advantages and remain valid groups") or `exclude` it before
 * estimation (Cowork-Gym §4 excludes "groups with zero reward variance"). The choice matters beyond the group
 * itself wherever statistics span groups: GDPO's batch normalisation.
 */
export type { ZeroVarianceRule } from './types.js';
export const ZERO_VARIANCE_RULES: readonly ZeroVarianceRule[] = ['keep', 'exclude'];

/** Throws a bad_input error naming `label` unless `rule` is a ZeroVarianceRule. */
export const checkZeroVarianceRule: OneOf<ZeroVarianceRule> = oneOf(
  ZERO_VARIANCE_RULES,
  'EstimatorOptions.zeroVariance',
);

/** The scalar rewards of the group are all equal: no within-group difference for GRPO, Dr.GRPO and GiGPO's episode advantage. */
export function scalarRewardsEqual(g: Group): boolean {
  return isZeroVariance(g.samples.map((s) => s.reward));
}

/**
 * The groups an estimator normalises under `o.zeroVariance`: all of them (keep) or those with reward variance
 * (exclude). Every estimator starts here, so the readings are checked here too (library callers pass strings).
 */
export function groupsToEstimate(
  groups: readonly Group[],
  o: Pick<EstimatorOptions, 'zeroVariance' | 'std'>,
  zeroVariance: (g: Group) => boolean,
): readonly Group[] {
  checkZeroVarianceRule(o.zeroVariance);
  checkStdKind(o.std);
  return o.zeroVariance === 'exclude' ? groups.filter((g) => !zeroVariance(g)) : groups;
}
