import { argKinds } from '../../services/catalog.js';
import { argsOf, callEvidence, pickWhich, ratio, toolNames } from '../evidence.js';
import { matchWhere } from '../match.js';
import type { CheckEvaluator } from '../types.js';
import { exampleWhere } from './examples.js';

export const toolCalled: CheckEvaluator<'tool_called'> = {
  evaluate(check, ctx) {
    const tools = toolNames(check.tool);
    const candidates = pickWhich(
      ctx.okCalls.filter((c) => tools.includes(c.tool)),
      check.which,
    );
    const calls = candidates.filter((c) => matchWhere(check.args, argsOf(c), argKinds(c.tool), ctx.matchEnv));
    const n = calls.length;
    const tooMany = check.max_calls !== undefined && n > check.max_calls;
    // which: all — a call of the tool whose arguments do not match voids the check
    const stray = check.which === 'all' ? candidates.length - n : 0;
    const summary: Record<string, unknown> = {
      successful_calls: n,
      min_calls: check.min_calls,
      max_calls: check.max_calls ?? null,
    };
    if (check.which) Object.assign(summary, { which: check.which, candidates: candidates.length });
    return {
      score: tooMany || stray > 0 ? 0 : ratio(n, check.min_calls),
      measure: n,
      evidence: [summary, ...callEvidence(stray > 0 ? candidates : calls)],
    };
  },
  satisfy(check, b) {
    const tool = typeof check.tool === 'string' ? check.tool : (check.tool[0] as string);
    for (let i = 0; i < check.min_calls; i++) b.call(tool, exampleWhere(check.args, b));
  },
  // a list of alternatives requires none of them in particular
  requiredTools: (check) => (typeof check.tool === 'string' ? [check.tool] : []),
};
