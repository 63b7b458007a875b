import { docDate, mail, readMail } from '../kit/builders.js';
import { type Check, mailSent, type Step, weights } from '../kit/checks.js';
import { addWorkdays, at, dateOf, hm, timeRegex } from '../kit/dates.js';
import type { GeneratorContext } from '../kit/generator.js';
import { definePreset } from './define.js';
import { ids, shuffle } from '../kit/ids.js';
import type { Person } from '../kit/people.js';
import { capitalise } from '../kit/text.js';
import type { TaskSpecInput } from '../../schema/task-spec.js';

// meeting follow-up grounded in slides: the kickoff deck's "Action items" slide lists owners, tasks and due
// dates; the agent creates to-dos for the user's own items only (others' items are forbidden) and, medium+,
// puts the next meeting from the last slide on the calendar. hard: a mail reassigns one of the user's items to
// a colleague, one item is already on the to-do list (no duplicate), and the colleague gets a recap mail.

const PROJECTS = ['Atlas', 'Beacon', 'Cobalt', 'Delta', 'Ember', 'Falcon', 'Granite', 'Harbor'];
const TASKS = [
  'draft the rollout plan',
  'book the customer workshop',
  'collect the security questionnaire',
  'update the budget sheet',
  'write the launch FAQ',
  'review the vendor shortlist',
  'prepare the training deck',
  'set up the test environment',
  'send the kickoff minutes',
];

interface Item {
  owner: Person;
  task: string;
  due: string;
}

/** One drawn task: the deck's items (the user's and the others'), the next meeting and the ids. */
interface Scenario {
  ctx: GeneratorContext;
  medium: boolean;
  hard: boolean;
  me: Person;
  ana: Person;
  bo: Person;
  project: string;
  today: string;
  theirs: Item[];
  /** hard: one of mine moves to Ana by mail, one is already a to-do */
  reassigned: Item | undefined;
  existing: Item | undefined;
  toCreate: Item[];
  /** every item in the order of the slide */
  items: Item[];
  next: string;
  startMin: number;
  room: number;
  deck: string;
  mailId: string;
  fillerId: string;
  existingId: string;
  otherTodo: string;
}

// every random draw before the fixtures, in one fixed order (the spec of a seed never changes with the builders)
function draw(ctx: GeneratorContext): Scenario {
  const { rng, words, mockToday, difficulty } = ctx;
  const [medium, hard] = [difficulty !== 'easy', difficulty === 'hard'];
  const [me, ana, bo] = words.people(3, 'acme.example') as [Person, Person, Person];
  const project = rng.pick(PROJECTS);
  const today = dateOf(mockToday);
  const tasks = shuffle(rng, TASKS);
  const mine = tasks
    .slice(0, hard ? 5 : medium ? 3 : 2)
    .map((task, i) => ({ owner: me, task, due: addWorkdays(today, 2 + i * 2) }));
  const theirs = tasks.slice(5, 7).map((task, i) => ({ owner: i ? bo : ana, task, due: addWorkdays(today, 3 + i) }));
  const [reassigned, existing] = hard ? [mine[3], mine[4]] : [undefined, undefined];
  const toCreate = mine.filter((m) => m !== reassigned && m !== existing);
  const items = shuffle(rng, [...mine, ...theirs]);
  const next = addWorkdays(today, rng.int(6, 9));
  const startMin = rng.pick([9 * 60, 10 * 60 + 30, 14 * 60, 15 * 60 + 30]);
  const room = rng.int(1, 9);
  const [mailId, fillerId] = ids(rng, 'msg_', 2, 4) as [string, string];
  const [existingId, otherTodo] = ids(rng, 'todo_', 2, 3) as [string, string];
  const deck = `meetings/${project.toLowerCase()}_kickoff.pptx`;
  const drawn = { ctx, medium, hard, me, ana, bo, project, today, theirs, reassigned, existing, toCreate, items };
  return { ...drawn, next, startMin, room, deck, mailId, fillerId, existingId, otherTodo };
}

