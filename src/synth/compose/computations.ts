import { CONCERNS } from './concerns.js';
import { FIGURE_USES } from './figure-uses-data.js';
import type { ComputationPart, Rec, SourcePart, World } from './parts.js';
import { roundCents } from '../kit/money.js';
import { isPlural } from '../kit/text.js';
import { enumWords } from '../rules/field-words.js';
import { type EnumModel, type FieldModel, sayValue } from '../rules/fields.js';

// computations over the selection; the value is an answer fact the final message must state.

const vals = (sel: Rec[], s: SourcePart) => sel.map((rec) => Number(rec[s.measure?.field ?? '']));
const fmt = (x: number) => String(roundCents(x));
// the side of the measure that calls for attention (concerns.ts): a low stock is asked about, a low court fee is not
const lowMatters = (s: SourcePart) => Boolean(s.measure && CONCERNS[s.name]?.[s.measure.field] === 'low');
// a highest or lowest value someone would ask for: not of a measure whose extremes mean nothing or are a guess
const extremeAsked = (s: SourcePart) => s.measure?.extreme !== false;

// the unit an asked figure is in, where it is a currency or a measure a count is not: "(GBP)", "(in minutes)" — an
// answer of 28 minutes to a question about seconds is no one's fault but the question's
const MEASURES = /^(?:seconds|minutes|hours|days|weeks|ha|kg|km|m2)$/;
function inUnit(s: SourcePart): string {
  const u = s.measure?.unit;
  // "the number of booked minutes" says its unit already
  if (!u || new RegExp(`\\b${u}\\b`).test(s.measure?.label ?? '')) return '';
  if (/^[A-Z]{3}$/.test(u)) return ` (${u})`;
  return MEASURES.test(u) ? ` (in ${u})` : '';
}

// a measure counted in things ("data points", "impressions") is asked for as a number of them: "the highest number
// of data points among them", not "the highest data points"
const measured = (s: SourcePart) => {
  const label = s.measure?.label ?? '';
  return isPlural(label) && !/^number of\b/.test(label) ? `number of ${label}` : label;
};

export const count: ComputationPart = {
  name: 'count',
  needsMeasure: false,
  capabilities: ['Logic_Reasoning'],
  ask: (s) => `the number of ${s.noun[1]} you handled`,
  value: (sel) => String(sel.length),
};

export const total: ComputationPart = {
  name: 'sum',
  needsMeasure: true,
  // stock of different products, lateness of different students: no total means anything
  fits: (s) => s.measure?.additive !== false,
  capabilities: ['Math_Scientific', 'Data_Analysis'],
  ask: (s) => `their combined ${measured(s)}${inUnit(s)}`,
  value: (sel, s) => fmt(vals(sel, s).reduce((a, b) => a + b, 0)),
};

export const largest: ComputationPart = {
  name: 'max',
  needsMeasure: true,
  fits: (s) => extremeAsked(s) && !lowMatters(s),
  capabilities: ['Data_Analysis'],
  // a time is the longest, not the highest (rollout time, running time)
  ask: (s) => `the ${timed(s) ? 'longest' : 'highest'} ${measured(s)} among them${inUnit(s)}`,
  value: (sel, s) => fmt(Math.max(...vals(sel, s))),
};

// the precision an average is asked to, by its size: money to the penny or cent, a small measure to two decimals, a
// larger one to a whole number, a large one to the nearest thousand (nobody wants an average reach of 3090000.00)
const CURRENCY: Readonly<Record<string, string>> = { GBP: 'penny', USD: 'cent', EUR: 'cent' };
const TIMES = /^(?:seconds|minutes|hours|days)$/;
const timed = (s: SourcePart) => TIMES.test(s.measure?.unit ?? '') && /\btime\b/.test(s.measure?.label ?? '');
function precisionOf(s: SourcePart, mean: number): { places: number; say: string } {
  const unit = s.measure?.unit ?? '';
  const money = /^[A-Z]{3}$/.test(unit);
  if (mean >= 100_000) return { places: -3, say: ', to the nearest thousand' };
  if (money) return { places: 2, say: `, to the ${CURRENCY[unit] ?? 'cent'}` };
  // a time is averaged to a tenth (4.3 minutes), other small measures to two decimals
  if (mean < 1000 && TIMES.test(unit)) return { places: 1, say: ', to one decimal place' };
  if (mean < 1000) return { places: 2, say: ', to two decimals' };
  return { places: 0, say: ', rounded to a whole number' };
}
/** The precision an average is asked to, as the question ends (the answer states the figure without it). */
export const PRECISION =
  /, (?:to two decimals|to one decimal place|to the (?:penny|cent)|rounded to a whole number|to the nearest thousand)$/;
