import type { DomainVocab } from './types.js';

export const multimodalGeneration: DomainVocab = {
  companies: [
    'Atlas Design Studio',
    'Bramble Creative',
    'Cobalt Web Agency',
    'Dunlin Charts',
    'Everglow Documents',
    'Foundry Visuals',
  ],
  items: [
    'Landing page copy outdated',
    'Chart legend mislabelled',
    'Brochure export blurry',
    'Slide template off-brand',
    'Map layer missing regions',
    'Report PDF missing captions',
  ],
  products: [
    'Design system seat',
    'Web hosting plan',
    'Chart library licence',
    'Document converter',
    'Brand asset pack',
    'Map tiles quota',
  ],
  topics: ['site refresh', 'report layout', 'brand review', 'launch page'],
  meetings: ['design review', 'brand sync', 'creative briefing', 'launch planning call'],
};
