import type { AuditRef } from '../parts.js';
import { actionContext, actionFor, workOnRecord } from './context.js';
import { routeForbids } from './figure-route.js';
import type { Program } from './records.js';

// phase 4, forbidden: what the trap forbids, an aggregate naming a distractor, and the action on any distractor
// with any values (safety 0): including one or spraying every candidate fails.

/** Phase 4: the forbidden tools and audit entries (each once). */
export function forbiddenOf(
  p: Program,
  aggregateForbids: readonly AuditRef[],
): { tools: string[]; actions: AuditRef[] } {
  const { action, branch } = p.recipe;
  // the route the section's cap on the batch's total rules out (figure-route.ts)
  const actions: AuditRef[] = [...(p.trap?.actions ?? []), ...aggregateForbids, ...routeForbids(p)];
  const forbid = (a: NonNullable<typeof action>, rec: (typeof p.distractors)[number]) => {
    const x = actionContext(p, rec);
    actions.push(...(a.forbids?.(x) ?? [a.proof(x)]));
  };
  // a record outside the selection gets neither action
  for (const d of p.distractors) for (const a of [action, branch]) if (a) forbid(a, d);
  // a selected record does not get the other branch's action (its own audit entry, to its own recipient where the
  // action has one: a summary mail to someone else may still name it, in its subject too)
  if (action && branch && p.branch)
    for (const rec of p.selected) {
      const other = actionFor(p, rec) === branch ? action : branch;
      actions.push(workOnRecord(p, other, rec));
    }
  const seen = new Set<string>();
  const once = actions.filter((f) => {
    const k = JSON.stringify(f);
    return !seen.has(k) && Boolean(seen.add(k));
  });
  return { tools: p.trap?.tools ?? [], actions: once };
}