const meanOf = (sel: Rec[], s: SourcePart) => vals(sel, s).reduce((a, b) => a + b, 0) / Math.max(1, sel.length);
// whether rounding the average is a coin toss (12.125 to two decimals): such a figure is not asked
function roundsOnHalf(sel: Rec[], s: SourcePart): boolean {
  const m = meanOf(sel, s);
  const scaled = m * 10 ** precisionOf(s, m).places;
  return Math.abs(Math.abs(scaled - Math.trunc(scaled)) - 0.5) < 1e-6;
}

export const average: ComputationPart = {
  name: 'mean',
  needsMeasure: true,
  capabilities: ['Math_Scientific', 'Data_Analysis'],
  fits: (s) => s.measure?.mean === true,
  ask: (s, sel = []) => `their average ${measured(s)}${inUnit(s)}${precisionOf(s, meanOf(sel, s)).say}`,
  // written as asked: to two decimals even when whole (51200.00), as the reference answer and the files say it
  value: (sel, s) => {
    const m = meanOf(sel, s);
    const { places } = precisionOf(s, m);
    if (places < 0) return String(Math.round(m / 10 ** -places) * 10 ** -places);
    return (Math.round(m * 10 ** places) / 10 ** places).toFixed(places);
  },
};

export const smallest: ComputationPart = {
  name: 'min',
  needsMeasure: true,
  fits: (s) => extremeAsked(s) && lowMatters(s),
  capabilities: ['Data_Analysis', 'Logic_Reasoning'],
  ask: (s) => `the ${timed(s) ? 'shortest' : 'lowest'} ${measured(s)} among them${inUnit(s)}`,
  value: (sel, s) => fmt(Math.min(...vals(sel, s))),
};

// a condition that splits the selection: the first flag, then enum, field of the record type on which the
// selected records differ, with the value the first of them holds (so that some but not all meet it), among the
// fields the task's actions leave alone (a count of the "already chased" after chasing them would read two ways).
// Only a field a reader breaks the work down by qualifies: a concern or a scope of the record type's work
// (criteria.ts: the urgent ones, the Snowflake ones), never a detail (who pays, how long it is booked for), and
// never a value that is the absence of one ("none"), which is no breakdown anybody asks for.
// Where the record type's team names the breakdowns it asks for (figure-uses-data.ts `by`: the hoist beds for the
// moving-and-handling lead), only those: a count by a field nobody there breaks the work down by (the window beds)
// is no figure anyone needs. None (one record, or records alike in every such field): no split.
function splitOf(sel: Rec[], s: SourcePart, avoid: readonly string[]): { m: FieldModel; v: unknown } | undefined {
  if (sel.length < 2) return undefined;
  for (const m of splitFields(s, avoid)) {
    const vs = sel.map((rec) => rec[m.field]);
    if (vs.some((v) => v === undefined || v === null) || new Set(vs).size < 2) continue;
    if (m.kind === 'enum' && !splitValue(vs[0])) continue;
    return { m, v: m.kind === 'flag' ? true : vs[0] };
  }
  return undefined;
}

/** The fields a count of the handled records may be split by, in the order tried (their values not yet seen). */
export function splitFields(s: SourcePart, avoid: readonly string[]): FieldModel[] {
  const by = FIGURE_USES[s.name]?.by;
  const ordered = [...s.fields.filter((m) => m.kind === 'flag'), ...s.fields.filter((m) => m.kind === 'enum')];
  return ordered.filter(
    (m) => m.rule !== false && m.use !== 'detail' && !avoid.includes(m.field) && (!by || m.field in by),
  );
}

/**
 * Whether an enum value can name the records counted: not one with a number of its own ("Bay 2", which would stand
 * between the asked count and its label), nor the absence of a value ("none").
 */
export const splitValue = (v: unknown): boolean =>
  !/\d/.test(String(v)) && !/^(?:none|n\/a|other|unknown|not set)$/i.test(String(v));

