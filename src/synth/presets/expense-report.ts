import type { TaskSpecInput } from '../../schema/task-spec.js';
import { dayOf, fixtures, type Scenario, type Trip, type Txn } from './expense-report-fixtures.js';
import { audited, type Check, mailRead, type Step, weights } from '../kit/checks.js';
import { dayMonth } from '../kit/dates.js';
import type { GeneratorContext } from '../kit/generator.js';
import { definePreset, type Traces } from './define.js';
import { ids, shuffle } from '../kit/ids.js';
import { formatMoney } from '../kit/money.js';
import type { Person } from '../kit/people.js';
import { escapeRegex } from '../../schema/text.js';

// finance: submit an expense report with exactly the qualifying transactions (category travel, dated within
// the trip) and the right total. the trip's dates come from the calendar; medium adds mail (a rebooked return
// day extends the range; the manager's approval says travel only and wants the report id); hard picks the trip
// by recency (returned in the last 14 days: an older, already reported trip and an upcoming one are
// distractors), drops what the debrief note marks personal, and ticks off the matching to-do.

const CITIES = ['Lisbon', 'Berlin', 'Oslo', 'Madrid', 'Prague', 'Dublin', 'Vienna', 'Copenhagen', 'Milan', 'Warsaw'];
const AIRLINES = ['SkyWays', 'EuroAir', 'NorthJet'];
const RECENT_DAYS = 14;

// an amount in cents as the mail writes it: $1,234.50
const dollars = (cents: number) => `$${formatMoney(cents / 100)}`;

// the total as the agent may pass it: exact, or with float noise from summing (1234.5600000001, 1234.5599999998)
export function totalPattern(cents: number): string {
  const exact = String(cents / 100);
  const up = `${escapeRegex(exact)}(?:${exact.includes('.') ? '' : '\\.'}0{5,}\\d*)?`;
  const down = `${escapeRegex(((cents - 1) / 100).toFixed(2))}9{5,}\\d*`;
  return `^(?:${up}|${down})$`;
}

// the trip in the calendar; medium+ mail moves the return one day later
function drawTrip(ctx: GeneratorContext): Trip {
  const { rng, difficulty } = ctx;
  const [city, prevCity, nextCity] = shuffle(rng, CITIES) as [string, string, string];
  const end = difficulty === 'hard' ? -rng.int(5, 11) : -rng.int(8, 20);
  const start = end - rng.int(2, 4);
  const last = difficulty !== 'easy' ? end + 1 : end;
  const prevEnd = -rng.int(30, 45);
  const prevStart = prevEnd - rng.int(2, 3);
  return { city, prevCity, nextCity, start, end, last, prevStart, prevEnd, nextStart: rng.int(7, 20) };
}

