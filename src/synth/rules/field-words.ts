import { aOrAn } from '../kit/text.js';
import type { EnumModel, NumberModel } from './fields.js';

// How people who work with a record type say a condition on one of its fields: a court deadline is "in the High
// Court (KBD)", a market report "published by McKinsey", a booster "for cats", a ticket "marked high priority" —
// never "with court High Court (KBD)". A field with no entry here is said by its label ("whose mode of study is
// part-time"), which always reads; an entry only adds the wording a practitioner would use instead.

/** How the values of one enum field read after a plural noun and in a clause about one record. */
export interface EnumWords {
  /** one value after the plural noun: "published by McKinsey", "for dogs" */
  say(v: string): string;
  /** one value in a clause about one record (default `say`): "for a dog" where the noun phrase says "for dogs" */
  one?(v: string): string;
  /**
   * how a clause about one record takes the words: after "is"/"was", after "has" (words that start "with"), as
   * they stand after the record ("verb": "it adds a column") or after its possessive ("its": "its last run
   * ended in a failure"); a clause the last two cannot negate is said by the label
   */
  be: 'is' | 'was' | 'has' | 'verb' | 'its';
  /** the values a condition leaves out, after the plural noun (default "not" before the words) */
  not?(vs: readonly string[]): string;
  /** no negated form reads well: leaving values out is said by the label */
  noNot?: true;
  /** the label's own form does not read ("whose right exercised is erasure"): these words are always used */
  only?: true;
}

/** "a sit-stand desk", "MSA" said of many: "sit-stand desks", "MSAs". */
export const pluralOf = (p: string): string =>
  p
    .replace(/^an? /, '')
    .replace(/(?:s|x|z|ch|sh)$/, '$&e')
    .replace(/([^aeiou])y$/, '$1ie')
    .concat('s');

/** "screens" said of one: "screen"; "uses" → "use", "batches" → "batch", "entries" → "entry". */
export const singularOf = (w: string): string =>
  /ies$/.test(w) ? w.replace(/ies$/, 'y') : /(?:ss|sh|ch|x)es$/.test(w) ? w.slice(0, -2) : w.replace(/s$/, '');

const a = (v: string) => `${aOrAn(v)} ${v}`;
/** words from a map of values, the value itself where the map has none */
const from =
  (map: Readonly<Record<string, string>>, dflt: (v: string) => string = (v) => v) =>
  (v: string) =>
    map[v] ?? dflt(v);
const lead =
  (verb: string, each: (v: string) => string = (v) => v) =>
  (v: string) =>
    `${verb} ${each(v)}`;

// a state a record is in: "marked in progress", "marked awaiting triage"
const MARKED: EnumWords = { say: lead('marked'), be: 'is' };
// fields whose label ends in one of these are states a system shows (a status, a review state, a health)
const STATE_LABEL = /(?:^|\s)(?:status|state|health)$/;

interface Entry {
  label: string;
  /** a value the field has, where one label names different fields ("category" of tickets and of spend) */
  has?: string;
  words: EnumWords;
}

