import { askJudge } from '../judge-material.js';
import type { CheckEvaluator } from '../types.js';

export const llmJudge: CheckEvaluator<'llm_judge'> = {
  evaluate: (check, ctx) => askJudge(check, ctx),
  satisfy() {},
};
