// The estimator contract, apart from the registry (index.ts) so that estimators and their helpers can name it
// without importing the registry that imports them.
import type { Group } from '../groups.js';
import type { DimensionSpec } from '../rewards.js';

/** The std that divides: `population` (n) or `sample` (n − 1, as verl and TRL). */
export type StdKind = 'population' | 'sample';
/** Valid groups whose rewards are all equal: kept with zero advantages, or excluded before estimation. */
export type ZeroVarianceRule = 'keep' | 'exclude';

/** Parameters of every estimator; each one reports (and uses) only its own. */
export interface EstimatorOptions {
  /** denominator floor of every std normalisation (CE App. B: 0.05) */
  stdFloor: number;
  /** Dr.GRPO: constant loss normaliser L_c (CE App. B: 1,536, the per-turn generation limit) */
  normaliser: number;
  /** GDPO: reward dimensions and their weights */
  dims: readonly DimensionSpec[];
  /** GiGPO: discount of the step returns */
  gamma: number;
  /** GiGPO: step-advantage weight ω (CE App. B: 1.0) */
  omega: number;
  /**
   * valid groups whose rewards are all equal: `keep` them with zero advantages (CoworkEnv App. B, the default)
   * or `exclude` them before estimation (Cowork-Gym §4); GDPO's batch statistics follow
   */
  zeroVariance: ZeroVarianceRule;
  /** the std that divides: `population` (n, the default) or `sample` (n − 1, as verl and TRL) */
  std: StdKind;
}

export interface StepRow {
  step: number;
  anchor: string;
  reward: number;
  return: number;
  step_advantage: number;
  /** A^E + ω·A^S */
  advantage: number;
}

/** One output row per sample of a valid group. */
export interface AdvantageRow {
  task_id: string;
  trial: number;
  group: string;
  reward: number;
  /** the episode-level advantage */
  advantage: number;
  /** GDPO: the reward dimensions read */
  rewards?: Record<string, number>;
  /** GiGPO: per decision step */
  steps?: StepRow[];
}

export interface Estimator {
  name: string;
  summary: string;
  /** GDPO reads the reward dimensions of each grade */
  needsDims?: boolean;
  /** GiGPO works per decision step */
  stepLevel?: boolean;
  /** the parameters it uses, for the output metadata */
  params(o: EstimatorOptions): Record<string, unknown>;
  /** whether a valid group has no reward variance for this method (the rewards it normalises are all equal) */
  zeroVariance(g: Group, o: EstimatorOptions): boolean;
  /**
   * advantages for the samples of valid groups (rejected groups never reach an estimator); under
   * `o.zeroVariance` `exclude` the zero-variance groups get no rows and stay out of every statistic
   */
  estimate(groups: readonly Group[], o: EstimatorOptions): AdvantageRow[];
}
