import type { FieldModel } from './fields.js';
import type { Lean } from './draw-atom.js';
import type { Atom } from './rule.js';

// What a work's own reason keeps out of reach of a rule's exception: the side of each field it leans on, and the
// gravest records where the work exists for them (rules/draw.ts never spares those).

/**
 * What a work's purpose names, per field: the side of each field its own reason leans on (`own`: the fields the
 * work itself takes a side on, not the record type's general concerns), bar the fields that only scope it or have
 * nothing to do with it. A rule's exception never cuts into it (drawRule): every record on these sides is one the
 * purpose is about, and only a side a field of the record type does not call for is excepted.
 */
export function protectsOf(
  lean: Readonly<Record<string, Lean>>,
  own: readonly string[] | undefined,
): Record<string, Lean> {
  const out: Record<string, Lean> = {};
  for (const f of own ?? []) {
    const l = lean[f];
    if (l !== undefined && l !== 'scope' && l !== 'unrelated') out[f] = l;
  }
  return out;
}

/**
 * Whether a work's own reason (`protects`, see `protectsOf`) leans on the gravest side of a field: a scale's top
 * value (critical defects, two-week-wait referrals) or a yes/no field's side the record type marks as gravest
 * (`grave`: an exposed finding, an unacknowledged hold). Such a work exists for those records: "leave out the
 * labelling errors" would spare critical NCRs the corrective action that is there for them.
 */
export function servesGravest(
  models: readonly FieldModel[],
  protects: Readonly<Record<string, Lean>>,
  grave: Readonly<Record<string, Lean>>,
): boolean {
  return Object.entries(protects).some(([f, l]) => {
    const m = models.find((x) => x.field === f);
    if (m?.kind === 'enum' && m.ranks && Array.isArray(l)) return l.includes(m.ranks.at(-1) as string);
    return grave[f] !== undefined && grave[f] === l;
  });
}

// a condition that selects grave records only (a scale's pressing half: major and critical; the exposed ones): an
// exception beside it could only spare some of them
export function selectsGravest(a: Atom, models: readonly FieldModel[], grave: Readonly<Record<string, Lean>>): boolean {
  const m = models.find((x) => x.field === a.field);
  if (a.kind === 'in' && m?.kind === 'enum' && m.ranks) {
    const ranks = m.ranks;
    return a.values.every((v) => ranks.indexOf(v) >= ranks.length / 2);
  }
  return a.kind === 'flag' && grave[a.field] === a.value;
}
