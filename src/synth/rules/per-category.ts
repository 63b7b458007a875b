import type { Rng } from '../../env/rng.js';
import { CURRENCY_SIGN, formatMoney } from '../kit/money.js';
import { grouped } from '../../schema/text.js';
import { andList, aOrAn } from '../kit/text.js';
import { countedOf, enumWords, isState, singularOf } from './field-words.js';
import { type EnumModel, type FieldModel, type Nouns, type NumberModel, roundTo, sayValue } from './fields.js';
import { atomsOf, type Atom, type Rule } from './rule.js';

// A threshold whose line differs by a category of the record ("a licence fee of £500 or more for a photo, £1,500
// for a video"): the reader looks up each record's category before comparing, so no one line read off the policy
// sorts the records (review 41: easy tasks read as filters). Drawn per task over a category no other condition of
// the rule reads; the near misses sit just short of their own category's line (set-atom.ts), some past another's.

/** A threshold, the only condition whose line may differ by category. */
type PerAtom = Atom & { kind: 'at_least' | 'at_most' };

/** Whether a condition is a threshold with a line per category. */
export const hasPerLine = (a: Atom): a is PerAtom => (a.kind === 'at_least' || a.kind === 'at_most') && !!a.per;

/** How a number is said: "£1,500", "12%", "3 nights" (a unit after 1 in the singular). */
export function amount(m: FieldModel, v: number): string {
  if (m.kind !== 'number') return String(v);
  if (m.percent) return `${Math.round(v * 1000) / 10}%`;
  if (m.currency)
    return `${CURRENCY_SIGN[m.currency] ?? `${m.currency} `}${Number.isInteger(v) ? grouped(v) : formatMoney(v)}`;
  const n = Number.isInteger(v) ? grouped(v) : String(v);
  if (m.unit === '%') return `${n}%`;
  // "1 approval", "1 night", "1 failed run", not "1 approvals"
  const unit = m.unit && v === 1 && /[^s]s$/.test(m.unit) ? m.unit.replace(/(\S+)$/, (w) => singularOf(w)) : m.unit;
  return unit ? `${n} ${unit}` : n;
}

// a kind of record a line may differ by: neither a stage of the work nor a scale, two to six kinds (a table a
// reader looks a record up in), one a policy may turn on
const byKind = (m: FieldModel): m is EnumModel =>
  m.kind === 'enum' &&
  !m.ranks &&
  !isState(m) &&
  m.values.length >= 2 &&
  m.values.length <= 6 &&
  m.rule !== false &&
  m.use !== 'detail';

// a line as the policy says it: a count with its noun ("2 screens"), any other number as its amount
function said(m: FieldModel, v: number): string {
  const c = m.kind === 'number' ? countedOf(m) : undefined;
  return c ? `${grouped(v)} ${c.noun[v === 1 ? 0 : 1]}${c.tail}` : amount(m, v);
}

// a line as a team writes one: round, on the field's grain; none outside the middle of the field's range, where
// records fall on both sides of it (a line at the range's end selects nothing, or everything)
function roundLine(v: number, m: NumberModel): number | undefined {
  const grain = Math.max(m.step, 10 ** Math.floor(Math.log10(Math.max(Math.abs(v), m.step))) / 2);
  const r = roundTo(roundTo(v, grain), m.step);
  const span = m.max - m.min;
  return r > m.min + span / 10 && r < m.max - span / 10 ? r : undefined;
}

/**
 * The rule with its first threshold's line set per value of a category no condition reads and `avoid` leaves
 * alone (the fields the task's work writes, its branch), or the rule as it was where it has none. The lines are the
 * drawn one moved by a half, a quarter or not at all, at least two of them different.
 */
export function perCategoryRule(rule: Rule, models: readonly FieldModel[], rng: Rng, avoid: readonly string[]): Rule {
  const used = new Set([...atomsOf(rule).map((a) => a.field), ...avoid]);
  const i = rule.all.findIndex((a) => {
    const m = models.find((x) => x.field === a.field);
    return (a.kind === 'at_least' || a.kind === 'at_most') && m?.kind === 'number';
  });
  const a = rule.all[i];
  const m = a && models.find((x) => x.field === a.field);
  const kinds = models.filter((x): x is EnumModel => byKind(x) && !used.has(x.field));
  if (!a || (a.kind !== 'at_least' && a.kind !== 'at_most') || m?.kind !== 'number' || !kinds.length) return rule;
  const by = rng.pick(kinds);
  for (let tries = 0; tries < 6; tries++) {
    const lines = Object.fromEntries(
      by.values.map((v) => [v, roundLine(a.value * rng.pick([0.5, 0.75, 1, 1.25, 1.5, 2]), m) ?? a.value]),
    );
    if (new Set(Object.values(lines)).size < 2) continue;
    const per: Atom = { ...a, per: { field: by.field, lines } };
    return { ...rule, all: rule.all.map((x, j) => (j === i ? per : x)) };
  }
  return rule;
}

