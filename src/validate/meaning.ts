import type { Judge } from '../grade/types.js';
import { isError } from '../schema/diagnostics.js';
import type { TaskSpec } from '../schema/task-spec.js';
import type { Reviewer } from './reviewer.js';
import { checkSolvable, type SolverOptions } from './solver.js';
import type { StepResult } from './types.js';

/** The optional model steps (`--reviewer`, `--solver`): they follow the deterministic gate when it passes. */
export const MODEL_STEPS = [
  {
    name: 'review',
    about:
      'with --reviewer: an Issue Detector model reads request, fixtures, checks and user plan for under-specification, contradictions, leaks and unrealistic states',
  },
  {
    name: 'solve',
    about:
      'with --solver: an LLM agent solves the task from the request alone (--attempts k); no attempt passing rejects it',
  },
] as const;

/** The codes of a model that could not answer: the task is unchecked (validate exits 4), not known to be wrong. */
export const MODEL_FAILURE_CODES: readonly string[] = ['review_failed', 'solver_failed'];

export interface MeaningOptions {
  reviewer?: Reviewer;
  solver?: Omit<SolverOptions, 'judge'>;
}

/**
 * Runs the model steps after `last` (the number of the gate's final deterministic step), appending their
 * results to `steps`; each runs only while every earlier step passed (a model call is the costliest check).
 */
export async function runMeaningSteps(
  spec: TaskSpec,
  opts: MeaningOptions,
  steps: StepResult[],
  last: number,
  judge?: Judge,
): Promise<void> {
  if (opts.reviewer && steps.every((s) => s.ok)) {
    const diagnostics = await opts.reviewer.review(spec);
    steps.push({ step: last + 1, name: 'review', ok: !diagnostics.some(isError), diagnostics });
  }
  if (opts.solver && steps.every((s) => s.ok)) {
    const r = await checkSolvable(spec, { ...opts.solver, ...(judge ? { judge } : {}) });
    steps.push({
      step: last + 2,
      name: 'solve',
      ok: !r.diagnostics.some(isError),
      diagnostics: r.diagnostics,
      stats: r.stats,
    });
  }
}
