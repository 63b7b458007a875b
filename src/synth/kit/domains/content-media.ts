import type { DomainVocab } from './types.js';

export const contentMedia: DomainVocab = {
  companies: [
    'Larkspur Publishing',
    'Foxhall Studios',
    'Meridian Radio',
    'Oakes & Finch Agency',
    'Pemberton Magazines',
    'Silverline Podcasts',
  ],
  items: [
    'Episode artwork missing',
    'Newsletter links broken',
    'Caption file out of sync',
    'Guest post needs legal review',
    'Social calendar double-booked',
    'Embargoed story scheduled early',
  ],
  products: [
    'Stock image licence',
    'Newsletter plan',
    'Podcast hosting tier',
    'Caption service',
    'Social scheduler seat',
    'Editorial CMS seat',
  ],
  topics: ['editorial calendar', 'campaign launch', 'content audit', 'sponsor review'],
  meetings: ['editorial meeting', 'campaign kick-off', 'sponsor call', 'content planning session'],
};
