import type { Atom } from '../rules/rule.js';
import type { PolicyAct } from './policy-act.js';
import { ACTS } from './policy-acts.js';
import { narrowingOf, unsaidAtom } from './purpose-scope.js';

// An "either … or …" branch is a reason of its own for the work: a record meeting it alone is one the section's
// motive is for. A state or flag that is another section's reason on the record type ("not chased yet" is the
// chase's), with none this work gives, is not: beside a hold for capacity it puts a referral made yesterday on
// hold. Such a branch is not drawn (rules/draw.ts `alternative`).

/** Whether a branch serves the motive of the work `act` is on record type `source`. */
export const alternativeOf =
  (act: PolicyAct | undefined, source: string) =>
  (a: Atom): boolean => {
    if (!act || (a.kind !== 'flag' && a.kind !== 'in' && a.kind !== 'not_in')) return true;
    if (!unsaidAtom(a, act, source)) return true;
    const others = (ACTS[source] ?? []).filter((o) => !o.sections.includes(act.sections[0] as string));
    return !others.some((o) => a.field in (o.lean ?? {}) && narrowingOf(a, o.lean ?? {}) === undefined);
  };
