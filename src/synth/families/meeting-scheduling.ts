import type { TaskSpecInput } from '../../schema/task-spec.js';
import {
  addWorkdays,
  at,
  dateOf,
  dayMonth,
  distinct,
  hm,
  ids,
  LEVEL,
  longDay,
  type Person,
  people,
  separable,
  shuffle,
  timeRegex,
  weights,
} from './kit.js';
import type { Family } from './types.js';

// CoworkEnv App. D: find the first slot where every named attendee is free, create the event with exactly
// those people, and (medium+) email the invitation. distractors: a same-named colleague in another
// department whose calendar blocks the true slot, a cancelled event in the slot (medium+), a busy day
// before it and an outdated agenda note (hard: "tomorrow or the day after", this week's agenda only).

type Check = NonNullable<TaskSpecInput['checks']>[number];
type Step = NonNullable<TaskSpecInput['reference']>[number];

const DAY_START = 9 * 60;
const DAY_END = 17 * 60;
const DEPARTMENTS = [
  'Finance',
  'Legal',
  'Engineering',
  'Marketing',
  'Sales',
  'Operations',
  'People',
  'Design',
  'Procurement',
  'Support',
];
const TOPICS = [
  'Q3 vendor review',
  'pricing update',
  'launch readiness',
  'budget planning',
  'onboarding revamp',
  'data retention policy',
  'partner roadmap',
  'office move',
];
const BUSY = [
  '1:1',
  'design review',
  'hiring panel',
  'customer call',
  'sprint planning',
  'interview',
  'team standup',
  'quarterly review',
  'training',
];

const iso = (day: string, min: number) => `${day}T${hm(min)}:00Z`;
const minuteOf = (isoTime: string) => Number(isoTime.slice(11, 13)) * 60 + Number(isoTime.slice(14, 16));

interface Ev {
  event_id: string;
  title: string;
  start_time: string;
  end_time: string;
  attendees: string[];
  location: string;
  organizer?: string;
}

/** first start (30-minute grid, working hours) where none of `who` has a non-cancelled event */
export function firstSlot(
  events: readonly Omit<Ev, 'event_id'>[],
  who: readonly string[],
  days: readonly string[],
  dur: number,
): { day: string; min: number } | undefined {
  for (const day of days) {
    const busy = events.filter(
      (e) => e.start_time.startsWith(day) && !/^cancelled/i.test(e.title) && e.attendees.some((a) => who.includes(a)),
    );
    for (let s = DAY_START; s + dur <= DAY_END; s += 30) {
      if (!busy.some((e) => minuteOf(e.start_time) < s + dur && minuteOf(e.end_time) > s)) return { day, min: s };
    }
  }
  return undefined;
}

