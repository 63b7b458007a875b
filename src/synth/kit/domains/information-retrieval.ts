import type { DomainVocab } from './types.js';

export const informationRetrieval: DomainVocab = {
  companies: [
    'Stanmore Research',
    'Keller Analytics',
    'Aldana Media Monitoring',
    'Greyfield Archives',
    'Pryor Market Insight',
    'Halden Library Services',
  ],
  items: [
    'Search index missing March filings',
    'Saved query returns duplicates',
    'Archive export truncated',
    'Feed import skips entries',
    'Citation links broken',
    'Alert digest not delivered',
  ],
  products: [
    'Press archive seat',
    'Filing alert feed',
    'Market brief subscription',
    'Citation database',
    'Newswire licence',
    'Patent watch feed',
  ],
  topics: ['source review', 'research backlog', 'media monitoring', 'archive clean-up'],
  meetings: ['research sync', 'source review session', 'monitoring stand-up', 'briefing call'],
};
