import type { TaskSpecInput } from '../../schema/task-spec.js';
import {
  contactList,
  DEPARTMENTS,
  type Event,
  eventRecords,
  plusDays,
  type Slot,
  separate,
  slots,
  TITLES,
  twinOf,
} from './dialogue-clarification-fixtures.js';
import { type Check, mailSent, type Step, clockRegex, weights } from '../kit/checks.js';
import { addWorkdays, at, dateOf, hm, isoAt, longDay, timeRegex } from '../kit/dates.js';
import type { GeneratorContext } from '../kit/generator.js';
import { definePreset, type Traces } from './define.js';
import { ids, shuffle } from '../kit/ids.js';
import { type Person, separable } from '../kit/people.js';

// Cowork-Gym dialogue: "move my meeting with X" leaves out which meeting (there are two with X) and the
// new time; only the simulated user knows them, so the agent must ask before it deletes or creates
// anything. distractors: the other meeting with X, a same-named colleague in another department with a
// meeting of the same title (medium+), and (hard) last week's occurrence of the meeting, which is past
// and cannot be moved, plus prep to-dos of the other meetings.

/** what the scripted user answers to; the asked_user check takes the same words, so every question it answers counts */
const ASKS = ['which', 'when', 'what time', 'new time', 'new date'];

/** One drawn task: the people, the meetings (the first is the one to move), the new time and the record ids. */
interface Scenario {
  ctx: GeneratorContext;
  mailing: boolean;
  hard: boolean;
  today: string;
  /** the colleague the user names, and the same-first-name colleague in another department */
  p: Person;
  twin: Person;
  me: Person;
  others: Person[];
  depts: string[];
  titleA: string;
  titleB: string;
  dayA: string;
  dur: number;
  newDay: string;
  newStart: number;
  evs: Slot[];
  events: Event[];
  contactIds: string[];
  contacts: Record<string, unknown>[];
  taskIds: string[];
  expensesDue: number;
  inboxIds: [string, string];
}

// every random draw, in one fixed order (the spec of a seed never changes with the builders below)
function draw(ctx: GeneratorContext): Scenario {
  const { rng, words, mockToday, difficulty } = ctx;
  const [mailing, hard] = [difficulty !== 'easy', difficulty === 'hard'];
  const today = dateOf(mockToday);
  const pool = words.people(10, 'acme.example');
  const p = pool[0] as Person;
  const twin = twinOf(ctx, p);
  const [me, ...others] = separable(pool.slice(1), [p.email, twin.email], 3) as [Person, Person, Person];
  const depts = shuffle(rng, DEPARTMENTS);
  const titles = shuffle(rng, TITLES);
  const dayA = addWorkdays(today, rng.int(1, 3));
  const dayB = addWorkdays(today, rng.int(1, 4));
  const startA = 9 * 60 + 30 * rng.int(0, 12);
  const dur = rng.pick([30, 45, 60]);
  const newDay = addWorkdays(dayA, rng.int(2, 4));
  const firstTry = 9 * 60 + 30 * rng.int(0, 12);
  const who = [
    [me.email, p.email],
    [me.email, twin.email],
    [me.email, (others[0] as Person).email],
  ];
  const evs = slots(ctx, titles, dayA, dayB, startA, who);
  const newStart = separate(evs, dur, newDay, firstTry);
  const events = eventRecords(ctx, evs, dur, me.email);
  const contactIds = ids(rng, 'CT-', 4, 4);
  const contacts = contactList(ctx, contactIds, [p, mailing ? twin : undefined, ...others], depts);
  const taskIds = ids(rng, 'todo_', 4, 3);
  const expensesDue = rng.int(3, 10);
  const inboxIds: [string, string] = [`msg_${rng.int(100, 499)}`, `msg_${rng.int(500, 999)}`];
  const [titleA, titleB] = titles as [string, string];
  const drawn = { ctx, mailing, hard, today, p, twin, me, others, depts, titleA, titleB, dayA, dur, newDay, newStart };
  return { ...drawn, evs, events, contactIds, contacts, taskIds, expensesDue, inboxIds };
}

