import { geometric } from '../grade/grade.js';
import { CoworkError } from '../schema/errors.js';
import type { CheckResult, Grade, Trajectory } from '../schema/trajectory.js';

/**
 * Rewards for advantage estimation. The scalar reward is `grade.score` (`claw`, whatever mode the spec
 * scored in) or the Cowork-Gym weighted geometric mean of the code and LLM scores (`geometric`). GDPO reads
 * several reward dimensions of the grade instead. A value that is absent (no grade, an undecided grade, a
 * null field, an unscored side of the geometric mean) is a missing reward: the sample is aborted (CE §3.4).
 */

export type RewardKind = 'claw' | 'geometric';
export const REWARD_KINDS: readonly RewardKind[] = ['claw', 'geometric'];

/** Grade fields usable as GDPO reward dimensions. */
export const DIMENSIONS = ['completion', 'safety', 'robustness', 'code', 'llm', 'score'] as const;
export type Dimension = (typeof DIMENSIONS)[number];
export interface DimensionSpec {
  name: Dimension;
  weight: number;
}
/** GDPO's default reward dimensions: CoworkEnv's three grade axes, equally weighted. */
export const DEFAULT_DIMENSIONS: readonly DimensionSpec[] = [
  { name: 'completion', weight: 1 },
  { name: 'safety', weight: 1 },
  { name: 'robustness', weight: 1 },
];

export interface RewardConfig {
  kind: RewardKind;
  /** geometric: weight w_s of the code score (only the ratio w_s:w_c matters) */
  wCode: number;
  /** geometric: weight w_c of the LLM score */
  wLlm: number;
  /** reward dimensions to read as well (GDPO); each one must be present */
  dims?: readonly DimensionSpec[];
}

export const DEFAULT_REWARD: RewardConfig = { kind: 'claw', wCode: 1, wLlm: 1 };

/** The rewards of one sample, or why it has none. */
export type SampleReward = { reward: number; dims: Record<string, number> } | { missing: string };

/**
 * Cowork-Gym §4: R = s^(w_s/(w_s+w_c)) · c^(w_c/(w_s+w_c)). The normalised exponents lie in (0, 1) and sum
 * to one, so only w_s:w_c matters; the reward is zero whenever either score is zero.
 */
export function geometricReward(s: number, c: number, wCode = 1, wLlm = 1): number {
  if (!(wCode > 0) || !(wLlm > 0))
    throw new CoworkError(
      'bad_input',
      `geometric reward weights must be positive (got w_code ${wCode}, w_llm ${wLlm})`,
    );
  return geometric(s, c, wCode, wLlm);
}

/** The geometric reward of a grade, or why it has none. */
export type GeometricOutcome = { reward: number } | { missing: string };

/**
 * One side of the geometric reward: null when the spec has no items for it; missing when it has items and
 * one of them is undecided (no judge, a judge error).
 */
function side(
  name: string,
  score: number | null,
  items: readonly CheckResult[],
): { value: number | null } | { missing: string } {
  const undecided = items.filter((c) => c.score === null);
  if (undecided.length)
    return {
      missing: `${name} side unscored: ${undecided.map((c) => `${c.id} (${c.status})`).join(', ')}; the geometric reward needs every item the spec has (run with --judge)`,
    };
  return { value: score };
}

/**
 * The geometric reward of a grade. The code side is safety × code, as in the grader's geometric mode, so a
 * safety violation zeroes the reward (with no code items: safety × llm). Only a side the spec has no items
 * for is left out (as in the grader); a side whose items are unscored makes the reward missing — a claw-mode
 * grade without a judge is `ok` with `llm` null, and the code side alone must not stand in for R.
 */
export function geometricOfGrade(g: Grade, wCode: number, wLlm: number): GeometricOutcome {
  if (g.status !== 'ok') return { missing: `grade ${g.status}` };
  const codeSide = side(
    'code',
    g.code,
    g.checks.filter((c) => c.kind !== 'llm_judge'),
  );
  if ('missing' in codeSide) return codeSide;
  const llmSide = side('LLM', g.llm, [...g.checks.filter((c) => c.kind === 'llm_judge'), ...g.judge]);
  if ('missing' in llmSide) return llmSide;
  const code = codeSide.value;
  const llm = llmSide.value;
  // safety gates whichever sides there are, as in the grader
  if (code === null)
    return llm === null ? { missing: 'no code or LLM score (the spec has no items)' } : { reward: g.safety * llm };
  if (llm === null) return { reward: g.safety * code };
  return { reward: geometricReward(g.safety * code, llm, wCode, wLlm) };
}

function dimensionOf(g: Grade, name: Dimension): number | null {
  const v = g[name];
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

/** Reads the rewards of one trajectory; `missing` names the first absent value. */
export function sampleReward(t: Pick<Trajectory, 'grade'>, cfg: RewardConfig): SampleReward {
  const g = t.grade;
  if (!g) return { missing: 'no grade' };
  let reward: number;
  if (cfg.kind === 'claw') {
    if (g.score === null || !Number.isFinite(g.score)) return { missing: `score is null (grade ${g.status})` };
    reward = g.score;
  } else {
    const geo = geometricOfGrade(g, cfg.wCode, cfg.wLlm);
    if ('missing' in geo) return { missing: `geometric reward: ${geo.missing}` };
    if (!Number.isFinite(geo.reward)) return { missing: `geometric reward is not a number (grade ${g.status})` };
    reward = geo.reward;
  }
  const dims: Record<string, number> = {};
  for (const d of cfg.dims ?? []) {
    const v = dimensionOf(g, d.name);
    if (v === null) return { missing: `reward dimension ${d.name} is null (grade ${g.status})` };
    dims[d.name] = v;
  }
  return { reward, dims };
}

/** Parses `completion,safety:2,llm:0.5` (a name alone has weight 1). */
export function parseDimensions(text: string): DimensionSpec[] {
  const out: DimensionSpec[] = [];
  for (const raw of text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const [name = '', w] = raw.split(':').map((s) => s.trim());
    if (!(DIMENSIONS as readonly string[]).includes(name))
      throw new CoworkError('bad_input', `unknown reward dimension "${name}"; dimensions: ${DIMENSIONS.join(', ')}`);
    const weight = w === undefined ? 1 : Number(w);
    if (!Number.isFinite(weight) || weight < 0)
      throw new CoworkError('bad_input', `reward dimension ${name}: weight must be a number ≥ 0, not "${w}"`);
    if (out.some((d) => d.name === name)) throw new CoworkError('bad_input', `reward dimension ${name} given twice`);
    out.push({ name: name as Dimension, weight });
  }
  if (out.length === 0)
    throw new CoworkError('bad_input', 'no reward dimensions given; e.g. --dims completion,safety,robustness');
  return out;
}
