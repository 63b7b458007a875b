import type { Matcher } from '../../schema/matchers.js';
import { escapeRegex, grouped } from '../../schema/text.js';
import { MONTHS } from '../../schema/dates.js';
import { dateOf, dayMonthYear } from '../kit/dates.js';
import { factPattern } from '../kit/money.js';
import { isAre } from '../kit/text.js';
import { type FieldModel, sayValue } from '../rules/fields.js';
import { countedOf, enumWords } from '../rules/field-words.js';
import { ownLabel } from '../rules/prose.js';
import { type Atom, modelOf, type Rule, termsOf } from '../rules/rule.js';
import type { Rec, SourcePart } from './parts.js';

// What a per-record message to a record's owner carries: which record it is (its name, beside the id in the subject)
// and the fact that put it on the list (the figure or state the rule picked it by). The request asks for both in the
// coworker's words, the check reads both in the body, and the reference writes them: an empty or stock body fails.

/** The condition whose field a message cites as the reason: a figure first, then a state, a date, a term. */
export interface Reason {
  atom: Atom;
  model: FieldModel;
}

const RANK: Readonly<Record<string, number>> = { number: 0, enum: 1, date: 2, text: 3 };
// strings no reason is (validate/matcher-probes.ts): a state that reads as one of them says nothing
const EMPTYISH = ['', 'x', 'n/a', 'ok', 'lorem ipsum dolor sit amet', 'qzv 7731 wobble frand'];

/** The condition of the rule a message gives as its reason; none: the rule has no field a message can cite. */
export function citedCondition(rule: Rule | undefined, src: SourcePart): Reason | undefined {
  const usable = (rule?.all ?? []).flatMap((atom) => {
    const model = modelOf(src.fields, atom);
    if (!model || atom.kind === 'flag' || atom.field === src.nameField.field) return [];
    if (model.kind === 'text' && atom.kind !== 'mentions') return [];
    return RANK[model.kind] === undefined ? [] : [{ atom, model }];
  });
  return usable.sort((a, b) => (RANK[a.model.kind] ?? 9) - (RANK[b.model.kind] ?? 9))[0];
}

// the record's name, where it is not its id (the subject carries that already)
const nameOf = (rec: Rec, src: SourcePart): string | undefined =>
  src.nameField.field === src.idField ? undefined : String(rec[src.nameField.field] ?? '').trim() || undefined;

// (a state whose label names another field too is asked by the words that say which: "last run status")
const labelOf = (r: Reason, src: SourcePart) =>
  (r.model.kind === 'enum' && enumWords(r.model)?.asked) ||
  ownLabel(r.model.label, { singular: src.noun[0], plural: src.noun[1] });

/** What the request asks each message to say, drawn per task by `pick` (a participle clause). */
export function carryClause(rule: Rule | undefined, src: SourcePart, pick: number): string {
  const name = src.nameField.label;
  const leads =
    src.nameField.field === src.idField
      ? [`saying which ${src.noun[0]} it is`]
      : [`saying which ${src.noun[0]} it is (its ${name})`, `naming its ${name}`, `giving the ${name}`];
  const lead = leads[pick % leads.length] as string;
  const r = citedCondition(rule, src);
  if (!r) return lead;
  const label = labelOf(r, src);
  const asShown = `its ${label} as the record shows it`;
  // (a field whose label does not read on its own, "what its last run is", is asked as the record shows it)
  const own = r.model.kind !== 'enum' || !enumWords(r.model)?.only;
  const fact =
    r.atom.kind === 'mentions'
      ? `what its ${label} mentions`
      : own
        ? [factAsked(label, r.model.kind), asShown][Math.floor(pick / 3) % 2]
        : asShown;
  return `${lead} and ${fact}`;
}

// "what its payment status is" reads well for a state; a count or a moment does not ("what its reminders sent is",
// "what its last run time is"): those are asked by their label ("its reminder count": never "the figure for its
// reminder count", review 44) or as the date they are
function factAsked(label: string, kind: FieldModel['kind']): string {
  if (kind === 'number') return `its ${label}`;
  if (kind === 'date' && !/\b(date|day|deadline)\b/.test(label)) return `the date of its ${label}`;
  return `what its ${label} ${isAre(label)}`;
}

/** The reason's fact as a body states it ("12%", "failed", "3 March 2026"); none when the record holds none. */
export function factText(r: Reason, rec: Rec): string | undefined {
  const v = rec[r.atom.field];
  const m = r.model;
  if (r.atom.kind === 'mentions') {
    const text = String(v ?? '').toLowerCase();
    return termsOf(r.atom).find((t) => text.includes(t.toLowerCase()));
  }
  if (m.kind === 'number' && typeof v === 'number') {
    if (m.percent) return `${grouped(Math.round(v * 1000) / 10, 0, 1)}%`;
    // (a sum in whole units is written without cents: an annual revenue of 403,000 USD)
    if (m.currency) return `${grouped(v, Number.isInteger(v) ? 0 : 2, 2)} ${m.currency}`;
    return `${grouped(v, 0, 2)}${m.unit ? ` ${m.unit}` : ''}`;
  }
  if (m.kind === 'enum' && typeof v === 'string') return sayValue(m, v);
  if (m.kind === 'date' && typeof v === 'string' && /^\d{4}-\d{2}-\d{2}/.test(v)) return dayMonthYear(dateOf(v));
  return undefined;
}