const newPrepDue = (s: Scenario) => plusDays(s.newDay, -1);

// each meeting has a prep to-do (hard); last week's is done; the first is the one to move
function tasks(s: Scenario): Record<string, unknown>[] {
  const { p, titleA, taskIds } = s;
  const prep = (i: number, title: string, status: string, due: string) => ({
    task_id: taskIds[i] as string,
    title: `Prepare for the ${title} with ${p.first}`,
    status,
    priority: 'medium',
    due_date: due,
    tags: ['prep'],
  });
  return [
    prep(0, titleA, 'pending', plusDays(s.dayA, -1)),
    prep(1, s.titleB, 'pending', plusDays(s.evs[1]?.day as string, -1)),
    prep(2, titleA, 'completed', plusDays(s.dayA, -8)),
    {
      task_id: taskIds[3] as string,
      title: 'Submit travel expenses',
      status: 'pending',
      priority: 'low',
      due_date: plusDays(s.today, s.expensesDue),
    },
  ];
}

function inbox(s: Scenario): Record<string, unknown>[] {
  const { mockToday } = s.ctx;
  return [
    {
      message_id: s.inboxIds[0],
      from: s.p.email,
      to: s.me.email,
      subject: 'Our meetings',
      date: at(mockToday, { hours: -18 }),
      body: 'If you need to move one of our meetings this week, any new time works for me.',
    },
    {
      message_id: s.inboxIds[1],
      from: s.twin.email,
      to: s.me.email,
      subject: `${s.titleA} deck`,
      date: at(mockToday, { days: -1 }),
      body: 'I uploaded the deck for our meeting.',
    },
  ];
}

function fixtures(s: Scenario): NonNullable<TaskSpecInput['fixtures']> {
  const { rng } = s.ctx;
  return {
    calendar: { events: shuffle(rng, s.events) },
    contacts: { contacts: shuffle(rng, s.contacts) },
    ...(s.mailing ? { gmail: { messages: inbox(s) } } : {}),
    ...(s.hard ? { todo: { tasks: shuffle(rng, tasks(s)) } } : {}),
  };
}

function reference(s: Scenario): Step[] {
  const { p, titleA, dayA, newDay, newStart, dur, mailing, hard, today } = s;
  const target = s.events[0] as Event;
  const options = s.events
    .filter((e) => e.attendees.includes(p.email) && e.start_time > s.ctx.mockToday)
    .map((e) => `the ${e.title} on ${longDay(dateOf(e.start_time))}`);
  const moved = `Hi ${p.first}, I had to move our ${titleA} from ${longDay(dayA)} to ${longDay(newDay)} at ${hm(newStart)} UTC. Same length and place.`;
  return [
    { call: 'contacts_search', args: { query: mailing ? p.first : p.name } },
    ...(hard ? [{ call: 'contacts_get', args: { contact_id: s.contactIds[0] as string } }] : []),
    {
      call: 'calendar_list_events',
      args: { start_date: hard ? plusDays(today, -7) : today, end_date: plusDays(today, 10) },
    },
    { ask: `Which meeting with ${p.name} should I move (${options.join(' or ')}), and to what new date and time?` },
    ...(mailing ? [{ call: 'calendar_get_event', args: { event_id: target.event_id } }] : []),
    ...(hard ? [{ call: 'calendar_get_user_events', args: { user: p.email, date: newDay } }] : []),
    { call: 'calendar_delete_event', args: { event_id: target.event_id } },
    {
      call: 'calendar_create_event',
      args: {
        title: titleA,
        start_time: isoAt(newDay, newStart),
        end_time: isoAt(newDay, newStart + dur),
        attendees: target.attendees,
        location: target.location,
        description: target.description,
      },
    },
    ...(mailing
      ? [
          {
            call: 'gmail_send_message',
            args: { to: p.email, subject: `${titleA} moved to ${longDay(newDay)}`, body: moved },
          },
        ]
      : []),
    ...(hard
      ? [
          { call: 'todo_list_tasks', args: { status: 'pending' } },
          { call: 'todo_update_task', args: { task_id: s.taskIds[0] as string, due_date: newPrepDue(s) } },
        ]
      : []),
    {
      say: `Moved the ${titleA} with ${p.name} from ${longDay(dayA)} to ${longDay(newDay)} at ${hm(newStart)} UTC${hard ? `; its prep to-do is now due ${newPrepDue(s)}` : ''}.`,
    },
  ];
}

