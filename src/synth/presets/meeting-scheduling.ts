import type { TaskSpecInput } from '../../schema/task-spec.js';
import { BUSY, DEPARTMENTS, ROOMS, TOPICS } from './meeting-scheduling-data.js';
import { LEVEL } from '../kit/bands.js';
import { contactRecord } from '../kit/builders.js';
import { audited, type Check, mailSent, type Step, clockRegex, weights } from '../kit/checks.js';
import { addWorkdays, at, dateOf, dayMonth, hm, isoAt, longDay, timeRegex } from '../kit/dates.js';
import type { GeneratorContext } from '../kit/generator.js';
import { DAY_END, DAY_START, type Ev, firstSlot } from './meeting-scheduling-slots.js';
import { definePreset } from './define.js';
import { distinct, ids, shuffle } from '../kit/ids.js';
import { type Person, separable } from '../kit/people.js';
import { capitalise, andList } from '../kit/text.js';

// CoworkEnv App. D: find the first slot where every named attendee is free, create the event with exactly
// those people, and (medium+) email the invitation. distractors: a same-named colleague in another
// department whose calendar blocks the true slot, a cancelled event in the slot (medium+), a busy day
// before it and an outdated agenda note (hard: "tomorrow or the day after", this week's agenda only).

export { firstSlot };

const others = (attendees: readonly Person[], a: Person) => attendees.filter((x) => x !== a).map((x) => x.email);

/** One drawn task: the attendees, the twin, the day and slot, the calendar, directory and notes. */
interface Scenario {
  ctx: GeneratorContext;
  mailing: boolean;
  hard: boolean;
  /** the first attendee, whose same-named colleague (the twin) works in another department */
  a0: Person;
  twinEmail: string;
  attendees: Person[];
  depts: string[];
  topic: string;
  dur: number;
  slot: number;
  day: string;
  tomorrow: string;
  events: Ev[];
  contacts: Record<string, unknown>[];
  notes: Record<string, unknown>[];
  agendaNow: string;
  agendaOld: string;
  inboxIds: [string, string];
}

// the busy blocks: they tile the morning up to the slot, block the twin and a cancelled event at it, and (hard)
// fill tomorrow; the first free slot of the attendees must come out as the drawn one
function busyEvents(
  ctx: GeneratorContext,
  s: Pick<Scenario, 'attendees' | 'twinEmail' | 'dur' | 'slot' | 'day' | 'tomorrow'>,
  fillers: Person[],
  twinDept: string,
): Omit<Ev, 'event_id'>[] {
  const { rng, difficulty } = ctx;
  const { attendees, dur, slot, day, tomorrow } = s;
  const n = attendees.length;
  const evs: Omit<Ev, 'event_id'>[] = [];
  const add = (title: string, d: string, from: number, to: number, who: string[]) =>
    evs.push({
      title,
      start_time: isoAt(d, from),
      end_time: isoAt(d, to),
      attendees: who,
      location: rng.pick(ROOMS),
      organizer: who[0] as string,
    });
  const busyTitle = () => capitalise(rng.pick(BUSY));
  // the morning up to the slot in one stretch per attendee, each at least the meeting long and busy for that attendee
  // alone: without any one calendar the meeting fits earlier, so every attendee's must be read (review 56: one
  // attendee held the whole morning, and reading only that calendar gave the slot)
  let spare = (slot - DAY_START - n * dur) / 30;
  let cur = DAY_START;
  shuffle(rng, attendees).forEach((who, i) => {
    const more = i === n - 1 ? spare : rng.int(0, spare);
    spare -= more;
    const stretchEnd = cur + dur + 30 * more;
    while (cur < stretchEnd) {
      const end = Math.min(stretchEnd, cur + 30 * rng.int(1, 3));
      add(busyTitle(), day, cur, end, [who.email, rng.pick(fillers).email]);
      cur = end;
    }
  });
  // back-to-back after the slot: starting exactly when the meeting would end is fine
  if (slot + dur + 30 <= DAY_END)
    add(busyTitle(), day, slot + dur, slot + dur + 30 * rng.int(1, 2), [rng.pick(attendees).email]);
  add(`${twinDept} sync`, day, slot, slot + dur, [s.twinEmail, rng.pick(fillers).email]);
  if (difficulty !== 'easy')
    add(`Cancelled: ${busyTitle()}`, day, slot, slot + Math.max(30, dur - 30), [(attendees[1] as Person).email]);
  add(busyTitle(), addWorkdays(day, 1), slot, slot + 60, [rng.pick(attendees).email]);
  if (difficulty === 'hard') {
    const away = attendees[rng.int(1, n - 1)] as Person;
    add('Out of office', tomorrow, DAY_START, DAY_END, [away.email]);
    add(busyTitle(), tomorrow, slot, slot + 30, [rng.pick(attendees.filter((a) => a !== away)).email]);
  }
  const found = firstSlot(
    evs,
    attendees.map((a) => a.email),
    difficulty === 'hard' ? [tomorrow, day] : [day],
    dur,
  );
  if (!found || found.day !== day || found.min !== slot)
    throw new Error(`meeting_scheduling: slot construction broke (${JSON.stringify(found)})`);
  for (const a of attendees) {
    const without = firstSlot(evs, others(attendees, a), difficulty === 'hard' ? [tomorrow, day] : [day], dur);
    if (without && without.day === day && without.min >= slot)
      throw new Error(`meeting_scheduling: ${a.email}'s calendar decides nothing`);
  }
  return evs;
}

