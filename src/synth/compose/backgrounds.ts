import { at, dateOf } from '../kit/dates.js';
import { capitalise } from '../kit/text.js';
import type { BackgroundPart, World } from './parts.js';

// background records: every service a task lists holds realistic initial data, unrelated to the answer.
// one part per service; a service without one starts with what the other parts put there.

const colleagueOf = (w: World) => w.staff[1] ?? w.me;

export const inbox: BackgroundPart = {
  service: 'gmail',
  records: (w, topic) => {
    const colleague = colleagueOf(w);
    return {
      messages: [
        {
          message_id: `msg_${w.rng.int(100, 999)}`,
          from: colleague.email,
          to: w.me.email,
          subject: `Notes from the ${topic}`,
          date: at(w.today, { days: -1 }),
          body: `Hi ${w.me.first}, the notes from the ${topic} are on the shared drive. ${colleague.first}`,
        },
      ],
    };
  },
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
        start_time: at(w.today, { days: 1 }),
        end_time: at(w.today, { days: 1 + 1 / 24 }),
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
        title: `${topic} — open questions`,
        content: `Open questions from the ${topic}: owners to confirm by Friday.`,
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
        content: `A short roundup on ${topic} across the region.`,
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