/**
 * The lines of a per-category threshold as a policy lists them, the most common last as "any other": "£1,000 for
 * an insurance claim billed to Vitality and £850 for any other", in the practitioner's words for the category where
 * it has them.
 */
export function perLines(a: PerAtom, models: readonly FieldModel[], n?: Nouns): string {
  const m = models.find((x) => x.field === a.field) as FieldModel;
  const by = models.find((x) => x.field === a.per?.field) as EnumModel;
  const w = enumWords(by);
  const entries = Object.entries(a.per?.lines ?? {});
  const count = (x: number) => entries.filter(([, y]) => y === x).length;
  const common = entries.map(([, x]) => x).sort((p, q) => count(q) - count(p))[0] as number;
  const rest = count(common) >= 2 && count(common) < entries.length;
  const listed = rest ? entries.filter(([, x]) => x !== common) : entries;
  const kind = (v: string, i: number) => {
    const value = sayValue(by, v);
    if (!w || !n) return value;
    return `${i === 0 ? `${aOrAn(n.singular)} ${n.singular}` : 'one'} ${w.say(value)}`;
  };
  const lines = listed.map(([v, x], i) => `${said(m, x)} for ${kind(v, i)}`);
  return andList(rest ? [...lines, `${said(m, common)} for any other${n ? ` ${n.singular}` : ''}`] : lines);
}

/** The label of the category a per-category threshold differs by ("asset type"). */
export const perLabel = (a: PerAtom, models: readonly FieldModel[]): string =>
  models.find((x) => x.field === a.per?.field)?.label ?? 'kind';

const side = (a: PerAtom) => (a.kind === 'at_least' ? 'at or above' : 'at or below');

/** A per-category threshold said of one record: "its licence fee is at or above the line for its asset type: …". */
export function perClause(a: PerAtom, models: readonly FieldModel[], its: string, n?: Nouns): string {
  return `${its} is ${side(a)} the line for its ${perLabel(a, models)}: ${perLines(a, models, n)}`;
}

/**
 * A per-category threshold after a plural noun: "whose licence fee is at or above the line for their asset type (…)";
 * without its lines where `table` is false (a section's narrowing note: the rule's own line lists them).
 */
export function perModifier(a: PerAtom, models: readonly FieldModel[], own: string, n?: Nouns, table = true): string {
  const lines = table ? ` (${perLines(a, models, n)})` : '';
  return `whose ${own} is ${side(a)} the line for their ${perLabel(a, models)}${lines}`;
}

/**
 * A record's category, set where its part in the task tells the lines apart (set-atom.ts, before its number): a
 * near miss takes a category with a stricter line than another's, so it would pass that other line; a target, half
 * the time, the most lenient category, its number just past its own line and short of the strictest. A reader who
 * applies one line to every record then gets one of them wrong. Returns whether the number is drawn close to its line.
 */
export function castCategory(a: PerAtom, rec: Record<string, unknown>, ok: boolean, near: boolean, rng: Rng): boolean {
  if (!a.per) return near;
  const entries = Object.entries(a.per.lines);
  const xs = entries.map(([, x]) => x);
  // the most lenient line: the lowest a record must reach, or the highest it may stay at
  const lenient = a.kind === 'at_least' ? Math.min(...xs) : Math.max(...xs);
  const strict = entries.filter(([, x]) => x !== lenient).map(([v]) => v);
  const easy = entries.filter(([, x]) => x === lenient).map(([v]) => v);
  if (!strict.length) return near;
  if (!ok && near) rec[a.per.field] = rng.pick(strict);
  else if (ok && rng.chance(0.5)) {
    rec[a.per.field] = rng.pick(easy);
    return true;
  }
  return near;
}