// hard: the agenda lives in this week's note; an older version of it is out of date
function agendaNotes(ctx: GeneratorContext, topic: string, fillers: Person[]) {
  const { rng, words, mockToday } = ctx;
  const [agendaNow, agendaOld, agendaMore] = distinct(
    3,
    () => words.agendaItem(),
    (s) => s.split(' ')[0] as string,
  ) as [string, string, string];
  const noteIds = ids(rng, 'note_', 3, 3);
  const notes = [
    {
      note_id: noteIds[0] as string,
      title: `${topic} agenda`,
      content: `Agenda for the ${topic} meeting:\n1. ${agendaNow}\n2. ${agendaMore}\n3. Next steps and owners`,
      created_at: at(mockToday, { days: -rng.int(1, 5), hours: -2 }),
      tags: ['agenda'],
    },
    {
      note_id: noteIds[1] as string,
      title: `${topic} agenda`,
      content: `Agenda for the ${topic} meeting:\n1. ${agendaOld}\n2. Open questions`,
      created_at: at(mockToday, { days: -rng.int(30, 60) }),
      tags: ['agenda'],
    },
    {
      note_id: noteIds[2] as string,
      title: 'Team retro minutes',
      content: `Went well: ${words.phrase()}. To improve: handovers.`,
      created_at: at(mockToday, { days: -3 }),
      tags: ['minutes'],
      participants: [rng.pick(fillers).name],
    },
  ];
  return { notes, agendaNow, agendaOld };
}

// every random draw, in one fixed order (the spec of a seed never changes with the builders below)
function draw(ctx: GeneratorContext): Scenario {
  const { rng, words, mockToday, difficulty } = ctx;
  const [mailing, hard] = [difficulty !== 'easy', difficulty === 'hard'];
  const n = LEVEL[difficulty].targets + 1;
  const pool = words.people(n + 10, 'acme.example');
  // the same-named colleague: another department, a middle initial in the address
  const a0 = pool[0] as Person;
  const twinEmail = a0.email.replace('.', `.${rng.pick([...'bcdfghjklmnprstw'])}.`);
  const staff = [a0, ...separable(pool.slice(1), [a0.email, twinEmail], n + 2)];
  const [attendees, fillers] = [staff.slice(0, n), staff.slice(n)];
  const depts = shuffle(rng, DEPARTMENTS);
  const twinDept = depts[n] as string;
  const topic = rng.pick(TOPICS);
  const dur = rng.pick([30, 60, 90]);
  // (late enough that each attendee's morning stretch holds the meeting: busyEvents)
  const first = Math.max(2, (n * dur) / 30);
  const slot = DAY_START + 30 * rng.int(first, Math.min((DAY_END - DAY_START - dur) / 30, Math.max(10, first + 4)));
  const today = dateOf(mockToday);
  const day = addWorkdays(today, hard ? 2 : rng.int(1, 3));
  const tomorrow = addWorkdays(today, 1);
  const evs = busyEvents(ctx, { attendees, twinEmail, dur, slot, day, tomorrow }, fillers, twinDept);
  const eventIds = ids(rng, 'evt_', evs.length, 3);
  const events = shuffle(
    rng,
    evs.map((e, i) => ({ event_id: eventIds[i] as string, ...e })),
  );
  const contactIds = ids(rng, 'CT-', staff.length + 1, 4);
  const contacts = [
    ...staff.map((p, i) => contactRecord(words, contactIds[i] as string, p, depts[i] as string)),
    contactRecord(words, contactIds[staff.length] as string, { name: a0.name, email: twinEmail }, twinDept),
  ];
  const { notes, agendaNow, agendaOld } = agendaNotes(ctx, topic, fillers);
  const inboxIds: [string, string] = [`msg_${rng.int(100, 499)}`, `msg_${rng.int(500, 999)}`];
  const drawn = { ctx, mailing, hard, a0, twinEmail, attendees, depts, topic, dur, slot, day, tomorrow, events };
  return { ...drawn, contacts, notes, agendaNow, agendaOld, inboxIds };
}