// the targets, then the distractors: travel just outside the range, meals inside it, travel after the return,
// a personal item inside it (debrief note), the previous (already reported) trip, the upcoming trip's booking
function drawTxns(ctx: GeneratorContext, t: Trip) {
  const { rng, words, difficulty } = ctx;
  const [medium, hard] = [difficulty !== 'easy', difficulty === 'hard'];
  const { city, start, end, last } = t;
  const txnIds = ids(rng, 'txn_', 16, 3);
  let n = 0;
  const txn = (d: number, cents: number, merchant: string, category: string, description: string): Txn => ({
    transaction_id: txnIds[n++] as string,
    date: dayOf(ctx, d),
    amount: cents / 100,
    currency: 'USD',
    merchant,
    category,
    description,
    status: 'posted',
    ...(category === 'travel' ? { receipt_url: `https://receipts.acme.example/${txnIds[n - 1]}` } : {}),
  });
  const hotel = `Hotel ${city} ${rng.pick(['Central', 'Plaza', 'Riverside', 'Grand'])}`;
  const targets: Txn[] = [
    txn(start, rng.int(3500, 9500), 'CityRide Taxis', 'travel', `Taxi airport to ${hotel}`),
    ...(hard ? [txn(start + 1, rng.int(4000, 16000), `${city} Rail`, 'travel', 'Train to client site')] : []),
    txn(end, rng.int(38000, 140000), hotel, 'travel', `Hotel, ${end - start} nights`),
    ...(medium
      ? [txn(last, rng.int(6000, 20000), rng.pick(AIRLINES), 'travel', `Flight change fee, ${city} return`)]
      : []),
  ];
  const before = txn(start - rng.int(3, 6), rng.int(2500, 9000), 'CityRide Taxis', 'travel', 'Taxi');
  const meals = txn(start + 1, rng.int(3000, 12000), `Trattoria ${words.lastName()}`, 'meals', `Dinner in ${city}`);
  const after = txn(last + rng.int(2, 3), rng.int(2000, 6000), 'Metro Transit', 'travel', 'Monthly rail pass');
  const personal = txn(end - 1, rng.int(4500, 15000), `${city} Harbour Cruises`, 'travel', 'Boat tour tickets');
  const prevNights = `Hotel, ${t.prevEnd - t.prevStart} nights`;
  const prevTrip = [
    txn(t.prevStart, rng.int(30000, 90000), `Hotel ${t.prevCity} Central`, 'travel', prevNights),
    txn(t.prevEnd, rng.int(3000, 8000), 'CityRide Taxis', 'travel', 'Taxi to airport'),
  ];
  const upcoming = txn(-rng.int(1, 2), rng.int(20000, 60000), rng.pick(AIRLINES), 'travel', `Flight to ${t.nextCity}`);
  const filler = txn(-rng.int(1, 40), rng.int(1500, 9000), 'Officeworks', 'office', 'Printer paper and toner');
  const distractors = [before, ...(medium ? [meals, after, ...prevTrip] : []), ...(hard ? [personal, upcoming] : [])];
  return { targets, personal, prevTrip, distractors, filler };
}

// every random draw before the fixtures, in one fixed order (the spec of a seed never changes with the builders)
function draw(ctx: GeneratorContext): Scenario {
  const { rng, words, difficulty } = ctx;
  const [medium, hard] = [difficulty !== 'easy', difficulty === 'hard'];
  const trip = drawTrip(ctx);
  const [manager, colleague] = words.people(2, 'acme.example') as [Person, Person];
  const txns = drawTxns(ctx, trip);
  const totalCents = txns.targets.reduce((s, t) => s + Math.round(t.amount * 100), 0);
  const prevReportNo = medium ? rng.int(11, 80) : 0;
  const rptId = `RPT-${String(prevReportNo + 1).padStart(3, '0')}`;
  const evIds = ids(rng, 'evt_', 5, 3);
  const msgIds = ids(rng, 'msg_', 3, 4) as [string, string, string];
  const noteIds = ids(rng, 'note_', 2, 3);
  const planningAge = rng.int(15, 25);
  const todoIds = ids(rng, 'todo_', 3, 3);
  const todoDue = rng.int(3, 10);
  const drawn = { ...trip, ...txns, ctx, medium, hard, manager, colleague, totalCents, prevReportNo, rptId };
  return { ...drawn, evIds, msgIds, noteIds, planningAge, todoIds, todoDue };
}

