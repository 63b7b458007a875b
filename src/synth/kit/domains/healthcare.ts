import type { DomainVocab } from './types.js';

export const healthcare: DomainVocab = {
  companies: [
    'Ashford Clinic',
    // (a clinic's partners: a vet practice's are its team's own, compose/team-partners.ts)
    'Brookside Diagnostics',
    'Cedar Health Partners',
    'Dovetail Physiotherapy',
    'Eastgate Pharmacy',
    'Fernhill Care Homes',
  ],
  items: [
    'Appointment reminders not sent',
    'Referral letter missing',
    'Vaccine stock count wrong',
    'Patient portal login fails',
    'Lab results delayed',
    'Consent form outdated',
  ],
  products: [
    'Patient portal seat',
    'Telehealth licence',
    'Vaccine fridge monitor',
    'Records archive tier',
    'Scheduling module',
    'Pharmacy stock feed',
  ],
  topics: ['clinic rota', 'policy update', 'patient feedback', 'stock review'],
  meetings: ['ward huddle', 'clinical governance meeting', 'rota planning meeting', 'practice meeting'],
};
