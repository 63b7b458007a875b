import { argKinds } from '../../services/catalog.js';
import { argsOf, callEvidence, pickWhich, toolNames } from '../evidence.js';
import { matchValue } from '../match.js';
import type { CheckEvaluator } from '../types.js';

export const toolArg: CheckEvaluator<'tool_arg'> = {
  evaluate(check, ctx) {
    const tools = toolNames(check.tool);
    const calls = pickWhich(
      ctx.okCalls.filter((c) => tools.includes(c.tool)),
      check.which,
    );
    const valueOf = (c: (typeof calls)[number]) => argsOf(c)[check.arg];
    // accepted values compare canonically by the argument's kind (an id, an address, an account…)
    const kindOf = (c: (typeof calls)[number]) => argKinds(c.tool)[check.arg];
    const patternOk = (c: (typeof calls)[number]) =>
      !!check.pattern && matchValue({ regex: check.pattern }, valueOf(c), kindOf(c));
    if (check.mode === 'all' && check.accept) {
      const seen = check.accept.filter((a) => calls.some((c) => matchValue(a, valueOf(c), kindOf(c))));
      const hits = calls.filter((c) => check.accept?.some((a) => matchValue(a, valueOf(c), kindOf(c))));
      const stray = check.which === 'all' ? calls.length - hits.length : 0;
      return {
        score: stray > 0 ? 0 : seen.length / check.accept.length,
        measure: seen.length,
        evidence: [
          {
            arg: check.arg,
            seen,
            missing: check.accept.filter((a) => !seen.includes(a)),
            ...(check.which ? { which: check.which, stray } : {}),
          },
          ...callEvidence(hits),
        ],
      };
    }
    const hits = calls.filter(
      (c) => (check.accept?.some((a) => matchValue(a, valueOf(c), kindOf(c))) ?? false) || patternOk(c),
    );
    // which: all — every call of the tool must pass an accepted value
    const ok = check.which === 'all' ? hits.length > 0 && hits.length === calls.length : hits.length > 0;
    return {
      score: ok ? 1 : 0,
      measure: hits.length,
      evidence: [
        {
          arg: check.arg,
          calls_of_tool: calls.length,
          values_seen: calls.slice(0, 5).map(valueOf),
          ...(check.which ? { which: check.which } : {}),
        },
        ...callEvidence(hits),
      ],
    };
  },
  satisfy(check, b) {
    const tool = typeof check.tool === 'string' ? check.tool : (check.tool[0] as string);
    const values =
      check.mode === 'all' && check.accept ? check.accept : [check.accept?.[0] ?? b.example(check.pattern ?? '.+')];
    for (const v of values) b.call(tool, { [check.arg]: v });
  },
  requiredTools: (check) => (typeof check.tool === 'string' ? [check.tool] : []),
};
