import { mail, readMail, todoPart } from '../kit/builders.js';
import { type Check, mailRead, mailSent, type Step, tableCell, weights } from '../kit/checks.js';
import { at, dateOf } from '../kit/dates.js';
import type { GeneratorContext } from '../kit/generator.js';
import { definePreset } from './define.js';
import { ids, shuffle } from '../kit/ids.js';
import type { Person } from '../kit/people.js';
import type { TaskSpecInput } from '../../schema/task-spec.js';
import { escapeRegex } from '../../schema/text.js';

// data cleaning of a CSV export: e-mails trimmed and lower-cased, rows without an e-mail dropped, duplicates
// (same e-mail, other spelling) merged keeping the earliest sign-up, the result written as a new CSV and its
// row count mailed. medium: the requester's mail also drops test accounts; hard: the data steward's note lists
// opted-out addresses, the export README asks for upper-case country codes, and the to-do is ticked off.

const COUNTRIES = [
  ['de', 'DE'],
  ['fr', 'FR'],
  ['nl', 'NL'],
  ['es', 'ES'],
  ['it', 'IT'],
  ['pt', 'PT'],
] as const;
const RAW = 'exports/customers_raw.csv';
const OUT = 'exports/customers_clean.csv';

interface Row {
  name: string;
  email: string;
  country: string;
  signed_up: string;
}

