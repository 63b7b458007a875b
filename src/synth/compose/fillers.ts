import type { Rec, World } from './types.js';
import { at, dateOf } from '../kit/dates.js';

// background records: every service a task lists holds realistic initial data, unrelated to the answer.

export function filler(service: string, w: World): Record<string, Rec[]> | undefined {
  const topic = w.rng.pick(w.vocab.topics);
  const colleague = w.staff[1] ?? w.me;
  switch (service) {
    case 'gmail':
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
    case 'todo':
      return {
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
      };
    case 'calendar':
      return {
        events: [
          {
            event_id: `evt_${w.rng.int(100, 999)}`,
            title: `${topic[0]?.toUpperCase()}${topic.slice(1)}`,
            start_time: at(w.today, { days: 1 }),
            end_time: at(w.today, { days: 1 + 1 / 24 }),
            attendees: [w.me.email, colleague.email],
          },
        ],
      };
    case 'web':
      return {
        results: [
          {
            url: `https://status.${w.company}.example`,
            title: 'Service status',
            snippet: 'All systems operational.',
            source: 'status page',
          },
        ],
      };
    case 'notes':
      return {
        notes: [
          {
            note_id: `note_${w.rng.int(100, 999)}`,
            title: `${topic} — open questions`,
            content: `Open questions from the ${topic}: owners to confirm by Friday.`,
            created_at: at(w.today, { days: -3 }),
          },
        ],
      };
    case 'kb':
      return {
        articles: [
          {
            article_id: `KB-${w.rng.int(100, 999)}`,
            title: 'How to request a new laptop',
            content: 'Open an IT request with your cost centre; delivery takes about a week.',
            category: 'it',
            last_updated: dateOf(at(w.today, { days: -60 })),
          },
        ],
      };
    case 'rss':
      return {
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
      };
    case 'workspace':
      return { files: { 'README.md': `# Shared drive\nTeam files for the ${topic}.\n` } as unknown as Rec[] };
    case 'contacts':
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
    case 'config':
      return {
        integrations: [
          {
            integration_id: `INT-${w.rng.int(100, 199)}`,
            name: 'Calendar sync connector',
            status: 'active',
            service: 'calendar-sync',
            last_verified: at(w.today, { days: -5 }),
            monthly_calls: 12000,
            error_rate: 0.01,
            owner: colleague.email,
          },
        ],
      };
    default:
      return undefined;
  }
}
