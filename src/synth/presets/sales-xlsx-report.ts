import { docDate, mail, readMail, todoPart } from '../kit/builders.js';
import { everyTopic, unasked } from '../kit/ask-topics.js';
import { type Check, mailRead, mailSent, type Step, tableCell, weights } from '../kit/checks.js';
import { addWorkdays, at, dateOf, timeRegex } from '../kit/dates.js';
import type { GeneratorContext } from '../kit/generator.js';
import { definePreset, type Traces } from './define.js';
import { ids, shuffle } from '../kit/ids.js';
import { amountPattern, formatMoney, sumCents } from '../kit/money.js';
import type { Person } from '../kit/people.js';
import type { TaskSpecInput } from '../../schema/task-spec.js';
import { capitalise } from '../kit/text.js';

// data analysis over a spreadsheet: total the last ended quarter's orders per region from an XLSX export, leaving
// out cancelled ones and, in about half the tasks, refunded ones too — the request (easy) or the manager's mail
// (medium+) says which, so every status in the export has a stated treatment; write the totals to a new
// workbook, and mail the top region. hard: the user replaces the export mid-episode with a corrected one
// (an order was missing), so only an agent that re-reads the file gets the totals right; the review is
// booked in the calendar and the to-do ticked off.

const REGIONS = ['North', 'South', 'East', 'West', 'Central'];
const OUT = 'reports/region_totals.xlsx';

interface Order {
  id: string;
  region: string;
  rep: string;
  amount: number;
  status: 'paid' | 'cancelled' | 'refunded';
}
type Total = { region: string; total: number };

const sheet = (orders: readonly Order[]) => [
  ['Order', 'Region', 'Rep', 'Amount', 'Status'],
  ...orders.map((o) => [o.id, o.region, o.rep, o.amount, o.status]),
];

function totals(orders: readonly Order[], excluded: readonly string[], regions: readonly string[]): Total[] {
  return regions
    .map((region) => ({
      region,
      total: sumCents(orders.filter((o) => o.region === region && !excluded.includes(o.status)).map((o) => o.amount)),
    }))
    .sort((a, b) => b.total - a.total || (a.region < b.region ? -1 : 1));
}

/** One drawn task: the export (and its corrected version), the totals, the people, the review slot and ids. */
interface Scenario {
  ctx: GeneratorContext;
  medium: boolean;
  hard: boolean;
  manager: Person;
  lead: Person;
  colleague: Person;
  /** who gets the top region: the manager (easy) or the lead the manager's mail names */
  recipient: Person;
  orders: Order[];
  /** hard: the export the user puts in place of the first one */
  corrected: Order[];
  file: string;
  /** the last quarter ended by the task's day: "Q1 2026" */
  quarter: string;
  /** the statuses left out: cancelled, and refunded in about half the tasks */
  excluded: readonly string[];
  /** the totals of the first export, and of the one that counts */
  first: Total[];
  final: Total[];
  msgIds: [string, string];
  todo: ReturnType<typeof todoPart>;
  reviewDay: string;
  reviewHour: number;
  opening: number; // how the request opens (ask), drawn last so that no other draw moves
}

// the quarter's orders: two paid per region, then a cancelled, a refunded and a paid one in random regions
function drawOrders(ctx: GeneratorContext, regions: readonly string[], reps: readonly string[], orderIds: string[]) {
  const { rng } = ctx;
  let n = 0;
  const order = (region: string, status: Order['status']): Order => ({
    id: orderIds[n++] as string,
    region,
    rep: rng.pick(reps),
    amount: rng.int(20_000, 480_000) / 100,
    status,
  });
  const orders: Order[] = [];
  for (const r of regions) orders.push(order(r, 'paid'), order(r, 'paid'));
  orders.push(
    order(rng.pick(regions), 'cancelled'),
    order(rng.pick(regions), 'refunded'),
    order(rng.pick(regions), 'paid'),
  );
  return { orders, nextId: () => orderIds[n++] as string };
}

// the last quarter that has ended by the task's day, and its export (a quarter still running has no totals yet)
function lastQuarter(mockToday: string): { quarter: string; file: string } {
  const d = new Date(mockToday);
  const current = Math.floor(d.getUTCMonth() / 3) + 1;
  const [q, year] = current === 1 ? [4, d.getUTCFullYear() - 1] : [current - 1, d.getUTCFullYear()];
  return { quarter: `Q${q} ${year}`, file: `data/sales_${year}_q${q}.xlsx` };
}

