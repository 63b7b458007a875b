import { a, E, type Entry, from, has, is, kinds, lead, pluralOf, verb, was } from './field-words-kit.js';

// The words of field-words.ts: per enum field (by its label, and a value where one label names different fields),
// how a practitioner says a value of it after a plural noun and of one record. Grouped by the teams that keep the
// records; a field with no entry is said by its label.

const LAST_RUN = from({ success: 'a success', failed: 'a failure', timeout: 'a timeout' });
const CHANGE = {
  'create table': ['create a table', 'creates a table'],
  'add column': ['add a column', 'adds a column'],
  'add index': ['add an index', 'adds an index'],
  'drop column': ['drop a column', 'drops a column'],
  'rename column': ['rename a column', 'renames a column'],
  'alter type': ['change a column type', 'changes a column type'],
  backfill: ['backfill data', 'backfills data'],
} as const;
const change = (k: 0 | 1) => (v: string) => CHANGE[v as keyof typeof CHANGE]?.[k] ?? v;
const CHECKS = { borescope: 'borescope inspections', 'landing gear overhaul': 'landing gear overhauls' };
const TRADES = { buy: 'buys', sell: 'sales', 'sell short': 'short sales', 'buy to cover': 'buys to cover' };

export const ENTRIES: readonly Entry[] = [
  // support, sales, stock, money
  E(
    'priority',
    is((v) => `marked ${v} priority`),
  ),
  E('category', is(lead('about')), 'billing'),
  E('category', is(lead('for', from({ office: 'office costs', training: 'training courses' }))), 'meals'),
  E('category', is(lead('about')), 'regulation'),
  E(
    'tier',
    is((v) => `on the ${v === 'vip' ? 'VIP' : v} tier`),
  ),
  E(
    'account',
    was(
      from({
        'corporate-card': 'paid on the corporate card',
        'petty-cash': 'paid from petty cash',
        'bank-transfer': 'paid by bank transfer',
      }),
    ),
  ),
  E(
    'location',
    is(
      from({
        'Main warehouse': 'kept in the Main warehouse',
        'Overflow site': 'kept at the Overflow site',
        'Store room B': 'kept in Store room B',
        'Returns cage': 'kept in the Returns cage',
      }),
    ),
  ),
  E(
    'region',
    is((v) => `in the ${v} region`),
  ),
  E('last run', {
    say: lead('whose last run ended in', LAST_RUN),
    one: lead('last run ended in', LAST_RUN),
    be: 'its',
    only: true,
    asked: 'last run status',
    not: (vs) => `whose last run did not end in ${vs.map(LAST_RUN).join(' or ')}`,
    // most on-call engineers count a run that timed out as failed: a condition on one says how the other counts
    apart: (vs) =>
      vs.includes('failed') && !vs.includes('timeout')
        ? [
            'a timeout is not a failure here',
            'a run that timed out does not count',
            'timeouts are dealt with separately',
          ]
        : undefined,
  }),
  // places on a plan
  E(
    'zone',
    is(
      lead(
        'in',
        from({ 'Hot desks': 'the hot-desk area' }, (v) => `the ${v}`),
      ),
    ),
  ),
  E('bay', is(lead('in', from({ 'Side rooms': 'the side rooms' })))),
  E(
    'seating block',
    is((v) => `in the ${v}`),
  ),
  E('aisle', is(lead('in'))),
  // receipts and partner mail
  E('kind of expense', is(lead('for', from({ taxi: 'a taxi', hotel: 'a hotel stay' })))),
  E(
    'payment method',
    was(
      from({
        'corporate card': 'paid on the corporate card',
        'personal card': 'paid on a personal card',
        cash: 'paid in cash',
      }),
    ),
  ),
  E('language', is(lead('written in'))),
  E('subject matter', is(lead('about'))),
  // a practice and a vet
  E('urgency', is(lead('marked'))),
  E(
    'custodian status',
    is(
      lead(
        'for',
        from({
          employed: 'a custodian still employed',
          'on leave': 'a custodian on leave',
          'serving notice': 'a custodian serving notice',
          left: 'a custodian who has left',
        }),
      ),
    ),
  ),
  E('specialty', is(lead('to'), { one: lead('for'), not: (vs) => `to a specialty other than ${vs.join(' or ')}` })),
  E('payer', is(lead('paid for by', from({ NHS: 'the NHS', 'self-pay': 'the patient' })))),
  E('funding', is(lead('funded by', from({ NHS: 'the NHS', 'self-funded': 'the patient' })))),
  E('appointment type', is(lead('booked as', from({ telephone: 'a telephone appointment' }, a)))),
  E('insurer', is(lead('billed to'))),
  E('procedure', is(lead('for procedure'))),
  E(
    'species',
    is((v) => `for ${pluralOf(v)}`, {
      one: (v) => `for ${a(v)}`,
      not: (vs) => `for animals other than ${vs.map(pluralOf).join(' or ')}`,
    }),
  ),
  // a law firm
  E('fee arrangement', is(lead('on', from({ 'hourly rates': 'hourly rates' }, a)))),
  // said letter by letter: "an MSA", "an NDA", "a DPA"
  E('contract type', kinds(pluralOf, from({ MSA: 'an MSA', NDA: 'an NDA', SOW: 'an SOW', DPA: 'a DPA' }, a))),
  E(
    'deadline type',
    is(
      lead(
        'for',
        from({
          'limitation period': 'limitation',
          'service of claim form': 'service of the claim form',
          defence: 'the defence',
          hearing: 'a hearing',
          'appeal window': 'an appeal',
        }),
      ),
    ),
  ),
  E(
    'court',
    is(
      lead(
        'in',
        from({ 'LCIA arbitration': 'LCIA arbitration' }, (v) => `the ${v}`),
      ),
    ),
  ),
  E(
    'department',
    verb(
      lead('covering', from({ Executive: 'the executive team' })),
      lead('covers', from({ Executive: 'the executive team' })),
    ),
  ),
  // travel and the household
  E('purpose', is(lead('for', from({ training: 'training' }, a)))),
  E(
    'booking type',
    is(
      lead(
        'for',
        from({ flight: 'a flight', hotel: 'a hotel', rail: 'rail travel', 'airport transfer': 'an airport transfer' }),
      ),
    ),
  ),
  E('allowance type', is(lead('for', from({ 'full day': 'a full day', 'travel day (75%)': 'a travel day (75%)' })))),
  E('bill type', is(lead('for', from({ mobile: 'a mobile phone', gym: 'the gym' })))),
  // a school
  E('assessment type', is(lead('for', a))),
  E(
    'exam series',
    is((v) => `in the ${v} series`),
  ),
  E(
    'access arrangement',
    has(
      lead(
        'with',
        from({ none: 'no access arrangement', '25% extra time': '25% extra time', 'rest breaks': 'rest breaks' }, a),
      ),
      {
        noNot: true,
      },
    ),
  ),
  // a plant, a hangar, a farm
  E(
    'line',
    is((v) => `on the ${v} line`),
  ),
  E('order type', is(lead('for', from({ rework: 'rework' }, a)))),
  E(
    'defect type',
    was(
      lead(
        'raised for',
        from({
          dimensional: 'a dimensional defect',
          'weld crack': 'a weld crack',
          'missing component': 'a missing component',
          labelling: 'a labelling error',
        }),
      ),
    ),
  ),
  E('source of the material', is(lead('on parts from', from({ 'in-house': 'our own shop' })))),
  E(
    'aircraft type',
    is((v) => `on ${v} aircraft`, { one: (v) => `on ${a(v)}` }),
  ),
  E('check type', kinds(from(CHECKS, pluralOf), from({ borescope: 'a borescope inspection' }, a))),
  E('crop', is(lead('under'))),
  // an investment desk
  E(
    'side',
    kinds(
      from(TRADES),
      from({ buy: 'a buy', sell: 'a sale', 'sell short': 'a short sale', 'buy to cover': 'a buy to cover' }),
      { noNot: true },
    ),
  ),
  E('broker', was(lead('placed through'))),
  E('currency pair', is(lead('in'))),
  E('note type', kinds(pluralOf)),
  E('rating', is(lead('rated'))),
  // software and data
  E('repository', is(lead('in'))),
  E(
    'CI status',
    has((v) => `with ${v} CI`, { not: (vs) => `whose CI is not ${vs.join(' or ')}` }),
  ),
  E('service', is(lead('for'))),
  E('severity', is(lead('rated'))),
  E('kind of change', verb(lead('that', change(0)), change(1), { noNot: true, only: true })),
  E('environment', is(lead('in'))),
  E('affected service', verb(lead('affecting'), lead('affected'))),
  E('database', is(lead('on'))),
  E('audience', is(lead('for', from({ executive: 'the executive team', board: 'the board' })))),
  E('metric', is(lead('on'))),
  // newsroom and studio
  E('format', kinds(from({ 'news story': 'news stories' }, pluralOf))),
  E('channel', is(lead('on'))),
  E(
    'licence',
    is(
      from(
        {
          'editorial use only': 'licensed for editorial use only',
          'Creative Commons BY': 'licensed under Creative Commons BY',
          'staff-created': 'created by our own staff',
          commissioned: 'commissioned from outside',
        },
        (v) => `licensed ${v}`,
      ),
    ),
  ),
  E('show', is(lead('from'))),
  E('deliverable', is(lead('for', a))),
  E(
    'chart type',
    is(
      lead(
        'for',
        from(
          { scatter: 'a scatter plot', 'choropleth map': 'a choropleth map', 'locator map': 'a locator map' },
          (v) => `${a(v)} chart`,
        ),
      ),
    ),
  ),
  E('platform', is(lead('for', from({ 'website hero': 'the website hero', 'internal all-hands': 'the all-hands' })))),
  E('template', kinds(pluralOf)),
  E('source material', is(lead('built from', a))),
  // compliance and automation
  E('system', is(lead('for'))),
  E(
    'right exercised',
    is(lead('for', from({ restriction: 'restriction of processing', objection: 'an objection to processing' })), {
      only: true,
    }),
  ),
  E('law', is(lead('under'))),
  E('risk tier', is(lead('in'))),
  E(
    'data handled',
    verb(lead('covering', from({ none: 'no personal data' })), lead('covers', from({ none: 'no personal data' })), {
      noNot: true,
      only: true,
    }),
  ),
  E(
    'source',
    was(lead('raised by', from({ 'bug bounty': 'the bug bounty programme', 'code scanning': 'code scanning' }, a))),
    'bug bounty',
  ),
  E(
    'source',
    is(
      lead(
        'from',
        from({
          'built-in': 'the built-in set',
          'vendor marketplace': 'the vendor marketplace',
          internal: 'our own team',
          community: 'the community',
        }),
      ),
    ),
    'vendor marketplace',
  ),
  E(
    'trigger',
    is(
      lead('triggered by', from({ 'new email': 'new email', 'record updated': 'a record update', manual: 'hand' }, a)),
    ),
  ),
  E('app', is(lead('for'))),
  E(
    'permission level',
    has((v) => `with ${v === 'send on behalf' ? 'send-on-behalf' : v} access`),
  ),
  // research
  E(
    'venue',
    was(
      lead(
        'published',
        from({ Nature: 'in Nature', 'arXiv preprint': 'as an arXiv preprint' }, (v) => `at ${v}`),
      ),
    ),
  ),
  E('publisher', was(from({ 'company filing': 'taken from a company filing' }, (v) => `published by ${v}`))),
  E('segment', verb(lead('covering'), lead('covers'))),
  E('outlet', is(lead('from', from({ 'trade press': 'the trade press' })))),
  E(
    'sentiment',
    has((v) => `with ${v} sentiment`),
  ),
  E(
    'source type',
    kinds(
      from({ 'official statistics': 'official statistics' }, pluralOf),
      from({ 'official statistics': 'official statistics' }, a),
      {
        noNot: true,
      },
    ),
  ),
  // an office
  E(
    'room',
    is(lead('for', from({ 'Boardroom (14)': 'the Boardroom (14)', 'Training room (24)': 'the Training room (24)' }))),
  ),
  E(
    'catering',
    has(lead('with', from({ none: 'no catering', 'tea and coffee': 'tea and coffee' }, a)), {
      noNot: true,
      only: true,
    }),
  ),
  E('cost centre', is(lead('charged to'))),
  E('item', is(lead('for', a))),
  E('site', is(lead('for', from({ 'Bristol lab': 'the Bristol lab' })))),
  E(
    'access level',
    has(
      lead(
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
      { noNot: true },
    ),
  ),
];