/** A regex for the fact in any usual spelling (a date as ISO or day and month, a share as % or a fraction). */
export function factRegex(r: Reason, rec: Rec): string | undefined {
  const v = rec[r.atom.field];
  const m = r.model;
  if (r.atom.kind === 'mentions') {
    const t = factText(r, rec);
    return t && t.length >= 3 ? `\\b${escapeRegex(t)}` : undefined;
  }
  if (m.kind === 'number' && typeof v === 'number') {
    if (m.percent) {
      const pct = Math.round(v * 1000) / 10;
      return `(?<![\\d.,])${escapeRegex(String(pct))}(?:\\.0+)?\\s?(?:%|per ?cent)|(?<![\\d.,])0?${escapeRegex(String(v).replace(/^0/, ''))}(?![\\d%])`;
    }
    return factPattern(String(v), Boolean(m.currency));
  }
  if (m.kind === 'enum' && typeof v === 'string') {
    const words = sayValue(m, v);
    const re = `\\b${words
      .split(/[\s_-]+/)
      .map(escapeRegex)
      .join('[\\s_-]+')}\\b`;
    return EMPTYISH.some((s) => new RegExp(re, 'i').test(s)) || words.length < 3 ? undefined : re;
  }
  if (m.kind === 'date' && typeof v === 'string' && /^\d{4}-\d{2}-\d{2}/.test(v)) {
    const iso = dateOf(v);
    const d = Number(iso.slice(8, 10));
    const mon = (MONTHS[Number(iso.slice(5, 7)) - 1] ?? '').slice(0, 3);
    const day = `0?${d}(?:st|nd|rd|th)?`;
    return `${iso}|(?<!\\d)${day}\\s+(?:of\\s+)?${mon}[a-z]*\\.?|\\b${mon}[a-z]*\\.?\\s+${day}(?!\\d)`;
  }
  return undefined;
}

/** What the check reads in the body: the record's name and the reason's fact, each where the record holds one. */
export function bodyMatcher(rule: Rule | undefined, rec: Rec, src: SourcePart): Matcher | undefined {
  const name = nameOf(rec, src);
  const r = citedCondition(rule, src);
  const fact = r ? factRegex(r, rec) : undefined;
  const parts: Matcher[] = [...(name ? [{ contains: name }] : []), ...(fact ? [{ regex: fact }] : [])];
  return parts.length > 1 ? { all_of: parts } : parts[0];
}

// a stable choice per record (no draw: the reference's wording must not move the task's other draws)
const hashOf = (s: string) => [...s].reduce((h, c) => (h * 31 + c.charCodeAt(0)) >>> 0, 7);

/** The body's sentences about the record: which one it is, and its reason's fact; worded per record type and reason. */
export function aboutLines(rule: Rule | undefined, rec: Rec, src: SourcePart, id: string): string {
  const h = hashOf(id);
  const name = nameOf(rec, src);
  const noun = src.noun[0];
  // a record's own name follows its noun ("the scheduled job nightly-export"); a name it only carries (an order's
  // customer, a payment's merchant) is given with its label
  const own = /\b(name|title)\b/.test(src.nameField.label);
  const named = own ? `the ${noun} ${name} (${id})` : `${noun} ${id} (${src.nameField.label}: ${name})`;
  const which = name
    ? [`This is about ${named}.`, `I'm writing about ${named}.`, `A quick note on ${named}.`][h % 3]
    : `This is about ${noun} ${id}.`;
  const r = citedCondition(rule, src);
  const fact = r ? factText(r, rec) : undefined;
  if (!r || !fact) return which as string;
  const label = labelOf(r, src);
  const be = isAre(label);
  // a state is what a record is marked ("its last run is marked failed"), a figure what it is; a count is had
  // ("it has had 3 reminders sent", never "its reminders sent is 3 reminders": review 39)
  const state = r.model.kind === 'enum' ? 'marked ' : '';
  const counted = r.model.kind === 'number' ? countedOf(r.model) : undefined;
  const n = rec[r.atom.field];
  const why =
    r.atom.kind === 'mentions'
      ? `Its ${label} mentions ${fact}, which is why it came up.`
      : counted && typeof n === 'number'
        ? `${counted.holder ? `Its ${counted.holder}` : 'It'} ${counted.verb[1]} ${grouped(n, 0, 2)} ${counted.noun[n === 1 ? 0 : 1]}${counted.tail}, which is why it is on my list.`
        : [
            `Its ${label} ${be} ${state}${fact}, which is why it is on my list.`,
            `It came up because its ${label} ${be} ${state}${fact}.`,
            `The record shows its ${label} as ${fact}.`,
          ][Math.floor(h / 3) % 3];
  return `${which} ${why}`;
}
