import { mail, readMail, todoPart } from '../kit/builders.js';
import { audited, type Check, mailSent, type Step, tableCell, WORK_CAP, weights } from '../kit/checks.js';
import { at, dateOf } from '../kit/dates.js';
import { dayPattern } from '../../schema/natural.js';
import { type GeneratorContext, inTurn } from '../kit/generator.js';
import { definePreset } from './define.js';
import { NOTICE, PERIODS, SERVICES } from './contract-clause-data.js';
import { LEGAL_MAIL, request, TRACES } from './contract-clause-request.js';
import { ids, shuffle } from '../kit/ids.js';
import type { Person } from '../kit/people.js';
import { capitalise } from '../kit/text.js';
import type { TaskSpecInput } from '../../schema/task-spec.js';

// legal: a vendor contract (DOCX) renews automatically unless notice is given N days before its end. Before the notice
// deadline, the termination notice goes to the address in the Notices clause; after it, the contract has renewed.
// Either way the manager is told the deadline and a decision memo (DOCX) records it beside the decision, checked
// with it: naming the likelier outcome without the date passes nothing. medium: the vendor record in finance is
// updated; hard: an amendment signed months before the deadlines it moves changes the notice period, and the to-do.

type Company = { name: string; domain: string };

/** One drawn task: the vendor, its dates and notice periods, the people and the ids of every record. */
interface Scenario {
  ctx: GeneratorContext;
  medium: boolean;
  hard: boolean;
  vendor: Company;
  other: Company;
  manager: Person;
  legal: Person;
  service: string;
  end: string;
  start: string;
  renewedTo: string;
  /** how the request is put (request()) */
  framing: number;
  /** true when notice can still be given (terminate), false when the contract has renewed */
  open: boolean;
  inForce: number;
  original: number;
  deadline: string;
  notices: string;
  contract: string;
  amendment: string;
  memo: string;
  vendorId: string;
  otherVendor: string;
  mailId: string;
  otherMail: string;
  todo: ReturnType<typeof todoPart>;
  fees: [number, number];
  /** hard: the day the amendment was signed, before either notice deadline */
  amended: string;
}

// every random draw before the fixtures, in one fixed order (the spec of a seed never changes with the builders)
function draw(ctx: GeneratorContext): Scenario {
  const { rng, words, mockToday, difficulty } = ctx;
  const [medium, hard] = [difficulty !== 'easy', difficulty === 'hard'];
  const [drawn, other] = words.companies(2) as [Company, Company];
  const [manager, legal] = words.people(2, 'acme.example') as [Person, Person];
  const service = rng.pick(Object.keys(SERVICES));
  const trade = rng.pick(SERVICES[service] as readonly string[]);
  const first = drawn.name.split(' ')[0] as string;
  const vendor = {
    name: `${first} ${trade}`,
    domain: `${first}${trade.split(' ')[0]}.example`.toLowerCase().replace(/[^a-z0-9.]/g, ''),
  };
  const handle = vendor.domain.split('.')[0] as string;
  const daysLeft = rng.int(25, 80);
  const end = dateOf(at(mockToday, { days: daysLeft }));
  // the notice period in force decides; in hard the amendment flips the original clause's answer. Periods are the
  // ones contracts write (30, 60, 90 days …), at least five days either side of the days left
  const open = inTurn(ctx, rng.next() < 0.5);
  const shorter = PERIODS.filter((d) => d <= daysLeft - 5);
  const longer = PERIODS.filter((d) => d >= daysLeft + 5);
  const inForce = rng.pick(open ? shorter : longer);
  const original = hard ? rng.pick(open ? longer : shorter) : inForce;
  const [vendorId, otherVendor] = ids(rng, 'VEN-', 2, 3) as [string, string];
  const [mailId, otherMail] = ids(rng, 'msg_', 2, 4) as [string, string];
  const todo = todoPart(ctx, `Decide on the ${vendor.name} contract`, 0.05);
  return {
    ctx,
    medium,
    hard,
    vendor,
    other,
    manager,
    legal,
    service,
    end,
    open,
    inForce,
    original,
    todo,
    start: dateOf(at(`${end}T00:00:00Z`, { days: -365 })),
    renewedTo: dateOf(at(`${end}T00:00:00Z`, { days: 365 })),
    deadline: dateOf(at(`${end}T00:00:00Z`, { days: -inForce })),
    notices: `contracts@${vendor.domain}`,
    contract: `contracts/${handle}_agreement.docx`,
    amendment: `contracts/${handle}_amendment_1.docx`,
    memo: `contracts/${handle}_decision.docx`,
    vendorId,
    otherVendor,
    mailId,
    otherMail,
    fees: [rng.int(800, 9000), rng.int(100, 900)],
    framing: rng.int(0, 2),
    // (an amendment signed after a deadline it moves would change the notice period retroactively)
    amended: dateOf(at(`${end}T00:00:00Z`, { days: -Math.max(inForce, original) - rng.int(10, 45) })),
  };
}

