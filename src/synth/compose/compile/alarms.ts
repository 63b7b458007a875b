import type { NumberModel } from '../../rules/fields.js';
import type { Rule } from '../../rules/rule.js';
import type { Alarm } from '../../rules/set-atom.js';
import { CONCERNS } from '../concerns.js';
import type { SourcePart } from '../parts.js';
import { type FillRole, nearAlarm } from './row-fill.js';

// The number fields of a record type one side of which calls for attention (concerns.ts), and the conditions of
// a rule on that side: a real list has few records there (a handful of failing workflows, not eight of eleven),
// so free values follow the field's base rate and the list's extra near misses stop where the alarm side fills.

/**
 * A record type's alarm fields: those whose high values call for attention; those whose low ones do only where
 * the field says where most records sit (`usual`): few approvals or views are as common as many.
 */
export function alarmsOf(src: Pick<SourcePart, 'name' | 'fields'>): Record<string, Alarm> {
  const lean = CONCERNS[src.name] ?? {};
  const out: Record<string, Alarm> = {};
  for (const m of src.fields) {
    if (m.kind !== 'number') continue;
    const side = lean[m.field];
    if (side === 'high' || (side === 'low' && (m as NumberModel).usual !== undefined)) out[m.field] = side;
  }
  return out;
}

/** The indices of a rule's conditions that take an alarm field's alarm side ("3 or more missed appointments"). */
export function alarmAtoms(rule: Rule, alarms: Readonly<Record<string, Alarm>>): number[] {
  return rule.all.flatMap((a, i) =>
    (a.kind === 'at_least' && alarms[a.field] === 'high') || (a.kind === 'at_most' && alarms[a.field] === 'low')
      ? [i]
      : [],
  );
}

/** A task's alarm fields, its rule's conditions on their alarm side, and how many of the `roles` cast so far sit near one. */
export function alarmsIn(
  src: Pick<SourcePart, 'name' | 'fields'>,
  rule: Rule,
  roles: readonly (FillRole | 'target' | 'late')[],
) {
  const alarms = alarmsOf(src);
  const atoms = alarmAtoms(rule, alarms);
  return { alarms, atoms, held: roles.filter((r) => nearAlarm(r, atoms)).length };
}
