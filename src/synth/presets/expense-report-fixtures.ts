import { at, dateOf, dayMonth } from '../kit/dates.js';
import type { GeneratorContext } from '../kit/generator.js';
import { shuffle } from '../kit/ids.js';
import type { Person } from '../kit/people.js';
import type { TaskSpecInput } from '../../schema/task-spec.js';

// expense_report's drawn scenario and the seed records built from it: the calendar (trips, meetings), mail
// (medium+), the debrief and planning notes and the to-dos (hard), and the finance fixtures. the builders only
// shuffle: every other random value is in the Scenario that draw() in expense-report.ts returns.

export const ME = 'me@acme.example';

export interface Txn {
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

/** The trip's days, as offsets from today: this trip (medium+: its rebooked return `last`), the previous and next. */
export interface Trip {
  city: string;
  prevCity: string;
  nextCity: string;
  start: number;
  end: number;
  last: number;
  prevStart: number;
  prevEnd: number;
  nextStart: number;
}

/** One drawn task: the trips, every transaction, the people and the ids of every record. */
export interface Scenario extends Trip {
  ctx: GeneratorContext;
  medium: boolean;
  hard: boolean;
  manager: Person;
  colleague: Person;
  targets: Txn[];
  personal: Txn;
  prevTrip: Txn[];
  distractors: Txn[];
  filler: Txn;
  totalCents: number;
  prevReportNo: number;
  rptId: string;
  evIds: string[];
  msgIds: [string, string, string];
  noteIds: string[];
  planningAge: number;
  todoIds: string[];
  todoDue: number;
}

export const dayOf = (ctx: GeneratorContext, d: number) => dateOf(at(ctx.mockToday, { days: d }));
export const atHour = (s: Scenario, d: number, hours: number) => at(`${dayOf(s.ctx, d)}T00:00:00Z`, { hours });

// calendar: the trip, meetings, and (medium+) the previous and upcoming trips
function events(s: Scenario): Record<string, unknown>[] {
  const { city, start, last, manager, evIds } = s;
  const tripEvent = (id: string, c: string, from: number, to: number) => ({
    event_id: id,
    title: `Trip: ${c}`,
    start_time: atHour(s, from, 7),
    end_time: atHour(s, to, 19),
    location: c,
    description: `Client workshops in ${c}.`,
    attendees: [ME],
  });
  const meeting = (id: string, title: string, d: number, hour: number, attendees: string[], location: string) => {
    const [start_time, end_time] = [atHour(s, d, hour), atHour(s, d, hour + 1)];
    return { event_id: id, title, start_time, end_time, attendees, location };
  };
  return [
    tripEvent(evIds[0] as string, city, start, s.end),
    meeting(evIds[1] as string, 'Team sync', start - 2, 10, [manager.email, s.colleague.email, ME], 'Room 4'),
    meeting(evIds[2] as string, `${city} trip debrief`, last + 1, 14, [manager.email, ME], 'Room 2'),
    ...(s.medium
      ? [
          tripEvent(evIds[3] as string, s.prevCity, s.prevStart, s.prevEnd),
          tripEvent(evIds[4] as string, s.nextCity, s.nextStart, s.nextStart + 3),
        ]
      : []),
  ];
}

// mail (medium+): the rebooked return, the manager's approval, filler
function messages(s: Scenario): Record<string, unknown>[] {
  const { city, manager, colleague } = s;
  const [rebookId, approvalId, fillerId] = s.msgIds;
  const message = (message_id: string, from: string, subject: string, date: string, body: string) => ({
    ...{ message_id, from, to: ME, subject, date, body },
    labels: ['INBOX'],
  });
  const [endDay, lastDay] = [dayOf(s.ctx, s.end), dayOf(s.ctx, s.last)];
  return [
    message(
      rebookId,
      'Travel Desk <travel@acme.example>',
      `Itinerary change: your ${city} return`,
      atHour(s, s.end, 6),
      `Your return flight from ${city} was cancelled and rebooked from ${dayMonth(endDay)} to ${dayMonth(lastDay)}. The airline charged the change fee to your corporate card; the hotel extended your stay by one night at no cost.`,
    ),
    message(
      approvalId,
      `${manager.name} <${manager.email}>`,
      `Re: ${city} trip`,
      atHour(s, s.start - 5, 9),
      `Approved. When you are back, claim the travel costs only — meals are covered by the per diem, so leave them off the report. Send me the report id and total once it is submitted.\n\n${manager.first}`,
    ),
    message(
      fillerId,
      `${colleague.name} <${colleague.email}>`,
      'Slides for Thursday',
      at(s.ctx.mockToday, { days: -1 }),
      'Could you send me the workshop slides before Thursday?',
    ),
  ];
}

// notes (hard): the debrief marks the personal charge; a planning note
function notes(s: Scenario): Record<string, unknown>[] {
  const { city, manager, colleague, personal } = s;
  return [
    {
      note_id: s.noteIds[0] as string,
      title: `${city} trip debrief`,
      created_at: atHour(s, s.last + 1, 15),
      participants: [manager.name],
      tags: ['travel'],
      content: `Workshops went well; follow-ups owned by ${colleague.name}. Expenses: the ${personal.merchant} charge on ${dayMonth(personal.date)} was personal — I pay it myself, keep it off the report.`,
    },
    {
      note_id: s.noteIds[1] as string,
      title: 'Q2 planning',
      created_at: at(s.ctx.mockToday, { days: -s.planningAge }),
      participants: [manager.name, colleague.name],
      tags: ['planning'],
      content: 'Priorities: onboarding revamp, partner workshops, travel budget review.',
    },
  ];
}

// to-dos (hard): this trip's (the one to complete), the previous trip's (done), the next trip's booking
function todos(s: Scenario): Record<string, unknown>[] {
  const task = (i: number, title: string, status: string, priority: string, due: number, tag: string) => ({
    ...{ task_id: s.todoIds[i] as string, title, status, priority },
    ...{ due_date: dayOf(s.ctx, due), tags: [tag] },
  });
  return [
    task(0, `File expenses for the ${s.city} trip`, 'pending', 'medium', s.todoDue, 'expenses'),
    task(1, `File expenses for the ${s.prevCity} trip`, 'completed', 'medium', s.prevEnd + 14, 'expenses'),
    task(2, `Book hotel for the ${s.nextCity} trip`, 'pending', 'high', s.nextStart - 3, 'travel'),
  ];
}

export function fixtures(s: Scenario): NonNullable<TaskSpecInput['fixtures']> {
  const { rng } = s.ctx;
  const previous = {
    report_id: `RPT-${String(s.prevReportNo).padStart(3, '0')}`,
    title: `${s.prevCity} trip`,
    transactions: s.prevTrip.map((t) => t.transaction_id),
    total_amount: s.prevTrip.reduce((sum, t) => sum + Math.round(t.amount * 100), 0) / 100,
    submitted_at: atHour(s, s.prevEnd + 3, 16),
  };
  return {
    finance: {
      transactions: shuffle(rng, [...s.targets, ...s.distractors, s.filler]),
      ...(s.medium ? { reports: [previous] } : {}),
    },
    calendar: { events: shuffle(rng, events(s)) },
    ...(s.medium ? { gmail: { messages: shuffle(rng, messages(s)) } } : {}),
    ...(s.hard ? { notes: { notes: notes(s) }, todo: { tasks: todos(s) } } : {}),
  };
}
