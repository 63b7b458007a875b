import type { Rng } from '../../env/rng.js';
import { at, dayMonth } from '../kit/dates.js';
import { CURRENCY_SIGN, formatMoney } from '../kit/money.js';
import { grouped } from '../../schema/text.js';
import { aOrAn, capitalise, isPlural, orList } from '../kit/text.js';
import { type Counted, countedOf, type EnumWords, enumWords, factor, pluralOf, singularOf } from './field-words.js';
import { type EnumModel, type FieldModel, type Nouns, sayValue } from './fields.js';
import { type Atom, modelOf, type Rule, termsOf } from './rule.js';
import { flagClause, flagModifier, relative } from './flag-words.js';
import { amount, perClause, perModifier } from './per-category.js';

// A rule in words, several ways: each condition has modifier forms ("referrals whose urgency is urgent") and
// clause forms ("the urgency is urgent"), relative ("10 or more days ago") and absolute ("on or before 2 March")
// wordings; the choice is seeded, so the rule's text is not a fingerprint of its kind.

// "due between today and 3 May, both days included, and marked open": a condition that holds a comma or an "and"
// of its own is closed by a comma before the next, so the next is not read as part of it
const and = (xs: readonly string[]) =>
  xs.length <= 1
    ? (xs[0] ?? '')
    : xs.length === 2
      ? `${xs[0]}${/,| and /.test(xs[0] ?? '') ? ',' : ''} and ${xs[1]}`
      : `${xs.slice(0, -1).join(', ')}, and ${xs.at(-1)}`;

/**
 * The label as said after the record's own noun: "the seat's status", not "the seat's seat status"; "orders whose
 * value is", not "whose order value is". Words of the noun that open the label go; the label's last word stays.
 * They go only when they name the record, ending on the noun's head word: the "aircraft type" of an aircraft
 * inspection is the aircraft's, not the inspection's, so it stays whole.
 */
export function ownLabel(label: string, n?: Nouns): string {
  if (!n) return label;
  const nounWords = n.singular.toLowerCase().split(/[\s-]+/);
  const noun = new Set(nounWords);
  const words = label.split(' ');
  let k = 0;
  while (k < words.length - 1 && noun.has((words[k] ?? '').toLowerCase())) k++;
  if (k > 0 && words[k - 1]?.toLowerCase() !== nounWords.at(-1)) return label;
  // "the order's date", "the run failure's time" say less than the label: a bare date or time keeps its noun
  const rest = words.slice(k).join(' ');
  return /^(?:date|time)$/.test(rest) ? label : rest;
}

// the terms a text condition accepts, quoted: "illness" or "medical evidence"
const quoted = (a: Atom & { kind: 'mentions' }) => orList(termsOf(a).map((t) => `"${t}"`));

const isAre = (label: string) => (isPlural(label) ? 'are' : 'is');

// a label that still opens with a word of the noun ("run time" of a run failure, "order date" of an order) cannot
// follow the noun's possessive without saying it twice: such a condition is said another way
const echoes = (label: string, n?: Nouns) =>
  Boolean(
    n?.singular
      .toLowerCase()
      .split(/[\s-]+/)
      .includes(label.split(' ')[0]?.toLowerCase() ?? ''),
  );

// a date's verb after the plural noun: the record's own ("referrals made"), or, where the date is someone else's, that
// one's ("passes whose visitor is expected", "access reviews whose account was last used")
function dateVerb(m: FieldModel, verb: string, ahead: boolean): string {
  return m.kind === 'date' && m.subject ? `whose ${m.subject} ${ahead ? 'is' : 'was'} ${verb}` : verb;
}

const day = (today: string, days: number) => dayMonth(at(today, { days }));
// "1 day", "3 days"; "1 working day"
const dayCount = (n: number, unit = 'day') => `${n} ${unit}${n === 1 ? '' : 's'}`;

/**
 * A wording drawn from relative forms, forms that name calendar dates, then more relative forms. With no `today`
 * (a superseded version of a rule, whose "today" is not the reader's) only the relative forms are drawn: a date
 * written from the reader's today would fall after the version stopped applying.
 */
