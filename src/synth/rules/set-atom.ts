import type { Rng } from '../../env/rng.js';
import type { DomainVocab } from '../kit/domains/types.js';
import {
  type DateModel,
  dateValue,
  drawValue,
  type FieldModel,
  type NumberModel,
  roundTo,
  type TextModel,
} from './fields.js';
import {
  type Atom,
  holds,
  lineOf,
  modelOf,
  overdueWindow,
  type Rule,
  termsOf,
  workdaysSince,
  workdaysUntil,
} from './rule.js';
import { castCategory } from './per-category.js';

// Records made to meet or miss a rule's atoms (near misses, quiet records); draw.ts draws the rules themselves

// a number on the wanted side of a threshold: near the line, or anywhere on that side
function numberOn(m: NumberModel, t: number, above: boolean, near: boolean, rng: Rng): number {
  const span = m.max - m.min;
  const gap = near ? m.step * rng.int(1, 3) + (span * rng.next()) / 50 : span * (0.05 + rng.next() * 0.3);
  let raw = above ? t + Math.max(m.step, gap) : t - Math.max(m.step, gap);
  // inside the field's range (thresholds sit in its middle half, so both sides have room): a value past its end is
  // drawn again between the line and the end, not stood on the end (no pile of receipts at exactly 420.00)
  if (raw > m.max || raw < m.min) raw = t + ((above ? m.max : m.min) - t) * (0.1 + 0.85 * rng.next());
  const r = roundTo(Math.min(m.max, Math.max(m.min, raw)), m.step);
  // (the step past the line on its grain too: 0.2 + 0.01 is 0.21000000000000002 in floating point)
  return above ? Math.max(r, roundTo(t + m.step, m.step)) : Math.min(r, roundTo(t - m.step, m.step));
}

// a past date whose working-day distance is exactly `n` (searching outward): the nearest, or with `widest` the
// farthest in calendar days (a weekend or a closure inside it: a calendar count puts it past the line)
function workdayDate(
  m: DateModel,
  today: string,
  n: number,
  rng: Rng,
  closed: readonly string[] = [],
  widest = false,
): string {
  let found: number | undefined;
  for (let k = n; k < n * 2 + 10; k++) {
    const v = dateValue(m, today, -k, rng);
    const at = workdaysSince(today, v, closed);
    if (at === n) found = k;
    if (found !== undefined && (!widest || at > n)) break;
  }
  return dateValue(m, today, -(found ?? Math.ceil((n * 7) / 5)), rng);
}

// the `n`th working day after today (today itself for 0), bar the `closed` days: past a weekend or a closure its
// calendar count exceeds `n`, the date a calendar reading of "within n working days" leaves out
function workdayAhead(m: DateModel, today: string, n: number, rng: Rng, closed: readonly string[] = []): string {
  for (let k = n; k < n * 2 + 10 + closed.length; k++) {
    const v = dateValue(m, today, k, rng);
    if (workdaysUntil(today, v, closed) === n) return v;
  }
  return dateValue(m, today, Math.ceil((n * 7) / 5), rng);
}

/**
 * Sets `rec`'s field so that the condition holds (`ok`) or fails; a failing value is a near miss when `near`
 * (just past the line: a day, a step, the neighbouring value) — the records a careless reader picks. `edge`: a
 * value that holds may sit exactly on the line (150 for "at most 150", the 21st day for "21 days or more"); the
 * caller allows it for one record per condition, so a task's records do not pile up on its thresholds.
 */
export function setAtom(
  a: Atom,
  m: FieldModel,
  rec: Record<string, unknown>,
  ok: boolean,
  near: boolean,
  x: { rng: Rng; today: string; vocab: DomainVocab },
  edge = true,
): void {
  // a value is drawn until it does what it is for (free text may hold a term by chance; a boundary may round)
  for (let tries = 0; tries < 12; tries++) {
    setOnce(a, m, rec, ok, near, x, edge);
    if (holds(a, rec, x.today) === ok) return;
  }
  throw new Error(`rules: no value of ${a.field} ${ok ? 'meets' : 'misses'} ${a.kind}`);
}