/** How the request or the manager's mail words the statuses left out. */
const rule = (s: { excluded: readonly string[] }) =>
  s.excluded.includes('refunded')
    ? 'leave out cancelled and refunded orders — refunds are booked separately'
    : 'leave out cancelled orders but keep refunded ones in — finance nets refunds off in its own report';

// every random draw before the fixtures, in one fixed order (the spec of a seed never changes with the builders)
function draw(ctx: GeneratorContext): Scenario {
  const { rng, words, mockToday, difficulty } = ctx;
  const [medium, hard] = [difficulty !== 'easy', difficulty === 'hard'];
  const [manager, lead, colleague] = words.people(3, 'acme.example') as [Person, Person, Person];
  const regions = shuffle(rng, REGIONS)
    .slice(0, hard ? 4 : 3)
    .sort();
  const reps = words.people(4, 'acme.example').map((p) => p.name);
  const { orders, nextId } = drawOrders(ctx, regions, reps, ids(rng, 'SO-', 18, 5).sort());
  const excluded = rng.chance(0.5) ? ['cancelled', 'refunded'] : ['cancelled'];
  const { quarter, file } = lastQuarter(mockToday);
  // hard: the corrected export adds a paid order to the smallest region, enough to change the ranking
  const first = totals(orders, excluded, regions);
  const corrected = [...orders];
  if (hard) {
    const low = first.at(-1) as Total;
    const gap = (first[0] as Total).total - low.total;
    const [id, region, rep] = [nextId(), low.region, rng.pick(reps)];
    corrected.push({ id, region, rep, amount: Math.round((gap + rng.int(500, 5000)) * 100) / 100, status: 'paid' });
  }
  const final = totals(corrected, excluded, regions);
  const msgIds = ids(rng, 'msg_', 2, 4) as [string, string];
  const todo = todoPart(ctx, `${quarter} regional totals`, 0.1);
  const reviewDay = addWorkdays(dateOf(mockToday), rng.int(2, 5)); // (review 68: booked on a Sunday)
  const reviewHour = rng.int(9, 15);
  const recipient = medium ? lead : manager;
  const drawn = { ctx, medium, hard, manager, lead, colleague, recipient, orders, corrected, file, quarter, excluded };
  return { ...drawn, first, final, msgIds, todo, reviewDay, reviewHour, opening: rng.int(0, 3) };
}

const hour = (s: Scenario) => String(s.reviewHour).padStart(2, '0');

function messages(s: Scenario): Record<string, unknown>[] {
  const { manager, lead, quarter } = s;
  const { mockToday } = s.ctx;
  const rules = `Hi, for the ${quarter} regional totals ${rule(s)}. Send the top region and its total to ${lead.name} (${lead.email}), who runs the review.\n\n${manager.first}`;
  return [
    mail(s.msgIds[0], manager, `${quarter} regional totals`, rules, at(mockToday, { days: -1 })),
    mail(
      s.msgIds[1],
      s.colleague,
      'Lunch on Friday?',
      'Are you in for the team lunch on Friday?',
      at(mockToday, { hours: -3 }),
    ),
  ];
}

const workbook = (s: Scenario, orders: readonly Order[]) => ({
  xlsx: { sheets: [{ name: 'Orders', rows: sheet(orders) }], modified: docDate(s.ctx) },
});

function fixtures(s: Scenario): NonNullable<TaskSpecInput['fixtures']> {
  const { rng, mockToday } = s.ctx;
  const mails = messages(s);
  const sync = {
    event_id: 'evt_100',
    title: 'Team sync',
    start_time: at(mockToday, { days: 1 }),
    end_time: at(mockToday, { days: 1, minutes: 30 }),
    attendees: [s.manager.email],
  };
  return {
    workspace: {
      files: {
        [s.file]: workbook(s, s.orders),
        'data/README.md': 'Exports from the order system. Amounts in USD.',
      },
    },
    gmail: { messages: s.medium ? shuffle(rng, mails) : [mails[1] as Record<string, unknown>] },
    ...(s.medium ? { todo: { tasks: s.todo.tasks } } : {}),
    ...(s.hard ? { calendar: { events: [sync] } } : {}),
  };
}

