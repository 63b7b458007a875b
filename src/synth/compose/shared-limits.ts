import type { FieldModel, Nouns } from '../rules/fields.js';
import type { Atom, Rule } from '../rules/rule.js';
import { aOrAn } from '../kit/text.js';
import type { PolicyAct, SharedLimit } from './policy-act.js';

// One agreed count per policy: where two sections speak of the same limit ("held when past its agreed rounds of
// revisions", "past the agreed rounds, it goes back to the requester's manager"), both count it from the same
// number, so the document never agrees two rounds in one section and three in the next. Each section's rule is
// drawn on its own (policy-doc.ts), so a section drawn after one that already counts the limit takes its number.

type Shown = readonly (readonly [Rule, PolicyAct | undefined])[];

const limitAtom = (r: Rule, field: string) =>
  [...r.all, ...(r.any ?? [])].find(
    (a): a is Extract<Atom, { kind: 'at_least' }> => a.field === field && a.kind === 'at_least' && !a.per,
  );

/** The count from which a record is past the limit, as the first shown section that counts it says. */
export function limitFrom(l: SharedLimit, shown: Shown): number | undefined {
  for (const [r, a] of shown) {
    if (a?.limit?.name !== l.name) continue;
    const x = limitAtom(r, l.field);
    if (x) return x.value;
  }
  return undefined;
}

/** `r` (drawn for `act`) counting the limit from where the shown sections already count it. */
export function onSharedLimit(r: Rule, act: PolicyAct, shown: Shown): Rule {
  const l = act.limit;
  const from = l && limitFrom(l, shown);
  const mine = l && limitAtom(r, l.field);
  if (!l || from === undefined || !mine || mine.value === from) return r;
  const swap = (a: Atom): Atom => (a === mine ? { ...mine, value: from } : a);
  return { ...r, all: r.all.map(swap), ...(r.any ? { any: r.any.map(swap) } : {}) };
}

/** The Definitions line for each limit the shown sections share ("Every design request comes with 2 agreed rounds …"). */
export function limitDefinitions(shown: Shown, models: readonly FieldModel[], n: Nouns): string[] {
  const seen = new Map<string, SharedLimit>();
  for (const [, a] of shown) if (a?.limit) seen.set(a.limit.name, a.limit);
  return [...seen.values()].flatMap((l) => {
    const from = limitFrom(l, shown);
    const m = models.find((x) => x.field === l.field);
    // (past a limit of none is no agreement at all: the acts' bounds start it at one)
    if (from === undefined || from < 2 || !m) return [];
    const agreed = from === 2 ? `one ${l.one}` : `${from - 1} ${l.name}`;
    return [
      `- Every ${n.singular} comes with ${agreed}; ${aOrAn(n.singular)} ${n.singular} with ${from} or more ${m.label} is past them.`,
    ];
  });
}
