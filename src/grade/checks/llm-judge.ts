import { judgeMaterial } from '../judge-material.js';
import type { CheckEvaluator } from '../types.js';

export const llmJudge: CheckEvaluator<'llm_judge'> = {
  async evaluate(check, ctx) {
    if (!ctx.judge) return { score: null, status: 'unavailable', reason: 'no judge configured', evidence: [] };
    try {
      const v = await ctx.judge.judge({
        task_id: ctx.spec.id,
        item_id: check.id,
        rubric: check.rubric,
        over: check.over,
        request: ctx.spec.request,
        material: judgeMaterial(check.over, ctx, check.files),
      });
      return { score: v.score, evidence: [{ judge: ctx.judge.name, reasoning: v.reasoning }] };
    } catch (e) {
      return {
        score: null,
        status: 'error',
        reason: e instanceof Error ? e.message : String(e),
        evidence: [{ judge: ctx.judge.name }],
      };
    }
  },
  satisfy() {},
};