// hard: the colleague replaces the export once the first totals are written
function user(s: Scenario): TaskSpecInput['user'] {
  const replace = { service: 'workspace', collection: 'files', record_id: s.file, set: workbook(s, s.corrected) };
  return {
    persona: `${s.manager.name}'s analyst colleague who owns the export`,
    goal: 'correct totals from the corrected export',
    knowledge: ['the first export missed an order'],
    boundary: 'does not compute the totals; only knows the corrected file is in the same place',
    signals: [
      {
        id: 'replace_export',
        trigger: { file_exists: OUT },
        effect: {
          update_record: replace,
          say: `Sorry — I just replaced ${s.file} with a corrected export (one paid order was missing). ${CLAUSES.redo}.`,
        },
      },
    ],
    end: 'claims_done',
  };
}

const write = (rows: readonly (readonly (string | number)[])[]): Step => ({
  call: 'fs_write_table',
  args: { path: OUT, sheet: 'Totals', columns: ['Region', 'Total'], rows },
});

function reference(s: Scenario): Step[] {
  const { file, quarter, recipient, final } = s;
  const top = final[0] as Total;
  const review = (min: string) => `${s.reviewDay}T${hour(s)}:${min}:00Z`;
  return [
    { call: 'fs_list', args: { path: 'data' } },
    { call: 'fs_read', args: { path: file } },
    ...(s.medium ? readMail(s.msgIds[0]) : []),
    // the first version triggers the user's replacement; only the re-read gives the right totals
    ...(s.hard
      ? [
          { ...write(s.first.map((t) => [t.region, t.total])), for: 'user' as const },
          { call: 'fs_read', args: { path: file } },
        ]
      : []),
    write(final.map((t) => [t.region, t.total])),
    {
      call: 'gmail_send_message',
      args: {
        to: recipient.email,
        subject: `${quarter} regional totals`,
        body: `Hi ${recipient.first}, the top region in ${quarter} is ${top.region} with ${formatMoney(top.total)}. The totals per region are in ${OUT}.`,
      },
    },
    ...(s.medium ? s.todo.steps : []),
    ...(s.hard
      ? [
          {
            call: 'calendar_create_event',
            args: {
              title: `${quarter} sales review`,
              start_time: review('00'),
              end_time: review('30'),
              attendees: [s.lead.email],
            },
          },
        ]
      : []),
    {
      say: `Wrote ${OUT} (sheet Totals): ${final.map((t) => `${t.region} ${formatMoney(t.total)}`).join(', ')}. ${top.region} leads; I emailed ${recipient.name}.`,
    },
  ];
}

// check weights: the totals share one part, the rest per part the level adds
function shares({ final, medium, hard }: Scenario): Record<string, number> {
  return weights([
    ...final.map((t) => [t.region, (hard ? 0.45 : medium ? 0.5 : 0.6) / final.length] as const),
    ['mail', hard ? 0.15 : 0.25],
    ['top', 0.15],
    ['order', 0.06],
    ...(medium
      ? ([
          ['instructions', 0.05],
          ['todo', 0.05],
        ] as const)
      : []),
    ...(hard ? ([['review', 0.1]] as const) : []),
  ]) as Record<string, number>;
}

function checks(s: Scenario): Check[] {
  const w = shares(s);
  const { recipient, reviewDay, reviewHour } = s;
  const top = s.final[0] as Total;
  const reviewWhere = {
    title: { contains: 'review' },
    start_time: { regex: timeRegex(reviewDay, reviewHour * 60) },
    end_time: { regex: timeRegex(reviewDay, reviewHour * 60 + 30) },
    attendees: { contains: s.lead.email },
  };
  return [
    ...s.final.map((t) =>
      tableCell(
        `total_${t.region.toLowerCase()}`,
        OUT,
        { sheet: 'Totals', column: 'Total', where: { Region: t.region }, value: t.total, tolerance: 0.01 },
        w[t.region] as number,
      ),
    ),
    // "highest first": the top region on the first row and the lowest on the last (review 43: asked, never checked)
    tableCell(
      'totals_ordered',
      OUT,
      { sheet: 'Totals', column: 'Region', row: 0, value: top.region },
      (w.order as number) / 2,
    ),
    tableCell(
      'totals_ordered_last',
      OUT,
      { sheet: 'Totals', column: 'Region', row: s.final.length - 1, value: (s.final.at(-1) as Total).region },
      (w.order as number) / 2,
    ),
    mailSent('top_mailed', { to: recipient.email, body: { contains: top.region } }, w.mail as number),
    mailSent('top_total_mailed', { to: recipient.email, body: { regex: amountPattern(top.total) } }, w.top as number),
    ...(s.medium
      ? [
          mailRead('instructions_read', s.msgIds[0], w.instructions as number),
          { ...s.todo.check, weight: w.todo as number },
        ]
      : []),
    ...(s.hard
      ? [
          {
            id: 'review_booked',
            kind: 'audit_present' as const,
            service: 'calendar',
            record: 'created_events',
            where: reviewWhere,
            weight: w.review as number,
          },
          // the user is on hand for the export; where the totals go and whom they go to are settled already
          { ...unasked(everyTopic()), weight: 0 },
        ]
      : []),
  ];
}