function contractBlocks(s: Scenario): Record<string, unknown>[] {
  return [
    { heading: `${capitalise(s.service)} agreement` },
    { paragraph: `Between Acme Corp ("Customer") and ${s.vendor.name} ("Provider").` },
    { heading: '1. Term', level: 2 },
    { paragraph: `This agreement runs from ${s.start} to ${s.end}.` },
    { heading: '2. Renewal', level: 2 },
    {
      paragraph: `The agreement renews automatically for twelve months unless either party gives written notice of termination at least ${s.original} days before the end date.`,
    },
    { heading: '3. Fees', level: 2 },
    {
      table: [
        ['Service', 'Monthly fee (USD)'],
        [s.service, s.fees[0]],
        // (not "Support": beside "IT support" it read as the same service twice, review 67)
        ['Account management', s.fees[1]],
      ],
    },
    { heading: '4. Notices', level: 2 },
    { paragraph: `Notices to the Provider go to ${s.notices}; notices to the Customer go to legal@acme.example.` },
  ];
}

const amendmentBlocks = (s: Scenario) => [
  { heading: `Amendment 1 to the agreement with ${s.vendor.name}` },
  {
    paragraph: `Clause 2 (Renewal) is amended: the notice period is ${s.inForce} days instead of ${s.original} days. All other terms stay in force.`,
  },
  { paragraph: `Signed by both parties on ${s.amended}; effective from that date.` },
];

const memoBlocks = (s: Scenario) => [
  { heading: 'Decision' },
  {
    paragraph: s.open
      ? `Decision: terminate. Notice sent to ${s.notices} before the deadline.`
      : `Decision: renewed. The notice deadline has passed; the agreement runs until ${s.renewedTo}.`,
  },
  {
    table: [
      ['Item', 'Value'],
      ['Notice period (days)', String(s.inForce)],
      ['Notice deadline', s.deadline],
      ['Runs until', s.open ? s.end : s.renewedTo],
    ],
  },
];

// the vendor under contract and another one; the bank-account digits are drawn here, after the mail shuffle
function vendors(s: Scenario): Record<string, unknown>[] {
  const { rng } = s.ctx;
  return [
    [s.vendorId, s.vendor],
    [s.otherVendor, s.other],
  ].map(([vendor_id, c]) => ({
    vendor_id,
    name: (c as Company).name,
    bank_account: `DE89${rng.int(10 ** 9, 10 ** 10 - 1)}${rng.int(1000, 9999)}`,
    contact_email: `billing@${(c as Company).domain}`,
    status: 'active',
  }));
}

function fixtures(s: Scenario): NonNullable<TaskSpecInput['fixtures']> {
  const { rng, mockToday } = s.ctx;
  const { legal, manager } = s;
  const messages = [
    mail(
      s.mailId,
      legal,
      LEGAL_MAIL,
      `Please copy me (${legal.email}) on every termination or renewal notice you send or report.`,
      at(mockToday, { days: -3 }),
    ),
    mail(s.otherMail, manager, 'Budget review', 'Budget review moved to Thursday.', at(mockToday, { days: -1 })),
  ];
  const files = {
    [s.contract]: { docx: { blocks: contractBlocks(s), title: `${s.vendor.name} agreement`, modified: s.start } },
    ...(s.hard ? { [s.amendment]: { docx: { blocks: amendmentBlocks(s), modified: s.amended } } } : {}),
    'contracts/README.md': 'Signed vendor agreements and their amendments.',
  };
  return {
    workspace: { files },
    gmail: { messages: s.hard ? shuffle(rng, messages) : [messages[1] as Record<string, unknown>] },
    ...(s.medium ? { finance: { vendors: vendors(s) } } : {}),
    ...(s.hard ? { todo: { tasks: s.todo.tasks } } : {}),
  };
}

