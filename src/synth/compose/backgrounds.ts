import { at, dateOf } from '../kit/dates.js';
import { oneOf, writePlan } from '../kit/content.js';
import { capitalise } from '../kit/text.js';
import type { BackgroundPart, World } from './parts.js';

// background records: every service a task lists holds realistic initial data, unrelated to the answer.
// one part per service; a service without one starts with what the other parts put there.

const colleagueOf = (w: World) => w.staff[1] ?? w.me;

// one unrelated thread: its subject and the facts its body states come from the same kind, so they agree
function thread(w: World, thing: string): { subject: string; facts: string[] } {
  const company = w.rng.pick(w.vocab.companies);
  const product = w.rng.pick(w.vocab.products);
  const day = w.rng.pick(['Tuesday', 'Wednesday', 'Thursday']);
  const kinds: { subject: string[]; facts: string[] }[] = [
    {
      subject: [`Notes from the ${thing}`, `${capitalise(thing)} notes`],
      facts: [`the notes from the ${thing} are on the shared drive`, 'let me know if anything is missing'],
    },
    {
      subject: [`${capitalise(thing)} moved`, `Re: ${thing}`],
      facts: [`I moved the ${thing} to next week`, 'the room is booked for the new slot'],
    },
    {
      subject: [`Slides for the ${thing}?`, `Quick question about the ${thing}`],
      facts: [`can you send me your slides for the ${thing}`, 'no rush, any time before the day is fine'],
    },
    {
      subject: [`${capitalise(thing)}: budget`, `${capitalise(thing)}: next steps`],
      facts: [`the ${thing} budget is approved`, `${product} came up again, by the way`],
    },
    {
      subject: [`Waiting on ${company}`, `Re: ${thing}`],
      facts: [`we are still waiting on ${company} for the ${thing}`, 'I will chase them again'],
    },
    {
      subject: [`Lunch on ${day}?`, 'Team lunch'],
      facts: [`a few of us are going for lunch on ${day}`, 'tell me if you want to join and I will book a table'],
    },
    {
      subject: ['Out next week', 'Cover while I am away'],
      facts: [
        'I am out from Monday for a week',
        `${w.staff[2]?.first ?? 'the team'} is covering the ${thing} while I am away`,
      ],
    },
  ];
  const k = w.rng.pick(kinds);
  return { subject: w.rng.pick(k.subject), facts: k.facts };
}

export const inbox: BackgroundPart = {
  service: 'gmail',
  // one to three unrelated messages, each from a content plan: who writes, about what, asking what
  records: (w, topic) => ({
    messages: Array.from({ length: w.rng.int(1, 3) }, (_, i) => {
      const from = w.staff[1 + ((i * 3) % Math.max(1, w.staff.length - 1))] ?? w.me;
      const thing = w.rng.pick([topic, ...w.vocab.topics]);
      const { subject, facts } = thread(w, thing);
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
  }),
};

export const todoList: BackgroundPart = {
  service: 'todo',
  records: (w, topic) => ({
    tasks: [
      {
        task_id: `T-${w.rng.int(100, 999)}`,
        title: `Prepare agenda for the ${topic}`,
        status: 'pending',
        priority: 'medium',
        due_date: dateOf(at(w.today, { days: 9 })),
        tags: [],
      },
    ],
  }),
};

export const calendarDay: BackgroundPart = {
  service: 'calendar',
  records: (w, topic) => ({
    events: [
      {
        event_id: `evt_${w.rng.int(100, 999)}`,
        title: capitalise(topic),
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
  records: (_w, topic) => ({ files: { 'README.md': `# Shared drive\nTeam files for the ${topic}.\n` } }),
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
