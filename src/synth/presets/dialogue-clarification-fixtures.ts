import { contactRecord } from '../kit/builders.js';
import { addWorkdays, at, dateOf, isoAt } from '../kit/dates.js';
import type { GeneratorContext } from '../kit/generator.js';
import { ids } from '../kit/ids.js';
import type { Person } from '../kit/people.js';

// dialogue_clarification's scenario data (departments, meeting titles, rooms) and seed records: the
// same-first-name twin, the meetings (kept from overlapping), their calendar events and the directory;
// draw() in dialogue-clarification.ts calls the builders in one fixed order.

export const DEPARTMENTS = [
  'Finance',
  'Legal',
  'Engineering',
  'Marketing',
  'Sales',
  'Operations',
  'People',
  'Design',
  'Procurement',
];
export const TITLES = [
  'Budget sync',
  'Hiring sync',
  'Roadmap review',
  'Vendor check-in',
  'Pricing workshop',
  'Quarterly planning',
  'Contract review',
  'Launch retro',
];
const ROOMS = ['Room Atlas', 'Room Birch', 'Room Cedar', 'Video call'];

export const plusDays = (day: string, n: number) => dateOf(at(`${day}T12:00:00Z`, { days: n }));

/** A meeting before it gets ids: its role in the task, title, day, start minute and attendees. */
export interface Slot {
  role: string;
  title: string;
  day: string;
  start: number;
  who: string[];
}
export type Event = {
  event_id: string;
  title: string;
  start_time: string;
  attendees: string[];
  location: string;
  description: string;
};

// the same-first-name colleague: another surname and department
export function twinOf(ctx: GeneratorContext, p: Person): Person {
  const last = ctx.words.lastName(p.name.split(' ').at(-1));
  const email = `${`${p.first}.${last}`.toLowerCase().replace(/[^a-z.]/g, '')}@acme.example`;
  return { name: `${p.first} ${last}`, first: p.first, email };
}

// the meetings: the target, the other one with X, the twin's (medium+), last week's (hard), a filler
export function slots(
  ctx: GeneratorContext,
  titles: string[],
  dayA: string,
  dayB: string,
  startA: number,
  who: string[][],
): Slot[] {
  const { rng, difficulty } = ctx;
  const [titleA, titleB, titleC] = titles as [string, string, string];
  const [withP, withTwin, withOther] = who as [string[], string[], string[]];
  return [
    { role: 'target', title: titleA, day: dayA, start: startA, who: withP },
    {
      role: 'other',
      title: titleB,
      day: dayB === dayA ? addWorkdays(dayA, 1) : dayB,
      start: 9 * 60 + 30 * rng.int(0, 12),
      who: withP,
    },
    ...(difficulty !== 'easy'
      ? [
          {
            role: 'twin',
            title: titleA,
            day: dayA,
            start: startA >= 13 * 60 ? startA - 180 : startA + 120,
            who: withTwin,
          },
        ]
      : []),
    ...(difficulty === 'hard'
      ? [{ role: 'past', title: titleA, day: plusDays(dayA, -7), start: startA, who: withP }]
      : []),
    {
      role: 'filler',
      title: titleC,
      day: addWorkdays(dateOf(ctx.mockToday), rng.int(1, 4)),
      start: 9 * 60 + 30 * rng.int(0, 12),
      who: withOther,
    },
  ];
}

// the user attends all of these: no two may overlap; the new slot must not clash with anything already on that day
export function separate(evs: Slot[], dur: number, newDay: string, newStart: number): number {
  const overlaps = (day: string, m: number, skip?: Slot) =>
    evs.some((o) => o !== skip && o.day === day && o.start < m + dur && o.start + dur > m);
  for (const e of evs.slice(1))
    while (overlaps(e.day, e.start, e)) e.start = e.start >= 15 * 60 ? 9 * 60 : e.start + 30;
  let start = newStart;
  while (overlaps(newDay, start)) start = start >= 15 * 60 ? 9 * 60 : start + 30;
  return start;
}

export function eventRecords(ctx: GeneratorContext, evs: readonly Slot[], dur: number, organizer: string): Event[] {
  const eventIds = ids(ctx.rng, 'evt_', evs.length, 3);
  return evs.map((e, i) => ({
    event_id: eventIds[i] as string,
    title: e.title,
    start_time: isoAt(e.day, e.start),
    end_time: isoAt(e.day, e.start + dur),
    attendees: e.who,
    location: ctx.rng.pick(ROOMS),
    organizer,
    description: `${e.title}: ${ctx.words.phrase()}.`,
  }));
}

// the directory: X, the twin (medium+) and two other colleagues, each in another department
export function contactList(
  ctx: GeneratorContext,
  contactIds: string[],
  people: (Person | undefined)[],
  depts: string[],
) {
  return people.flatMap((who, i) =>
    who ? [contactRecord(ctx.words, contactIds[i] as string, who, depts[i] as string)] : [],
  );
}