function slides(s: Scenario): Record<string, unknown>[] {
  const { me, ana, bo, next, startMin } = s;
  return [
    {
      title: `Project ${s.project} kickoff`,
      // (the last working day: a Monday's kickoff was dated on the Sunday)
      bullets: [`Date: ${addWorkdays(dateOf(s.ctx.mockToday), -1)}`, `Attendees: ${me.name}, ${ana.name}, ${bo.name}`],
    },
    { title: 'Decisions', bullets: ['Pilot with two customers first', 'Weekly status in the team channel'] },
    { title: 'Action items', bullets: s.items.map((i) => `${i.owner.name}: ${i.task} (due ${i.due})`) },
    { title: 'Next meeting', bullets: [`${next}, ${hm(startMin)}–${hm(startMin + 45)} UTC, Room ${s.room}`] },
  ];
}

// the item already on the list (hard) and an unrelated to-do
function todos(s: Scenario): Record<string, unknown>[] {
  const { existing } = s;
  return [
    ...(existing
      ? [
          {
            task_id: s.existingId,
            title: capitalise(existing.task),
            status: 'pending',
            priority: 'medium',
            due_date: existing.due,
            tags: [s.project.toLowerCase()],
          },
        ]
      : []),
    {
      task_id: s.otherTodo,
      title: 'Submit the travel report',
      status: 'pending',
      priority: 'low',
      due_date: addWorkdays(s.today, 4),
      tags: ['admin'],
    },
  ];
}

function fixtures(s: Scenario): NonNullable<TaskSpecInput['fixtures']> {
  const { rng, mockToday } = s.ctx;
  const { me, next, reassigned } = s;
  const oneOnOne = {
    event_id: 'evt_200',
    title: '1:1',
    start_time: `${next}T08:00:00Z`,
    end_time: `${next}T08:30:00Z`,
    attendees: [me.email],
  };
  const handover = (task: string) =>
    `Hi ${me.first}, I'll take "${task}" off your plate — it fits my workstream better.`;
  return {
    workspace: {
      files: {
        [s.deck]: { pptx: { slides: slides(s), modified: docDate(s.ctx) } },
        'meetings/README.md': 'Decks and minutes of project meetings.',
      },
    },
    todo: { tasks: todos(s) },
    ...(s.medium ? { calendar: { events: [oneOnOne] } } : {}),
    ...(s.hard && reassigned
      ? {
          gmail: {
            messages: shuffle(rng, [
              mail(
                s.mailId,
                s.ana,
                `${s.project}: action items`,
                handover(reassigned.task),
                at(mockToday, { hours: -2 }),
              ),
              mail(s.fillerId, s.bo, 'Lunch', 'Lunch at 12:30?', at(mockToday, { hours: -1 })),
            ]),
          },
        }
      : {}),
  };
}

function reference(s: Scenario): Step[] {
  const { project, next, startMin, ana, reassigned, toCreate } = s;
  const recap = (task: string, due: string) =>
    `Hi ${ana.first}, as agreed you now own "${task}" (due ${due}), plus "${(s.theirs[0] as Item).task}".`;
  return [
    { call: 'fs_list', args: { path: 'meetings' } },
    { call: 'fs_read', args: { path: s.deck } },
    ...(s.hard ? [...readMail(s.mailId), { call: 'todo_list_tasks', args: { status: 'all' } }] : []),
    ...toCreate.map((m) => ({
      call: 'todo_create_task',
      args: { title: capitalise(m.task), due_date: m.due, tags: [project.toLowerCase()] },
    })),
    ...(s.medium
      ? [
          { call: 'calendar_list_events', args: { start_date: next, end_date: next } },
          {
            call: 'calendar_create_event',
            args: {
              title: `${project} follow-up`,
              start_time: `${next}T${hm(startMin)}:00Z`,
              end_time: `${next}T${hm(startMin + 45)}:00Z`,
              attendees: [ana.email, s.bo.email],
            },
          },
        ]
      : []),
    ...(s.hard && reassigned
      ? [
          {
            call: 'gmail_send_message',
            args: {
              to: ana.email,
              subject: `${project}: your action items`,
              body: recap(reassigned.task, reassigned.due),
            },
          },
        ]
      : []),
    {
      say: `Added ${toCreate.length} to-dos from the ${project} kickoff deck: ${toCreate.map((m) => `${m.task} (due ${m.due})`).join('; ')}.${s.medium ? ` Booked the follow-up on ${next} at ${hm(startMin)} UTC.` : ''}`,
    },
  ];
}