function pickDated(
  rng: Rng,
  relative: string[],
  dated: (today: string) => string[],
  today: string | null,
  after: string[] = [],
): string {
  return rng.pick(today === null ? [...relative, ...after] : [...relative, ...dated(today), ...after]);
}

// "with a receipt total of at least €250": one figure takes its article, a plural label none ("with failed runs of …")
const some = (label: string) => (isPlural(label) ? label : `${aOrAn(label)} ${label}`);

// a count said with its noun once: "2 screens", "one gas point", "500 units ordered"
const counting = (c: Counted, v: number) => `${v === 1 ? 'one' : grouped(v)} ${c.noun[v === 1 ? 0 : 1]}${c.tail}`;

// a count's bound as people say it: "at least one gas point", "no sockets", "2 or fewer screens" (never "no fewer
// than 1", "at most 0")
function countBound(c: Counted, v: number, least: boolean, rng: Rng): string {
  const plural = `${c.noun[1]}${c.tail}`;
  if (!least && v === 0) return `no ${plural}`;
  if (least && v <= 1) return rng.pick([`at least ${counting(c, 1)}`, `one or more ${plural}`]);
  if (!least && v === 1) return rng.pick([`at most ${counting(c, 1)}`, `no more than ${counting(c, 1)}`]);
  return least
    ? rng.pick([`at least ${counting(c, v)}`, `${grouped(v)} or more ${plural}`, `no fewer than ${counting(c, v)}`])
    : rng.pick([`at most ${counting(c, v)}`, `no more than ${counting(c, v)}`, `${grouped(v)} or fewer ${plural}`]);
}

// a count's bound after the plural noun: "with at least 2 screens", "holding 1,000 or more shares", "with no sockets"
const countModifier = (c: Counted, v: number, bound: 'at_least' | 'at_most', rng: Rng): string =>
  `${c.verb[0]} ${countBound(c, v, bound === 'at_least', rng)}`;

// the values of an enum condition as said in running text
const valuesOf = (a: Atom & { values: readonly string[] }, m: FieldModel) =>
  a.values.map((v) => sayValue(m as EnumModel, v));

// a practitioner's words over the label's most of the time: the label's form keeps the texts varied
const ownWords = (rng: Rng) => rng.chance(0.75);

// the words a value list takes in a clause of one record, without the "with" a "has" drops
const oneWords = (w: EnumWords, said: readonly string[]) =>
  factor(
    said.map((v) => (w.one ?? w.say)(v)).map((p) => (w.be === 'has' ? p.replace(/^with /, '') : p)),
    said,
  );

// the values a condition leaves out, in the practitioner's words (undefined where none read well)
function notWords(w: EnumWords, said: readonly string[]): string | undefined {
  if (w.noNot) return undefined;
  if (w.not) return w.not(said);
  const pos = factor(said.map(w.say), said);
  if (pos.startsWith('whose ')) return undefined;
  if (pos.startsWith('with ')) return `without ${pos.slice(5)}`;
  if (pos.startsWith('that are ')) return `that are not ${pos.slice(9)}`;
  return `not ${pos}`;
}

/**
 * A condition as a modifier after the plural noun: "whose urgency is urgent", "referred 10 or more days ago",
 * "published by McKinsey or IDC". With the nouns, a label that opens with the noun drops it ("orders whose value").
 */
export function modifier(a: Atom, models: readonly FieldModel[], today: string | null, rng: Rng, n?: Nouns): string {
  return withApart(a, models, modifierWords(a, models, today, rng, n), rng);
}

// a condition on values that leave out one a reader would count with them says how that one counts ("whose last
// run ended in a failure (a timeout is not a failure here)")
function withApart(a: Atom, models: readonly FieldModel[], said: string, rng: Rng): string {
  if (a.kind !== 'in' && a.kind !== 'not_in') return said;
  const m = modelOf(models, a);
  const notes = m.kind === 'enum' ? enumWords(m)?.apart?.(a.values) : undefined;
  return notes?.length ? `${said} (${rng.pick(notes)})` : said;
}