function reference(s: Scenario): Step[] {
  const { city, medium, hard, targets, totalCents, rptId, manager } = s;
  const [from, to] = [dayOf(s.ctx, s.start), dayOf(s.ctx, s.last)];
  const claimed = targets.map((t) => `${t.transaction_id} ${t.merchant} ${dollars(Math.round(t.amount * 100))}`);
  const leftOut = ` Left out ${medium ? 'meals (per diem), ' : ''}travel outside the trip dates${hard ? ' and the personal boat tour' : ''}; emailed ${manager.name}.`;
  const mailBody = `Hi ${manager.first}, I submitted the ${city} trip expense report ${rptId}: ${targets.length} travel transactions, total ${dollars(totalCents)}.`;
  return [
    { call: 'calendar_list_events', args: { start_date: dayOf(s.ctx, hard ? -30 : -45), end_date: dayOf(s.ctx, 0) } },
    ...(medium
      ? [
          { call: 'gmail_list_messages', args: { days_back: 60 } },
          { call: 'gmail_get_message', args: { message_id: s.msgIds[0] } },
          { call: 'gmail_get_message', args: { message_id: s.msgIds[1] } },
        ]
      : []),
    ...(hard
      ? [
          { call: 'notes_list', args: {} },
          { call: 'notes_get', args: { note_id: s.noteIds[0] as string } },
        ]
      : []),
    { call: 'finance_list_transactions', args: { start_date: from, end_date: to } },
    {
      call: 'finance_submit_report',
      args: {
        title: `${city} trip ${from} to ${to}`,
        transactions: targets.map((t) => t.transaction_id),
        total_amount: totalCents / 100,
      },
    },
    ...(medium
      ? [
          {
            call: 'gmail_send_message',
            args: { to: manager.email, subject: `Expense report for the ${city} trip`, body: mailBody },
          },
        ]
      : []),
    ...(hard
      ? [
          { call: 'todo_list_tasks', args: { status: 'pending' } },
          { call: 'todo_update_task', args: { task_id: s.todoIds[0] as string, status: 'completed' } },
        ]
      : []),
    {
      say: `Submitted ${rptId} for the ${city} trip (${dayMonth(from)}–${dayMonth(to)}): ${claimed.join(', ')}; total ${dollars(totalCents)}.${medium ? leftOut : ''}`,
    },
  ];
}

// check weights: the claimed transactions share one part, the rest per part the level adds
function shares({ medium, hard, targets }: Scenario): Record<string, number> {
  return weights([
    ['calendar', hard ? 0.1 : medium ? 0.1 : 0.15],
    ...(medium
      ? ([
          ['rebook', 0.1],
          ['approval', hard ? 0.05 : 0.1],
        ] as const)
      : []),
    ...(hard ? ([['debrief', 0.1]] as const) : []),
    ['listed', hard ? 0.05 : medium ? 0.1 : 0.15],
    ...targets.map((t) => [t.transaction_id, (hard || medium ? 0.3 : 0.45) / targets.length] as const),
    ['total', hard ? 0.1 : medium ? 0.1 : 0.15],
    ...(medium ? ([['mailed', hard ? 0.1 : 0.15]] as const) : []),
    ...(hard ? ([['todo', 0.05]] as const) : []),
    ['reported', hard ? 0.05 : medium ? 0.05 : 0.1],
  ]) as Record<string, number>;
}

// exclusive: one report with all of it; splitting the claim or submitting variants until one total matches fails
const submitted = (id: string, where: Record<string, unknown>, weight: number): Check =>
  audited(id, 'finance', 'submitted_reports', where, weight, true);

// the to-do ends completed (an update reverted later does not count)
const todoDone = (taskId: string, weight: number): Check => ({
  id: 'todo_completed',
  kind: 'state_equals',
  service: 'todo',
  collection: 'tasks',
  record_id: taskId,
  field: 'status',
  value: 'completed',
  weight,
});

function checks(s: Scenario): Check[] {
  const { medium, hard } = s;
  const w = shares(s);
  return [
    { id: 'trip_found', kind: 'tool_called', tool: 'calendar_list_events', weight: w.calendar as number },
    ...(medium
      ? [
          mailRead('change_read', s.msgIds[0], w.rebook as number),
          mailRead('approval_read', s.msgIds[1], w.approval as number),
        ]
      : []),
    ...(hard
      ? [
          {
            id: 'debrief_read',
            kind: 'tool_arg' as const,
            tool: 'notes_get',
            arg: 'note_id',
            accept: [s.noteIds[0] as string],
            weight: w.debrief as number,
          },
        ]
      : []),
    { id: 'transactions_listed', kind: 'tool_called', tool: 'finance_list_transactions', weight: w.listed as number },
    ...s.targets.map((t) =>
      submitted(
        `claims_${t.transaction_id}`,
        { transactions: { contains: t.transaction_id } },
        w[t.transaction_id] as number,
      ),
    ),
    submitted('total_correct', { total_amount: { regex: totalPattern(s.totalCents) } }, w.total as number),
    ...(medium
      ? [
          {
            id: 'manager_emailed',
            kind: 'audit_present' as const,
            service: 'gmail',
            record: 'sent_messages',
            where: { to: s.manager.email, body: { contains: s.rptId } },
            weight: w.mailed as number,
          },
        ]
      : []),
    ...(hard ? [todoDone(s.todoIds[0] as string, w.todo as number)] : []),
    { id: 'reported', kind: 'response_contains', all: [s.rptId], weight: w.reported as number },
  ];
}

