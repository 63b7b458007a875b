import type { Difficulty } from '../../../schema/taxonomy.js';
import { at, dateOf } from '../../kit/dates.js';
import type { FieldModel } from '../../rules/fields.js';
import type { Atom, Rule } from '../../rules/rule.js';
import { HOMELY } from '../policy-doc-data.js';
import { holidaysOf } from '../closure-days.js';

// A window the reader must compute rather than read: a calendar window of a task's rule (most hard ones, some medium
// and easy ones: review 41 read easy tasks as filters, reasoning 2.9) becomes a count of working days that skips the
// weekends and the office's closure days the policy lists. The
// records near its line fall the other way for a calendar reading (set-atom.ts): a record due on the fifth working
// day is seven calendar days out, and one five working days old across a closure is only four working days old.

/** The share (in %) of a difficulty's rules with a calendar window that count it in working days instead. */
export const COMPUTED_SHARE: Readonly<Record<Difficulty, number>> = { easy: 20, medium: 40, hard: 60 };

// the working-day counts policies write
const LADDER = [3, 5, 10, 15] as const;

const isWindow = (a: Atom): a is Atom & { kind: 'older' | 'due_within' } =>
  a.kind === 'older' || a.kind === 'due_within';

// the weekdays (ISO dates) at calendar offsets from..to of today, in order
function weekdays(today: string, from: number, to: number): string[] {
  const out: string[] = [];
  for (let k = from; k <= to; k++) {
    const day = dateOf(at(`${today.slice(0, 10)}T12:00:00Z`, { days: k }));
    const wd = new Date(`${day}T12:00:00Z`).getUTCDay();
    if (wd !== 0 && wd !== 6) out.push(day);
  }
  return out;
}

/**
 * The rule with its first calendar window counted in working days past the closure days the policy lists (one, or
 * two in a row), where the draw (from the task's `phrasing` number, so no other draw moves) and the date field's
 * span allow; else the rule as it was. A household's records keep their calendar windows: a household has no office
 * to close.
 */
export function computedWindow(
  rule: Rule,
  src: { name: string; fields: readonly FieldModel[] },
  d: Difficulty,
  today: string,
  phrasing: number,
): Rule {
  if (HOMELY.has(src.name) || Math.floor(phrasing / 7) % 100 >= COMPUTED_SHARE[d]) return rule;
  const models = src.fields;
  const i = rule.all.findIndex((a) => isWindow(a) && !(a.kind === 'older' && a.workdays && a.closed));
  const a = rule.all[i];
  if (!a || !isWindow(a)) return rule;
  const m = models.find((x) => x.field === a.field);
  if (m?.kind !== 'date') return rule;
  const n = a.workdays ? a.days : [...LADDER].reverse().find((x) => x <= Math.round((a.days * 5) / 7));
  if (!n) return rule;
  // (the calendar span of n working days and two closures, and room past it for the records either side)
  const span = Math.ceil((n * 7) / 5) + 2;
  const ahead = a.kind === 'due_within';
  if (ahead ? m.to < span + 3 : -m.from < span + 10) return rule;
  // the closures fall inside the window, never on today: a count that forgets them is a day off
  const pool = ahead ? weekdays(today, 1, span - 2) : weekdays(today, -(span - 2), -1);
  if (pool.length < 2) return rule;
  const k = Math.floor(phrasing / 700) % pool.length;
  const two = Math.floor(phrasing / 70_000) % 3 === 0 && k + 1 < pool.length;
  // and every public holiday the office keeps around the window's line, where a record's count turns on it (review
  // 43: a closure list with May Day but no Easter, Good Friday left off as it would have moved a record); a holiday
  // farther out moves no record, and the closure list adds it or not as it does any other day (closure-doc.ts)
  const range = ahead ? weekdays(today, 1, span + 10) : weekdays(today, -(span + 10), -1);
  const years = [...new Set(range.map((x) => Number(x.slice(0, 4))))];
  const kept = years.flatMap(holidaysOf).map((h) => h.day);
  const drawn = two ? pool.slice(k, k + 2) : pool.slice(k, k + 1);
  const closed = [...new Set([...drawn, ...range.filter((x) => kept.includes(x))])].sort();
  const counted: Atom = { kind: a.kind, field: a.field, days: n, workdays: true, closed };
  return { ...rule, all: rule.all.map((x, j) => (j === i ? counted : x)) };
}

/** Whether a rule counts a window in working days past listed closures (a computed threshold). */
export const computesWindow = (rule: Rule): boolean =>
  rule.all.some((a) => isWindow(a) && a.workdays === true && (a.closed?.length ?? 0) > 0);