// terminate: the notice, then the deadline to the manager; renewed: the report to the manager (hard: legal in cc)
function action(s: Scenario): Step[] {
  const cc = s.hard ? { cc: [s.legal.email] } : {};
  if (s.open)
    return [
      {
        call: 'gmail_send_message',
        args: {
          to: s.notices,
          subject: `Notice of termination: ${s.service} agreement`,
          body: `Dear ${s.vendor.name}, Acme Corp gives notice of termination of the ${s.service} agreement at its end date, ${s.end}, under clause 2.`,
          ...cc,
        },
      },
      {
        call: 'gmail_send_message',
        args: {
          to: s.manager.email,
          subject: `${s.vendor.name} agreement: notice sent`,
          body: `Hi ${s.manager.first}, the notice deadline is ${s.deadline}, so we were still in time: I sent the termination notice to ${s.notices}, and the agreement ends on ${s.end}.`,
        },
      },
    ];
  return [
    {
      call: 'gmail_send_message',
      args: {
        to: s.manager.email,
        subject: `${s.vendor.name} agreement renewed`,
        body: `Hi ${s.manager.first}, the notice deadline (${s.deadline}) has passed, so the ${s.vendor.name} agreement renewed until ${s.renewedTo}.`,
        ...cc,
      },
    },
  ];
}

function reference(s: Scenario): Step[] {
  const { vendorId, end, renewedTo } = s;
  return [
    { call: 'fs_list', args: { path: 'contracts' } },
    { call: 'fs_read', args: { path: s.contract } },
    ...(s.hard ? [{ call: 'fs_read', args: { path: s.amendment } }, ...readMail(s.mailId)] : []),
    ...(s.medium
      ? [
          { call: 'finance_list_vendors', args: {} },
          { call: 'finance_get_vendor', args: { vendor_id: vendorId } },
        ]
      : []),
    { call: 'fs_write_doc', args: { path: s.memo, blocks: memoBlocks(s) } },
    ...action(s),
    ...(s.medium
      ? [
          {
            call: 'finance_update_vendor',
            args: s.open
              ? { vendor_id: vendorId, status: 'inactive', notes: `Terminated effective ${end}` }
              : { vendor_id: vendorId, notes: `Agreement renewed until ${renewedTo}` },
          },
        ]
      : []),
    ...(s.hard ? s.todo.steps : []),
    {
      say: s.open
        ? `The notice deadline is ${s.deadline}, so I sent the termination notice to ${s.notices}, told ${s.manager.name} and wrote ${s.memo}.`
        : `The notice deadline was ${s.deadline}; the agreement has renewed until ${renewedTo}. I told ${s.manager.name} and wrote ${s.memo}.`,
    },
  ];
}

// the vendor record the agent updates, and no other vendor (exclusive: updating a second vendor fails it)
const vendorUpdate = (id: string, where: Record<string, unknown>, weight: number): Check =>
  audited(id, 'finance', 'updated_vendors', where, weight, true);

// check weights: the action carries less as the level adds parts
const shares = ({ medium, hard, open }: Scenario) =>
  weights([
    ['decision', 0.25],
    ['period', 0.05],
    ['runs', 0.05],
    // the manager's report carries the deadline: a part of its own beside a notice, the renewal report's weight
    ...(open
      ? ([
          ['action', hard ? 0.2 : medium ? 0.25 : 0.3],
          ['told', 0.2],
        ] as const)
      : ([['action', hard ? 0.4 : medium ? 0.45 : 0.5]] as const)),
    ...(medium ? ([['vendor', 0.15]] as const) : []),
    ...(hard
      ? ([
          ['cc', 0.05],
          ['todo', 0.05],
        ] as const)
      : []),
  ]) as Record<string, number>;

