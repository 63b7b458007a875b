import { orList } from '../kit/text.js';
import { ENTRIES } from './field-words-data.js';
import { type EnumWords, pluralOf } from './field-words-kit.js';
import type { EnumModel, NumberModel } from './fields.js';

// How people who work with a record type say a condition on one of its fields: a court deadline is "in the High
// Court (KBD)", a market report "published by McKinsey", a booster "for cats", a ticket "marked high priority" —
// never "with court High Court (KBD)". A field with no entry (field-words-data.ts) is said by its label ("whose mode
// of study is part-time"), which always reads; an entry only adds the wording a practitioner would use instead.

export { type EnumWords, pluralOf };

/** "screens" said of one: "screen"; "uses" → "use", "batches" → "batch", "entries" → "entry". */
export const singularOf = (w: string): string =>
  /ies$/.test(w) ? w.replace(/ies$/, 'y') : /(?:ss|sh|ch|x)es$/.test(w) ? w.slice(0, -2) : w.replace(/s$/, '');

// a state a record is in: "marked in progress", "marked awaiting triage"
const MARKED: EnumWords = { say: (v) => `marked ${v}`, be: 'is' };
// fields whose label ends in one of these are states a system shows (a status, a review state, a health)
const STATE_LABEL = /(?:^|\s)(?:status|state|health)$/;

/**
 * Alternatives said once where they share words: "published by McKinsey or IDC", "in the North or West region",
 * "marked high or critical priority". The shared end is only factored out when no value holds it ("with escorted
 * access or lab access" keeps both, "lab access" being a value).
 */
export function factor(phrases: readonly string[], values: readonly string[] = []): string {
  if (phrases.length <= 1) return phrases[0] ?? '';
  const words = phrases.map((p) => p.split(' '));
  const shortest = Math.min(...words.map((w) => w.length));
  let head = 0;
  while (head < shortest - 1 && words.every((w) => w[head] === words[0]?.[head])) head++;
  const inValue = (w: string) => values.some((v) => v.split(' ').includes(w));
  let tail = 0;
  while (
    tail < shortest - head - 1 &&
    words.every((w) => w[w.length - 1 - tail] === words[0]?.[words[0].length - 1 - tail]) &&
    !inValue(words[0]?.[words[0].length - 1 - tail] ?? '')
  )
    tail++;
  const first = words[0] ?? [];
  const rests = words.map((w) => w.slice(head, w.length - tail).join(' '));
  return [...first.slice(0, head), orList(rests), ...first.slice(first.length - tail)].join(' ');
}

// states people set as work moves on, besides those named a status: a priority, a decision, a house view
const SET_BY_WORK = /^(?:priority|urgency|decision|stance|irrigation|last run|catering)$/;

/** Whether an enum field is a state a record moves through (a status, a priority), not what the record is. */
export const isState = (m: EnumModel): boolean => STATE_LABEL.test(m.label) || SET_BY_WORK.test(m.label);

/** The practitioner's words for an enum field, if it has any beyond its label. */
export function enumWords(m: EnumModel): EnumWords | undefined {
  const hit = ENTRIES.find((e) => e.label === m.label && (!e.has || m.values.includes(e.has)));
  if (hit) return hit.words;
  // a state one of whose values is itself "marked" (coursework) cannot be said as "marked …"
  return STATE_LABEL.test(m.label) && !m.values.some((v) => /^marked\b/.test(v)) ? MARKED : undefined;
}

/** What a count field counts: "2 screens", "40,000 monthly calls", "500 units ordered", "3 failed runs this week". */
export interface Counted {
  /** the counted noun, one and several ("gas point", "gas points") */
  noun: readonly [string, string];
  /** words after the noun ("ordered", "this week") */
  tail: string;
  /** the verb before the count after a noun ("with", "holding", "cited in") and in a clause ("has", "holds", "is cited in") */
  verb: readonly [string, string];
  /** who holds the count where it is not the record's own: the patient's missed appointments, not the booking's */
  holder?: string;
}

// counts whose label names neither the counted thing nor a unit a reader would say
const COUNTS: Readonly<Record<string, Counted>> = {
  'missed appointments in the last year': {
    noun: ['missed appointment', 'missed appointments'],
    tail: ' in the last year',
    verb: ['whose patient has', 'has'],
    holder: 'patient',
  },
  'reminder count': { noun: ['reminder', 'reminders'], tail: ' sent', verb: ['with', 'has had'] },
  'stock on hand': { noun: ['unit', 'units'], tail: ' on hand', verb: ['with', 'has'] },
  holding: { noun: ['share', 'shares'], tail: '', verb: ['holding', 'holds'] },
  'trade size': { noun: ['share', 'shares'], tail: '', verb: ['of', 'is for'] },
  'sample size': { noun: ['user', 'users'], tail: ' enrolled', verb: ['with', 'has'] },
  'unbilled time': { noun: ['unbilled hour', 'unbilled hours'], tail: '', verb: ['with', 'has'] },
  'time away': { noun: ['night', 'nights'], tail: ' away', verb: ['covering', 'covers'] },
  'workflow count': { noun: ['workflow', 'workflows'], tail: '', verb: ['used by', 'is used by'] },
};

/**
 * A number field that counts things, said by its count ("with at least 2 screens") rather than as a measure
 * with its unit repeated ("whose number of screens is 2 screens or more"); undefined for a measure.
 */
export function countedOf(m: NumberModel): Counted | undefined {
  const known = COUNTS[m.label];
  if (known) return known;
  if (m.currency || m.percent || m.unit === '%') return undefined;
  const u = m.unit;
  const plural = (p: string): Counted => {
    const words = p.split(' ');
    return {
      noun: [words.map((w, i) => (i === words.length - 1 ? singularOf(w) : w)).join(' '), p],
      tail: '',
      verb: ['with', 'has'],
    };
  };
  // "number of power sockets" (unit "sockets"), "number of units ordered" (unit "units")
  const counted = /^number of (.+)$/.exec(m.label)?.[1];
  if (counted && u) {
    if (counted.startsWith(`${u} `)) return { ...plural(u), tail: counted.slice(u.length) };
    if (counted.endsWith(u)) return plural(counted);
    return undefined;
  }
  // "monthly views", "revision rounds", "sponsor slots sold", "steps completed" (the unit is a word of the label)
  if (u) {
    const at = ` ${m.label} `.indexOf(` ${u} `);
    if (at >= 0) {
      const head = m.label.slice(0, at + u.length);
      return { ...plural(head), tail: m.label.slice(at + u.length) };
    }
    // "approval count" (approvals), "failure count this week" (failed runs): a count of the unit
    const count = /^[a-z-]+ count(.*)$/.exec(m.label);
    if (count && u !== 'documents') return { ...plural(u), tail: count[1] ?? '' };
    if (count) return { noun: ['document', 'documents'], tail: '', verb: ['cited in', 'is cited in'] };
    return undefined;
  }
  // "monthly calls": a plural label with no unit is what it counts
  return /^[a-z ]+$/.test(m.label) && /[^s]s$/.test(m.label) && !/ of /.test(m.label) ? plural(m.label) : undefined;
}