function setOnce(
  a: Atom,
  m: FieldModel,
  rec: Record<string, unknown>,
  ok: boolean,
  near: boolean,
  x: { rng: Rng; today: string; vocab: DomainVocab },
  edge: boolean,
): void {
  const { rng, today } = x;
  // the first value past the line a holding value may take: the line itself only where `edge` allows
  const off = edge ? 0 : 1;
  const f = a.field;
  const date = (days: number) => dateValue(m as DateModel, today, days, rng);
  switch (a.kind) {
    case 'in':
    case 'not_in': {
      const inSet = a.kind === 'in' ? ok : !ok;
      const values = (m as { values: readonly string[] }).values;
      const pool = values.filter((v) => a.values.includes(v) === inSet);
      rec[f] = rng.pick(pool.length ? pool : values);
      return;
    }
    case 'at_least':
    case 'at_most': {
      const above = a.kind === 'at_least' ? ok : !ok;
      // (a line per category: the record's own category's, so a near miss sits just short of its own line; its
      // category chosen so that no one line sorts the records: per-category.ts)
      const close = castCategory(a, rec, ok, near, rng);
      const line = lineOf(a, rec);
      if (ok && edge && rng.chance(0.25)) rec[f] = line;
      else rec[f] = numberOn(m as NumberModel, line, above, close, rng);
      return;
    }
    case 'older': {
      // (a near miss one working day short, as far back in calendar days as that allows)
      if (a.workdays)
        rec[f] = ok
          ? workdayDate(m as DateModel, today, a.days + rng.int(off, near ? off : 6), rng, a.closed)
          : workdayDate(m as DateModel, today, a.days - 1, rng, a.closed, Boolean(a.closed));
      else
        rec[f] = date(
          ok ? -(a.days + rng.int(off, near ? 1 + off : 15)) : -(a.days - (near ? 1 : rng.int(1, a.days - 1))),
        );
      return;
    }
    case 'recent':
      rec[f] = date(ok ? -rng.int(0, a.days - off) : -(a.days + (near ? 1 : rng.int(2, 20))));
      return;
    case 'due_within':
      // (a record it selects is mostly on its last working days, past the calendar count; a near miss one working
      // day past them)
      if (a.workdays)
        rec[f] = workdayAhead(
          m as DateModel,
          today,
          ok
            ? rng.chance(0.6)
              ? a.days - off - rng.int(0, 1)
              : rng.int(0, a.days - off)
            : a.days + (near ? 1 : rng.int(2, 20)),
          rng,
          a.closed,
        );
      else rec[f] = date(ok ? rng.int(0, a.days - off) : near ? a.days + rng.int(1, 2) : a.days + rng.int(3, 40));
      return;
    case 'overdue':
      rec[f] = date(ok ? -rng.int(1, 20) : near ? 0 : rng.int(1, 30));
      return;
    case 'flag':
      rec[f] = ok ? a.value : !a.value;
      return;
    case 'mentions': {
      const t = m as TextModel;
      // a near miss mentions a neighbouring term: the words are there, the one the rule names is not
      const named = termsOf(a).map((o) => o.toLowerCase());
      const other = t.terms.filter((o) => !named.includes(o.toLowerCase()));
      rec[f] = ok
        ? t.write(rng, rng.pick(termsOf(a)), x.vocab, rec)
        : t.write(rng, near && other.length ? rng.pick(other) : undefined, x.vocab, rec);
      return;
    }
  }
}

/** The side of a number field that calls for attention (concerns.ts): its high values, or its low ones. */
export type Alarm = 'high' | 'low';

/**
 * A free value of a field one side of which calls for attention, at that field's base rate: most records are far
 * from the alarm (a clinic's patients have missed no appointment or one, an integration fails under 2% of calls),
 * a few anywhere, leaning benign. Drawn over the whole range, half of every list sat past a threshold in its middle.
 */
export function benignValue(m: NumberModel, alarm: Alarm, rng: Rng): number {
  const span = m.max - m.min;
  const usual = m.usual ?? (alarm === 'high' ? m.min + span / 5 : m.max - span / 5);
  // the usual band, or (one record in five) anywhere, most of those toward the benign end too
  const far = rng.chance(0.8)
    ? Math.abs(usual - (alarm === 'high' ? m.min : m.max)) * rng.next()
    : span * rng.next() ** 2;
  return roundTo(alarm === 'high' ? m.min + far : m.max - far, m.step);
}

/**
 * A record drawn freely: every field from its model; a number field with an `alarms` side at its base rate
 * (`benignValue`), whatever a rule later sets.
 */
export function freeRecord(
  models: readonly FieldModel[],
  x: { rng: Rng; today: string; vocab: DomainVocab },
  base?: Readonly<Record<string, unknown>>,
  alarms: Readonly<Record<string, Alarm>> = {},
): Record<string, unknown> {
  const rec: Record<string, unknown> = {};
  const about = (m: FieldModel) => m.kind === 'text' && m.ofRecord;
  for (const m of models) {
    const alarm = m.kind === 'number' ? alarms[m.field] : undefined;
    rec[m.field] =
      m.kind === 'number' && alarm
        ? benignValue(m, alarm, x.rng)
        : about(m)
          ? ''
          : drawValue(m, x.rng, x.today, x.vocab);
  }
  // a text about its record last: it reads the record's other fields (and `base`, its title and people)
  for (const m of models)
    if (m.kind === 'text' && m.ofRecord) rec[m.field] = m.write(x.rng, undefined, x.vocab, { ...base, ...rec });
  return rec;
}

/**
 * Moves a record that a window ahead leaves out only for being overdue (rule.ts `overdueWindow`) to a date after
 * the window, so what the rule leaves out is due later, never past due.
 */
export function dueAfterWindow(
  rule: Rule,
  rec: Record<string, unknown>,
  models: readonly FieldModel[],
  x: { rng: Rng; today: string; vocab: DomainVocab },
): void {
  const a = overdueWindow(rule, rec, x.today);
  if (a) setAtom(a, modelOf(models, a), rec, false, false, x, false);
}
