import type { DomainVocab } from './types.js';

export const automationPlatform: DomainVocab = {
  companies: [
    'Corbett Automation',
    'Delmar Integrations',
    'Fenwick Workflow',
    'Ingram Ops',
    'Kowalski Robotics',
    'Yardley Platforms',
  ],
  items: [
    'Webhook retries exhausted',
    'Sync job skips weekends',
    'Token expired on connector',
    'Duplicate records after import',
    'Workflow stuck in pending',
    'Rate limit hit every morning',
  ],
  products: [
    'Connector pack',
    'Workflow runs quota',
    'Webhook relay',
    'Integration seat',
    'Scheduler tier',
    'Audit trail add-on',
  ],
  topics: ['automation review', 'connector audit', 'runbook update', 'job clean-up'],
  meetings: ['automation review call', 'weekly ops stand-up', 'connector clean-up session', 'change advisory board'],
};
