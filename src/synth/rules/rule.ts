import { dayNumber, daysFrom, type FieldModel } from './fields.js';

// A selection rule as data: 1–4 conditions over a record type's fields, all of which must hold, optionally
// one of a pair ("either … or …"), minus an exception ("unless …"). Drawn per task (draw.ts), written out as
// prose (prose.ts), and evaluated here, so the generator, the policy text and the checks agree by construction.

/** One condition on one field. */
export type Atom =
  | { kind: 'in'; field: string; values: readonly string[] }
  | { kind: 'not_in'; field: string; values: readonly string[] }
  /** `per`: the line differs by a category of the record ("£500 for photos, £1,500 for video"; per-category.ts) */
  | { kind: 'at_least'; field: string; value: number; per?: PerCategory }
  | { kind: 'at_most'; field: string; value: number; per?: PerCategory }
  /** a past date at least `days` before today (working days when `workdays`, bar the `closed` days) */
  | { kind: 'older'; field: string; days: number; workdays?: true; closed?: readonly string[] }
  /** a past date within the last `days` */
  | { kind: 'recent'; field: string; days: number }
  /** a date from today up to `days` ahead (working days after today when `workdays`, bar the `closed` days) */
  | { kind: 'due_within'; field: string; days: number; workdays?: true; closed?: readonly string[] }
  /** a date already passed */
  | { kind: 'overdue'; field: string }
  | { kind: 'flag'; field: string; value: boolean }
  /** the text names `term`, or any of `or` (a class of terms the work's reason names: illness or medical evidence) */
  | { kind: 'mentions'; field: string; term: string; or?: readonly string[] };

/** A threshold per value of a category field: every value of the field has its own line. */
export interface PerCategory {
  field: string;
  lines: Readonly<Record<string, number>>;
}

/** The line a threshold draws for a record: its category's own where the line differs by category. */
export const lineOf = (a: { value: number; per?: PerCategory }, rec: Readonly<Record<string, unknown>>): number =>
  a.per ? (a.per.lines[String(rec[a.per.field])] ?? a.value) : a.value;

export interface Rule {
  /** every one must hold */
  all: readonly Atom[];
  /** at least one must hold (absent: no such clause) */
  any?: readonly Atom[];
  /** a record for which this holds is excluded, whatever else holds */
  unless?: Atom;
  /** why the work needs no doing for those records, drawn with the exception (rules/exception-reasons.ts) */
  why?: string;
}

/** Whether a condition is on a date: a window, a working-day count, a due date passed. */
export const isDateAtom = (a: Atom): boolean =>
  a.kind === 'older' || a.kind === 'recent' || a.kind === 'due_within' || a.kind === 'overdue';

/** Working days (Monday–Friday, bar the `closed` days) from `value` up to `today`, exclusive of the first day. */
export function workdaysSince(today: string, value: unknown, closed: readonly string[] = []): number {
  return workdaysBetween(String(value), today, closed);
}

/**
 * Working days from the day after `today` up to and including `value` (a date the day itself or later; -1 before
 * it): the count a policy's "due within N working days" reads.
 */
export function workdaysUntil(today: string, value: unknown, closed: readonly string[] = []): number {
  return daysFrom(today, value) < 0 ? -1 : workdaysBetween(today, String(value), closed);
}

// working days after `from` up to and including `to`, counted by whole weeks: a task's generator asks this of
// every record under every rule it tries
function workdaysBetween(from: string, to: string, closed: readonly string[]): number {
  const a = dayNumber(from);
  const b = dayNumber(to);
  if (!(b > a)) return 0;
  let n = weekdaysBefore(b + 1) - weekdaysBefore(a + 1);
  for (const c of new Set(closed)) {
    const d = dayNumber(c);
    if (d > a && d <= b && isWeekday(d)) n--;
  }
  return n;
}

// day 0, 1970-01-01, was a Thursday
const isWeekday = (d: number): boolean => {
  const wd = (((d + 4) % 7) + 7) % 7;
  return wd !== 0 && wd !== 6;
};

// Monday–Friday days among day numbers [0, d) (negative d: minus those in [d, 0))
function weekdaysBefore(d: number): number {
  const weeks = Math.floor(d / 7);
  let n = weeks * 5;
  for (let x = weeks * 7; x < d; x++) if (isWeekday(x)) n++;
  return n;
}

