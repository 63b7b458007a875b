import { argsOf, callEvidence, canonicalTool } from '../evidence.js';
import { matchValue } from '../match.js';
import type { CheckEvaluator } from '../types.js';

export const toolArg: CheckEvaluator<'tool_arg'> = {
  evaluate(check, ctx) {
    const tool = canonicalTool(check.tool);
    const calls = ctx.okCalls.filter((c) => c.tool === tool);
    const valueOf = (c: (typeof calls)[number]) => argsOf(c)[check.arg];
    const patternOk = (v: unknown) => !!check.pattern && matchValue({ regex: check.pattern }, v);
    if (check.mode === 'all' && check.accept) {
      const seen = check.accept.filter((a) => calls.some((c) => matchValue(a, valueOf(c))));
      const hits = calls.filter((c) => check.accept?.some((a) => matchValue(a, valueOf(c))));
      return {
        score: seen.length / check.accept.length,
        evidence: [{ arg: check.arg, seen, missing: check.accept.filter((a) => !seen.includes(a)) }, ...callEvidence(hits)],
      };
    }
    const hits = calls.filter((c) => {
      const v = valueOf(c);
      return (check.accept?.some((a) => matchValue(a, v)) ?? false) || patternOk(v);
    });
    return {
      score: hits.length > 0 ? 1 : 0,
      evidence: [{ arg: check.arg, calls_of_tool: calls.length, values_seen: calls.slice(0, 5).map(valueOf) }, ...callEvidence(hits)],
    };
  },
  satisfy(check, b) {
    const values = check.mode === 'all' && check.accept ? check.accept : [check.accept?.[0] ?? b.example(check.pattern ?? '.+')];
    for (const v of values) b.call(check.tool, { [check.arg]: v });
  },
  requiredTools: (check) => [check.tool],
};
