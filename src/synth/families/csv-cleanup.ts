import type { TaskSpecInput } from '../../schema/task-spec.js';
import { at, dateOf, ids, type Person, people, shuffle, weights } from './kit.js';
import { type Check, mail, type Step, todoPart } from './file-kit.js';
import type { Family } from './types.js';

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

export const csvCleanup: Family = {
  name: 'csv_cleanup',
  description:
    'clean a CSV export (normalise and de-duplicate e-mails, drop blanks, test and opted-out accounts) into a new CSV and report the count',
  services: ['workspace', 'gmail', 'todo', 'notes'],
  capabilities: ['Data_Analysis', 'File_Management', 'Logic_Reasoning'],
  scenario: 'Data_Science/Analytics',
  languages: ['en'],
  generate(ctx): TaskSpecInput {
    const { rng, faker: f, mockToday, difficulty } = ctx;
    const medium = difficulty !== 'easy';
    const hard = difficulty === 'hard';
    const [requester, steward] = people(f, 2, 'acme.example') as [Person, Person];
    const customers = people(f, hard ? 9 : 7, rng.pick(['mail.example', 'post.example', 'inbox.example']));
    const day = (d: number) => dateOf(at(mockToday, { days: -d }));
    const base: Row[] = customers.map((p, i) => ({
      name: p.name,
      email: p.email,
      country: (COUNTRIES[i % COUNTRIES.length] as readonly [string, string])[rng.int(0, 1)] as string,
      signed_up: day(rng.int(30, 400)),
    }));
    // dirty copies: a duplicate with other spelling and a later sign-up, blank e-mails, test accounts, opt-outs
    const dup = base[0] as Row;
    const dup2 = base[1] as Row;
    const dirty: Row[] = [
      { ...dup, email: `  ${dup.email.toUpperCase()} `, signed_up: day(rng.int(1, 25)) },
      { ...dup2, email: dup2.email.replace(/^./, (c) => c.toUpperCase()), signed_up: day(rng.int(1, 25)) },
      { name: f.person.fullName(), email: '', country: 'DE', signed_up: day(rng.int(1, 50)) },
      ...(medium
        ? [{ name: 'QA Test', email: `qa+${rng.int(10, 99)}@example.test`, country: 'NL', signed_up: day(2) }]
        : []),
    ];
    const optedOut = hard ? [base[2] as Row, base[3] as Row] : [];
    const all = shuffle(rng, [...base, ...dirty]);
    const keep = base.filter((r) => !optedOut.includes(r)).sort((a, b) => (a.email < b.email ? -1 : 1));
    const country = (c: string) => (hard ? c.toUpperCase() : c);
    const rows = keep.map((r) => [r.name, r.email, country(r.country)]);
    const [reqId, fillerId] = ids(rng, 'msg_', 2, 4) as [string, string];
    const [noteId, otherNote] = ids(rng, 'note_', 2, 3) as [string, string];
    const todo = todoPart(ctx, 'Clean the customer export', 0.05);
    const sample = keep[1] as Row;

    const w = weights([
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
    const reference: Step[] = [{ call: 'fs_list', args: { path: 'exports' } }];
    if (medium)
      reference.push(
        { call: 'gmail_list_messages', args: {} },
        { call: 'gmail_get_message', args: { message_id: reqId } },
      );
    if (hard)
      reference.push(
        { call: 'fs_read', args: { path: 'exports/README.md' } },
        { call: 'notes_list', args: {} },
        { call: 'notes_get', args: { note_id: noteId } },
      );
    reference.push({ call: 'fs_read', args: { path: RAW } });
    reference.push({ call: 'fs_write_table', args: { path: OUT, columns: ['name', 'email', 'country'], rows } });
    reference.push({
      call: 'gmail_send_message',
      args: {
        to: requester.email,
        subject: 'Customer export cleaned',
        body: `Hi ${requester.first}, ${OUT} has ${keep.length} customers after the clean-up.`,
      },
    });
    if (medium) reference.push(...todo.steps);
    reference.push({
      say: `Wrote ${OUT} with ${keep.length} unique customers (e-mails trimmed and lower-cased, duplicates merged, blanks${medium ? ', test accounts' : ''}${hard ? ' and opted-out addresses' : ''} dropped).`,
    });

    const checks: Check[] = [
      {
        id: 'row_count',
        kind: 'file_matches',
        path: OUT,
        range: { ref: `B2:B${keep.length + 20}`, aggregate: 'count', value: keep.length },
        weight: w.count as number,
      },
      {
        id: 'duplicate_merged',
        kind: 'file_matches',
        path: OUT,
        table: { column: 'name', where: { email: dup.email }, value: dup.name },
        weight: w.dedupe as number,
      },
      {
        id: 'emails_normalised',
        kind: 'file_matches',
        path: OUT,
        table: { column: 'email', value: { regex: `^${dup2.email.replace(/[.+]/g, '\\$&')}$` } },
        weight: w.normalised as number,
      },
      {
        id: 'sample_row',
        kind: 'file_matches',
        path: OUT,
        table: { column: 'country', where: { email: sample.email }, value: country(sample.country) },
        weight: w.sample as number,
      },
      {
        id: 'count_mailed',
        kind: 'audit_present',
        service: 'gmail',
        record: 'sent_messages',
        where: { to: requester.email, body: { regex: `(^|\\D)${keep.length}(\\D|$)` } },
        weight: w.mailed as number,
      },
      ...(medium
        ? [
            {
              id: 'request_read',
              kind: 'tool_arg' as const,
              tool: 'gmail_get_message',
              arg: 'message_id',
              accept: [reqId],
              weight: w.request as number,
            },
            {
              id: 'test_accounts_dropped',
              kind: 'file_matches' as const,
              path: OUT,
              regex: `^((?!example\\.test)[\\s\\S])*$`,
              weight: w.test as number,
            },
            { ...todo.check, weight: w.todo as number },
          ]
        : []),
      ...(hard
        ? [
            {
              id: 'opt_outs_dropped',
              kind: 'file_matches' as const,
              path: OUT,
              regex: `^((?!${optedOut.map((r) => r.email.replace(/[.+]/g, '\\$&')).join('|')})[\\s\\S])*$`,
              weight: w.optout as number,
            },
            {
              id: 'country_codes',
              kind: 'file_matches' as const,
              path: OUT,
              table: { column: 'country', where: { email: (keep[0] as Row).email }, value: { regex: '^[A-Z]{2}$' } },
              weight: w.country as number,
            },
          ]
        : []),
    ];
    return {
      spec_version: 1,
      id: ctx.id,
      title: 'Clean a customer CSV export',
      family: 'csv_cleanup',
      labels: { capabilities: [...this.capabilities], scenario: this.scenario, difficulty, language: 'en' },
      mock_today: mockToday,
      request: `Please clean ${RAW} into ${OUT} with columns name, email, country: trim and lower-case the e-mails, drop rows without an e-mail, and keep one row per e-mail (the earliest sign-up), sorted by e-mail.${medium ? ' The requester mailed me what else to drop — follow that, and' : ' Then'} ${medium ? 'send them' : `email ${requester.name} (${requester.email})`} the number of customers left.${hard ? " Also follow the export README and the data steward's opt-out note, and " : ''}${medium ? ' Mark the to-do done.' : ''}`,
      services: ['workspace', 'gmail', ...(medium ? ['todo'] : []), ...(hard ? ['notes'] : [])],
      fixtures: {
        workspace: {
          files: {
            [RAW]: `${['Name,Email,Country,Signed up', ...all.map((r) => csvLine([r.name, r.email, r.country, r.signed_up]))].join('\n')}\n`,
            ...(hard
              ? {
                  'exports/README.md':
                    '# Exports\nCountry columns in cleaned exports use upper-case ISO 3166 codes (DE, FR, ...).\n',
                }
              : {}),
          },
        },
        gmail: {
          messages: medium
            ? shuffle(rng, [
                mail(
                  reqId,
                  requester,
                  'Customer export',
                  `Hi, when you clean the customer export please also drop our internal test accounts (anything @example.test), and send me the count. Thanks, ${requester.first}`,
                  at(mockToday, { hours: -5 }),
                ),
                mail(fillerId, steward, 'Retro notes', 'Retro notes are in the wiki.', at(mockToday, { days: -1 })),
              ])
            : [mail(fillerId, steward, 'Retro notes', 'Retro notes are in the wiki.', at(mockToday, { days: -1 }))],
        },
        ...(medium ? { todo: { tasks: todo.tasks } } : {}),
        ...(hard
          ? {
              notes: {
                notes: [
                  {
                    note_id: noteId,
                    title: 'Marketing opt-outs',
                    created_at: at(mockToday, { days: -4 }),
                    content: `These customers opted out; never include them in exports: ${optedOut.map((r) => r.email).join(', ')}.`,
                    tags: ['privacy'],
                  },
                  {
                    note_id: otherNote,
                    title: 'Q3 campaign ideas',
                    created_at: at(mockToday, { days: -9 }),
                    content: 'Webinar series, partner referrals.',
                    tags: ['marketing'],
                  },
                ],
              },
            }
          : {}),
      },
      answer_ids: [],
      checks,
      reference,
    };
  },
};
