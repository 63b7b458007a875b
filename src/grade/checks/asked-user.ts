import { resolveTool } from '../../services/registry.js';
import type { CheckEvaluator } from '../types.js';

const QUESTION = /[?？]/;

export const askedUser: CheckEvaluator<'asked_user'> = {
  evaluate(check, ctx) {
    const topics = check.topics?.map((t) => t.toLowerCase());
    for (const e of ctx.events) {
      if (e.type === 'tool' && resolveTool(e.name)?.tool.mutates) {
        return { score: 0, evidence: [{ asked: false, first_mutation: { tool: e.name, call_id: e.call_id } }] };
      }
      if (e.type !== 'assistant' || e.tool_calls.length > 0 || !e.text) continue;
      const text = e.text.toLowerCase();
      const onTopic = topics ? topics.some((t) => text.includes(t)) : QUESTION.test(text);
      if (onTopic) return { score: 1, evidence: [{ asked: true, question: e.text.slice(0, 300) }] };
    }
    return { score: 0, evidence: [{ asked: false }] };
  },
  satisfy(check, b) {
    b.ask(`Before I act: could you confirm ${check.topics?.[0] ?? 'the details'}?`);
  },
};
