import type { FieldModel, Nouns } from '../rules/fields.js';
import type { Atom, Rule } from '../rules/rule.js';
import { aOrAn } from '../kit/text.js';
import type { PolicyAct, SharedWindow } from './policy-act.js';

// One definition per policy: where two sections speak of the same window ("while it is inside the claim window",
// "receipts outside the claim window need sign-off"), both count it in the same days, so no record is neither inside
// nor outside it. Each section's rule is drawn on its own (policy-doc.ts), so a section drawn after one that already
// counts the window takes that one's boundary: the same days on the same side, the day after it on the other.

// a plain window counted in calendar days on the shared field (a working-day count is its own definition)
const windowAtom = (r: Rule, field: string) =>
  [...r.all, ...(r.any ?? [])].find(
    (a): a is Extract<Atom, { kind: 'older' | 'recent' }> =>
      a.field === field && (a.kind === 'recent' || (a.kind === 'older' && !a.workdays)),
  );

/** The days the window spans, as the first shown section that counts it says: today and the `days` before. */
export function windowDays(
  w: SharedWindow,
  shown: readonly (readonly [Rule, PolicyAct | undefined])[],
): number | undefined {
  for (const [r, a] of shown) {
    if (a?.window?.name !== w.name) continue;
    const x = windowAtom(r, w.field);
    if (x) return x.kind === 'recent' ? x.days : x.days - 1;
  }
  return undefined;
}

/** `r` (drawn for `act`) counting the window the way the shown sections already define it. */
export function onSharedWindow(
  r: Rule,
  act: PolicyAct,
  shown: readonly (readonly [Rule, PolicyAct | undefined])[],
): Rule {
  const w = act.window;
  const days = w && windowDays(w, shown);
  const mine = w && windowAtom(r, w.field);
  if (!w || days === undefined || !mine) return r;
  const fixed: Atom = mine.kind === 'recent' ? { ...mine, days } : { kind: 'older', field: mine.field, days: days + 1 };
  const swap = (a: Atom): Atom => (a === mine ? fixed : a);
  return { ...r, all: r.all.map(swap), ...(r.any ? { any: r.any.map(swap) } : {}) };
}

/** The Definitions line for each window the shown sections share ("The claim window is today and the 21 days before"). */
export function windowDefinitions(
  shown: readonly (readonly [Rule, PolicyAct | undefined])[],
  models: readonly FieldModel[],
  n: Nouns,
): string[] {
  const seen = new Map<string, SharedWindow>();
  for (const [, a] of shown) if (a?.window) seen.set(a.window.name, a.window);
  return [...seen.values()].flatMap((w) => {
    const days = windowDays(w, shown);
    const m = models.find((x) => x.field === w.field);
    if (days === undefined || !m) return [];
    const verb = m.kind === 'date' && m.verb ? m.verb : 'dated';
    return [
      `- The ${w.name} is today and the ${days} days before it; ${aOrAn(n.singular)} ${n.singular} ${verb} earlier is outside it.`,
    ];
  });
}
