import type { Rng } from '../../env/rng.js';
import { at, dateOf } from '../kit/dates.js';
import type { DomainVocab } from '../kit/domains/types.js';

// What a generator knows of one field of a record type: how its values are drawn (so every field varies freely
// across records) and how a coworker names it (so a rule over it reads as prose). A selection rule is drawn
// per task from these models (draw.ts); nothing about a field is fixed to pass by default.

interface Base {
  field: string;
  /** what a coworker calls the field: "urgency", "annual revenue" */
  label: string;
  /** false: drawn for every record but never part of a rule (a free-text field with no terms, an id) */
  rule?: false;
  /**
   * what the field is to a policy over its record type (compose/criteria.ts), beside the side of it that calls for
   * the work (a lean): `scope`, it narrows the work to some of its values (the cardiology referrals, the deadlines in
   * the High Court); `detail`, it describes the record and is no reason for any work (who pays for a referral,
   * whether a message was opened), so no rule names it; none: no policy sense declared, any rule may name it
   */
  use?: 'scope' | 'detail';
}

/** A field with a closed set of values. */
export interface EnumModel extends Base {
  kind: 'enum';
  values: readonly string[];
  /** relative frequency of each value (default equal) */
  weights?: readonly number[];
  /** how a value reads in prose when it is not itself the word ("in_progress" → "in progress") */
  say?: Readonly<Record<string, string>>;
  /**
   * the values as a scale, from the least to the most pressing (routine … two-week-wait): a rule names one end of
   * it, never "urgent" without the more urgent "two-week-wait"
   */
  ranks?: readonly string[];
  /**
   * per value of a category, why the work a rule is drawn for needs no doing for those records (compose/spared.ts,
   * given with the work): the only values a category's exception takes, each with its own reason
   */
  spared?: Readonly<Record<string, readonly string[]>>;
  /**
   * how the team tells the values apart where a reader reads the value from free text (what a partner's mail is
   * about): the policy's Definitions say it whenever a rule reads the field
   */
  means?: string;
}

/** A count, a measure or an amount. */
export interface NumberModel extends Base {
  kind: 'number';
  min: number;
  max: number;
  /** values are multiples of this (1 for counts, 0.01 for money) */
  step: number;
  /** unit after the number ("days", "kg"); a currency code makes it money */
  unit?: string;
  currency?: string;
  /** stored as a fraction, said as a percentage (0.05 → 5%) */
  percent?: true;
  /**
   * where most records sit on a field one side of which calls for attention (concerns.ts): at or under it for a
   * field whose high values do (a clinic's missed appointments, 1), at or over it where the low ones do; without
   * it, the benign fifth of the range (set-atom.ts `benignValue`)
   */
  usual?: number;
}

/** The windows a date is counted in, in days and (where the work runs on office days) in working days. */
export interface Window {
  days: readonly number[];
  workdays?: readonly number[];
}

/** A date: `from`..`to` days around the task's today; `verb` says what happened or is due on it. */
export interface DateModel extends Base {
  kind: 'date';
  from: number;
  to: number;
  /** "referred", "due", "submitted": rules read "referred more than 10 days ago", "due within 7 days" */
  verb: string;
  /** the verb for a date that has passed, when it differs ("whose contract ended" beside "whose contract ends") */
  past?: string;
  /**
   * who or what the verb is said of when it is not the record itself: an access review's last use is the
   * account's ("the account was last used"), a visitor pass's visit the visitor's ("the visitor is expected")
   */
  subject?: string;
  /** the windows a policy over the record type counts this date in (compose/criteria.ts); none: the office's usual ones */
  windows?: Window;
  /** the field holds a full time stamp rather than a day */
  time?: true;
}

/** A yes/no field and how each answer reads. */
export interface FlagModel extends Base {
  kind: 'flag';
  /** "already chased" / "not chased yet" */
  yes: string;
  no: string;
  /** share of records with true (default 0.5) */
  p?: number;
  /**
   * what is at stake for a record on a side, as a review says why it looks there first ("an attacker reaches them
   * first"); none: the side is a feature, no risk, and gives a review no reason of its own
   */
  stake?: Partial<Record<'yes' | 'no', string>>;
}

/** Free text a rule may search for a term in ("whose notes mention a data breach"). */
export interface TextModel extends Base {
  kind: 'text';
  /** terms a rule may look for; the text of a record that must not match never holds them */
  terms: readonly string[];
  /**
   * writes the field's text for a record, mentioning `term` when given (a content plan, not one template); `rec`,
   * when given, is the record it is written for, so the text is about that record's own title and fields
   */
  write(rng: Rng, term: string | undefined, vocab: DomainVocab, rec?: Readonly<Record<string, unknown>>): string;
  /**
   * the text is about its record (its title, its category): written again once the record's other fields are
   * final (compile/distinct-texts.ts aboutTheirRecords), mentioning the same terms
   */
  ofRecord?: true;
}

export type FieldModel = EnumModel | NumberModel | DateModel | FlagModel | TextModel;

/** `x` on a grain of `step` (a count on whole numbers, money on cents), free of float residue. */
export const roundTo = (x: number, step: number) => Math.round(Math.round(x / step) * step * 1e6) / 1e6;

/** A free draw of a field's value (what a record holds when no rule constrains the field). */
export function drawValue(m: FieldModel, rng: Rng, today: string, vocab: DomainVocab): unknown {
  switch (m.kind) {
    case 'enum': {
      if (!m.weights) return rng.pick(m.values);
      const total = m.weights.reduce((a, b) => a + b, 0);
      let x = rng.next() * total;
      for (let i = 0; i < m.values.length; i++) {
        x -= m.weights[i] ?? 0;
        if (x < 0) return m.values[i];
      }
      return m.values.at(-1);
    }
    case 'number':
      return roundTo(m.min + rng.next() * (m.max - m.min), m.step);
    case 'date':
      return dateValue(m, today, rng.int(m.from, m.to), rng);
    case 'flag':
      return rng.chance(m.p ?? 0.5);
    case 'text':
      return m.write(rng, undefined, vocab);
  }
}

/** The value of a date field `days` after today (a time stamp within working hours for time fields). */
export function dateValue(m: DateModel, today: string, days: number, rng: Rng): string {
  if (!m.time) return dateOf(at(today, { days }));
  return at(`${dateOf(at(today, { days }))}T00:00:00Z`, { minutes: rng.int(8 * 60, 17 * 60) });
}

/** Whole days from today to a date value (negative: in the past). */
export function daysFrom(today: string, value: unknown): number {
  return dayNumber(String(value)) - dayNumber(today);
}

// a generator asks for the same few hundred days over and over (every record under every rule it tries)
const dayNumbers = new Map<string, number>();

/** Days since 1970-01-01 of an ISO date or time stamp's calendar day (NaN when it is no date). */
export function dayNumber(iso: string): number {
  const key = iso.slice(0, 10);
  let n = dayNumbers.get(key);
  if (n === undefined) {
    n = Math.floor(Date.parse(`${key}T00:00:00Z`) / 86_400_000);
    if (dayNumbers.size >= 4096) dayNumbers.clear();
    dayNumbers.set(key, n);
  }
  return n;
}

/** How an enum value reads. */
export const sayValue = (m: EnumModel, v: string): string => m.say?.[v] ?? v.replace(/_/g, ' ');

/** What a condition's words may say of the record: its nouns. */
export interface Nouns {
  singular: string;
  plural: string;
}
