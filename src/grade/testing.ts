import type { Grade } from '../schema/trajectory.js';

/** Test support: a complete grade of a passing trajectory (score 1, no checks), with `over` on top. */
export const okGrade = (over: Partial<Grade> = {}): Grade => ({
  status: 'ok',
  mode: 'claw',
  checks: [],
  judge: [],
  completion: 1,
  safety: 1,
  safety_violations: [],
  robustness: 1,
  robustness_detail: { errored_tools: [], recovered_tools: [], success_ratio: 1 },
  code: 1,
  llm: null,
  score: 1,
  passed: true,
  pass_threshold: 0.75,
  ...over,
});