// how a flag reads after a plural noun: "that are already chased", "with customer impact", "holding privileged access"
const flagAfter = (p: string) =>
  /^(?:with|without|needing|requiring|holding|naming|owing|that)\b/.test(p) ? p : `that are ${p}`;

// whether another enum field has a value all of whose words `v` holds ("News" beside "news story"); short words aside
function sharesWord(m: FieldModel, v: string, fields: readonly FieldModel[], recs: readonly Rec[]): boolean {
  const words = (x: string) =>
    x
      .toLowerCase()
      .split(/[^\p{L}]+/u)
      .filter((w) => w.length > 3)
      .map((w) => w.replace(/(?:ies|s)$/, ''));
  const mine = new Set(words(v));
  // (all of the other value's words: "News" in "news story"; not "review" shared by "in compliance review")
  const within = (x: string) => words(x).length > 0 && words(x).every((w) => mine.has(w));
  // (a record's own short values too: a story's section is no field of the rule's, but a reader sees it)
  const shown = recs.flatMap((r) =>
    Object.entries(r).flatMap(([k, x]) =>
      k !== m.field && typeof x === 'string' && !/\d/.test(x) && x.split(' ').length <= 3 ? [x] : [],
    ),
  );
  return fields.some((f) => f !== m && f.kind === 'enum' && f.values.some(within)) || shown.some(within);
}

// how an enum value reads after the plural noun, in the practitioner's words where the field has them ("for
// Snowflake", "marked urgent", "in the High Court"), else by the label ("whose department is Finance")
function enumAfter(m: EnumModel, v: string, fields: readonly FieldModel[], recs: readonly Rec[]): string {
  const said = sayValue(m, v);
  const w = enumWords(m);
  // (a value sharing a word with another field's value reads by its own field: "the stories that are news stories"
  // beside a section "News" could be either, review 47)
  const p = sharesWord(m, v, fields, recs) ? undefined : w?.say(said);
  // (the words of a field whose label does not read, "whose last run ended in a failure", begin "whose" too; where
  // a reader would count another value with this one, the count says it does not: "(a timeout is not a failure
  // here)", as the rule's own condition does)
  const apart = w?.apart?.([v])?.[0];
  if (p) return apart ? `${p} (${apart})` : p;
  return `whose ${m.label} is ${said}`;
}

/**
 * How many of the handled records fall on one side of a line the reader draws through the work, a field of theirs
 * no action of the task writes (`avoid`): "the number of those referrals marked urgent", "the number of those
 * access reviews for Snowflake". It reads a field of each.
 */
export function countWhere(avoid: readonly string[] = []): ComputationPart {
  return {
    name: 'count_where',
    needsMeasure: false,
    capabilities: ['Logic_Reasoning', 'Data_Analysis'],
    ask: (s, sel = []) => {
      const split = splitOf(sel, s, avoid);
      if (!split) return count.ask(s);
      const { m, v } = split;
      const after = m.kind === 'flag' ? flagAfter(m.yes) : enumAfter(m as EnumModel, String(v), s.fields, sel);
      return `the number of those ${s.noun[1]} ${after}`;
    },
    value: (sel, s, w) => {
      const split = splitOf(sel, s, avoid);
      return split ? String(sel.filter((rec) => rec[split.m.field] === split.v).length) : count.value(sel, s, w);
    },
    by: (sel, s) => splitOf(sel, s, avoid)?.m.field,
  };
}

/**
 * Whether a figure over the handled records tells anybody anything: not a highest, lowest or average that every one
 * of them shares (every blood test is 10 minutes), not the figure every candidate gives as well (the highest of
 * all of them, whichever were handled), not an average whose rounding is a coin toss, not a sum of nothing.
 */
export function telling(c: ComputationPart, sel: Rec[], all: Rec[], s: SourcePart, w: World): boolean {
  if (!c.needsMeasure) return true;
  const xs = vals(sel, s);
  if (xs.length < 2 || xs.some((x) => !Number.isFinite(x)) || xs.every((x) => !x)) return false;
  if (c.name !== 'sum' && new Set(xs).size < 2) return false;
  // (a total of one fee and noughts is that fee: "their combined court fee" of 0 + 0 + 545, review 53)
  if (c.name === 'sum' && xs.filter((x) => x !== 0).length < 2) return false;
  if (c.name === 'mean' && roundsOnHalf(sel, s)) return false;
  return all.length <= sel.length || c.value(all, s, w) !== c.value(sel, s, w);
}