export const meetingScheduling: Family = {
  name: 'meeting_scheduling',
  description:
    'find the first common free slot of the named attendees, create the event and email the invite (calendar × directory)',
  services: ['calendar', 'contacts', 'gmail'],
  capabilities: ['Tool_Calling', 'Calendar_Scheduling', 'Logic_Reasoning'],
  scenario: 'Office_Productivity/Calendar/Meeting_Scheduling',
  languages: ['en'],
  generate(ctx): TaskSpecInput {
    const { rng, faker: f, mockToday, difficulty } = ctx;
    const lv = LEVEL[difficulty];
    const hard = difficulty === 'hard';
    const mailing = difficulty !== 'easy';
    const n = lv.targets + 1;
    const pool = people(f, n + 10, 'acme.example');
    // the same-named colleague: another department, a middle initial in the address
    const a0 = pool[0] as Person;
    const twinEmail = a0.email.replace('.', `.${rng.pick([...'bcdfghjklmnprstw'])}.`);
    const staff = [a0, ...separable(pool.slice(1), [a0.email, twinEmail], n + 2)];
    const attendees = staff.slice(0, n);
    const fillers = staff.slice(n);
    const depts = shuffle(rng, DEPARTMENTS);
    const emails = attendees.map((a) => a.email);
    const twinDept = depts[n] as string;
    const topic = rng.pick(TOPICS);
    const dur = rng.pick([30, 60, 90]);
    const slot = DAY_START + 30 * rng.int(2, 10);
    const today = dateOf(mockToday);
    const day = addWorkdays(today, hard ? 2 : rng.int(1, 3));
    const tomorrow = addWorkdays(today, 1);
    const otherDay = addWorkdays(day, 1);
    const rooms = ['Room Atlas', 'Room Birch', 'Room Cedar', 'Room Delta', 'Video call'];

    const evs: Omit<Ev, 'event_id'>[] = [];
    const add = (title: string, d: string, from: number, to: number, who: string[]) =>
      evs.push({
        title,
        start_time: iso(d, from),
        end_time: iso(d, to),
        attendees: who,
        location: rng.pick(rooms),
        organizer: who[0] as string,
      });
    const busyTitle = () => rng.pick(BUSY).replace(/^\w/, (c) => c.toUpperCase());
    // blocks that tile the morning up to the slot, so every earlier start collides with someone
    for (let cur = DAY_START; cur < slot; ) {
      const end = Math.min(slot, cur + 30 * rng.int(1, 3));
      add(busyTitle(), day, cur, end, [rng.pick(attendees).email, rng.pick(fillers).email]);
      cur = end;
    }
    // back-to-back after the slot: starting exactly when the meeting would end is fine
    if (slot + dur + 30 <= DAY_END)
      add(busyTitle(), day, slot + dur, slot + dur + 30 * rng.int(1, 2), [rng.pick(attendees).email]);
    add(`${twinDept} sync`, day, slot, slot + dur, [twinEmail, rng.pick(fillers).email]);
    if (mailing)
      add(`Cancelled: ${busyTitle()}`, day, slot, slot + Math.max(30, dur - 30), [(attendees[1] as Person).email]);
    add(busyTitle(), otherDay, slot, slot + 60, [rng.pick(attendees).email]);
    if (hard) {
      const away = attendees[rng.int(1, n - 1)] as Person;
      add('Out of office', tomorrow, DAY_START, DAY_END, [away.email]);
      add(busyTitle(), tomorrow, slot, slot + 30, [rng.pick(attendees.filter((a) => a !== away)).email]);
    }
    const found = firstSlot(evs, emails, hard ? [tomorrow, day] : [day], dur);
    if (!found || found.day !== day || found.min !== slot)
      throw new Error(`meeting_scheduling: slot construction broke (${JSON.stringify(found)})`);
    const eventIds = ids(rng, 'evt_', evs.length, 3);
    const events = shuffle(
      rng,
      evs.map((e, i) => ({ event_id: eventIds[i] as string, ...e })),
    );

    const contactIds = ids(rng, 'CT-', staff.length + 1, 4);
    const contacts = [
      ...staff.map((p, i) => ({
        contact_id: contactIds[i] as string,
        name: p.name,
        email: p.email,
        department: depts[i] as string,
        title: f.person.jobTitle(),
      })),
      {
        contact_id: contactIds[staff.length] as string,
        name: a0.name,
        email: twinEmail,
        department: twinDept,
        title: f.person.jobTitle(),
      },
    ];

    // hard: the agenda lives in this week's note; an older version of it is out of date
    const [agendaNow, agendaOld, agendaMore] = distinct(
      3,
      () => f.company.buzzPhrase(),
      (s) => s.split(' ')[0] as string,
    ) as [string, string, string];
    const noteIds = ids(rng, 'note_', 3, 3);
    const agendaNote = {
      note_id: noteIds[0] as string,
      title: `${topic} agenda`,
      content: `Agenda for the ${topic} meeting:\n1. ${agendaNow}\n2. ${agendaMore}\n3. Next steps and owners`,
      created_at: at(mockToday, { days: -rng.int(1, 5), hours: -2 }),
      tags: ['agenda'],
    };
    const notes = [
      agendaNote,
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
        content: `Went well: ${f.company.catchPhrase()}. To improve: handovers.`,
        created_at: at(mockToday, { days: -3 }),
        tags: ['minutes'],
        participants: [rng.pick(fillers).name],
      },
    ];

    const who = attendees.map((a, i) => `${a.name} (${depts[i]})`);
    const list = `${who.slice(0, -1).join(', ')} and ${who.at(-1)}`;
    const when = hard ? 'on one of the next two working days' : `on ${longDay(day)}`;
    const request =
      `Please set up a ${dur}-minute "${topic}" meeting ${when} with ${list}. Use the earliest start time on the hour or half hour ` +
      `at which all of them are free according to the calendar — events whose title starts with "Cancelled" don't count; the meeting must ` +
      `start at 09:00 UTC or later and end by 17:00 UTC. Create just this one event and invite exactly these people by their email addresses. ` +
      `Don't change or delete any existing events.` +
      (hard
        ? ` Put the agenda from the current "${topic} agenda" note into the event description (only the version written in the last 7 days is valid; older ones are outdated).`
        : '') +
      (mailing ? ' Then email all of them the invitation with the date and time.' : '') +
      ' Tell me the time you picked.';

    const start = iso(day, slot);
    const end = iso(day, slot + dur);
    const reference: Step[] = attendees.map((a) => ({ call: 'contacts_search', args: { query: a.name } }));
    if (hard) reference.push({ call: 'calendar_list_events', args: { date: tomorrow } });
    for (const a of attendees) reference.push({ call: 'calendar_get_user_events', args: { user: a.email, date: day } });
    if (hard)
      reference.push(
        { call: 'notes_list', args: { tag: 'agenda' } },
        { call: 'notes_get', args: { note_id: agendaNote.note_id } },
      );
    reference.push({
      call: 'calendar_create_event',
      args: {
        title: topic.replace(/^\w/, (c) => c.toUpperCase()),
        start_time: start,
        end_time: end,
        attendees: emails,
        ...(hard ? { description: agendaNote.content } : {}),
      },
    });
    if (mailing) {
      reference.push({
        call: 'gmail_send_message',
        args: {
          to: emails.join(', '),
          subject: `Invitation: ${topic} on ${dayMonth(start)}`,
          body: `Hi all, I've scheduled "${topic}" on ${dayMonth(start)} from ${hm(slot)} to ${hm(slot + dur)} UTC. The calendar invite is on its way.`,
        },
      });
    }
    reference.push({
      say: `Scheduled "${topic}" on ${dayMonth(start)}, ${hm(slot)}–${hm(slot + dur)} UTC, the earliest slot everyone is free, with ${attendees.map((a) => a.name).join(', ')}.`,
    });

    const w = weights([
      ['slot', 0.25],
      ...attendees.map((a) => [`invite_${a.email}`, 0.35 / n] as const),
      ...(mailing ? attendees.map((a) => [`mail_${a.email}`, 0.2 / n] as const) : []),
      ...(hard ? ([['agenda', 0.1]] as const) : []),
      ['reported', 0.1],
    ]) as Record<string, number>;
    const key = (p: Person) => p.email.split('@')[0]?.replace(/[^a-z0-9]+/g, '_') as string;
    // exclusive: every created event must be the one meeting, so creating events at many times to hit the slot fails
    const checks: Check[] = [
      {
        id: 'event_at_first_free_slot',
        kind: 'audit_present',
        service: 'calendar',
        record: 'created_events',
        where: { start_time: { regex: timeRegex(day, slot) }, end_time: { regex: timeRegex(day, slot + dur) } },
        exclusive: true,
        weight: w.slot as number,
      },
      ...attendees.map(
        (a): Check => ({
          id: `invited_${key(a)}`,
          kind: 'audit_present',
          service: 'calendar',
          record: 'created_events',
          where: { start_time: { regex: timeRegex(day, slot) }, attendees: { contains: a.email } },
          exclusive: true,
          weight: w[`invite_${a.email}`] as number,
        }),
      ),
      ...(mailing
        ? attendees.map(
            (a): Check => ({
              id: `emailed_${key(a)}`,
              kind: 'audit_present',
              service: 'gmail',
              record: 'sent_messages',
              where: { to: a.email, body: { contains: hm(slot) } },
              weight: w[`mail_${a.email}`] as number,
            }),
          )
        : []),
      ...(hard
        ? [
            {
              id: 'current_agenda',
              kind: 'audit_present',
              service: 'calendar',
              record: 'created_events',
              where: { description: { contains: agendaNow } },
              exclusive: true,
              weight: w.agenda as number,
            } as Check,
          ]
        : []),
      { id: 'reported', kind: 'response_contains', all: [hm(slot)], weight: w.reported as number },
    ];

    const services = ['calendar', 'contacts', ...(mailing ? ['gmail'] : []), ...(hard ? ['notes'] : [])];
    const inbox = [
      {
        message_id: `msg_${rng.int(100, 499)}`,
        from: a0.email,
        to: 'me@acme.example',
        subject: `Re: ${topic}`,
        date: at(mockToday, { hours: -20 }),
        body: `Happy to join the ${topic} meeting; my calendar is up to date.`,
      },
      {
        message_id: `msg_${rng.int(500, 999)}`,
        from: twinEmail,
        to: 'me@acme.example',
        subject: 'Quick question',
        date: at(mockToday, { days: -1 }),
        body: 'Do you have the slides from last week?',
      },
    ];
    return {
      spec_version: 1,
      id: ctx.id,
      title: `Schedule the ${topic} meeting at the first common free slot`,
      family: 'meeting_scheduling',
      labels: {
        capabilities: [
          ...this.capabilities,
          ...(mailing ? (['Email_Communication'] as const) : []),
          ...(hard ? (['Knowledge_Retrieval'] as const) : []),
        ],
        scenario: this.scenario,
        difficulty,
        language: 'en',
      },
      mock_today: mockToday,
      request,
      services,
      fixtures: {
        calendar: { events },
        contacts: { contacts: shuffle(rng, contacts) },
        ...(mailing ? { gmail: { messages: inbox } } : {}),
        ...(hard ? { notes: { notes: shuffle(rng, notes) } } : {}),
      },
      answer_ids: [...emails, ...(hard ? [agendaNote.note_id] : [])],
      checks,
      forbidden: {
        tools: ['calendar_delete_event'],
        actions: [
          { service: 'calendar', record: 'created_events', where: { attendees: { contains: twinEmail } } },
          ...(mailing ? [{ service: 'gmail', record: 'sent_messages', where: { recipients: twinEmail } }] : []),
          ...(hard
            ? [{ service: 'calendar', record: 'created_events', where: { description: { contains: agendaOld } } }]
            : []),
        ],
      },
      reference,
    };
  },
};