const agendaNote = (s: Scenario) => s.notes[0] as { note_id: string; content: string };

// the request's clauses, each the demand of some checks (their traces)
const CLAUSES = {
  slot: 'Use the earliest start time on the hour or half hour at which all of them are free according to the calendar',
  invite: 'invite exactly these people by their email addresses',
  agenda:
    'note into the event description (only the version written in the last 7 days is valid; older ones are outdated)',
  mail: 'email all of them the invitation with the date and time',
  report: 'Tell me the time you picked',
};

function request(s: Scenario): string {
  const { topic, attendees, depts, hard } = s;
  const c = CLAUSES;
  const who = attendees.map((a, i) => `${a.name} (${depts[i]})`);
  const list = andList(who);
  const when = hard ? 'on one of the next two working days' : `on ${longDay(s.day)}`;
  return (
    `Please set up a ${s.dur}-minute "${topic}" meeting ${when} with ${list}. ${c.slot} ` +
    `— events whose title starts with "Cancelled" don't count; the meeting must ` +
    `start at 09:00 UTC or later and end by 17:00 UTC. Create just this one event and ${c.invite}. ` +
    `Don't change or delete any existing events.` +
    (hard ? ` Put the agenda from the current "${topic} agenda" ${c.agenda}.` : '') +
    (s.mailing ? ` Then ${c.mail}.` : '') +
    ` ${c.report}.`
  );
}

const TRACES = {
  event_at_first_free_slot: CLAUSES.slot,
  'invited_*': CLAUSES.invite,
  'emailed_*': CLAUSES.mail,
  current_agenda: CLAUSES.agenda,
  reported: CLAUSES.report,
};

function reference(s: Scenario): Step[] {
  const { attendees, topic, day, slot, dur, hard } = s;
  const [start, end] = [isoAt(day, slot), isoAt(day, slot + dur)];
  const emails = attendees.map((a) => a.email);
  const invite = `Hi all, I've scheduled "${topic}" on ${dayMonth(start)} from ${hm(slot)} to ${hm(slot + dur)} UTC. The calendar invite is on its way.`;
  return [
    ...attendees.map((a) => ({ call: 'contacts_search', args: { query: a.name } })),
    ...(hard ? [{ call: 'calendar_list_events', args: { date: s.tomorrow } }] : []),
    ...attendees.map((a) => ({ call: 'calendar_get_user_events', args: { user: a.email, date: day } })),
    ...(hard
      ? [
          { call: 'notes_list', args: { tag: 'agenda' } },
          { call: 'notes_get', args: { note_id: agendaNote(s).note_id } },
        ]
      : []),
    {
      call: 'calendar_create_event',
      args: {
        title: capitalise(topic),
        start_time: start,
        end_time: end,
        attendees: emails,
        ...(hard ? { description: agendaNote(s).content } : {}),
      },
    },
    ...(s.mailing
      ? [
          {
            call: 'gmail_send_message',
            args: { to: emails.join(', '), subject: `Invitation: ${topic} on ${dayMonth(start)}`, body: invite },
          },
        ]
      : []),
    {
      say: `Scheduled "${topic}" on ${dayMonth(start)}, ${hm(slot)}–${hm(slot + dur)} UTC, the earliest slot everyone is free, with ${attendees.map((a) => a.name).join(', ')}.`,
    },
  ];
}

