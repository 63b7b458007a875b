import type { Diagnostic } from '../schema/diagnostics.js';

/**
 * The two weights of a gate finding. Structural (schema, catalog, fixtures, weights, conflicts, consistency,
 * reference execution, user replay): the task cannot run as written, so every command refuses it.
 * Release quality (leaks, unfounded or contradicted values, untraced checks, free credit, prohibitions as
 * weighted checks, past actions, mutants that survive, probes that pass, the model's meaning checks): the task
 * runs, but it is not fit to train or score on — `validate` and `synth` reject it, `run`, `serve`, `mcp`,
 * `grade` and `import` warn and go on, so a benchmark task can be run and looked at.
 */
export type FindingWeight = 'structural' | 'quality';

// steps whose every finding is about quality: 6 leakage/meaning of the request, 9 mutation, 11 probes (and the
// model steps after them)
const QUALITY_STEPS = new Set([6, 9, 11]);
// quality findings of otherwise structural steps
const QUALITY_CODES = new Set([
  'matcher_permissive',
  'accept_distractor',
  'prohibition_weighted',
  'action_in_past',
  'free_credit',
]);

export function findingWeight(step: number, d: Pick<Diagnostic, 'code'>): FindingWeight {
  return step > 11 || QUALITY_STEPS.has(step) || QUALITY_CODES.has(d.code) ? 'quality' : 'structural';
}

const QUALITY_NOTE = '(a release-quality finding: validate and synth reject the task; this command runs it)';

/** A quality error as the warning `run`, `serve`, `mcp`, `grade` and `import` print before going on. */
export function asWarning(d: Diagnostic): Diagnostic {
  return {
    ...d,
    severity: 'warning',
    message: `${d.message} ${QUALITY_NOTE}`,
  };
}

/** A release-quality error that `asWarning` let through as a warning (what the running commands print). */
export function isQualityWarning(d: Diagnostic): boolean {
  return d.severity === 'warning' && d.message.endsWith(QUALITY_NOTE);
}
