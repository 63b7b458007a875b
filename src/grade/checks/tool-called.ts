import { argsOf, callEvidence, canonicalTool, ratio } from '../evidence.js';
import { matchWhere } from '../match.js';
import type { CheckEvaluator } from '../types.js';
import { exampleWhere } from './examples.js';

export const toolCalled: CheckEvaluator<'tool_called'> = {
  evaluate(check, ctx) {
    const tool = canonicalTool(check.tool);
    const calls = ctx.okCalls.filter((c) => c.tool === tool && matchWhere(check.args, argsOf(c)));
    const n = calls.length;
    const tooMany = check.max_calls !== undefined && n > check.max_calls;
    return {
      score: tooMany ? 0 : ratio(n, check.min_calls),
      evidence: [{ successful_calls: n, min_calls: check.min_calls, max_calls: check.max_calls ?? null }, ...callEvidence(calls)],
    };
  },
  satisfy(check, b) {
    for (let i = 0; i < check.min_calls; i++) b.call(check.tool, exampleWhere(check.args, b));
  },
  requiredTools: (check) => [check.tool],
};
