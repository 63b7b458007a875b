import type { Rng } from '../../../env/rng.js';
import type { Rule } from '../../rules/rule.js';

/** A role a record beyond the cast's first ones takes: a near miss of one condition, the exception, or quiet. */
export type FillRole = { miss: number } | 'except' | 'neither' | 'quiet';

/** At most this share of a list sits at or just short of an alarm condition's line once its extra near misses are in. */
export const ALARM_SHARE = 0.45;

/**
 * Whether a record in `role` sits near the alarm of a rule with conditions `alarm` on an alarm field (alarms.ts):
 * every record but a quiet one holds such a condition or misses it by a hair.
 */
export const nearAlarm = (role: FillRole | 'target' | 'late', alarm: readonly number[]): boolean =>
  alarm.length > 0 && role !== 'quiet';

/**
 * The records that fill a task's list up to its recipe's rows, after `base` records (targets, one near miss per
 * condition, the late record): about half are further near misses, each condition's in turn from a seeded start
 * (the record that meets all but one, which only a close read tells from a target), the rest quiet records failing
 * somewhere. At least one quiet record, as before: not every record sits on an edge. Where the rule has a condition
 * on an alarm field (`alarm`: 4 or more missed appointments), a further near miss is drawn only while the records
 * near the alarm (`held` of the base ones) stay within `ALARM_SHARE` of the list: a clinic's list is mostly
 * patients who attend, each condition keeping its first near miss.
 */
export function fillRoles(
  rng: Rng,
  rule: Rule,
  base: number,
  rows: number,
  alarm: { atoms: readonly number[]; held: number } = { atoms: [], held: 0 },
): FillRole[] {
  const extra = Math.max(1, rows - base);
  const edges: FillRole[] = [
    ...rule.all.map((_, i) => ({ miss: i })),
    ...(rule.unless ? (['except'] as const) : []),
    ...(rule.any ? (['neither'] as const) : []),
  ];
  const near = edges.length ? Math.min(Math.floor(extra / 2), 2 * edges.length) : 0;
  const start = rng.int(0, Math.max(0, edges.length - 1));
  const room = Math.floor(ALARM_SHARE * (base + extra)) - alarm.held;
  let held = 0;
  return [
    ...Array.from({ length: near }, (_, k): FillRole => {
      const role = edges[(start + k) % edges.length] as FillRole;
      if (!nearAlarm(role, alarm.atoms)) return role;
      return ++held <= room ? role : 'quiet';
    }),
    ...Array.from({ length: extra - near }, (): FillRole => 'quiet'),
  ];
}