function modifierWords(a: Atom, models: readonly FieldModel[], today: string | null, rng: Rng, n?: Nouns): string {
  const m = modelOf(models, a);
  const label = m.label;
  const own = ownLabel(label, n);
  switch (a.kind) {
    case 'in': {
      const said = valuesOf(a, m);
      const vs = orList(said);
      const w = m.kind === 'enum' ? enumWords(m) : undefined;
      if (w && (w.only || ownWords(rng))) return factor(said.map(w.say), said);
      return rng.pick([`whose ${own} ${isAre(own)} ${vs}`, `where the ${label} ${isAre(label)} ${vs}`]);
    }
    case 'not_in': {
      const said = valuesOf(a, m);
      const vs = orList(said);
      // "is not not started" reads as a slip: a value that is itself a negation is quoted after "other than"
      if (said.some((v) => /^not\b/.test(v))) return `whose ${own} ${isAre(own)} anything other than "${vs}"`;
      const w = m.kind === 'enum' ? enumWords(m) : undefined;
      const words = w && notWords(w, said);
      if (words && (w?.only || ownWords(rng))) return words;
      return rng.pick([`whose ${own} ${isAre(own)} not ${vs}`, `with any ${label} other than ${vs}`]);
    }
    case 'at_least': {
      if (a.per) return perModifier(a, models, own, n);
      const c = m.kind === 'number' ? countedOf(m) : undefined;
      if (c) return countModifier(c, a.value, 'at_least', rng);
      const t = amount(m, a.value);
      return rng.pick([
        `with ${some(label)} of at least ${t}`,
        `whose ${own} ${isAre(own)} ${t} or more`,
        // "reaches 20 failed runs or higher" mixes a count with a level: "or more" fits both
        `where the ${label} ${isPlural(label) ? 'reach' : 'reaches'} ${t} or more`,
        `with ${some(label)} no lower than ${t}`,
      ]);
    }
    case 'at_most': {
      if (a.per) return perModifier(a, models, own, n);
      const c = m.kind === 'number' ? countedOf(m) : undefined;
      if (c) return countModifier(c, a.value, 'at_most', rng);
      const t = amount(m, a.value);
      return rng.pick([
        `with ${some(label)} of at most ${t}`,
        `whose ${own} ${isAre(own)} ${t} or less`,
        `where the ${label} ${isPlural(label) ? 'stay' : 'stays'} at or below ${t}`,
        `with ${some(label)} no higher than ${t}`,
      ]);
    }
    case 'older': {
      const verb = m.kind === 'date' ? dateVerb(m, m.past ?? m.verb, false) : label;
      if (a.workdays)
        return rng.pick([
          `${verb} ${a.days} or more working days ago`,
          `${verb} at least ${dayCount(a.days, 'working day')} ago`,
        ]);
      return pickDated(
        rng,
        [`${verb} ${a.days} or more days ago`, `${verb} at least ${dayCount(a.days)} ago`],
        (t) => [`${verb} on or before ${day(t, -a.days)}`],
        today,
      );
    }
    case 'recent': {
      const verb = m.kind === 'date' ? dateVerb(m, m.past ?? m.verb, false) : label;
      // holds() takes 0 ≤ days ago ≤ N: today and the N days before it, never a future date
      const notAhead = m.kind === 'date' && m.to > 0 ? ' and not after today' : '';
      const before = a.days === 1 ? `${verb} today or the day before` : `${verb} today or in the ${a.days} days before`;
      return pickDated(
        rng,
        [before],
        (t) => [`${verb} between ${day(t, -a.days)} and today, both days included`],
        today,
        [`${verb} no more than ${dayCount(a.days)} ago${notAhead}`],
      );
    }
    case 'due_within': {
      const verb = m.kind === 'date' ? dateVerb(m, m.verb, true) : label;
      // holds() takes 0 ≤ days ahead ≤ N: today and the N days after it
      if (a.workdays) return `${verb} no more than ${dayCount(a.days, 'working day')} after today`;
      const next = a.days === 1 ? `${verb} today or tomorrow` : `${verb} today or in the next ${a.days} days`;
      return pickDated(
        rng,
        [next],
        (t) => [
          `${verb} between today and ${day(t, a.days)}, both days included`,
          `${verb} any day from today up to ${day(t, a.days)}`,
        ],
        today,
      );
    }
    case 'overdue': {
      const verb = m.kind === 'date' ? dateVerb(m, m.past ?? m.verb, false) : label;
      return pickDated(
        rng,
        [`${verb} before today`, ...(echoes(own, n) ? [] : [`whose ${own} has already passed`])],
        (t) => [`${verb} earlier than ${day(t, 0)}`],
        today,
      );
    }
    case 'flag':
      return m.kind === 'flag' ? flagModifier(a.value ? m.yes : m.no) : label;
    case 'mentions': {
      const t = quoted(a);
      return rng.pick([
        `whose ${own} ${isPlural(own) ? 'mention' : 'mentions'} ${t}`,
        `with ${t} in the ${label}`,
        `where the ${label} ${isPlural(label) ? 'refer' : 'refers'} to ${t}`,
      ]);
    }
  }
}