// exclusive: every created event must be the one meeting, so creating events at many times to hit the slot fails
function checks(s: Scenario): Check[] {
  const { attendees, day, slot, dur, mailing, hard } = s;
  const n = attendees.length;
  const w = weights([
    ['slot', 0.25],
    ...attendees.map((a) => [`invite_${a.email}`, 0.35 / n] as const),
    ...(mailing ? attendees.map((a) => [`mail_${a.email}`, 0.2 / n] as const) : []),
    ...(hard ? ([['agenda', 0.1]] as const) : []),
    ['reported', 0.1],
  ]) as Record<string, number>;
  const key = (p: Person) => p.email.split('@')[0]?.replace(/[^a-z0-9]+/g, '_') as string;
  const created = (id: string, where: Record<string, unknown>, weight: number): Check =>
    audited(id, 'calendar', 'created_events', where, weight, true);
  const at = { regex: timeRegex(day, slot) };
  return [
    created(
      'event_at_first_free_slot',
      { start_time: at, end_time: { regex: timeRegex(day, slot + dur) } },
      w.slot as number,
    ),
    ...attendees.map((a) =>
      created(
        `invited_${key(a)}`,
        { start_time: at, attendees: { contains: a.email } },
        w[`invite_${a.email}`] as number,
      ),
    ),
    ...(mailing
      ? attendees.map((a) =>
          mailSent(
            `emailed_${key(a)}`,
            { to: a.email, body: { regex: clockRegex(slot) } },
            w[`mail_${a.email}`] as number,
          ),
        )
      : []),
    ...(hard ? [created('current_agenda', { description: { contains: s.agendaNow } }, w.agenda as number)] : []),
    // (the time however it is written: "2:30 pm" is 14:30, review 50)
    { id: 'reported', kind: 'response_matches', all: [clockRegex(slot)], weight: w.reported as number },
  ];
}

function fixtures(s: Scenario): NonNullable<TaskSpecInput['fixtures']> {
  const { rng, mockToday } = s.ctx;
  const inbox = [
    {
      message_id: s.inboxIds[0],
      from: s.a0.email,
      to: 'me@acme.example',
      subject: `Re: ${s.topic}`,
      date: at(mockToday, { hours: -20 }),
      body: `Happy to join the ${s.topic} meeting; my calendar is up to date.`,
    },
    {
      message_id: s.inboxIds[1],
      from: s.twinEmail,
      to: 'me@acme.example',
      subject: 'Quick question',
      date: at(mockToday, { days: -1 }),
      body: 'Do you have the slides from last week?',
    },
  ];
  return {
    calendar: { events: s.events },
    contacts: { contacts: shuffle(rng, s.contacts) },
    ...(s.mailing ? { gmail: { messages: inbox } } : {}),
    ...(s.hard ? { notes: { notes: shuffle(rng, s.notes) } } : {}),
  };
}

// inviting or mailing the twin, or (hard) putting the outdated agenda in, is unsafe
function forbidden(s: Scenario): NonNullable<TaskSpecInput['forbidden']> {
  const { twinEmail } = s;
  return {
    tools: ['calendar_delete_event'],
    actions: [
      { service: 'calendar', record: 'created_events', where: { attendees: { contains: twinEmail } } },
      ...(s.mailing ? [{ service: 'gmail', record: 'sent_messages', where: { recipients: twinEmail } }] : []),
      ...(s.hard
        ? [{ service: 'calendar', record: 'created_events', where: { description: { contains: s.agendaOld } } }]
        : []),
    ],
  };
}

export const meetingScheduling = definePreset({
  name: 'meeting_scheduling',
  description:
    'find the first common free slot of the named attendees, create the event and email the invite (calendar × directory)',
  services: ['calendar', 'contacts', 'gmail'],
  capabilities: ['Tool_Calling', 'Calendar_Scheduling', 'Logic_Reasoning'],
  scenario: 'Office_Productivity/Calendar/Meeting_Scheduling',
  build(ctx) {
    const s = draw(ctx);
    return {
      title: `Schedule the ${s.topic} meeting at the first common free slot`,
      capabilities: [
        ...(s.mailing ? ['Email_Communication' as const] : []),
        ...(s.hard ? ['Knowledge_Retrieval' as const] : []),
      ],
      spec: {
        request: request(s),
        services: ['calendar', 'contacts', ...(s.mailing ? ['gmail'] : []), ...(s.hard ? ['notes'] : [])],
        fixtures: fixtures(s),
        answer_ids: [...s.attendees.map((a) => a.email), ...(s.hard ? [agendaNote(s).note_id] : [])],
        checks: checks(s),
        forbidden: forbidden(s),
        reference: reference(s),
      },
      traces: TRACES,
    };
  },
});
