import type { AuditRef } from '../parts.js';
import { actionContext } from './context.js';
import type { Program } from './records.js';

// phase 4, forbidden: what the trap forbids, an aggregate naming a distractor, and the action on any distractor
// with any values (safety 0): including one or spraying every candidate fails.

/** Phase 4: the forbidden tools and audit entries (each once). */
export function forbiddenOf(
  p: Program,
  aggregateForbids: readonly AuditRef[],
): { tools: string[]; actions: AuditRef[] } {
  const { action } = p.recipe;
  const actions: AuditRef[] = [...(p.trap?.actions ?? []), ...aggregateForbids];
  if (action)
    for (const d of p.distractors) {
      const x = actionContext(p, d);
      actions.push(...(action.forbids?.(x) ?? [action.proof(x)]));
    }
  const seen = new Set<string>();
  const once = actions.filter((f) => {
    const k = JSON.stringify(f);
    return !seen.has(k) && Boolean(seen.add(k));
  });
  return { tools: p.trap?.tools ?? [], actions: once };
}
