import type { Rng } from '../../env/rng.js';
import { at, dayMonth } from '../kit/dates.js';
import { formatMoney } from '../kit/money.js';
import { grouped } from '../../schema/text.js';
import { aOrAn, isPlural } from '../kit/text.js';
import { type EnumModel, type FieldModel, sayValue } from './fields.js';
import { type Atom, modelOf, type Rule } from './rule.js';

// A rule in words, several ways: each condition has modifier forms ("referrals whose urgency is urgent") and
// clause forms ("the urgency is urgent"), relative ("10 or more days ago") and absolute ("on or before 2 March")
// wordings; the choice is seeded, so the rule's text is not a fingerprint of its kind.

/** What a condition's words may say of the record: its nouns. */
export interface Nouns {
  singular: string;
  plural: string;
}

const or = (xs: readonly string[]) =>
  xs.length <= 1 ? (xs[0] ?? '') : `${xs.slice(0, -1).join(', ')} or ${xs.at(-1)}`;
const and = (xs: readonly string[]) =>
  xs.length <= 1
    ? (xs[0] ?? '')
    : xs.length === 2
      ? `${xs[0]} and ${xs[1]}`
      : `${xs.slice(0, -1).join(', ')}, and ${xs.at(-1)}`;

function amount(m: FieldModel, v: number): string {
  if (m.kind !== 'number') return String(v);
  if (m.percent) return `${Math.round(v * 1000) / 10}%`;
  if (m.currency)
    return `${m.currency === 'USD' ? '$' : m.currency === 'GBP' ? '£' : m.currency === 'EUR' ? '€' : `${m.currency} `}${Number.isInteger(v) ? grouped(v) : formatMoney(v)}`;
  const n = Number.isInteger(v) ? grouped(v) : String(v);
  // "1 approval", not "1 approvals"
  const unit = m.unit && v === 1 && /[^s]s$/.test(m.unit) ? m.unit.slice(0, -1) : m.unit;
  return unit ? `${n} ${unit}` : n;
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

// a flag's words come as a phrase that follows a noun ("with customer impact", "still enabled", "needing a read")
// or as a bare adjective ("non-refundable"), which cannot: "bookings non-refundable" must be "bookings that are …"
const bareAdjective = (p: string) => /^[a-z-]+$/i.test(p) && !/(ed|en|ing)$/.test(p);
// "is needing a read", "is without an NDA" do not read; "is running in a sandbox" does
const stative = (p: string) => /^(?:(?:still|not) )?(?:without|needing|requiring|holding|naming|owing)\b/.test(p);

// "a sit-stand desk" said of many: "sit-stand desks"
const pluralOf = (p: string) =>
  p
    .replace(/^an? /, '')
    .replace(/(?:s|x|z|ch|sh)$/, '$&e')
    .replace(/([^aeiou])y$/, '$1ie')
    .concat('s');

/**
 * A flag after the plural noun: "bookings that are non-refundable", "jobs still enabled", "desks that are sit-stand
 * desks" (a flag named as what the record is, "a sit-stand desk", cannot follow a noun as it stands).
 */
export const flagModifier = (p: string): string =>
  /^an? /.test(p)
    ? // the head noun takes the plural; one with a phrase after it ("a bench with a vise") is said of each
      / (?:with|of|in|on|for|at|from|by|to) /.test(p)
      ? `that are each ${p}`
      : `that are ${pluralOf(p)}`
    : bareAdjective(p)
      ? `that are ${p}`
      : p;

/** A flag said of one record: "the booking is non-refundable", "the migration has a down migration". */
export function flagClause(the: string, p: string): string {
  if (p.startsWith('with ')) return `${the} has ${p.slice(5)}`;
  return stative(p) ? `${the} is one ${p}` : `${the} is ${p}`;
}

// "with a receipt total of at least €250": one figure takes its article, a plural label none ("with failed runs of …")
const some = (label: string) => (isPlural(label) ? label : `${aOrAn(label)} ${label}`);

// a count field ("number of screens", unit "screens") said by its bound: "at most 2 screens", "at least 250 units
// ordered" — "with number of screens of at most 2 screens" says the unit twice; undefined for any other field
function countBound(m: FieldModel, v: number, bound: 'at least' | 'at most'): string | undefined {
  if (m.kind !== 'number' || !m.unit || m.currency || m.percent) return undefined;
  // a label that names what is counted ("data points", unit "points"): "at least 200 data points"
  if (isPlural(m.label) && m.label.endsWith(m.unit) && !/^number of\b/i.test(m.label))
    return `${bound} ${Number.isInteger(v) ? grouped(v) : String(v)} ${m.label}`;
  const counted = /^number of (.+)$/i.exec(m.label)?.[1];
  if (!counted?.startsWith(m.unit)) return undefined;
  return `${bound} ${amount(m, v)}${counted.slice(m.unit.length)}`;
}

/** A condition as a modifier after the plural noun: "whose urgency is urgent", "referred 10 or more days ago". */
export function modifier(a: Atom, models: readonly FieldModel[], today: string | null, rng: Rng): string {
  const m = modelOf(models, a);
  const label = m.label;
  switch (a.kind) {
    case 'in': {
      const vs = or(a.values.map((v) => sayValue(m as EnumModel, v)));
      // "with court Court of Appeal" doubles a word: that phrasing says "whose court is" instead
      const doubled = label.split(' ').at(-1)?.toLowerCase() === vs.split(' ')[0]?.toLowerCase();
      return rng.pick([
        `whose ${label} is ${vs}`,
        doubled ? `whose ${label} is ${vs}` : `with ${label} ${vs}`,
        `where the ${label} is ${vs}`,
      ]);
    }
    case 'not_in': {
      const vs = or(a.values.map((v) => sayValue(m as EnumModel, v)));
      // "is not not started" reads as a slip: a value that is itself a negation is quoted after "other than"
      if (/^not\b/.test(vs)) return `whose ${label} is anything other than "${vs}"`;
      return rng.pick([
        `whose ${label} is not ${vs}`,
        `with any ${label} other than ${vs}`,
        `where the ${label} is anything but ${vs}`,
      ]);
    }
    case 'at_least': {
      const t = amount(m, a.value);
      return rng.pick([
        `with ${countBound(m, a.value, 'at least') ?? `${some(label)} of at least ${t}`}`,
        `whose ${label} is ${t} or more`,
        // "reaches 20 failed runs or higher" mixes a count with a level: "or more" fits both
        `where the ${label} ${isPlural(label) ? 'reach' : 'reaches'} ${t} or more`,
        `with ${aOrAn(label)} ${label} no lower than ${t}`,
      ]);
    }
    case 'at_most': {
      const t = amount(m, a.value);
      return rng.pick([
        `with ${countBound(m, a.value, 'at most') ?? `${some(label)} of at most ${t}`}`,
        `whose ${label} is ${t} or less`,
        `where the ${label} ${isPlural(label) ? 'stay' : 'stays'} at or below ${t}`,
        `with ${aOrAn(label)} ${label} no higher than ${t}`,
      ]);
    }
    case 'older': {
      const verb = m.kind === 'date' ? (m.past ?? m.verb) : label;
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
      const verb = m.kind === 'date' ? (m.past ?? m.verb) : label;
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
      const verb = m.kind === 'date' ? m.verb : label;
      // holds() takes 0 ≤ days ahead ≤ N: today and the N days after it
      const next = a.days === 1 ? `${verb} today or tomorrow` : `${verb} today or in the next ${a.days} days`;
      return pickDated(
        rng,
        [next],
        (t) => [
          `${verb} between today and ${day(t, a.days)}, both days included`,
          `${verb} no later than ${day(t, a.days)} and not before today`,
        ],
        today,
      );
    }
    case 'overdue': {
      const verb = m.kind === 'date' ? (m.past ?? m.verb) : label;
      return pickDated(
        rng,
        [`${verb} before today`, `whose ${label} has already passed`],
        (t) => [`${verb} earlier than ${day(t, 0)}`],
        today,
      );
    }
    case 'flag':
      return m.kind === 'flag' ? flagModifier(a.value ? m.yes : m.no) : label;
    case 'mentions':
      return rng.pick([
        `whose ${label} mentions "${a.term}"`,
        `with "${a.term}" in the ${label}`,
        `where the ${label} refers to "${a.term}"`,
      ]);
  }
}

/** A condition as a clause about one record: "its urgency is urgent", "it was referred 10 or more days ago". */
export function clause(a: Atom, models: readonly FieldModel[], n: Nouns, today: string | null, rng: Rng): string {
  const m = modelOf(models, a);
  const the = `the ${n.singular}`;
  switch (a.kind) {
    case 'in':
      return rng.pick([
        `${the}'s ${m.label} is ${or(a.values.map((v) => sayValue(m as EnumModel, v)))}`,
        `its ${m.label} is ${or(a.values.map((v) => sayValue(m as EnumModel, v)))}`,
      ]);
    case 'not_in': {
      const vs = or(a.values.map((v) => sayValue(m as EnumModel, v)));
      return /^not\b/.test(vs) ? `its ${m.label} is anything other than "${vs}"` : `its ${m.label} is not ${vs}`;
    }
    case 'at_least':
      return rng.pick([
        `its ${m.label} is ${amount(m, a.value)} or more`,
        `${the}'s ${m.label} is at least ${amount(m, a.value)}`,
      ]);
    case 'at_most':
      return rng.pick([
        `its ${m.label} is ${amount(m, a.value)} or less`,
        `${the}'s ${m.label} is at most ${amount(m, a.value)}`,
      ]);
    case 'flag':
      return m.kind === 'flag' ? flagClause(the, a.value ? m.yes : m.no) : `${the} is ${m.label}`;
    case 'mentions':
      return `its ${m.label} mentions "${a.term}"`;
    default:
      // a window still ahead reads in the present ("is taking place in the next 10 days"), one behind in the past
      return `${the} ${a.kind === 'due_within' ? 'is' : 'was'} ${modifier(a, models, today, rng)}`
        .replace(/ is (whose|where|with) /, ' has $1 ')
        .replace(/ was (whose|where|with) /, ' has $1 ')
        .replace(' has whose ', "'s ");
  }
}

/** The rule as one noun phrase: "referrals whose urgency is urgent and referred 10 or more days ago, unless …". */
export function rulePhrase(r: Rule, models: readonly FieldModel[], n: Nouns, today: string, rng: Rng): string {
  let s = `${n.plural} ${and(r.all.map((a) => modifier(a, models, today, rng)))}`;
  if (r.any)
    s += `${r.all.length ? ',' : ''} and either ${or(r.any.map((a) => modifier(a, models, today, rng)))}`.replace(
      / or /,
      ', or ',
    );
  // after a plural noun "its" has nothing to refer to: the exception names the one record ("the chart request's spec")
  const one = (a: Atom) => clause(a, models, n, today, rng).replace(/^its /, `the ${n.singular}'s `);
  if (r.unless) s += rng.pick([`, unless ${one(r.unless)}`, `, except where ${one(r.unless)}`]);
  return s;
}

/**
 * The rule as policy bullets: the conditions, then the exception on a line of its own. `today` null: relative
 * wordings only, for a version of the rule that no longer applies.
 */
export function ruleBullets(
  r: Rule,
  models: readonly FieldModel[],
  n: Nouns,
  today: string | null,
  rng: Rng,
): string[] {
  const cap = (s: string) => `${s[0]?.toUpperCase()}${s.slice(1)}`;
  const lines = r.all.map((a) => `- ${cap(clause(a, models, n, today, rng))}.`);
  if (r.any) lines.push(`- And at least one of: ${r.any.map((a) => clause(a, models, n, today, rng)).join('; ')}.`);
  if (r.unless) lines.push(`- Exception: leave it out if ${clause(r.unless, models, n, today, rng)}.`);
  return lines;
}