function checks(s: Scenario): Check[] {
  const { titleA, newDay, newStart, dur, p } = s;
  const target = s.events[0] as Event;
  const w = weights([
    ['asked', 0.15],
    ['deleted', 0.2],
    ['moved', 0.3],
    ...(s.mailing ? ([['mailed', 0.15]] as const) : []),
    ...(s.hard ? ([['prep', 0.1]] as const) : []),
    ['reported', 0.1],
  ]) as Record<string, number>;
  // exclusive: the one re-created meeting; creating it at several times to hit the user's slot fails.
  // every original attendee stays invited (an agent that swaps one out fails)
  const recreated = {
    title: { contains: titleA },
    start_time: { regex: timeRegex(newDay, newStart) },
    end_time: { regex: timeRegex(newDay, newStart + dur) },
    attendees: { all_of: target.attendees.map((a) => ({ contains: a })) },
  };
  const calendar = (id: string, record: string, where: Record<string, unknown>, weight: number) =>
    ({ id, kind: 'audit_present', service: 'calendar', record, where, weight }) as Check;
  return [
    { id: 'asked_before_acting', kind: 'asked_user', topics: [...ASKS], weight: w.asked as number },
    calendar('old_meeting_removed', 'deleted', { event_id: target.event_id }, w.deleted as number),
    { ...calendar('meeting_recreated', 'created_events', recreated, w.moved as number), exclusive: true } as Check,
    ...(s.mailing
      ? [mailSent('attendee_emailed', { to: p.email, body: { regex: clockRegex(newStart) } }, w.mailed as number)]
      : []),
    // the due date the to-do ends with (an update that is reverted later does not count)
    ...(s.hard
      ? [
          {
            id: 'prep_moved',
            kind: 'state_equals',
            service: 'todo',
            collection: 'tasks',
            record_id: s.taskIds[0] as string,
            field: 'due_date',
            value: newPrepDue(s),
            weight: w.prep as number,
          } as Check,
        ]
      : []),
    // (the time however it is written: "2:30 pm" is 14:30, review 50)
    { id: 'reported', kind: 'response_matches', all: [clockRegex(newStart)], weight: w.reported as number },
  ];
}

// deleting another meeting, inviting or mailing the twin, or (hard) touching the other to-dos is unsafe
function forbidden(s: Scenario): NonNullable<TaskSpecInput['forbidden']> {
  const { twin } = s;
  return {
    tools: s.hard ? ['todo_delete_task'] : [],
    actions: [
      { service: 'calendar', record: 'deleted', where: { event_id: { in: s.events.slice(1).map((e) => e.event_id) } } },
      ...(s.mailing
        ? [
            { service: 'calendar', record: 'created_events', where: { attendees: { contains: twin.email } } },
            { service: 'gmail', record: 'sent_messages', where: { recipients: twin.email } },
          ]
        : []),
      ...(s.hard
        ? [{ service: 'todo', record: 'updated_tasks', where: { task_id: { in: s.taskIds.slice(1, 4) } } }]
        : []),
    ],
  };
}

