import { regexOf } from '../grade/match.js';
import type { TaskSpec } from '../schema/task-spec.js';
import { answerChecks, type Variant } from './answer-probes.js';

/**
 * The hedge probe's variant (issue 27): the reference's final answer with every wrong figure the task sets up
 * (provenance.wrong_figures: without the exception, before the user's change, under the superseded rule, over
 * every candidate, another group's count) beside the right one — "2 (or 3, or 5, depending on how they are
 * counted)". A reply that has not decided which figure is right must not pass.
 */
export function hedged(spec: TaskSpec): Variant[] {
  const wrong = spec.provenance?.wrong_figures;
  const ref = spec.reference;
  const last = ref.findLastIndex((s) => 'say' in s);
  const say = last >= 0 ? (ref[last] as { say: string }).say : undefined;
  if (!wrong?.length || !say) return [];
  for (const c of answerChecks(spec)) {
    if (c.kind !== 'response_matches') continue;
    for (const item of c.any ?? c.all ?? []) {
      const m = regexOf(item)?.exec(say);
      if (!m?.[0]) continue;
      const end = m.index + m[0].length;
      const text = `${say.slice(0, end)} (or ${wrong.join(', or ')}, depending on how they are counted)${say.slice(end)}`;
      return [
        {
          steps: ref.map((s, j) => (j === last ? { ...(s as { say: string }), say: text } : s)),
          detail: `the figure ${m[0].trim()} hedged with ${wrong.join(', ')}`,
        },
      ];
    }
  }
  return [];
}