/** Whether one condition holds for a record on `today`. */
export function holds(a: Atom, rec: Readonly<Record<string, unknown>>, today: string): boolean {
  const v = rec[a.field];
  switch (a.kind) {
    case 'in':
      return a.values.includes(String(v));
    case 'not_in':
      return !a.values.includes(String(v));
    case 'at_least':
      return typeof v === 'number' && v >= lineOf(a, rec);
    case 'at_most':
      return typeof v === 'number' && v <= lineOf(a, rec);
    case 'older':
      return a.workdays ? workdaysSince(today, v, a.closed) >= a.days : -daysFrom(today, v) >= a.days;
    case 'recent': {
      const d = daysFrom(today, v);
      return d <= 0 && -d <= a.days;
    }
    case 'due_within': {
      const d = daysFrom(today, v);
      return d >= 0 && (a.workdays ? workdaysUntil(today, v, a.closed) : d) <= a.days;
    }
    case 'overdue':
      return daysFrom(today, v) < 0;
    case 'flag':
      return v === a.value;
    case 'mentions': {
      const text = String(v ?? '').toLowerCase();
      return termsOf(a).some((t) => text.includes(t.toLowerCase()));
    }
  }
}

/** The terms a text condition accepts: its term, and the others of its class. */
export const termsOf = (a: Atom & { kind: 'mentions' }): readonly string[] => [a.term, ...(a.or ?? [])];

/** Whether the rule selects a record. */
export function selects(r: Rule, rec: Readonly<Record<string, unknown>>, today: string): boolean {
  return meets(r, rec, today) && !(r.unless && holds(r.unless, rec, today));
}

// every condition, and one of the alternatives where there are some: the rule with its exception aside
const meets = (r: Rule, rec: Readonly<Record<string, unknown>>, today: string): boolean =>
  r.all.every((a) => holds(a, rec, today)) && (!r.any || r.any.some((a) => holds(a, rec, today)));

/** Whether the rule's exception alone keeps `rec` out: it meets every other condition and falls under the exception. */
export function sparedByException(r: Rule, rec: Readonly<Record<string, unknown>>, today: string): boolean {
  return r.unless !== undefined && meets(r, rec, today) && holds(r.unless, rec, today);
}

/**
 * Whether the rule leaves a record out only because a date it wants within a window ahead has already passed: an
 * overdue record that meets every other condition, which no one sweeping "what falls due in the next N days"
 * would skip. The generator never leaves such a record out (compile/records.ts): a record a window excludes is
 * due after it.
 */
export function skipsOverdue(r: Rule, rec: Readonly<Record<string, unknown>>, today: string): boolean {
  return overdueWindow(r, rec, today) !== undefined;
}

/** The window condition that alone leaves such an overdue record out (see skipsOverdue), if there is one. */
export function overdueWindow(r: Rule, rec: Readonly<Record<string, unknown>>, today: string): Atom | undefined {
  if (selects(r, rec, today)) return undefined;
  return [...r.all, ...(r.any ?? [])].find(
    (a) =>
      a.kind === 'due_within' && daysFrom(today, rec[a.field]) < 0 && selects(r, { ...rec, [a.field]: today }, today),
  );
}

/** Every condition of a rule, in order (all, any, unless). */
export const atomsOf = (r: Rule): Atom[] => [...r.all, ...(r.any ?? []), ...(r.unless ? [r.unless] : [])];

/** A canonical one-line form: the same rule always gives the same key (corpus statistics, the shortcut probe). */
export function ruleKey(r: Rule): string {
  const atom = (a: Atom): string => {
    const { kind, field, ...rest } = a;
    const args = Object.entries(rest)
      .sort(([x], [y]) => (x < y ? -1 : 1))
      .map(([k, v]) => `${k}=${Array.isArray(v) ? [...v].sort().join('|') : keyOfValue(v)}`);
    return `${kind}(${field}${args.length ? `,${args.join(',')}` : ''})`;
  };
  const parts = [`all[${r.all.map(atom).sort().join(' & ')}]`];
  if (r.any) parts.push(`any[${r.any.map(atom).sort().join(' | ')}]`);
  if (r.unless) parts.push(`unless[${atom(r.unless)}]`);
  return parts.join(' ');
}

// a per-category line as "field:value=line;…" in the categories' order
const keyOfValue = (v: unknown): string =>
  v && typeof v === 'object' && 'lines' in v
    ? `${(v as PerCategory).field}:${Object.entries((v as PerCategory).lines)
        .sort(([x], [y]) => (x < y ? -1 : 1))
        .map(([k, n]) => `${k}=${n}`)
        .join(';')}`
    : String(v);

/** The model of the field a condition reads. */
export function modelOf(models: readonly FieldModel[], a: Atom): FieldModel {
  const m = models.find((x) => x.field === a.field);
  if (!m) throw new Error(`rule: no model for field ${a.field}`);
  return m;
}
