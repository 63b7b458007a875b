import { at, dateOf } from '../kit/dates.js';
import { oneOf, writePlan } from '../kit/content.js';
import { capitalise } from '../kit/text.js';
import type { BackgroundPart, SourcePart, World } from './parts.js';
import { teamOf } from './team-calendar.js';
import { TEAM_PARTNERS } from './team-partners.js';

// background records: every service a task lists holds realistic initial data, unrelated to the answer.
// one part per service; a service without one starts with what the other parts put there.

const colleagueOf = (w: World) => w.staff[1] ?? w.me;

// one unrelated thread: its subject and the facts its body states come from the same kind, so they agree. A
// meeting gets notes, slides and a new slot; a workstream gets a budget, a draft, a status and someone covering it
// — never "the slides for the travel budget". A workstream is named as work ("the infection control work"): its
// topic is often a function or a mass noun, not a project ("the infection control is on track")
function thread(w: World, meeting: string, stream: string, used: Set<number>): { subject: string; facts: string[] } {
  // (the firm the workstream waits on: its trade's, where the domain's companies do not all fit it)
  const company = w.rng.pick(w.vocab.partners?.[stream] ?? w.vocab.companies);
  const product = w.rng.pick(w.vocab.products);
  const day = w.rng.pick(['Tuesday', 'Wednesday', 'Thursday', 'Friday']);
  const who = w.staff[2]?.first ?? 'the team';
  // (a stream already named as work, 'drainage work', is not 'drainage work work')
  const work = /\bwork$/.test(stream) ? stream : `${stream} work`;
  const kinds: { subject: string[]; facts: string[] }[] = [
    {
      subject: [`Notes from the ${meeting}`, `${capitalise(meeting)} notes`],
      facts: [
        `the notes from the ${meeting} are on the shared drive`,
        w.rng.pick(['let me know if anything is missing', 'the action items are at the bottom']),
      ],
    },
    {
      subject: [`${capitalise(meeting)} moved`, `Re: ${meeting}`],
      facts: [
        `I moved the ${meeting} to ${day}`,
        w.rng.pick(['the room is booked for the new slot', 'same call link as before']),
      ],
    },
    {
      subject: [`Slides for the ${meeting}?`, `Quick question about the ${meeting}`],
      facts: [`can you send me your slides for the ${meeting}`, 'no rush, any time before the day is fine'],
    },
    {
      subject: [`${capitalise(stream)}: scope`, `${capitalise(stream)}: next steps`],
      facts: [
        `we agreed the scope of the ${work} this morning`,
        w.rng.pick([
          `${product} stays out of it for now; we can pick it up next quarter`,
          `next check-in is on ${day}, same time`,
          `${who} takes the first part and I will write it up`,
          `${company} still has to confirm their part`,
          'I will circulate the notes once they are typed up',
        ]),
      ],
    },
    {
      subject: [`Waiting on ${company}`, `Re: ${stream}`],
      facts: [`we are still waiting on ${company} for the ${work}`, 'I will chase them again'],
    },
    {
      subject: [`Draft for the ${work}`, `${capitalise(stream)}: first draft`],
      facts: [
        `I put a first draft for the ${work} on the shared drive`,
        `comments by ${day} would help, nothing formal`,
      ],
    },
    {
      subject: [`${capitalise(stream)}: where we are`, `Re: ${stream}`],
      facts: [`the ${work} is on track`, `one open point with ${company}; I will update you when I hear back`],
    },
    {
      subject: [`Lunch on ${day}?`, 'Team lunch'],
      facts: [`a few of us are going for lunch on ${day}`, 'tell me if you want to join and I will book a table'],
    },
    {
      subject: ['Out next week', 'Cover while I am away'],
      facts: ['I am out from Monday for a week', `${who} is covering the ${work} while I am away`],
    },
    {
      subject: ['Thanks', `Re: ${meeting}`],
      facts: [`thanks for stepping in at the ${meeting}`, w.rng.pick(['it went well', 'people found it useful'])],
    },
  ];
  // one inbox never holds two threads of one kind (two "Re: travel budget" from two people)
  const n = w.rng.pick(kinds.map((_, i) => i).filter((i) => !used.has(i)));
  used.add(n);
  const k = kinds[n] as (typeof kinds)[number];
  return { subject: w.rng.pick(k.subject), facts: k.facts };
}

