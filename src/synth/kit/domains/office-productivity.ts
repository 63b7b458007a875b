import type { DomainVocab } from './types.js';

export const officeProductivity: DomainVocab = {
  companies: [
    'Harbor Freight Partners',
    'Lindqvist Dental Group',
    'Marlow & Reid',
    'Northgate Property',
    'Okafor Catering',
    'Brightwell Schools',
    'Castell Print Works',
    'Ferris Legal Services',
  ],
  items: [
    'Shared mailbox not syncing',
    'Conference room display offline',
    'Calendar invites arriving twice',
    'VPN drops every hour',
    'Printer queue stuck on floor 3',
    'Expense form rejects receipts',
    'Onboarding laptop not delivered',
    'Distribution list missing new hires',
    'Room booking panel shows wrong times',
    'New starter missing from the org chart',
    'Team calendar not shared with contractors',
    'Scanner emails going to spam',
  ],
  products: [
    'Desk booking licence',
    'Meeting room kit',
    'Team mailbox seat',
    'Document scanner',
    'Headset bundle',
    'Laptop dock',
  ],
  topics: ['quarterly planning', 'office move', 'vendor review', 'onboarding cohort'],
  // (the clients above do not move an office or onboard its starters)
  partners: {
    'office move': ['Carver Office Relocations', 'Northgate Property'],
    'vendor review': ['Castell Print Works', 'Okafor Catering', 'Harbor Freight Partners'],
    'onboarding cohort': ['Kinsey Recruitment', 'Pellow IT Services'],
  },
  meetings: ['quarterly planning session', 'office move meeting', 'team stand-up', 'vendor call'],
};