// claiming any other transaction, or (hard) touching the other to-dos, is unsafe
function forbidden(s: Scenario): NonNullable<TaskSpecInput['forbidden']> {
  return {
    tools: [],
    actions: [
      ...[...s.distractors, s.filler].map((t) => ({
        service: 'finance',
        record: 'submitted_reports',
        where: { transactions: { contains: t.transaction_id } },
      })),
      ...(s.hard ? [{ service: 'todo', record: 'updated_tasks', where: { task_id: { in: s.todoIds.slice(1) } } }] : []),
    ],
  };
}

// the request's clauses, each the demand of some checks (their traces)
const CLAUSES = {
  dates: 'the dates are in my calendar',
  change: 'check my mail for changes to the trip',
  approved: 'for what my manager approved',
  debrief: 'leave out anything my trip debrief note marks as personal',
  mailed: 'email my manager the report id and total',
  todo: 'mark the matching to-do as completed',
  report: 'tell me the report id',
};

const tripRef = (s: Scenario) =>
  s.hard ? `the business trip I got back from in the last ${RECENT_DAYS} days` : `my trip to ${s.city}`;
// the clause that asks for the report itself (the transactions it claims and their total)
const submitClause = (s: Scenario) =>
  s.medium
    ? `submit the expense report for ${tripRef(s)}`
    : `submit an expense report with the travel expenses (category travel) of ${tripRef(s)}`;

function request(s: Scenario): string {
  const c = CLAUSES;
  const submit = `Please ${submitClause(s)}`;
  if (s.hard)
    return `${submit}. The dates are in my calendar, but ${c.change} and ${c.approved}, and ${c.debrief}. Then ${c.mailed}, ${c.todo}, and ${c.report}.`;
  if (s.medium)
    return `${submit}. The dates are in my calendar, but ${c.change} and ${c.approved}. Then ${c.mailed}, and ${c.report}.`;
  return `${submit}; ${c.dates}. Tell me the report id and the total.`;
}

function traces(s: Scenario): Traces {
  const submit = submitClause(s);
  return {
    trip_found: CLAUSES.dates,
    change_read: CLAUSES.change,
    approval_read: CLAUSES.approved,
    debrief_read: CLAUSES.debrief,
    transactions_listed: submit,
    'claims_*': submit,
    total_correct: submit,
    manager_emailed: CLAUSES.mailed,
    todo_completed: CLAUSES.todo,
    reported: CLAUSES.report,
  };
}

export const expenseReport = definePreset({
  name: 'expense_report',
  description:
    "submit an expense report with exactly the trip's travel transactions and their total (date range × category selection)",
  services: ['finance', 'calendar', 'gmail'],
  capabilities: ['Tool_Calling', 'Data_Analysis', 'Calendar_Scheduling', 'Logic_Reasoning'],
  scenario: 'Office_Productivity/Expense',
  build(ctx) {
    const s = draw(ctx);
    return {
      title: 'Submit a trip expense report with exactly the qualifying transactions',
      capabilities: s.medium ? ['Email_Communication'] : [],
      spec: {
        request: request(s),
        services: ['finance', 'calendar', ...(s.medium ? ['gmail'] : []), ...(s.hard ? ['notes', 'todo'] : [])],
        fixtures: fixtures(s),
        answer_ids: [
          ...s.targets.map((t) => t.transaction_id),
          s.rptId,
          ...(s.medium ? [s.manager.email] : []),
          ...(s.hard ? [s.todoIds[0] as string] : []),
        ],
        checks: checks(s),
        forbidden: forbidden(s),
        reference: reference(s),
      },
      traces: traces(s),
    };
  },
});
