import type { Check } from '../../kit/checks.js';
import type { RenderedRequest } from '../render.js';

// phase 7, traces: every check names the clause that demands it — the request's selection for the reads, its
// action for the per-record outcomes (and for no such work on a record left out: "for each one" of those), its
// deliverable for the summary checks, its question for the answer, the user's own words for what the user's change
// adds, the policy section's cap on the batch's total for the route it decides (figure-route.ts), the policy's pointer
// to the office's closure list for the read of that list (closure-doc.ts). The gate finds each
// clause where it says.

/** Phase 7: the checks with their traces. */
export function traced(
  checks: readonly Check[],
  request: RenderedRequest,
  late?: { slot: number; says: string },
  cap?: { doc: string; clause: string },
  closures?: { doc: string; clause: string },
): Check[] {
  const c = request.clauses;
  return checks.map((check) => {
    const id = check.id;
    if (cap && id.startsWith('route_')) return { ...check, trace: { in: 'policy', doc: cap.doc, clause: cap.clause } };
    // the closure list is read because the policy's Definitions point to it (closure-doc.ts)
    if (closures && id === 'closures_read')
      return { ...check, trace: { in: 'policy', doc: closures.doc, clause: closures.clause } };
    // the record the user changed: what the user said is why it is handled
    if (
      late &&
      (id === `acted_${late.slot}` || id.startsWith(`acted_${late.slot}_`) || id.startsWith(`set_${late.slot}_`))
    )
      return { ...check, trace: { in: 'user', clause: late.says } };
    const clause =
      id === 'reported'
        ? c.question
        : id === 'asked'
          ? c.ask
          : id === 'unasked'
            ? c.aggregate
            : id === 'summary_figure'
              ? (c.figure ?? c.aggregate)
              : id.startsWith('summary_')
                ? c.aggregate
                : /^(?:acted_|set_|slot_|fluency|left_out_)/.test(id)
                  ? c.action
                  : c.select;
    if (!clause) throw new Error(`compose: no clause of the request demands check ${id}`);
    return { ...check, trace: { in: 'request', clause } };
  });
}
