import type { DomainVocab } from './types.js';

export const safetyCompliance: DomainVocab = {
  companies: [
    'Granger Compliance',
    'Holloway Security',
    'Ibsen Health Trust',
    'Langford Utilities',
    'Macready Pharma',
    'Thornbury Bank',
  ],
  items: [
    'Access review overdue',
    'Shared drive open to all staff',
    'Vendor DPA not signed',
    'Phishing report from finance',
    'Retention policy not applied',
    'MFA disabled on admin account',
  ],
  products: [
    'Endpoint protection seat',
    'Security awareness course',
    'DLP licence',
    'Audit log retention',
    'Password manager seat',
    'SIEM ingest tier',
  ],
  topics: ['access review', 'audit findings', 'incident drill', 'policy refresh'],
  meetings: ['risk committee', 'incident drill debrief', 'audit findings review', 'security stand-up'],
};
