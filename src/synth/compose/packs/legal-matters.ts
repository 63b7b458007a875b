import { shuffle } from '../../kit/ids.js';
import { daysFrom } from '../../rules/fields.js';
import type { Rec, World } from '../parts.js';
import { onDay, toWorkingDay } from './table-source.js';

// How a client matter's state, time and age agree (legal.ts clientMatters).

// the working day before a weekend day (none: a working day already)
export const weekdayBefore = (day: unknown): string[] => toWorkingDay(day).filter((d) => d < String(day));

// no work starts, and nothing is billed, before the conflict check clears: a matter not yet cleared is at
// intake with at most a few hours recorded, and a closed one has its time billed or written off
export function agreeMatter(rec: Rec, w: World): Rec[] {
  const cleared = rec.conflict_cleared === true;
  const status = String(rec.status);
  const hours = Number(rec.unbilled_hours);
  const out: Rec[] = [];
  if (!cleared && !['intake', 'conflict check pending'].includes(status))
    out.push(...shuffle(w.rng, ['intake', 'conflict check pending']).map((s) => ({ status: s })), {
      conflict_cleared: true,
    });
  if (cleared && status === 'conflict check pending')
    out.push(...shuffle(w.rng, ['intake', 'open']).map((s) => ({ status: s })), { conflict_cleared: false });
  // (or, where the rule needs its hours, the matter has long been cleared and opened)
  const opened = { status: 'open', conflict_cleared: true };
  if (!cleared && hours > 4)
    out.push(...shuffle(w.rng, [0, 0.5, 1, 1.5, 2, 2.5, 3, 4]).map((h) => ({ unbilled_hours: h })), opened);
  if (status === 'closed' && hours > 0) out.push({ status: 'pending closure' }, { unbilled_hours: 0 });
  // a team records some six hours a day on a matter at most: a week-old matter holds no month of time
  const days = -daysFrom(w.today, rec.opened_on);
  // and intake and the conflict check take days or weeks, not months: a matter months old, or with weeks of work
  // on it, is open (cleared), or was opened lately with a few hours at most
  if ((status === 'intake' || status === 'conflict check pending') && (days > 30 || hours > 20)) {
    const lately = { opened_on: onDay(w, -w.rng.int(2, 21)), unbilled_hours: Math.min(hours, 4) };
    out.push(...(status === 'intake' && cleared ? [{ status: 'open' }] : []), lately, opened);
  }
  if (hours > 2 + 6 * days)
    out.push(...[10, 30, 90].map((d) => ({ opened_on: onDay(w, -Math.max(days, Math.ceil(hours / 6)) - d) })), {
      unbilled_hours: Math.max(0, Math.floor(days * 2)),
    });
  // a matter is opened by the office on a working day
  if (!out.length) out.push(...weekdayBefore(rec.opened_on).map((opened_on) => ({ opened_on })));
  return out;
}