const csvLine = (cells: readonly string[]) =>
  cells.map((c) => (/[",]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(',');

/** One drawn task: the customers (clean and dirty rows), what survives the clean-up, the people and ids. */
interface Scenario {
  ctx: GeneratorContext;
  medium: boolean;
  hard: boolean;
  requester: Person;
  steward: Person;
  /** the duplicated customers: upper-case with spaces, and a capitalised first letter */
  dup: Row;
  dup2: Row;
  optedOut: Row[];
  /** the raw export's rows, shuffled */
  all: Row[];
  /** the rows the clean CSV keeps, sorted by e-mail */
  keep: Row[];
  reqId: string;
  fillerId: string;
  noteId: string;
  otherNote: string;
  todo: ReturnType<typeof todoPart>;
}

// a name as a customer types it the second time: "Ana Li" → "A. Li"
const initialled = (name: string) => name.replace(/^(\p{L})\p{L}*/u, '$1.');

// dirty copies: a duplicate with other spelling and a later sign-up, a blank e-mail, a test account (medium+)
function dirtyRows(ctx: GeneratorContext, base: readonly Row[], day: (d: number) => string): Row[] {
  const { rng, words } = ctx;
  const [dup, dup2] = base as [Row, Row];
  return [
    // (signed up again later under an initial: keeping the later row, not the earliest sign-up, shows in the name)
    { ...dup, name: initialled(dup.name), email: `  ${dup.email.toUpperCase()} `, signed_up: day(rng.int(1, 25)) },
    { ...dup2, email: dup2.email.replace(/^./, (c) => c.toUpperCase()), signed_up: day(rng.int(1, 25)) },
    { name: words.fullName(), email: '', country: 'DE', signed_up: day(rng.int(1, 50)) },
    ...(ctx.difficulty !== 'easy'
      ? [{ name: 'QA Test', email: `qa+${rng.int(10, 99)}@example.test`, country: 'NL', signed_up: day(2) }]
      : []),
  ];
}

// every random draw before the fixtures, in one fixed order (the spec of a seed never changes with the builders)
function draw(ctx: GeneratorContext): Scenario {
  const { rng, words, mockToday, difficulty } = ctx;
  const [medium, hard] = [difficulty !== 'easy', difficulty === 'hard'];
  const [requester, steward] = words.people(2, 'acme.example') as [Person, Person];
  const customers = words.people(hard ? 9 : 7, rng.pick(['mail.example', 'post.example', 'inbox.example']));
  const day = (d: number) => dateOf(at(mockToday, { days: -d }));
  const base: Row[] = customers.map((p, i) => ({
    name: p.name,
    email: p.email,
    country: (COUNTRIES[i % COUNTRIES.length] as readonly [string, string])[rng.int(0, 1)] as string,
    signed_up: day(rng.int(30, 400)),
  }));
  const dirty = dirtyRows(ctx, base, day);
  const optedOut = hard ? [base[2] as Row, base[3] as Row] : [];
  const all = shuffle(rng, [...base, ...dirty]);
  const keep = base.filter((r) => !optedOut.includes(r)).sort((a, b) => (a.email < b.email ? -1 : 1));
  const [reqId, fillerId] = ids(rng, 'msg_', 2, 4) as [string, string];
  const [noteId, otherNote] = ids(rng, 'note_', 2, 3) as [string, string];
  const todo = todoPart(ctx, 'Clean the customer export', 0.05);
  const [dup, dup2] = base as [Row, Row];
  return {
    ctx,
    medium,
    hard,
    requester,
    steward,
    dup,
    dup2,
    optedOut,
    all,
    keep,
    reqId,
    fillerId,
    noteId,
    otherNote,
    todo,
  };
}

// hard: the export README asks for upper-case country codes
const country = (s: Scenario, c: string) => (s.hard ? c.toUpperCase() : c);

function notes(s: Scenario): Record<string, unknown>[] {
  const { mockToday } = s.ctx;
  return [
    {
      note_id: s.noteId,
      title: OPT_OUTS,
      created_at: at(mockToday, { days: -4 }),
      content: `These customers opted out; never include them in exports: ${s.optedOut.map((r) => r.email).join(', ')}.`,
      tags: ['privacy'],
    },
    {
      note_id: s.otherNote,
      title: 'Q3 campaign ideas',
      created_at: at(mockToday, { days: -9 }),
      content: 'Webinar series, partner referrals.',
      tags: ['marketing'],
    },
  ];
}

function fixtures(s: Scenario): NonNullable<TaskSpecInput['fixtures']> {
  const { rng, mockToday } = s.ctx;
  const raw = ['Name,Email,Country,Signed up', ...s.all.map((r) => csvLine([r.name, r.email, r.country, r.signed_up]))];
  const filler = mail(
    s.fillerId,
    s.steward,
    'Retro notes',
    'Retro notes are in the wiki.',
    at(mockToday, { days: -1 }),
  );
  const ask = `Hi, when you clean the customer export please also drop our internal test accounts (anything @example.test), and send me the count. Thanks, ${s.requester.first}`;
  return {
    workspace: {
      files: {
        [RAW]: `${raw.join('\n')}\n`,
        ...(s.hard
          ? {
              [README]: '# Exports\nCountry columns in cleaned exports use upper-case ISO 3166 codes (DE, FR, ...).\n',
            }
          : {}),
      },
    },
    gmail: {
      messages: s.medium
        ? shuffle(rng, [mail(s.reqId, s.requester, 'Customer export', ask, at(mockToday, { hours: -5 })), filler])
        : [filler],
    },
    ...(s.medium ? { todo: { tasks: s.todo.tasks } } : {}),
    ...(s.hard ? { notes: { notes: notes(s) } } : {}),
  };
}

function reference(s: Scenario): Step[] {
  const { keep, medium, hard } = s;
  const rows = keep.map((r) => [r.name, r.email, country(s, r.country)]);
  return [
    { call: 'fs_list', args: { path: 'exports' } },
    ...(medium ? readMail(s.reqId) : []),
    ...(hard
      ? [
          { call: 'fs_read', args: { path: README } },
          { call: 'notes_list', args: {} },
          { call: 'notes_get', args: { note_id: s.noteId } },
        ]
      : []),
    { call: 'fs_read', args: { path: RAW } },
    { call: 'fs_write_table', args: { path: OUT, columns: ['name', 'email', 'country'], rows } },
    {
      call: 'gmail_send_message',
      args: {
        to: s.requester.email,
        subject: 'Customer export cleaned',
        body: `Hi ${s.requester.first}, ${OUT} has ${keep.length} customers after the clean-up.`,
      },
    },
    ...(medium ? s.todo.steps : []),
    {
      say: `Wrote ${OUT} with ${keep.length} unique customers (e-mails trimmed and lower-cased, duplicates merged, blanks${medium ? ', test accounts' : ''}${hard ? ' and opted-out addresses' : ''} dropped).`,
    },
  ];
}

// check weights: mailing the count carries less as the level adds parts
const shares = ({ medium, hard }: Scenario) =>
  weights([
    ['count', 0.25],
    ['dedupe', 0.15],
    ['normalised', 0.15],
    ['sample', 0.1],
    ['mailed', medium ? 0.15 : 0.35],
    ...(medium
      ? ([
          ['request', 0.05],
          ['test', 0.1],
        ] as const)
      : []),
    ...(medium ? ([['todo', 0.05]] as const) : []),
    ...(hard
      ? ([
          ['optout', 0.1],
          ['country', 0.05],
        ] as const)
      : []),
  ]) as Record<string, number>;

// the clean CSV holds none of these (a regex over the whole file)
const without = (id: string, pattern: string, weight: number): Check => ({
  id,
  kind: 'file_matches',
  path: OUT,
  regex: `^((?!${pattern})[\\s\\S])*$`,
  weight,
});

function checks(s: Scenario): Check[] {
  const { keep, dup, dup2 } = s;
  const w = shares(s);
  const sample = keep[1] as Row;
  const n = keep.length;
  return [
    {
      id: 'row_count',
      kind: 'file_matches',
      path: OUT,
      range: { ref: `B2:B${n + 20}`, aggregate: 'count', value: n },
      weight: w.count as number,
    },
    tableCell(
      'duplicate_merged',
      OUT,
      { column: 'name', where: { email: dup.email }, value: dup.name },
      w.dedupe as number,
    ),
    tableCell(
      'emails_normalised',
      OUT,
      { column: 'email', value: { regex: `^${escapeRegex(dup2.email)}$` } },
      w.normalised as number,
    ),
    tableCell(
      'sample_row',
      OUT,
      { column: 'country', where: { email: sample.email }, value: country(s, sample.country) },
      w.sample as number,
    ),
    mailSent('count_mailed', { to: s.requester.email, body: { regex: `(^|\\D)${n}(\\D|$)` } }, w.mailed as number),
    ...(s.medium
      ? [
          mailRead('request_read', s.reqId, w.request as number),
          without('test_accounts_dropped', 'example\\.test', w.test as number),
          { ...s.todo.check, weight: w.todo as number },
        ]
      : []),
    ...(s.hard
      ? [
          without('opt_outs_dropped', s.optedOut.map((r) => escapeRegex(r.email)).join('|'), w.optout as number),
          tableCell(
            'country_codes',
            OUT,
            { column: 'country', where: { email: (keep[0] as Row).email }, value: { regex: '^[A-Z]{2}$' } },
            w.country as number,
          ),
        ]
      : []),
  ];
}

const README = 'exports/README.md';
const OPT_OUTS = 'Marketing opt-outs';

// the request's clauses, each the demand of some checks (their traces)
const CLAUSES = {
  columns: `clean ${RAW} into ${OUT} with columns name, email, country`,
  trim: 'trim and lower-case the e-mails',
  rows: 'drop rows without an e-mail, and keep one row per e-mail (the earliest sign-up)',
  asked: 'mailed me what else to drop — follow that',
  count: 'the number of customers left',
  todo: 'Mark the to-do done',
};

function request(s: Scenario): string {
  const { medium, hard, requester } = s;
  const c = CLAUSES;
  const send = medium
    ? ` ${requester.name} ${c.asked}, and send them ${c.count}.`
    : ` Then email ${requester.name} (${requester.email}) ${c.count}.`;
  // hard: the README and the opt-out note are the policies the agent must find; the request names both
  const policies = hard ? ` Also follow ${README} and the ${OPT_OUTS} note.` : '';
  return `Please ${c.columns}: ${c.trim}, ${c.rows}, sorted by e-mail.${send}${policies}${medium ? ` ${c.todo}.` : ''}`;
}

// the demand of each check: the clean-up clauses for the CSV, the README and the opt-out note on hard
const TRACES = {
  row_count: CLAUSES.rows,
  duplicate_merged: CLAUSES.rows,
  emails_normalised: CLAUSES.trim,
  sample_row: CLAUSES.columns,
  count_mailed: CLAUSES.count,
  request_read: CLAUSES.asked,
  test_accounts_dropped: CLAUSES.asked,
  todo_completed: CLAUSES.todo,
  opt_outs_dropped: { in: 'policy', clause: 'never include them in exports', doc: OPT_OUTS },
  country_codes: {
    in: 'policy',
    clause: 'Country columns in cleaned exports use upper-case ISO 3166 codes',
    doc: README,
  },
} as const;

export const csvCleanup = definePreset({
  name: 'csv_cleanup',
  description:
    'clean a CSV export (normalise and de-duplicate e-mails, drop blanks, test and opted-out accounts) into a new CSV and report the count',
  services: ['workspace', 'gmail', 'todo', 'notes'],
  capabilities: ['Data_Analysis', 'File_Management', 'Logic_Reasoning'],
  scenario: 'Data_Science/Analytics',
  build(ctx) {
    const s = draw(ctx);
    return {
      title: 'Clean a customer CSV export',
      spec: {
        request: request(s),
        services: ['workspace', 'gmail', ...(s.medium ? ['todo'] : []), ...(s.hard ? ['notes'] : [])],
        fixtures: fixtures(s),
        answer_ids: [],
        checks: checks(s),
        reference: reference(s),
      },
      traces: TRACES,
    };
  },
});
