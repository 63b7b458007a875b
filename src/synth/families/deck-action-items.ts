import type { TaskSpecInput } from '../../schema/task-spec.js';
import { addWorkdays, at, dateOf, hm, ids, type Person, people, shuffle, weights } from './kit.js';
import { type Check, docDate, mail, type Step } from './file-kit.js';
import type { Family } from './types.js';

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

export const deckActionItems: Family = {
  name: 'deck_action_items',
  description:
    "turn the user's action items from a meeting deck (PPTX) into to-dos with due dates and book the next meeting; others' items stay out",
  services: ['workspace', 'todo', 'calendar', 'gmail'],
  capabilities: ['File_Management', 'Calendar_Scheduling', 'Tool_Calling'],
  scenario: 'Office_Productivity/Meeting',
  languages: ['en'],
  generate(ctx): TaskSpecInput {
    const { rng, faker: f, mockToday, difficulty } = ctx;
    const medium = difficulty !== 'easy';
    const hard = difficulty === 'hard';
    const [me, ana, bo] = people(f, 3, 'acme.example') as [Person, Person, Person];
    const project = rng.pick(PROJECTS);
    const today = dateOf(mockToday);
    const tasks = shuffle(rng, TASKS);
    const mine = tasks
      .slice(0, hard ? 5 : medium ? 3 : 2)
      .map((task, i) => ({ owner: me, task, due: addWorkdays(today, 2 + i * 2) }));
    const theirs = tasks.slice(5, 7).map((task, i) => ({ owner: i ? bo : ana, task, due: addWorkdays(today, 3 + i) }));
    // hard: one of mine moves to Ana by mail, one is already a to-do
    const [reassigned, existing] = hard ? [mine[3], mine[4]] : [undefined, undefined];
    const toCreate = mine.filter((m) => m !== reassigned && m !== existing);
    const items = shuffle(rng, [...mine, ...theirs]);
    const next = addWorkdays(today, rng.int(6, 9));
    const startMin = rng.pick([9 * 60, 10 * 60 + 30, 14 * 60, 15 * 60 + 30]);
    const deck = `meetings/${project.toLowerCase()}_kickoff.pptx`;
    const slides = [
      {
        title: `Project ${project} kickoff`,
        bullets: [`Date: ${dateOf(at(mockToday, { days: -1 }))}`, `Attendees: ${me.name}, ${ana.name}, ${bo.name}`],
      },
      { title: 'Decisions', bullets: ['Pilot with two customers first', 'Weekly status in the team channel'] },
      { title: 'Action items', bullets: items.map((i) => `${i.owner.name}: ${i.task} (due ${i.due})`) },
      { title: 'Next meeting', bullets: [`${next}, ${hm(startMin)}–${hm(startMin + 45)} UTC, Room ${rng.int(1, 9)}`] },
    ];
    const [mailId, fillerId] = ids(rng, 'msg_', 2, 4) as [string, string];
    const [existingId, otherTodo] = ids(rng, 'todo_', 2, 3) as [string, string];

    const perItem = (hard ? 0.5 : medium ? 0.55 : 0.7) / toCreate.length;
    const w = weights([
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
    const reference: Step[] = [
      { call: 'fs_list', args: { path: 'meetings' } },
      { call: 'fs_read', args: { path: deck } },
    ];
    if (hard)
      reference.push(
        { call: 'gmail_list_messages', args: {} },
        { call: 'gmail_get_message', args: { message_id: mailId } },
        { call: 'todo_list_tasks', args: { status: 'all' } },
      );
    for (const m of toCreate)
      reference.push({
        call: 'todo_create_task',
        args: {
          title: `${m.task[0]?.toUpperCase()}${m.task.slice(1)}`,
          due_date: m.due,
          tags: [project.toLowerCase()],
        },
      });
    if (medium)
      reference.push(
        { call: 'calendar_list_events', args: { start_date: next, end_date: next } },
        {
          call: 'calendar_create_event',
          args: {
            title: `${project} follow-up`,
            start_time: `${next}T${hm(startMin)}:00Z`,
            end_time: `${next}T${hm(startMin + 45)}:00Z`,
            attendees: [ana.email, bo.email],
          },
        },
      );
    if (hard && reassigned)
      reference.push({
        call: 'gmail_send_message',
        args: {
          to: ana.email,
          subject: `${project}: your action items`,
          body: `Hi ${ana.first}, as agreed you now own "${reassigned.task}" (due ${reassigned.due}), plus "${(theirs[0] as { task: string }).task}".`,
        },
      });
    reference.push({
      say: `Added ${toCreate.length} to-dos from the ${project} kickoff deck: ${toCreate.map((m) => `${m.task} (due ${m.due})`).join('; ')}.${medium ? ` Booked the follow-up on ${next} at ${hm(startMin)} UTC.` : ''}`,
    });

    const checks: Check[] = [
      ...toCreate.map((m, i) => ({
        id: `todo_${i + 1}`,
        kind: 'audit_present' as const,
        service: 'todo',
        record: 'created_tasks',
        where: { title: { contains: m.task }, due_date: m.due },
        weight: w[m.task] as number,
      })),
      {
        id: 'only_my_items',
        kind: 'audit_absent',
        service: 'todo',
        record: 'created_tasks',
        where: { title: { regex: theirs.map((t) => t.task).join('|') } },
        weight: w.others as number,
      },
      ...(medium
        ? [
            {
              id: 'next_meeting',
              kind: 'audit_present' as const,
              service: 'calendar',
              record: 'created_events',
              where: { start_time: { regex: `^${next}T${hm(startMin)}` } },
              weight: w.meeting as number,
            },
          ]
        : []),
      ...(hard && reassigned && existing
        ? [
            {
              id: 'reassigned_left_out',
              kind: 'audit_absent' as const,
              service: 'todo',
              record: 'created_tasks',
              where: { title: { contains: reassigned.task } },
              weight: w.reassigned as number,
            },
            {
              id: 'no_duplicate',
              kind: 'audit_absent' as const,
              service: 'todo',
              record: 'created_tasks',
              where: { title: { contains: existing.task } },
              weight: w.duplicate as number,
            },
            {
              id: 'recap_sent',
              kind: 'audit_present' as const,
              service: 'gmail',
              record: 'sent_messages',
              where: { to: ana.email, body: { contains: reassigned.task } },
              weight: w.recap as number,
            },
          ]
        : []),
    ];
    return {
      spec_version: 1,
      id: ctx.id,
      title: 'Turn my action items from a meeting deck into to-dos',
      family: 'deck_action_items',
      labels: { capabilities: [...this.capabilities], scenario: this.scenario, difficulty, language: 'en' },
      mock_today: mockToday,
      request: `I'm ${me.name}. The ${project} kickoff deck is in meetings/. Please add my action items from it to my to-do list with their due dates — only mine.${medium ? ' Also put the next meeting from the deck on my calendar with the other attendees.' : ''}${hard ? ` Check my mail for changes to the items first, don't duplicate to-dos I already have, and send ${ana.first} a short mail with the items she now owns.` : ''}`,
      services: ['workspace', 'todo', ...(medium ? ['calendar'] : []), ...(hard ? ['gmail'] : [])],
      fixtures: {
        workspace: {
          files: {
            [deck]: { pptx: { slides, modified: docDate(ctx) } },
            'meetings/README.md': 'Decks and minutes of project meetings.',
          },
        },
        todo: {
          tasks: [
            ...(existing
              ? [
                  {
                    task_id: existingId,
                    title: `${existing.task[0]?.toUpperCase()}${existing.task.slice(1)}`,
                    status: 'pending',
                    priority: 'medium',
                    due_date: existing.due,
                    tags: [project.toLowerCase()],
                  },
                ]
              : []),
            {
              task_id: otherTodo,
              title: 'Submit the travel report',
              status: 'pending',
              priority: 'low',
              due_date: addWorkdays(today, 4),
              tags: ['admin'],
            },
          ],
        },
        ...(medium
          ? {
              calendar: {
                events: [
                  {
                    event_id: 'evt_200',
                    title: '1:1',
                    start_time: `${next}T08:00:00Z`,
                    end_time: `${next}T08:30:00Z`,
                    attendees: [me.email],
                  },
                ],
              },
            }
          : {}),
        ...(hard && reassigned
          ? {
              gmail: {
                messages: shuffle(rng, [
                  mail(
                    mailId,
                    ana,
                    `${project}: action items`,
                    `Hi ${me.first}, I'll take "${reassigned.task}" off your plate — it fits my workstream better.`,
                    at(mockToday, { hours: -2 }),
                  ),
                  mail(fillerId, bo, 'Lunch', 'Lunch at 12:30?', at(mockToday, { hours: -1 })),
                ]),
              },
            }
          : {}),
      },
      answer_ids: [],
      checks,
      reference,
    };
  },
};