export const inbox: BackgroundPart = {
  service: 'gmail',
  // one to three unrelated messages, each from a content plan: who writes, about what, asking what
  records: (w, topic) => {
    const used = new Set<number>();
    return {
      messages: Array.from({ length: w.rng.int(1, 3) }, (_, i) => {
        const from = w.staff[1 + ((i * 3) % Math.max(1, w.staff.length - 1))] ?? w.me;
        const stream = w.rng.pick([topic, ...w.vocab.topics]);
        const { subject, facts } = thread(w, w.rng.pick(w.vocab.meetings), stream, used);
        return {
          message_id: `msg_${w.rng.int(100, 999)}${i}`,
          from: from.email,
          to: w.me.email,
          subject,
          date: at(w.today, { days: -w.rng.int(1, 9), hours: -w.rng.int(0, 6) }),
          body: writePlan(w.rng, {
            lead: oneOf(w.rng, `Hi ${w.me.first},`, `${w.me.first} —`, 'Hello,', ''),
            // the thread's point comes first; what follows refers back to it
            first: facts[0] as string,
            facts: facts.slice(1),
            close: oneOf(w.rng, from.first, `Thanks, ${from.first}`, `— ${from.first}`, `Cheers, ${from.first}`),
          }),
        };
      }),
    };
  },
};

export const todoList: BackgroundPart = {
  service: 'todo',
  records: (w) => ({
    tasks: [
      {
        task_id: `T-${w.rng.int(100, 999)}`,
        title: `Prepare agenda for the ${w.rng.pick(w.vocab.meetings)}`,
        status: 'pending',
        priority: 'medium',
        due_date: dateOf(at(w.today, { days: 9 })),
        tags: [],
      },
    ],
  }),
};

// the building's own faults, already reported: a repair ticket is raised into a queue that holds others
const FAULTS = [
  'Leaking tap in the staff kitchen',
  'Lift 2 stuck between floors',
  'Flickering lights in the north stairwell',
  'Radiator cold in the meeting room',
  'Door closer broken on the fire exit',
  'Blind jammed half-way on the east windows',
] as const;

export const estatesQueue: BackgroundPart = {
  service: 'helpdesk',
  records: (w) => ({
    tickets: [0, 1].map((i) => ({
      ticket_id: `TK-${w.rng.int(1000, 4999) + i * 5000}`,
      title: w.rng.pick(FAULTS.filter((_, j) => j % 2 === i)),
      status: i ? 'in_progress' : 'open',
      description: 'Reported by the front desk; estates to attend.',
      department: 'Estates',
      priority: 'medium',
      created_at: at(w.today, { days: -w.rng.int(1, 6), hours: -w.rng.int(0, 5) }),
    })),
  }),
};

export const calendarDay: BackgroundPart = {
  service: 'calendar',
  records: (w) => ({
    events: [
      {
        event_id: `evt_${w.rng.int(100, 999)}`,
        title: capitalise(w.rng.pick(w.vocab.meetings)),
        // tomorrow afternoon at 15:00: the mornings are where a task books its reviews, and a meeting already
        // there would make the booking a clash nobody asked the agent to resolve
        start_time: `${at(w.today, { days: 1 }).slice(0, 10)}T15:00:00Z`,
        end_time: `${at(w.today, { days: 1 }).slice(0, 10)}T16:00:00Z`,
        attendees: [w.me.email, colleagueOf(w).email],
      },
    ],
  }),
};

export const statusPage: BackgroundPart = {
  service: 'web',
  records: (w) => ({
    results: [
      {
        url: `https://status.${w.company}.example`,
        title: 'Service status',
        snippet: 'All systems operational.',
        source: 'status page',
      },
    ],
  }),
};

export const openQuestions: BackgroundPart = {
  service: 'notes',
  records: (w, topic) => ({
    notes: [
      {
        note_id: `note_${w.rng.int(100, 999)}`,
        title: w.rng.pick([`${topic} — open questions`, `Notes: ${topic}`, `${capitalise(topic)} follow-ups`]),
        content: writePlan(w.rng, {
          facts: [
            oneOf(
              w.rng,
              `open questions from the ${topic}`,
              `decisions so far on the ${topic}`,
              `things to chase after the ${topic}`,
            ),
            oneOf(
              w.rng,
              'owners to confirm by Friday',
              `${w.rng.pick(w.vocab.companies)} to send figures`,
              'budget line still unclear',
            ),
            oneOf(
              w.rng,
              `next review with ${w.staff[2]?.first ?? 'the team'}`,
              'see the shared drive for the deck',
              'parking lot: hiring plan',
            ),
          ],
        }),
        created_at: at(w.today, { days: -3 }),
      },
    ],
  }),
};

