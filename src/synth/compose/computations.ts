import { CONCERNS } from './concerns.js';
import type { ComputationPart, Rec, SourcePart } from './parts.js';
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
  if (!u) return '';
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
  ask: (s) => `the highest ${measured(s)} among them${inUnit(s)}`,
  value: (sel, s) => fmt(Math.max(...vals(sel, s))),
};

export const average: ComputationPart = {
  name: 'mean',
  needsMeasure: true,
  capabilities: ['Math_Scientific', 'Data_Analysis'],
  fits: (s) => s.measure?.mean === true,
  ask: (s) => `their average ${measured(s)}${inUnit(s)}, to two decimals`,
  // written as asked, to two decimals, even when whole (51200.00): the reference answer and the files say it so
  value: (sel, s) => roundCents(vals(sel, s).reduce((a, b) => a + b, 0) / Math.max(1, sel.length)).toFixed(2),
};

export const smallest: ComputationPart = {
  name: 'min',
  needsMeasure: true,
  fits: (s) => extremeAsked(s) && lowMatters(s),
  capabilities: ['Data_Analysis', 'Logic_Reasoning'],
  ask: (s) => `the lowest ${measured(s)} among them${inUnit(s)}`,
  value: (sel, s) => fmt(Math.min(...vals(sel, s))),
};

// a condition that splits the selection: the first flag, then enum, field of the record type on which the
// selected records differ, with the value the first of them holds (so that some but not all meet it), among the
// fields the task's actions leave alone (a count of the "already chased" after chasing them would read two ways).
// Only a field a reader breaks the work down by qualifies: a concern or a scope of the record type's work
// (criteria.ts: the urgent ones, the Snowflake ones), never a detail (who pays, how long it is booked for), and
// never a value that is the absence of one ("none"), which is no breakdown anybody asks for.
// None (one record, or records alike in every such field): the bare count.
function splitOf(sel: Rec[], s: SourcePart, avoid: readonly string[]): { m: FieldModel; v: unknown } | undefined {
  const ordered = [...s.fields.filter((m) => m.kind === 'flag'), ...s.fields.filter((m) => m.kind === 'enum')];
  for (const m of ordered) {
    if (m.rule === false || m.use === 'detail' || avoid.includes(m.field) || sel.length < 2) continue;
    const vs = sel.map((rec) => rec[m.field]);
    if (vs.some((v) => v === undefined || v === null) || new Set(vs).size < 2) continue;
    // a value with a number of its own ("Bay 2") would stand between the asked count and its label
    if (m.kind === 'enum' && /\d/.test(String(vs[0]))) continue;
    if (m.kind === 'enum' && /^(?:none|n\/a|other|unknown|not set)$/i.test(String(vs[0]))) continue;
    return { m, v: m.kind === 'flag' ? true : vs[0] };
  }
  return undefined;
}

// how a flag reads after a plural noun: "that are already chased", "with customer impact", "holding privileged access"
const flagAfter = (p: string) =>
  /^(?:with|without|needing|requiring|holding|naming|owing|that)\b/.test(p) ? p : `that are ${p}`;

// how an enum value reads after the plural noun, in the practitioner's words where the field has them ("for
// Snowflake", "marked urgent", "in the High Court"), else by the label ("whose department is Finance")
function enumAfter(m: EnumModel, v: string): string {
  const said = sayValue(m, v);
  const w = enumWords(m);
  const p = w?.say(said);
  if (p && !p.startsWith('whose ')) return p;
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
      const after = m.kind === 'flag' ? flagAfter(m.yes) : enumAfter(m as EnumModel, String(v));
      return `the number of those ${s.noun[1]} ${after}`;
    },
    value: (sel, s, w) => {
      const split = splitOf(sel, s, avoid);
      return split ? String(sel.filter((rec) => rec[split.m.field] === split.v).length) : count.value(sel, s, w);
    },
  };
}