// check weights: one share per to-do to create, the rest per part the level adds
function shares({ medium, hard, toCreate }: Scenario): Record<string, number> {
  const perItem = (hard ? 0.5 : medium ? 0.55 : 0.7) / toCreate.length;
  return weights([
    ...toCreate.map((m) => [m.task, perItem] as const),
    ['others', hard ? 0.1 : 0.3],
    ...(medium ? ([['meeting', 0.15]] as const) : []),
    ...(hard
      ? ([
          ['reassigned', 0.1],
          ['duplicate', 0.05],
          ['recap', 0.1],
        ] as const)
      : []),
  ]) as Record<string, number>;
}

const created = (
  id: string,
  where: Record<string, unknown>,
  weight: number,
  kind: 'audit_present' | 'audit_absent' = 'audit_present',
): Check => ({ id, kind, service: 'todo', record: 'created_tasks', where, weight }) as Check;

function checks(s: Scenario): Check[] {
  const { next, startMin, ana, reassigned, existing } = s;
  const w = shares(s);
  return [
    ...s.toCreate.map((m, i) =>
      created(`todo_${i + 1}`, { title: { contains: m.task }, due_date: m.due }, w[m.task] as number),
    ),
    created(
      'only_my_items',
      { title: { regex: s.theirs.map((t) => t.task).join('|') } },
      w.others as number,
      'audit_absent',
    ),
    ...(s.medium
      ? [
          {
            id: 'next_meeting',
            kind: 'audit_present' as const,
            service: 'calendar',
            record: 'created_events',
            where: {
              start_time: { regex: timeRegex(next, startMin) },
              end_time: { regex: timeRegex(next, startMin + 45) },
              attendees: { all_of: [{ contains: ana.email }, { contains: s.bo.email }] },
            },
            weight: w.meeting as number,
          },
        ]
      : []),
    ...(s.hard && reassigned && existing
      ? [
          created(
            'reassigned_left_out',
            { title: { contains: reassigned.task } },
            w.reassigned as number,
            'audit_absent',
          ),
          created('no_duplicate', { title: { contains: existing.task } }, w.duplicate as number, 'audit_absent'),
          mailSent('recap_sent', { to: ana.email, body: { contains: reassigned.task } }, w.recap as number),
        ]
      : []),
  ];
}

// the request's clauses, each the demand of some checks (their traces)
const CLAUSES = {
  add: 'add my action items from it to my to-do list with their due dates',
  mine: 'only mine',
  meeting: 'put the next meeting from the deck on my calendar with the other attendees',
  changes: 'Check my mail for changes to the items first',
  duplicate: "don't duplicate to-dos I already have",
  recap: 'a short mail listing the action items that are now theirs',
};

function request(s: Scenario): string {
  const c = CLAUSES;
  return `I'm ${s.me.name}. The ${s.project} kickoff deck is in meetings/. Please ${c.add} — ${c.mine}.${s.medium ? ` Also ${c.meeting}.` : ''}${s.hard ? ` ${c.changes}, ${c.duplicate}, and send ${s.ana.first} ${c.recap}.` : ''}`;
}

const TRACES = {
  'todo_*': CLAUSES.add,
  only_my_items: CLAUSES.mine,
  next_meeting: CLAUSES.meeting,
  reassigned_left_out: CLAUSES.changes,
  no_duplicate: CLAUSES.duplicate,
  recap_sent: CLAUSES.recap,
};

export const deckActionItems = definePreset({
  name: 'deck_action_items',
  description:
    "turn the user's action items from a meeting deck (PPTX) into to-dos with due dates and book the next meeting; others' items stay out",
  services: ['workspace', 'todo', 'calendar', 'gmail'],
  capabilities: ['File_Management', 'Calendar_Scheduling', 'Tool_Calling'],
  scenario: 'Office_Productivity/Meeting',
  build(ctx) {
    const s = draw(ctx);
    return {
      title: 'Turn my action items from a meeting deck into to-dos',
      spec: {
        request: request(s),
        services: ['workspace', 'todo', ...(s.medium ? ['calendar'] : []), ...(s.hard ? ['gmail'] : [])],
        fixtures: fixtures(s),
        answer_ids: [],
        checks: checks(s),
        reference: reference(s),
      },
      traces: TRACES,
    };
  },
});