export const laptopArticle: BackgroundPart = {
  service: 'kb',
  records: (w) => ({
    articles: [
      {
        article_id: `KB-${w.rng.int(100, 999)}`,
        title: 'How to request a new laptop',
        content: 'Open an IT request with your cost centre; delivery takes about a week.',
        category: 'it',
        last_updated: dateOf(at(w.today, { days: -60 })),
      },
    ],
  }),
};

export const roundup: BackgroundPart = {
  service: 'rss',
  records: (w, topic) => ({
    articles: [
      {
        article_id: `art_${w.rng.int(100, 999)}`,
        title: `Regional roundup: ${topic}`,
        content: writePlan(
          w.rng,
          {
            facts: [
              oneOf(w.rng, `a short roundup on ${topic} across the region`, `what changed this week in ${topic}`),
              oneOf(
                w.rng,
                `${w.rng.pick(w.vocab.companies)} opened a new office`,
                'two firms announced hiring freezes',
                'prices held steady',
              ),
            ],
          },
          'plain',
        ),
        source: 'Sector Weekly',
        category: 'general',
        published_at: at(w.today, { days: -4 }),
      },
    ],
  }),
};

export const sharedDrive: BackgroundPart = {
  service: 'workspace',
  // what a team's drive README says: who looks after it — not a sentence about one topic, and no folder that is
  // not there
  records: (w) => {
    const keeper = w.staff[1] ?? w.me;
    const care = w.rng.pick([
      `Ask ${keeper.first} before deleting anything; there is no recycle bin here.`,
      `${keeper.first} looks after this drive. Name files by subject and date.`,
      `Shared by the team; ${keeper.first} keeps it tidy. Nothing personal in here, please.`,
    ]);
    return { files: { 'README.md': `# Shared drive\n\n${care}\n` } };
  },
};

export const directoryEntry: BackgroundPart = {
  service: 'contacts',
  records: (w) => {
    const colleague = colleagueOf(w);
    return {
      contacts: [
        {
          contact_id: `CT-${w.rng.int(100, 199)}`,
          name: colleague.name,
          email: colleague.email,
          department: 'Operations',
        },
      ],
    };
  },
};

export const calendarSync: BackgroundPart = {
  service: 'config',
  records: (w) => ({
    integrations: [
      {
        integration_id: `INT-${w.rng.int(100, 199)}`,
        name: 'Calendar sync connector',
        status: 'active',
        service: 'calendar-sync',
        last_verified: at(w.today, { days: -5 }),
        monthly_calls: 12000,
        error_rate: 0.01,
        owner: colleagueOf(w).email,
      },
    ],
  }),
};

// the workstreams of a team whose records are off its domain's main line (a farm in manufacturing, a vet practice
// in healthcare): its inbox and notes are about its own work, not the plant's spare parts
const TEAM_TOPICS: Readonly<Record<string, readonly string[]>> = {
  field_plots: ['spray programme', 'drainage work', 'harvest planning', 'fertiliser order'],
  aircraft_inspections: ['hangar schedule', 'parts on order', 'tooling calibration', 'CAMO audit findings'],
  vaccinations: ['reminder letters', 'vaccine stock', 'clinic rota', 'client feedback'],
  household_bills: ['household budget', 'energy switch', 'insurance renewal', 'property tax'],
  ward_beds: ['discharge planning', 'bed capacity', 'staffing rota', 'infection control'],
};

/**
 * The world as the background records of a task about `src` see it: the team's own meetings, workstreams and the
 * firms those wait on.
 */
export function teamWorld(w: World, src: SourcePart): World {
  const topics = TEAM_TOPICS[src.name];
  if (!topics) return w;
  const meetings = teamOf(src).events.map((e) => e.replace(/^the /, ''));
  const partners = TEAM_PARTNERS[src.name];
  return {
    ...w,
    vocab: { ...w.vocab, topics, partners, meetings: meetings.length ? meetings : w.vocab.meetings },
  };
}
