import { resolveTool } from '../../services/registry.js';
import type { CheckOf } from '../../schema/check-kinds.js';
import type { TrajectoryEvent } from '../../schema/trajectory.js';
import type { CheckEvaluator } from '../types.js';

const QUESTION = /[?？]/;

// the first message to the user before any mutating call that is on the check's topics (any question without
// topics); with `absent`, only a question counts: "I'll save it to reports/q3.md" is no question about the path
function firstAsk(
  check: CheckOf<'asked_user'>,
  events: readonly TrajectoryEvent[],
): { asked?: string; mutation?: { tool: string; call_id: string } } {
  const topics = check.topics?.map((t) => t.toLowerCase());
  for (const e of events) {
    if (e.type === 'tool' && resolveTool(e.name)?.tool.mutates)
      return { mutation: { tool: e.name, call_id: e.call_id } };
    if (e.type !== 'assistant' || e.tool_calls.length > 0 || !e.text) continue;
    const text = e.text.toLowerCase();
    if (check.absent && !QUESTION.test(text)) continue;
    const onTopic = topics ? topics.some((t) => text.includes(t)) : QUESTION.test(text);
    if (onTopic) return { asked: e.text.slice(0, 300) };
  }
  return {};
}

export const askedUser: CheckEvaluator<'asked_user'> = {
  evaluate(check, ctx) {
    const { asked, mutation } = firstAsk(check, ctx.events);
    const evidence = asked
      ? { asked: true, question: asked }
      : { asked: false, ...(mutation ? { first_mutation: mutation } : {}) };
    return { score: (asked !== undefined) === !check.absent ? 1 : 0, evidence: [evidence] };
  },
  satisfy(check, b) {
    // a question the request settles is satisfied by not asking it
    if (!check.absent) b.ask(`Before I act: could you confirm ${check.topics?.[0] ?? 'the details'}?`);
  },
};