const ENTRIES: readonly Entry[] = [
  // support, sales, stock, money
  { label: 'priority', words: { say: (v) => `marked ${v} priority`, be: 'is' } },
  { label: 'category', has: 'billing', words: { say: lead('about'), be: 'is' } },
  {
    label: 'category',
    has: 'meals',
    words: { say: lead('for', from({ office: 'office costs', training: 'training courses' })), be: 'is' },
  },
  { label: 'category', has: 'regulation', words: { say: lead('about'), be: 'is' } },
  { label: 'tier', words: { say: (v) => `on the ${v === 'vip' ? 'VIP' : v} tier`, be: 'is' } },
  {
    label: 'account',
    words: {
      say: from({
        'corporate-card': 'paid on the corporate card',
        'petty-cash': 'paid from petty cash',
        'bank-transfer': 'paid by bank transfer',
      }),
      be: 'was',
    },
  },
  {
    label: 'location',
    words: {
      say: from({
        'Main warehouse': 'kept in the Main warehouse',
        'Overflow site': 'kept at the Overflow site',
        'Store room B': 'kept in Store room B',
        'Returns cage': 'kept in the Returns cage',
      }),
      be: 'is',
    },
  },
  { label: 'region', words: { say: (v) => `in the ${v} region`, be: 'is' } },
  {
    label: 'last run',
    words: {
      be: 'its',
      only: true,
      say: lead('whose last run ended in', from({ success: 'a success', failed: 'a failure', timeout: 'a timeout' })),
      one: lead('last run ended in', from({ success: 'a success', failed: 'a failure', timeout: 'a timeout' })),
      not: (vs) =>
        `whose last run did not end in ${vs.map(from({ success: 'a success', failed: 'a failure', timeout: 'a timeout' })).join(' or ')}`,
    },
  },
  // places on a plan
  {
    label: 'zone',
    words: {
      say: lead(
        'in',
        from({ 'Hot desks': 'the hot-desk area' }, (v) => `the ${v}`),
      ),
      be: 'is',
    },
  },
  { label: 'bay', words: { say: lead('in', from({ 'Side rooms': 'the side rooms' })), be: 'is' } },
  { label: 'seating block', words: { say: (v) => `in the ${v}`, be: 'is' } },
  { label: 'aisle', words: { say: lead('in'), be: 'is' } },
  // receipts and partner mail
  {
    label: 'kind of expense',
    words: { say: lead('for', from({ taxi: 'a taxi', hotel: 'a hotel stay' })), be: 'is' },
  },
  {
    label: 'payment method',
    words: {
      say: from({
        'corporate card': 'paid on the corporate card',
        'personal card': 'paid on a personal card',
        cash: 'paid in cash',
      }),
      be: 'was',
    },
  },
  { label: 'language', words: { say: lead('written in'), be: 'is' } },
  { label: 'subject matter', words: { say: lead('about'), be: 'is' } },
  // a practice and a vet
  { label: 'urgency', words: MARKED },
  {
    label: 'specialty',
    words: { say: lead('to'), one: lead('for'), be: 'is', not: (vs) => `to a specialty other than ${vs.join(' or ')}` },
  },
  {
    label: 'payer',
    words: { say: lead('paid for by', from({ NHS: 'the NHS', 'self-pay': 'the patient' })), be: 'is' },
  },
  {
    label: 'appointment type',
    words: {
      say: lead('booked as', from({ telephone: 'a telephone appointment' }, a)),
      be: 'is',
    },
  },
  { label: 'insurer', words: { say: lead('billed to'), be: 'is' } },
  { label: 'procedure', words: { say: lead('for procedure'), be: 'is' } },
  {
    label: 'species',
    words: {
      say: (v) => `for ${pluralOf(v)}`,
      one: (v) => `for ${a(v)}`,
      be: 'is',
      not: (vs) => `for animals other than ${vs.map(pluralOf).join(' or ')}`,
    },
  },
  // a law firm
  { label: 'fee arrangement', words: { say: lead('on', from({ 'hourly rates': 'hourly rates' }, a)), be: 'is' } },
  {
    label: 'contract type',
    words: {
      say: (v) => `that are ${pluralOf(v)}`,
      // said letter by letter: "an MSA", "an NDA", "a DPA"
      one: from({ MSA: 'an MSA', NDA: 'an NDA', SOW: 'an SOW', DPA: 'a DPA' }, a),
      be: 'is',
      not: (vs) => `other than ${vs.map(pluralOf).join(' or ')}`,
    },
  },
  {
    label: 'deadline type',
    words: {
      say: lead(
        'for',
        from({
          'limitation period': 'limitation',
          'service of claim form': 'service of the claim form',
          defence: 'the defence',
          hearing: 'a hearing',
          'appeal window': 'an appeal',
        }),
      ),
      be: 'is',
    },
  },
  {
    label: 'court',
    words: {
      say: lead(
        'in',
        from({ 'LCIA arbitration': 'LCIA arbitration' }, (v) => `the ${v}`),
      ),
      be: 'is',
    },
  },
  {
    label: 'department',
    words: {
      say: lead('covering', from({ Executive: 'the executive team' })),
      one: lead('covers', from({ Executive: 'the executive team' })),
      be: 'verb',
    },
  },
  // travel and the household
  { label: 'purpose', words: { say: lead('for', from({ training: 'training' }, a)), be: 'is' } },
  {
    label: 'booking type',
    words: {
      say: lead(
        'for',
        from({ flight: 'a flight', hotel: 'a hotel', rail: 'rail travel', 'airport transfer': 'an airport transfer' }),
      ),
      be: 'is',
    },
  },
  {
    label: 'allowance type',
    words: { say: lead('for', from({ 'full day': 'a full day', 'travel day (75%)': 'a travel day (75%)' })), be: 'is' },
  },
  {
    label: 'bill type',
    words: { say: lead('for', from({ mobile: 'a mobile phone', gym: 'the gym', streaming: 'streaming' })), be: 'is' },
  },
  // a school
  { label: 'assessment type', words: { say: lead('for', a), be: 'is' } },
  { label: 'exam series', words: { say: (v) => `in the ${v} series`, be: 'is' } },
  {
    label: 'access arrangement',
    words: {
      say: lead(
        'with',
        from({ none: 'no access arrangement', '25% extra time': '25% extra time', 'rest breaks': 'rest breaks' }, a),
      ),
      be: 'has',
      noNot: true,
    },
  },
  // a plant, a hangar, a farm
  { label: 'line', words: { say: (v) => `on the ${v} line`, be: 'is' } },
  {
    label: 'order type',
    words: { say: lead('for', from({ rework: 'rework', expedite: 'an expedite' }, a)), be: 'is' },
  },
  {
    label: 'defect type',
    words: {
      say: lead(
        'raised for',
        from({
          dimensional: 'a dimensional defect',
          'surface finish': 'surface finish',
          'weld crack': 'a weld crack',
          'wrong material': 'wrong material',
          'missing component': 'a missing component',
          labelling: 'a labelling error',
        }),
      ),
      be: 'was',
    },
  },
  {
    label: 'source of the material',
    words: { say: lead('on parts from', from({ 'in-house': 'our own shop' })), be: 'is' },
  },
  { label: 'aircraft type', words: { say: (v) => `on ${v} aircraft`, one: (v) => `on ${a(v)}`, be: 'is' } },
  {
    label: 'check type',
    words: {
      say: (v) =>
        `that are ${from({ borescope: 'borescope inspections', 'landing gear overhaul': 'landing gear overhauls' }, pluralOf)(v)}`,
      one: from({ borescope: 'a borescope inspection' }, a),
      be: 'is',
      not: (vs) =>
        `other than ${vs.map(from({ borescope: 'borescope inspections', 'landing gear overhaul': 'landing gear overhauls' }, pluralOf)).join(' or ')}`,
    },
  },
  { label: 'crop', words: { say: lead('under'), be: 'is' } },
  // an investment desk
  {
    label: 'side',
    words: {
      say: (v) =>
        `that are ${from({ buy: 'buys', sell: 'sales', 'sell short': 'short sales', 'buy to cover': 'buys to cover' })(v)}`,
      one: from({ buy: 'a buy', sell: 'a sale', 'sell short': 'a short sale', 'buy to cover': 'a buy to cover' }),
      be: 'is',
      noNot: true,
    },
  },
  { label: 'broker', words: { say: lead('placed through'), be: 'was' } },
  { label: 'currency pair', words: { say: lead('in'), be: 'is' } },
  {
    label: 'note type',
    words: {
      say: (v) => `that are ${pluralOf(v)}`,
      one: a,
      be: 'is',
      not: (vs) => `other than ${vs.map(pluralOf).join(' or ')}`,
    },
  },
  { label: 'rating', words: { say: lead('rated'), be: 'is' } },
  // software and data
  { label: 'repository', words: { say: lead('in'), be: 'is' } },
  {
    label: 'CI status',
    words: { say: (v) => `with ${v} CI`, be: 'has', not: (vs) => `whose CI is not ${vs.join(' or ')}` },
  },
  { label: 'service', words: { say: lead('for'), be: 'is' } },
  { label: 'severity', words: { say: lead('rated'), be: 'is' } },
  {
    label: 'kind of change',
    words: {
      say: lead(
        'that',
        from({
          'create table': 'create a table',
          'add column': 'add a column',
          'add index': 'add an index',
          'drop column': 'drop a column',
          'rename column': 'rename a column',
          'alter type': 'change a column type',
          backfill: 'backfill data',
        }),
      ),
      one: from({
        'create table': 'creates a table',
        'add column': 'adds a column',
        'add index': 'adds an index',
        'drop column': 'drops a column',
        'rename column': 'renames a column',
        'alter type': 'changes a column type',
        backfill: 'backfills data',
      }),
      be: 'verb',
      noNot: true,
      only: true,
    },
  },
  { label: 'environment', words: { say: lead('in'), be: 'is' } },
  { label: 'affected service', words: { say: lead('affecting'), one: lead('affected'), be: 'verb' } },
  { label: 'database', words: { say: lead('on'), be: 'is' } },
  {
    label: 'audience',
    words: { say: lead('for', from({ executive: 'the executive team', board: 'the board' })), be: 'is' },
  },
  { label: 'metric', words: { say: lead('on'), be: 'is' } },
  // newsroom and studio
  {
    label: 'format',
    words: {
      say: (v) => `that are ${from({ 'live blog': 'live blogs', 'news story': 'news stories' }, pluralOf)(v)}`,
      one: a,
      be: 'is',
      not: (vs) => `other than ${vs.map(from({ 'news story': 'news stories' }, pluralOf)).join(' or ')}`,
    },
  },
  { label: 'channel', words: { say: lead('on'), be: 'is' } },
  {
    label: 'licence',
    words: {
      say: from(
        {
          'editorial use only': 'licensed for editorial use only',
          'Creative Commons BY': 'licensed under Creative Commons BY',
          'staff-created': 'created by our own staff',
          commissioned: 'commissioned from outside',
        },
        (v) => `licensed ${v}`,
      ),
      be: 'is',
    },
  },
  { label: 'show', words: { say: lead('from'), be: 'is' } },
  { label: 'deliverable', words: { say: lead('for', a), be: 'is' } },
  {
    label: 'chart type',
    words: {
      say: lead(
        'for',
        from(
          { scatter: 'a scatter plot', 'choropleth map': 'a choropleth map', 'locator map': 'a locator map' },
          (v) => `${a(v)} chart`,
        ),
      ),
      be: 'is',
    },
  },
  {
    label: 'platform',
    words: {
      say: lead('for', from({ 'website hero': 'the website hero', 'internal all-hands': 'the all-hands' })),
      be: 'is',
    },
  },
  { label: 'template', words: { say: lead('for', a), be: 'is' } },
  // compliance and automation
  { label: 'system', words: { say: lead('for'), be: 'is' } },
  {
    label: 'right exercised',
    words: {
      say: lead('for', from({ restriction: 'restriction of processing', objection: 'an objection to processing' })),
      be: 'is',
      only: true,
    },
  },
  { label: 'law', words: { say: lead('under'), be: 'is' } },
  { label: 'risk tier', words: { say: lead('in'), be: 'is' } },
  {
    label: 'data handled',
    words: {
      say: lead('covering', from({ none: 'no personal data' })),
      one: lead('covers', from({ none: 'no personal data' })),
      be: 'verb',
      noNot: true,
      only: true,
    },
  },
  {
    label: 'source',
    has: 'bug bounty',
    words: {
      say: lead('raised by', from({ 'bug bounty': 'the bug bounty programme', 'code scanning': 'code scanning' }, a)),
      be: 'was',
    },
  },
  {
    label: 'source',
    has: 'vendor marketplace',
    words: {
      say: lead(
        'from',
        from({
          'built-in': 'the built-in set',
          'vendor marketplace': 'the vendor marketplace',
          internal: 'our own team',
          community: 'the community',
        }),
      ),
      be: 'is',
    },
  },
  {
    label: 'trigger',
    words: {
      say: lead(
        'triggered by',
        from({ 'new email': 'new email', 'record updated': 'a record update', manual: 'hand' }, a),
      ),
      be: 'is',
    },
  },
  { label: 'app', words: { say: lead('for'), be: 'is' } },
  {
    label: 'permission level',
    words: { say: (v) => `with ${v === 'send on behalf' ? 'send-on-behalf' : v} access`, be: 'has' },
  },
  // research
  {
    label: 'venue',
    words: {
      say: lead(
        'published',
        from({ Nature: 'in Nature', 'arXiv preprint': 'as an arXiv preprint' }, (v) => `at ${v}`),
      ),
      be: 'was',
    },
  },
  {
    label: 'publisher',
    words: { say: from({ 'company filing': 'taken from a company filing' }, (v) => `published by ${v}`), be: 'was' },
  },
  { label: 'segment', words: { say: lead('covering'), one: lead('covers'), be: 'verb' } },
  { label: 'outlet', words: { say: lead('from', from({ 'trade press': 'the trade press' })), be: 'is' } },
  { label: 'sentiment', words: { say: (v) => `with ${v} sentiment`, be: 'has' } },
  {
    label: 'source type',
    words: {
      say: (v) => `that are ${from({ 'official statistics': 'official statistics' }, pluralOf)(v)}`,
      one: from({ 'official statistics': 'official statistics' }, a),
      be: 'is',
      noNot: true,
    },
  },
  // an office
  {
    label: 'room',
    words: {
      say: lead(
        'for',
        from({ 'Boardroom (14)': 'the Boardroom (14)', 'Training room (24)': 'the Training room (24)' }),
      ),
      be: 'is',
    },
  },
  {
    label: 'catering',
    words: {
      say: lead('with', from({ none: 'no catering', 'tea and coffee': 'tea and coffee' }, a)),
      be: 'has',
      noNot: true,
      only: true,
    },
  },
  { label: 'cost centre', words: { say: lead('charged to'), be: 'is' } },
  { label: 'item', words: { say: lead('for', a), be: 'is' } },
  { label: 'site', words: { say: lead('for', from({ 'Bristol lab': 'the Bristol lab' })), be: 'is' } },
  {
    label: 'access level',
    words: {
      say: lead(
        'with',
        from(
          {
            'reception only': 'reception-only access',
            'unescorted office': 'unescorted office access',
            'lab access': 'lab access',
          },
          (v) => `${v} access`,
        ),
      ),
      be: 'has',
      noNot: true,
    },
  },
];

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
}

// counts whose label names neither the counted thing nor a unit a reader would say
const COUNTS: Readonly<Record<string, Counted>> = {
  'missed appointments in the last year': {
    noun: ['missed appointment', 'missed appointments'],
    tail: ' in the last year',
    verb: ['with', 'has'],
  },
  'reminder count': { noun: ['reminder', 'reminders'], tail: ' sent', verb: ['with', 'has had'] },
  'stock on hand': { noun: ['unit', 'units'], tail: ' on hand', verb: ['with', 'has'] },
  holding: { noun: ['share', 'shares'], tail: '', verb: ['holding', 'holds'] },
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