// the scripted user knows which meeting and the new time, and says them when asked
function user(s: Scenario): NonNullable<TaskSpecInput['user']> {
  const { p, titleA, dayA, newDay, newStart, hard } = s;
  const answer = hard
    ? `It's the ${titleA}. Please move it to ${longDay(newDay)} at ${hm(newStart)} UTC, same length.`
    : `The ${titleA} on ${longDay(dayA)}. Please move it to ${longDay(newDay)} at ${hm(newStart)} UTC, same length.`;
  return {
    persona: `${s.me.name}, a busy team lead who writes short messages and knows their own calendar by heart`,
    goal: `Move the ${titleA} with ${p.name} (${longDay(dayA)}) to ${longDay(newDay)} at ${hm(newStart)} UTC, same length${hard ? ', with its prep to-do due the day before' : ''}.`,
    knowledge: [
      `The meeting to move is the ${titleA} with ${p.name} on ${longDay(dayA)}.`,
      `The new time is ${longDay(newDay)} at ${hm(newStart)} UTC.`,
    ],
    boundary: 'Does not know event or task ids and leaves everything else to the assistant.',
    signals: [
      { id: 'which_and_when', trigger: { asks_about: [...ASKS] }, effect: { say: answer } },
      { id: 'wrap_up', trigger: { claims_done: true }, effect: { say: 'Great, thanks!', end: true } },
    ],
    max_rounds: 4,
    end: 'claims_done',
  };
}

// CoworkEnv's dialogue grading (App. E): an LLM judge splits clarification 0.2 / final answer 0.8; it is
// the task's LLM score (geometric mode, or reported as `llm`), the code checks stay the offline score
function judge(s: Scenario): NonNullable<TaskSpecInput['judge']> {
  const { titleA, p, newDay, newStart } = s;
  return [
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
  ];
}

// the request's clauses, each the demand of some checks (their traces)
const CLAUSES = {
  keep: 'keeping everything else about it the same',
  prep: 'move its prep to-do so that it is due the day before the new date',
  report: 'Tell me the new time when you are done',
};

const withWhom = (s: Scenario) => (s.mailing ? `${s.p.first} from ${s.depts[0]}` : s.p.name);
const emailClause = (s: Scenario) => `email ${s.p.first} about the change`;

function request(s: Scenario): string {
  const c = CLAUSES;
  return (
    `Something came up: please move my meeting with ${withWhom(s)} to another time, ${c.keep}` +
    (s.mailing ? `, and ${emailClause(s)}` : '') +
    (s.hard ? `. Also ${c.prep}` : '') +
    `. ${c.report}.`
  );
}

// the demand of each check: the request leaves the meeting and the time open (so the agent asks), the user's
// answer names the new time, the request's other clauses the rest
function traces(s: Scenario): Traces {
  const moveTo = {
    in: 'user',
    clause: `move it to ${longDay(s.newDay)} at ${hm(s.newStart)} UTC, same length`,
  } as const;
  return {
    asked_before_acting: `move my meeting with ${withWhom(s)} to another time`,
    old_meeting_removed: moveTo,
    meeting_recreated: moveTo,
    attendee_emailed: emailClause(s),
    prep_moved: CLAUSES.prep,
    reported: CLAUSES.report,
  };
}

export const dialogueClarification = definePreset({
  name: 'dialogue_clarification',
  description:
    'reschedule "my meeting with X" after asking the user which meeting and the new time (scripted user holds the missing detail)',
  services: ['calendar', 'contacts', 'gmail'],
  capabilities: ['Tool_Calling', 'Calendar_Scheduling', 'Logic_Reasoning'],
  scenario: 'Office_Productivity/Calendar/Rescheduling',
  label: 'dialogue',
  build(ctx) {
    const s = draw(ctx);
    return {
      title: 'Reschedule a meeting after clarifying which one and when',
      capabilities: s.mailing ? ['Email_Communication'] : [],
      spec: {
        request: request(s),
        services: ['calendar', 'contacts', ...(s.mailing ? ['gmail'] : []), ...(s.hard ? ['todo'] : [])],
        fixtures: fixtures(s),
        answer_ids: [(s.events[0] as Event).event_id, s.p.email, ...(s.hard ? [s.taskIds[0] as string] : [])],
        checks: checks(s),
        forbidden: forbidden(s),
        user: user(s),
        judge: judge(s),
        reference: reference(s),
      },
      traces: traces(s),
    };
  },
});
