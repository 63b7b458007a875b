import type { TaskSpecInput } from '../../schema/task-spec.js';
import { at, dateOf, dayMonth, ids, type Person, people, shuffle, weights } from './kit.js';
import type { Family } from './types.js';

// finance: submit an expense report with exactly the qualifying transactions (category travel, dated within
// the trip) and the right total. the trip's dates come from the calendar; medium adds mail (a rebooked return
// day extends the range; the manager's approval says travel only and wants the report id); hard picks the trip
// by recency (returned in the last 14 days: an older, already reported trip and an upcoming one are
// distractors), drops what the debrief note marks personal, and ticks off the matching to-do.

const CITIES = ['Lisbon', 'Berlin', 'Oslo', 'Madrid', 'Prague', 'Dublin', 'Vienna', 'Copenhagen', 'Milan', 'Warsaw'];
const RECENT_DAYS = 14;

const money = (cents: number) =>
  `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// the total as the agent may pass it: exact, or with float noise from summing (1234.5600000001, 1234.5599999998)
export function totalPattern(cents: number): string {
  const exact = String(cents / 100);
  const up = `${esc(exact)}(?:${exact.includes('.') ? '' : '\\.'}0{5,}\\d*)?`;
  const down = `${esc(((cents - 1) / 100).toFixed(2))}9{5,}\\d*`;
  return `^(?:${up}|${down})$`;
}

interface Txn {
  transaction_id: string;
  date: string;
  amount: number;
  currency: string;
  merchant: string;
  category: string;
  description: string;
  status: string;
  receipt_url?: string;
}

export const expenseReport: Family = {
  name: 'expense_report',
  description:
    "submit an expense report with exactly the trip's travel transactions and their total (date range × category selection)",
  services: ['finance', 'calendar', 'gmail'],
  capabilities: ['Tool_Calling', 'Data_Analysis', 'Calendar_Scheduling', 'Logic_Reasoning'],
  scenario: 'Office_Productivity/Expense',
  languages: ['en'],
  generate(ctx): TaskSpecInput {
    const { rng, faker: f, mockToday, difficulty } = ctx;
    const medium = difficulty !== 'easy';
    const hard = difficulty === 'hard';
    const [city, prevCity, nextCity] = shuffle(rng, CITIES) as [string, string, string];
    const [manager, colleague] = people(f, 2, 'acme.example') as [Person, Person];
    const day = (d: number) => dateOf(at(mockToday, { days: d }));

    // the trip: [start, end] in the calendar; medium+ mail moves the return one day later
    const end = hard ? -rng.int(5, 11) : -rng.int(8, 20);
    const start = end - rng.int(2, 4);
    const last = medium ? end + 1 : end;
    const prevEnd = -rng.int(30, 45);
    const prevStart = prevEnd - rng.int(2, 3);
    const nextStart = rng.int(7, 20);

    const txnIds = ids(rng, 'txn_', 16, 3);
    let n = 0;
    const txn = (d: number, cents: number, merchant: string, category: string, description: string): Txn => ({
      transaction_id: txnIds[n++] as string,
      date: day(d),
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
        ? [
            txn(
              last,
              rng.int(6000, 20000),
              rng.pick(['SkyWays', 'EuroAir', 'NorthJet']),
              'travel',
              `Flight change fee, ${city} return`,
            ),
          ]
        : []),
    ];
    // distractors: travel just outside the range, meals inside it, travel after the return, a personal item
    // inside it (debrief note), the previous (already reported) trip, the upcoming trip's booking
    const before = txn(start - rng.int(3, 6), rng.int(2500, 9000), 'CityRide Taxis', 'travel', 'Taxi');
    const meals = txn(
      start + 1,
      rng.int(3000, 12000),
      `Trattoria ${f.person.lastName()}`,
      'meals',
      `Dinner in ${city}`,
    );
    const after = txn(last + rng.int(2, 3), rng.int(2000, 6000), 'Metro Transit', 'travel', 'Monthly rail pass');
    const personal = txn(end - 1, rng.int(4500, 15000), `${city} Harbour Cruises`, 'travel', 'Boat tour tickets');
    const prevTrip = [
      txn(
        prevStart,
        rng.int(30000, 90000),
        `Hotel ${prevCity} Central`,
        'travel',
        `Hotel, ${prevEnd - prevStart} nights`,
      ),
      txn(prevEnd, rng.int(3000, 8000), 'CityRide Taxis', 'travel', 'Taxi to airport'),
    ];
    const upcoming = txn(
      -rng.int(1, 2),
      rng.int(20000, 60000),
      rng.pick(['SkyWays', 'EuroAir', 'NorthJet']),
      'travel',
      `Flight to ${nextCity}`,
    );
    const filler = txn(-rng.int(1, 40), rng.int(1500, 9000), 'Officeworks', 'office', 'Printer paper and toner');
    const distractors = [before, ...(medium ? [meals, after, ...prevTrip] : []), ...(hard ? [personal, upcoming] : [])];
    const totalCents = targets.reduce((s, t) => s + Math.round(t.amount * 100), 0);
    const prevReportNo = medium ? rng.int(11, 80) : 0;
    const rptId = `RPT-${String(prevReportNo + 1).padStart(3, '0')}`;

    // calendar: the trip, meetings, and (medium+) the previous and upcoming trips
    const evIds = ids(rng, 'evt_', 5, 3);
    const tripEvent = (id: string, c: string, s: number, e: number) => ({
      event_id: id,
      title: `Trip: ${c}`,
      start_time: at(`${day(s)}T00:00:00Z`, { hours: 7 }),
      end_time: at(`${day(e)}T00:00:00Z`, { hours: 19 }),
      location: c,
      description: `Client workshops in ${c}.`,
      attendees: ['me@acme.example'],
    });
    const events = [
      tripEvent(evIds[0] as string, city, start, end),
      {
        event_id: evIds[1] as string,
        title: 'Team sync',
        start_time: at(`${day(start - 2)}T00:00:00Z`, { hours: 10 }),
        end_time: at(`${day(start - 2)}T00:00:00Z`, { hours: 11 }),
        attendees: [manager.email, colleague.email, 'me@acme.example'],
        location: 'Room 4',
      },
      {
        event_id: evIds[2] as string,
        title: `${city} trip debrief`,
        start_time: at(`${day(last + 1)}T00:00:00Z`, { hours: 14 }),
        end_time: at(`${day(last + 1)}T00:00:00Z`, { hours: 15 }),
        attendees: [manager.email, 'me@acme.example'],
        location: 'Room 2',
      },
      ...(medium
        ? [
            tripEvent(evIds[3] as string, prevCity, prevStart, prevEnd),
            tripEvent(evIds[4] as string, nextCity, nextStart, nextStart + 3),
          ]
        : []),
    ];

    // mail (medium+): the rebooked return, the manager's approval, filler
    const msgIds = ids(rng, 'msg_', 3, 4);
    const [rebookId, approvalId, fillerId] = msgIds as [string, string, string];
    const messages = [
      {
        message_id: rebookId,
        from: 'Travel Desk <travel@acme.example>',
        to: 'me@acme.example',
        subject: `Itinerary change: your ${city} return`,
        date: at(`${day(end)}T00:00:00Z`, { hours: 6 }),
        body: `Your return flight from ${city} was cancelled and rebooked from ${dayMonth(day(end))} to ${dayMonth(day(last))}. The airline charged the change fee to your corporate card; the hotel extended your stay by one night at no cost.`,
        labels: ['INBOX'],
      },
      {
        message_id: approvalId,
        from: `${manager.name} <${manager.email}>`,
        to: 'me@acme.example',
        subject: `Re: ${city} trip`,
        date: at(`${day(start - 5)}T00:00:00Z`, { hours: 9 }),
        body: `Approved. When you are back, claim the travel costs only — meals are covered by the per diem, so leave them off the report. Send me the report id and total once it is submitted.\n\n${manager.first}`,
        labels: ['INBOX'],
      },
      {
        message_id: fillerId,
        from: `${colleague.name} <${colleague.email}>`,
        to: 'me@acme.example',
        subject: 'Slides for Thursday',
        date: at(mockToday, { days: -1 }),
        body: 'Could you send me the workshop slides before Thursday?',
        labels: ['INBOX'],
      },
    ];
    const noteIds = ids(rng, 'note_', 2, 3);
    const notes = [
      {
        note_id: noteIds[0] as string,
        title: `${city} trip debrief`,
        created_at: at(`${day(last + 1)}T00:00:00Z`, { hours: 15 }),
        participants: [manager.name],
        tags: ['travel'],
        content: `Workshops went well; follow-ups owned by ${colleague.name}. Expenses: the ${personal.merchant} charge on ${dayMonth(personal.date)} was personal — I pay it myself, keep it off the report.`,
      },
      {
        note_id: noteIds[1] as string,
        title: 'Q2 planning',
        created_at: at(mockToday, { days: -rng.int(15, 25) }),
        participants: [manager.name, colleague.name],
        tags: ['planning'],
        content: 'Priorities: onboarding revamp, partner workshops, travel budget review.',
      },
    ];
    const todoIds = ids(rng, 'todo_', 3, 3);
    const todos = [
      {
        task_id: todoIds[0] as string,
        title: `File expenses for the ${city} trip`,
        status: 'pending',
        priority: 'medium' as const,
        due_date: day(rng.int(3, 10)),
        tags: ['expenses'],
      },
      {
        task_id: todoIds[1] as string,
        title: `File expenses for the ${prevCity} trip`,
        status: 'completed',
        priority: 'medium' as const,
        due_date: day(prevEnd + 14),
        tags: ['expenses'],
      },
      {
        task_id: todoIds[2] as string,
        title: `Book hotel for the ${nextCity} trip`,
        status: 'pending',
        priority: 'high' as const,
        due_date: day(nextStart - 3),
        tags: ['travel'],
      },
    ];

    const services = ['finance', 'calendar', ...(medium ? ['gmail'] : []), ...(hard ? ['notes', 'todo'] : [])];
    const w = weights([
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

    const reference: TaskSpecInput['reference'] = [
      { call: 'calendar_list_events', args: { start_date: day(hard ? -30 : -45), end_date: day(0) } },
    ];
    if (medium) {
      reference.push({ call: 'gmail_list_messages', args: { days_back: 60 } });
      reference.push({ call: 'gmail_get_message', args: { message_id: rebookId } });
      reference.push({ call: 'gmail_get_message', args: { message_id: approvalId } });
    }
    if (hard)
      reference.push({ call: 'notes_list', args: {} }, { call: 'notes_get', args: { note_id: noteIds[0] as string } });
    reference.push({ call: 'finance_list_transactions', args: { start_date: day(start), end_date: day(last) } });
    reference.push({
      call: 'finance_submit_report',
      args: {
        title: `${city} trip ${day(start)} to ${day(last)}`,
        transactions: targets.map((t) => t.transaction_id),
        total_amount: totalCents / 100,
      },
    });
    if (medium)
      reference.push({
        call: 'gmail_send_message',
        args: {
          to: manager.email,
          subject: `Expense report for the ${city} trip`,
          body: `Hi ${manager.first}, I submitted the ${city} trip expense report ${rptId}: ${targets.length} travel transactions, total ${money(totalCents)}.`,
        },
      });
    if (hard)
      reference.push(
        { call: 'todo_list_tasks', args: { status: 'pending' } },
        { call: 'todo_update_task', args: { task_id: todoIds[0] as string, status: 'completed' } },
      );
    reference.push({
      say: `Submitted ${rptId} for the ${city} trip (${dayMonth(day(start))}–${dayMonth(day(last))}): ${targets.map((t) => `${t.transaction_id} ${t.merchant} ${money(Math.round(t.amount * 100))}`).join(', ')}; total ${money(totalCents)}.${medium ? ` Left out ${medium ? 'meals (per diem), ' : ''}travel outside the trip dates${hard ? ' and the personal boat tour' : ''}; emailed ${manager.name}.` : ''}`,
    });

    const tripRef = hard ? `the business trip I got back from in the last ${RECENT_DAYS} days` : `my trip to ${city}`;
    return {
      spec_version: 1,
      id: ctx.id,
      title: 'Submit a trip expense report with exactly the qualifying transactions',
      family: 'expense_report',
      labels: {
        capabilities: [...this.capabilities, ...(medium ? (['Email_Communication'] as const) : [])],
        scenario: this.scenario,
        difficulty,
        language: 'en',
      },
      mock_today: mockToday,
      request: hard
        ? `Please submit the expense report for ${tripRef}. The dates are in my calendar, but check my mail for changes to the trip and for what my manager approved, and leave out anything my trip debrief note marks as personal. Then email my manager the report id and total, mark the matching to-do as completed, and tell me the report id.`
        : medium
          ? `Please submit the expense report for ${tripRef}. The dates are in my calendar, but check my mail for changes to the trip and for what my manager approved. Then email my manager the report id and total, and tell me the report id.`
          : `Please submit an expense report with the travel expenses (category travel) of ${tripRef}; the dates are in my calendar. Tell me the report id and the total.`,
      services,
      fixtures: {
        finance: {
          transactions: shuffle(rng, [...targets, ...distractors, filler]),
          ...(medium
            ? {
                reports: [
                  {
                    report_id: `RPT-${String(prevReportNo).padStart(3, '0')}`,
                    title: `${prevCity} trip`,
                    transactions: prevTrip.map((t) => t.transaction_id),
                    total_amount: prevTrip.reduce((s, t) => s + Math.round(t.amount * 100), 0) / 100,
                    submitted_at: at(`${day(prevEnd + 3)}T00:00:00Z`, { hours: 16 }),
                  },
                ],
              }
            : {}),
        },
        calendar: { events: shuffle(rng, events) },
        ...(medium ? { gmail: { messages: shuffle(rng, messages) } } : {}),
        ...(hard ? { notes: { notes }, todo: { tasks: todos } } : {}),
      },
      answer_ids: [
        ...targets.map((t) => t.transaction_id),
        rptId,
        ...(medium ? [manager.email] : []),
        ...(hard ? [todoIds[0] as string] : []),
      ],
      checks: [
        { id: 'trip_found', kind: 'tool_called', tool: 'calendar_list_events', weight: w.calendar as number },
        ...(medium
          ? [
              {
                id: 'change_read',
                kind: 'tool_arg' as const,
                tool: 'gmail_get_message',
                arg: 'message_id',
                accept: [rebookId],
                weight: w.rebook as number,
              },
              {
                id: 'approval_read',
                kind: 'tool_arg' as const,
                tool: 'gmail_get_message',
                arg: 'message_id',
                accept: [approvalId],
                weight: w.approval as number,
              },
            ]
          : []),
        ...(hard
          ? [
              {
                id: 'debrief_read',
                kind: 'tool_arg' as const,
                tool: 'notes_get',
                arg: 'note_id',
                accept: [noteIds[0] as string],
                weight: w.debrief as number,
              },
            ]
          : []),
        {
          id: 'transactions_listed',
          kind: 'tool_called',
          tool: 'finance_list_transactions',
          weight: w.listed as number,
        },
        // exclusive: one report with all of it; splitting the claim or submitting variants until one total matches fails
        ...targets.map((t) => ({
          id: `claims_${t.transaction_id}`,
          kind: 'audit_present' as const,
          service: 'finance',
          record: 'submitted_reports',
          where: { transactions: { contains: t.transaction_id } },
          exclusive: true,
          weight: w[t.transaction_id] as number,
        })),
        {
          id: 'total_correct',
          kind: 'audit_present',
          service: 'finance',
          record: 'submitted_reports',
          where: { total_amount: { regex: totalPattern(totalCents) } },
          exclusive: true,
          weight: w.total as number,
        },
        ...(medium
          ? [
              {
                id: 'manager_emailed',
                kind: 'audit_present' as const,
                service: 'gmail',
                record: 'sent_messages',
                where: { to: manager.email, body: { contains: rptId } },
                weight: w.mailed as number,
              },
            ]
          : []),
        ...(hard
          ? [
              {
                id: 'todo_completed',
                kind: 'state_equals' as const,
                service: 'todo',
                collection: 'tasks',
                record_id: todoIds[0] as string,
                field: 'status',
                value: 'completed',
                weight: w.todo as number,
              },
            ]
          : []),
        { id: 'reported', kind: 'response_contains', all: [rptId], weight: w.reported as number },
      ],
      forbidden: {
        tools: [],
        actions: [
          ...[...distractors, filler].map((t) => ({
            service: 'finance',
            record: 'submitted_reports',
            where: { transactions: { contains: t.transaction_id } },
          })),
          ...(hard ? [{ service: 'todo', record: 'updated_tasks', where: { task_id: { in: todoIds.slice(1) } } }] : []),
        ],
      },
      reference,
    };
  },
};
