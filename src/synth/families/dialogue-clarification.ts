import type { TaskSpecInput } from '../../schema/task-spec.js';
import {
  addWorkdays,
  at,
  dateOf,
  hm,
  ids,
  longDay,
  type Person,
  people,
  separable,
  shuffle,
  timeRegex,
  weights,
} from './kit.js';
import type { Family } from './types.js';

// Cowork-Gym dialogue: "move my meeting with X" leaves out which meeting (there are two with X) and the
// new time; only the simulated user knows them, so the agent must ask before it deletes or creates
// anything. distractors: the other meeting with X, a same-named colleague in another department with a
// meeting of the same title (medium+), and (hard) last week's occurrence of the meeting, which is past
// and cannot be moved, plus prep to-dos of the other meetings.

type Check = NonNullable<TaskSpecInput['checks']>[number];
type Step = NonNullable<TaskSpecInput['reference']>[number];

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
];
const TITLES = [
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
/** what the scripted user answers to; the asked_user check takes the same words, so every question it answers counts */
const ASKS = ['which', 'when', 'what time', 'new time', 'new date'];

const iso = (day: string, min: number) => `${day}T${hm(min)}:00Z`;
const plusDays = (day: string, n: number) => dateOf(at(`${day}T12:00:00Z`, { days: n }));

export const dialogueClarification: Family = {
  name: 'dialogue_clarification',
  description:
    'reschedule "my meeting with X" after asking the user which meeting and the new time (scripted user holds the missing detail)',
  services: ['calendar', 'contacts', 'gmail'],
  capabilities: ['Tool_Calling', 'Calendar_Scheduling', 'Logic_Reasoning'],
  scenario: 'Office_Productivity/Calendar/Rescheduling',
  languages: ['en'],
  generate(ctx): TaskSpecInput {
    const { rng, faker: f, mockToday, difficulty } = ctx;
    const hard = difficulty === 'hard';
    const mailing = difficulty !== 'easy';
    const today = dateOf(mockToday);
    const pool = people(f, 10, 'acme.example');
    const p = pool[0] as Person;
    // the same-first-name colleague: another surname and department
    const twinLast = f.person.lastName();
    const twin: Person = {
      name: `${p.first} ${twinLast}`,
      first: p.first,
      email: `${p.first}.${twinLast}`.toLowerCase().replace(/[^a-z.]/g, '') + '@acme.example',
    };
    const [me, ...others] = separable(pool.slice(1), [p.email, twin.email], 3);
    const depts = shuffle(rng, DEPARTMENTS);
    const [titleA, titleB, titleC] = shuffle(rng, TITLES) as [string, string, string];

    const dayA = addWorkdays(today, rng.int(1, 3));
    const dayB = addWorkdays(today, rng.int(1, 4));
    const startA = 9 * 60 + 30 * rng.int(0, 12);
    const dur = rng.pick([30, 45, 60]);
    const newDay = addWorkdays(dayA, rng.int(2, 4));
    let newStart = 9 * 60 + 30 * rng.int(0, 12);
    const evs = [
      { role: 'target', title: titleA, day: dayA, start: startA, who: [me?.email as string, p.email] },
      {
        role: 'other',
        title: titleB,
        day: dayB === dayA ? addWorkdays(dayA, 1) : dayB,
        start: 9 * 60 + 30 * rng.int(0, 12),
        who: [me?.email as string, p.email],
      },
      ...(mailing
        ? [
            {
              role: 'twin',
              title: titleA,
              day: dayA,
              start: startA >= 13 * 60 ? startA - 180 : startA + 120,
              who: [me?.email as string, twin.email],
            },
          ]
        : []),
      ...(hard
        ? [{ role: 'past', title: titleA, day: plusDays(dayA, -7), start: startA, who: [me?.email as string, p.email] }]
        : []),
      {
        role: 'filler',
        title: titleC,
        day: addWorkdays(today, rng.int(1, 4)),
        start: 9 * 60 + 30 * rng.int(0, 12),
        who: [me?.email as string, (others[0] as Person).email],
      },
    ];
    // the user attends all of these: no two may overlap
    const overlaps = (day: string, m: number, skip?: (typeof evs)[number]) =>
      evs.some((o) => o !== skip && o.day === day && o.start < m + dur && o.start + dur > m);
    for (const e of evs.slice(1))
      while (overlaps(e.day, e.start, e)) e.start = e.start >= 15 * 60 ? 9 * 60 : e.start + 30;
    // the new slot must not clash with anything already on that day
    while (overlaps(newDay, newStart)) newStart = newStart >= 15 * 60 ? 9 * 60 : newStart + 30;
    const eventIds = ids(rng, 'evt_', evs.length, 3);
    const events = evs.map((e, i) => ({
      event_id: eventIds[i] as string,
      title: e.title,
      start_time: iso(e.day, e.start),
      end_time: iso(e.day, e.start + dur),
      attendees: e.who,
      location: rng.pick(ROOMS),
      organizer: me?.email as string,
      description: `${e.title}: ${f.company.catchPhrase()}.`,
    }));
    const target = events[0] as (typeof events)[number];
    const distractorIds = events.slice(1).map((e) => e.event_id);

    const contactIds = ids(rng, 'CT-', 4, 4);
    const contacts = [
      {
        contact_id: contactIds[0] as string,
        name: p.name,
        email: p.email,
        department: depts[0] as string,
        title: f.person.jobTitle(),
      },
      ...(mailing
        ? [
            {
              contact_id: contactIds[1] as string,
              name: twin.name,
              email: twin.email,
              department: depts[1] as string,
              title: f.person.jobTitle(),
            },
          ]
        : []),
      {
        contact_id: contactIds[2] as string,
        name: (others[0] as Person).name,
        email: (others[0] as Person).email,
        department: depts[2] as string,
        title: f.person.jobTitle(),
      },
      {
        contact_id: contactIds[3] as string,
        name: (others[1] as Person).name,
        email: (others[1] as Person).email,
        department: depts[3] as string,
        title: f.person.jobTitle(),
      },
    ];

    // hard: each meeting has a prep to-do; last week's is done
    const taskIds = ids(rng, 'todo_', 4, 3);
    const prep = {
      task_id: taskIds[0] as string,
      title: `Prepare for the ${titleA} with ${p.first}`,
      status: 'pending',
      priority: 'medium' as const,
      due_date: plusDays(dayA, -1),
      tags: ['prep'],
    };
    const tasks = [
      prep,
      {
        task_id: taskIds[1] as string,
        title: `Prepare for the ${titleB} with ${p.first}`,
        status: 'pending',
        priority: 'medium' as const,
        due_date: plusDays(evs[1]?.day as string, -1),
        tags: ['prep'],
      },
      {
        task_id: taskIds[2] as string,
        title: `Prepare for the ${titleA} with ${p.first}`,
        status: 'completed',
        priority: 'medium' as const,
        due_date: plusDays(dayA, -8),
        tags: ['prep'],
      },
      {
        task_id: taskIds[3] as string,
        title: 'Submit travel expenses',
        status: 'pending',
        priority: 'low' as const,
        due_date: plusDays(today, rng.int(3, 10)),
      },
    ];
    const newPrepDue = plusDays(newDay, -1);
    const inbox = [
      {
        message_id: `msg_${rng.int(100, 499)}`,
        from: p.email,
        to: me?.email as string,
        subject: 'Our meetings',
        date: at(mockToday, { hours: -18 }),
        body: 'If you need to move one of our meetings this week, any new time works for me.',
      },
      {
        message_id: `msg_${rng.int(500, 999)}`,
        from: twin.email,
        to: me?.email as string,
        subject: `${titleA} deck`,
        date: at(mockToday, { days: -1 }),
        body: 'I uploaded the deck for our meeting.',
      },
    ];

    const withWhom = mailing ? `${p.first} from ${depts[0]}` : p.name;
    const request =
      `Something came up: please move my meeting with ${withWhom} to another time, keeping everything else about it the same` +
      (mailing ? `, and email ${p.first} about the change` : '') +
      (hard ? '. Also move its prep to-do so that it is due the day before the new date' : '') +
      '. Tell me the new time when you are done.';
    const answerSay = hard
      ? `It's the ${titleA}. Please move it to ${longDay(newDay)} at ${hm(newStart)} UTC, same length.`
      : `The ${titleA} on ${longDay(dayA)}. Please move it to ${longDay(newDay)} at ${hm(newStart)} UTC, same length.`;
    const options = events
      .filter((e) => e.attendees.includes(p.email) && e.start_time > mockToday)
      .map((e) => `the ${e.title} on ${longDay(dateOf(e.start_time))}`);

    const reference: Step[] = [{ call: 'contacts_search', args: { query: mailing ? p.first : p.name } }];
    if (hard) reference.push({ call: 'contacts_get', args: { contact_id: contactIds[0] as string } });
    reference.push({
      call: 'calendar_list_events',
      args: { start_date: hard ? plusDays(today, -7) : today, end_date: plusDays(today, 10) },
    });
    reference.push({
      ask: `Which meeting with ${p.name} should I move (${options.join(' or ')}), and to what new date and time?`,
    });
    if (mailing) reference.push({ call: 'calendar_get_event', args: { event_id: target.event_id } });
    if (hard) reference.push({ call: 'calendar_get_user_events', args: { user: p.email, date: newDay } });
    reference.push({ call: 'calendar_delete_event', args: { event_id: target.event_id } });
    reference.push({
      call: 'calendar_create_event',
      args: {
        title: titleA,
        start_time: iso(newDay, newStart),
        end_time: iso(newDay, newStart + dur),
        attendees: target.attendees,
        location: target.location,
        description: target.description,
      },
    });
    if (mailing)
      reference.push({
        call: 'gmail_send_message',
        args: {
          to: p.email,
          subject: `${titleA} moved to ${longDay(newDay)}`,
          body: `Hi ${p.first}, I had to move our ${titleA} from ${longDay(dayA)} to ${longDay(newDay)} at ${hm(newStart)} UTC. Same length and place.`,
        },
      });
    if (hard)
      reference.push(
        { call: 'todo_list_tasks', args: { status: 'pending' } },
        { call: 'todo_update_task', args: { task_id: prep.task_id, due_date: newPrepDue } },
      );
    reference.push({
      say: `Moved the ${titleA} with ${p.name} from ${longDay(dayA)} to ${longDay(newDay)} at ${hm(newStart)} UTC${hard ? `; its prep to-do is now due ${newPrepDue}` : ''}.`,
    });

    const w = weights([
      ['asked', 0.15],
      ['deleted', 0.2],
      ['moved', 0.3],
      ...(mailing ? ([['mailed', 0.15]] as const) : []),
      ...(hard ? ([['prep', 0.1]] as const) : []),
      ['reported', 0.1],
    ]) as Record<string, number>;
    const checks: Check[] = [
      { id: 'asked_before_acting', kind: 'asked_user', topics: [...ASKS], weight: w.asked as number },
      {
        id: 'old_meeting_removed',
        kind: 'audit_present',
        service: 'calendar',
        record: 'deleted',
        where: { event_id: target.event_id },
        weight: w.deleted as number,
      },
      // exclusive: the one re-created meeting; creating it at several times to hit the user's slot fails
      {
        id: 'meeting_recreated',
        kind: 'audit_present',
        service: 'calendar',
        record: 'created_events',
        where: {
          title: { contains: titleA },
          start_time: { regex: timeRegex(newDay, newStart) },
          end_time: { regex: timeRegex(newDay, newStart + dur) },
          attendees: { contains: p.email },
        },
        exclusive: true,
        weight: w.moved as number,
      },
      ...(mailing
        ? [
            {
              id: 'attendee_emailed',
              kind: 'audit_present',
              service: 'gmail',
              record: 'sent_messages',
              where: { to: p.email, body: { contains: hm(newStart) } },
              weight: w.mailed as number,
            } as Check,
          ]
        : []),
      // the due date the to-do ends with (an update that is reverted later does not count)
      ...(hard
        ? [
            {
              id: 'prep_moved',
              kind: 'state_equals',
              service: 'todo',
              collection: 'tasks',
              record_id: prep.task_id,
              field: 'due_date',
              value: newPrepDue,
              weight: w.prep as number,
            } as Check,
          ]
        : []),
      { id: 'reported', kind: 'response_contains', all: [hm(newStart)], weight: w.reported as number },
    ];
    const services = ['calendar', 'contacts', ...(mailing ? ['gmail'] : []), ...(hard ? ['todo'] : [])];

    return {
      spec_version: 1,
      id: ctx.id,
      title: 'Reschedule a meeting after clarifying which one and when',
      family: 'dialogue',
      labels: {
        capabilities: [...this.capabilities, ...(mailing ? (['Email_Communication'] as const) : [])],
        scenario: this.scenario,
        difficulty,
        language: 'en',
      },
      mock_today: mockToday,
      request,
      services,
      fixtures: {
        calendar: { events: shuffle(rng, events) },
        contacts: { contacts: shuffle(rng, contacts) },
        ...(mailing ? { gmail: { messages: inbox } } : {}),
        ...(hard ? { todo: { tasks: shuffle(rng, tasks) } } : {}),
      },
      answer_ids: [target.event_id, p.email, ...(hard ? [prep.task_id] : [])],
      checks,
      forbidden: {
        tools: hard ? ['todo_delete_task'] : [],
        actions: [
          { service: 'calendar', record: 'deleted', where: { event_id: { in: distractorIds } } },
          ...(mailing
            ? [
                { service: 'calendar', record: 'created_events', where: { attendees: { contains: twin.email } } },
                { service: 'gmail', record: 'sent_messages', where: { recipients: twin.email } },
              ]
            : []),
          ...(hard
            ? [
                {
                  service: 'todo',
                  record: 'updated_tasks',
                  where: { task_id: { in: tasks.slice(1).map((t) => t.task_id) } },
                },
              ]
            : []),
        ],
      },
      user: {
        persona: `${me?.name}, a busy team lead who writes short messages and knows their own calendar by heart`,
        goal: `Move the ${titleA} with ${p.name} (${longDay(dayA)}) to ${longDay(newDay)} at ${hm(newStart)} UTC, same length${hard ? ', with its prep to-do due the day before' : ''}.`,
        knowledge: [
          `The meeting to move is the ${titleA} with ${p.name} on ${longDay(dayA)}.`,
          `The new time is ${longDay(newDay)} at ${hm(newStart)} UTC.`,
        ],
        boundary: 'Does not know event or task ids and leaves everything else to the assistant.',
        signals: [
          { id: 'which_and_when', trigger: { asks_about: [...ASKS] }, effect: { say: answerSay } },
          { id: 'wrap_up', trigger: { claims_done: true }, effect: { say: 'Great, thanks!', end: true } },
        ],
        max_rounds: 4,
        end: 'claims_done',
      },
      // CoworkEnv's dialogue grading (App. E): an LLM judge splits clarification 0.2 / final answer 0.8; it is
      // the task's LLM score (geometric mode, or reported as `llm`), the code checks stay the offline score
      judge: [
        {
          id: 'clarification',
          over: 'clarification',
          weight: 0.2,
          rubric: `Before acting, did the assistant ask the user which ${titleA} to move and to which time, clearly and without asking for things it could look up itself?`,
        },
        {
          id: 'final_answer',
          over: 'transcript',
          weight: 0.8,
          rubric: `Did the assistant move exactly the ${titleA} with ${p.name} to the time the user gave (${longDay(newDay)} at ${hm(newStart)} UTC), leave other meetings alone, and tell the user clearly what it changed?`,
        },
      ],
      reference,
    };
  },
};
