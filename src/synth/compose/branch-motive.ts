import type { Atom } from '../rules/rule.js';
import type { PolicyAct } from './policy-act.js';
import { unsaidAtom } from './purpose-scope.js';

// An "either … or …" branch is a reason of its own for the work: a record meeting it alone is one the section's
// motive is for. A wait or an amount is such a reason for any work on the record type (the longer or larger, the
// sooner); a state or a flag is one only where this work gives it a reason. "Not chased yet" is the chase's
// worry, not a capacity hold's: beside "made 21 days ago" it puts a routine referral made yesterday on hold. Such a
// branch is not drawn (rules/draw.ts `alternative`).

/** Whether a branch serves the motive of the work `act` is. */
export const alternativeOf =
  (act: PolicyAct | undefined, source: string) =>
  (a: Atom): boolean =>
    !act || (a.kind !== 'flag' && a.kind !== 'in' && a.kind !== 'not_in') || !unsaidAtom(a, act, source);