// a row of the decision's table by how its item starts: "Notice deadline (YYYY-MM-DD)" is the notice deadline's row
const item = (name: string) => ({ regex: `^\\s*${name}\\b` });

// the renewal said as done, not as what a notice in time prevents ("otherwise it would have renewed until", review 41)
const RENEWED_AS_DONE = "(?<!\\b(?:would|will|could|might|otherwise|not|n't)(?: have)? (?:been |be )?)renewed until";

function checks(s: Scenario): Check[] {
  const { medium, hard, open } = s;
  const w = shares(s);
  // a wrong mail is a condition, not a part of the work: it caps what the rest earns, and abstaining earns nothing
  const absent = (id: string, where: Record<string, unknown>): Check => {
    const cap = { completion_at_most: WORK_CAP };
    return { id, kind: 'audit_absent', service: 'gmail', record: 'sent_messages', where, weight: 0, cap } as Check;
  };
  // the date the decision rests on goes with it in every check of the decision
  const deadline = { regex: dayPattern(s.deadline, true) };
  return [
    {
      id: 'memo_decision',
      kind: 'file_matches',
      path: s.memo,
      text: { heading: 'decision', regex: `decision:\\s*${open ? 'terminate' : 'renewed'}` },
      table: { column: 'Value', where: { Item: item('notice deadline') }, value: s.deadline },
      weight: w.decision as number,
    },
    // (the period in force, an amendment's where there is one: the row the request asks for first, review 50)
    tableCell(
      'memo_notice_period',
      s.memo,
      {
        column: 'Value',
        where: { Item: item('notice period') },
        value: { regex: `(?<![\\d.])${s.inForce}(?![\\d]|[.,]\\d)` },
      },
      w.period as number,
    ),
    tableCell(
      'memo_runs_until',
      s.memo,
      { column: 'Value', where: { Item: 'Runs until' }, value: open ? s.end : s.renewedTo },
      w.runs as number,
    ),
    ...(open
      ? [
          mailSent('notice_sent', { to: s.notices, subject: { regex: NOTICE } }, w.action as number),
          mailSent('manager_told', { to: s.manager.email, body: deadline }, w.told as number),
        ]
      : [
          mailSent(
            'renewal_reported',
            { to: s.manager.email, body: { all_of: [{ contains: 'renew' }, deadline] } },
            w.action as number,
          ),
        ]),
    open
      ? absent('manager_not_misinformed', { body: { regex: RENEWED_AS_DONE } })
      : absent('no_late_notice', { to: s.notices }),
    ...(medium
      ? [
          open
            ? vendorUpdate('vendor_inactive', { vendor_id: s.vendorId, status: 'inactive' }, w.vendor as number)
            : vendorUpdate(
                'vendor_noted',
                { vendor_id: s.vendorId, notes: { contains: s.renewedTo } },
                w.vendor as number,
              ),
        ]
      : []),
    ...(hard
      ? [
          mailSent('legal_copied', { cc: { contains: s.legal.email } }, w.cc as number),
          { ...s.todo.check, weight: w.todo as number },
        ]
      : []),
  ];
}

export const contractClause = definePreset({
  name: 'contract_clause',
  description:
    "read a contract DOCX's renewal clause (hard: and its amendment) to decide: send a termination notice before the deadline, or report the renewal; write a decision memo",
  services: ['workspace', 'gmail', 'finance', 'todo'],
  capabilities: ['Logic_Reasoning', 'File_Management', 'Email_Communication'],
  scenario: 'Legal/Contract',
  build(ctx) {
    const s = draw(ctx);
    return {
      title: 'Decide on a contract renewal from its clause',
      spec: {
        request: request({ ...s, framing: s.framing + 3 * (s.fees[1] % 2) }),
        services: ['workspace', 'gmail', ...(s.medium ? ['finance'] : []), ...(s.hard ? ['todo'] : [])],
        fixtures: fixtures(s),
        answer_ids: [],
        checks: checks(s),
        reference: reference(s),
      },
      traces: TRACES,
    };
  },
});