// the request's clauses, each the demand of some checks (their traces)
const CLAUSES = {
  out: 'sheet Totals, columns Region and Total, highest first',
  hardMail: 'whom to send the top region and its total to, then mail them',
  mediumMail: 'whom to send the top region and its total to — do that',
  mailed: 'which orders to leave out',
  todo: 'mark the to-do done',
  // hard: the user's word when the export is replaced mid-task
  redo: 'Please redo the totals from the new file',
};

const what = (s: Scenario) => `total the ${s.quarter} orders in ${s.file} per region`;

// the request's first ask, in one of four openings (seed 3 had two requests alike but for the quarter)
const ask = (s: Scenario, out: string) =>
  [
    `Please ${what(s)} and ${out}.`,
    `The ${s.quarter} regional review is coming up. Could you ${what(s)} and ${out}?`,
    `Finance wants the ${s.quarter} numbers by region: ${what(s)} and ${out}, please.`,
    `For the ${s.quarter} close, ${what(s)} and ${out}.`,
  ][s.opening % 4] as string;

function request(s: Scenario): string {
  const { quarter: q, lead, manager } = s;
  const c = CLAUSES;
  const out = `write them to ${OUT} (${c.out})`;
  if (s.hard)
    return `${ask(s, out)} Check my mail for ${c.mailed} and ${c.hardMail}. Mark the to-do done and book a 30-minute "${q} sales review" with ${lead.name} on ${s.reviewDay} at ${hour(s)}:00 UTC.`;
  if (s.medium) return `${ask(s, out)} My manager mailed ${c.mailed} and ${c.mediumMail}, and ${c.todo}.`;
  return `${ask(s, out)} ${capitalise(rule(s))}. Then email ${manager.name} (${manager.email}) the top region and its total.`;
}

// the demand of each check: the totals (hard: the user's redo), the mail the request or the manager's mail names
function traces(s: Scenario): Traces {
  const mail = s.hard ? CLAUSES.hardMail : s.medium ? CLAUSES.mediumMail : 'the top region and its total';
  return {
    'total_*': s.hard ? { in: 'user', clause: CLAUSES.redo } : what(s),
    'totals_ordered*': CLAUSES.out,
    top_mailed: mail,
    top_total_mailed: mail,
    instructions_read: CLAUSES.mailed,
    todo_completed: CLAUSES.todo,
    review_booked: `book a 30-minute "${s.quarter} sales review"`,
    unasked: CLAUSES.hardMail,
  };
}

export const salesXlsxReport = definePreset({
  name: 'sales_xlsx_report',
  description:
    'total an XLSX sales export per region (excluding cancelled/refunded orders), write the totals workbook and mail the top region; hard: the export is replaced mid-task',
  services: ['workspace', 'gmail', 'todo'],
  capabilities: ['Data_Analysis', 'File_Management', 'Email_Communication'],
  scenario: 'Data_Science/Business_Intelligence',
  build(ctx) {
    const s = draw(ctx);
    return {
      title: 'Total a sales spreadsheet per region and report the top region',
      spec: {
        request: request(s),
        services: ['workspace', 'gmail', ...(s.hard ? ['todo', 'calendar'] : s.medium ? ['todo'] : [])],
        fixtures: fixtures(s),
        answer_ids: [],
        checks: checks(s),
        ...(s.hard ? { user: user(s) } : {}),
        reference: reference(s),
      },
      traces: traces(s),
    };
  },
});