/**
 * A condition as a clause about one record: "its urgency is urgent", "it was referred 10 or more days ago", "the
 * court deadline is in the County Court". A clause that opens "its"/"it" refers to the record a lead sentence names.
 */
export function clause(a: Atom, models: readonly FieldModel[], n: Nouns, today: string | null, rng: Rng): string {
  return withApart(a, models, clauseWords(a, models, n, today, rng), rng);
}

function clauseWords(a: Atom, models: readonly FieldModel[], n: Nouns, today: string | null, rng: Rng): string {
  const m = modelOf(models, a);
  const the = `the ${n.singular}`;
  const own = ownLabel(m.label, n);
  // the record's label: "its status", "the seat's status"; a label kept whole for naming another thing than the
  // record stands alone ("the aircraft type", never "the aircraft inspection's aircraft type")
  const its = () => (own === m.label && echoes(own, n) ? `the ${own}` : `${rng.pick(['its', `${the}'s`])} ${own}`);
  const subject = () => rng.pick(['it', the]);
  switch (a.kind) {
    case 'in':
    case 'not_in': {
      const said = valuesOf(a, m);
      const vs = orList(said);
      const negated = a.kind === 'not_in';
      if (negated && said.some((v) => /^not\b/.test(v))) return `${its()} ${isAre(own)} anything other than "${vs}"`;
      const w = m.kind === 'enum' ? enumWords(m) : undefined;
      // "the court deadline's court" says the noun twice: a label that is a word of the noun takes the words
      const inNoun = n.singular.split(/[\s-]+/).includes(own);
      const frame = w && !(negated && w.noNot) && (w.only || inNoun || ownWords(rng)) ? w : undefined;
      if (frame) {
        const words = oneWords(frame, said);
        const possessive = rng.pick(['its', `${the}'s`]);
        switch (frame.be) {
          case 'has':
            return `${subject()} ${negated ? 'does not have' : 'has'} ${words}`;
          case 'is':
          case 'was':
            return `${subject()} ${frame.be}${negated ? ' not' : ''} ${words}`;
          case 'its': {
            // "its last run did not end in a failure": the modifier's own negation, said of the one record
            const not = negated ? notWords(frame, said) : undefined;
            if (!negated) return `${possessive} ${words}`;
            if (not?.startsWith('whose ')) return `${possessive} ${not.slice(6)}`;
            break;
          }
          case 'verb':
            if (!negated) return `${subject()} ${words}`;
        }
      }
      return `${its()} ${isAre(own)}${negated ? ' not' : ''} ${vs}`;
    }
    case 'at_least':
    case 'at_most': {
      if (a.per) return perClause(a, models, its(), n);
      const c = m.kind === 'number' ? countedOf(m) : undefined;
      const least = a.kind === 'at_least';
      if (c) {
        return `${c.holder ? `the ${c.holder}` : subject()} ${c.verb[1]} ${countBound(c, a.value, least, rng)}`;
      }
      const t = amount(m, a.value);
      if (echoes(own, n)) return `${subject()} has ${some(m.label)} of ${least ? 'at least' : 'at most'} ${t}`;
      return rng.pick([
        `${its()} ${isAre(own)} ${t} ${least ? 'or more' : 'or less'}`,
        `${its()} ${isAre(own)} ${least ? 'at least' : 'at most'} ${t}`,
      ]);
    }
    case 'flag':
      return m.kind === 'flag' ? flagClause(the, a.value ? m.yes : m.no) : `${the} is ${m.label}`;
    case 'mentions':
      return `${its()} ${isPlural(own) ? 'mention' : 'mentions'} ${quoted(a)}`;
    default: {
      const said = modifier(a, models, today, rng, n);
      // a date that is someone else's names them ("the visitor is expected …", "the account was last used …")
      const whose = m.kind === 'date' && m.subject ? `whose ${m.subject} ` : undefined;
      if (whose && said.startsWith(whose)) return `the ${said.slice(6)}`;
      // a window still ahead reads in the present ("is taking place in the next 10 days"), one behind in the past
      return `${the} ${a.kind === 'due_within' ? 'is' : 'was'} ${said}`
        .replace(/ is (whose|where|with) /, ' has $1 ')
        .replace(/ was (whose|where|with) /, ' has $1 ')
        .replace(' has whose ', "'s ");
    }
  }
}

/** The rule as one noun phrase: "referrals whose urgency is urgent and referred 10 or more days ago, unless …". */
export function rulePhrase(r: Rule, models: readonly FieldModel[], n: Nouns, today: string, rng: Rng): string {
  const mod = (a: Atom) => modifier(a, models, today, rng, n);
  // after "whose sentiment is mixed" a bare "naming a client" reads as part of it: it becomes "that name a client"
  const mods = r.all.map(mod).map((p, i, xs) => (i > 0 && /^(?:whose|where) /.test(xs[i - 1] ?? '') ? relative(p) : p));
  let s = `${n.plural} ${and(mods)}`;
  // the alternatives are whole clauses: a comma between them, never inside one ("on or before", "10 or more")
  if (r.any) {
    const alts = r.any.map(mod);
    const either = `either ${alts.slice(0, -1).join(', ')}, or ${alts.at(-1)}`;
    s = r.all.length ? `${s}, and ${either}` : `${n.plural} ${either}`;
  }
  // after a plural noun "it" has nothing to refer to: the exception names the one record ("the chart request's spec")
  const one = (a: Atom) =>
    clause(a, models, n, today, rng).replace(/^its /, `the ${n.singular}'s `).replace(/^it /, `the ${n.singular} `);
  // (with its reason, as the policy gives it: an exception said bare reads as an arbitrary hole in the rule)
  if (r.unless)
    s += `${rng.pick([`, unless ${one(r.unless)}`, `, except where ${one(r.unless)}`])}${r.why ? ` (${r.why})` : ''}`;
  return s;
}

/**
 * The rule as policy bullets: the conditions, then the exception on a line of its own, with the reason drawn with it
 * (`Rule.why`, exception-reasons.ts). `today` null: relative wordings only, for a version of the rule that no longer
 * applies.
 */
export function ruleBullets(
  r: Rule,
  models: readonly FieldModel[],
  n: Nouns,
  today: string | null,
  rng: Rng,
): string[] {
  const lines = r.all.map((a) => `- ${capitalise(clause(a, models, n, today, rng))}.`);
  if (r.any) lines.push(`- And at least one of: ${r.any.map((a) => clause(a, models, n, today, rng)).join('; ')}.`);
  if (r.unless) {
    const reason = r.why;
    const cond = clause(r.unless, models, n, today, rng);
    lines.push(
      reason
        ? rng.pick([
            `- Exception: leave it out if ${cond}: ${reason}.`,
            `- Exception: leave it out if ${cond}, because ${reason}.`,
            `- Leave it out if ${cond}: ${reason}.`,
          ])
        : `- Exception: leave it out if ${cond}.`,
    );
  }
  return lines;
}
