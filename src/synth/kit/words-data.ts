// the curated words every generator draws from (words.ts picks them, seeded): people's names, organisations'
// industries, job titles, goods, the systems tickets are about, and short sentences and phrases for records.
// no generated words: every string here reads as real office text.

/** Given and family names of coworkers and contacts (varied origins, no generated words). */
export const FIRST_NAMES = [
  'Amara',
  'Bianca',
  'Carlos',
  'Dana',
  'Elif',
  'Farid',
  'Grace',
  'Hiro',
  'Ines',
  'Jonas',
  'Kavya',
  'Liam',
  'Mei',
  'Nadia',
  'Oscar',
  'Priya',
  'Quentin',
  'Rosa',
  'Samir',
  'Tomas',
  'Uma',
  'Viktor',
  'Wen',
  'Yusuf',
  'Zofia',
  'Aiden',
  'Beatriz',
  'Chloe',
  'Dmitri',
  'Esther',
] as const;
export const LAST_NAMES = [
  'Achebe',
  'Bauer',
  'Castillo',
  'Dubois',
  'Eriksen',
  'Fischer',
  'Garcia',
  'Haddad',
  'Ito',
  'Jensen',
  'Kowalski',
  'Lindgren',
  'Moreno',
  'Nakamura',
  'Okafor',
  'Petrov',
  'Quinn',
  'Rossi',
  'Sato',
  'Tanaka',
  'Usman',
  'Varga',
  'Weber',
  'Yilmaz',
  'Zhang',
] as const;

/** Industries a customer account is in. */
export const INDUSTRIES = [
  'retail',
  'logistics',
  'healthcare',
  'manufacturing',
  'education',
  'hospitality',
  'media',
  'energy',
  'construction',
  'financial services',
  'software',
  'food and beverage',
  'professional services',
] as const;

/** The industry a company's name already says ("… Dental Group" is in healthcare), by a word of the name. */
export const NAMED_INDUSTRIES: readonly (readonly [RegExp, (typeof INDUSTRIES)[number]])[] = [
  [/\b(?:Capital|Asset Management|Insurance|Credit Union|Wealth|Pension|Brokers|Bank)\b/, 'financial services'],
  [/\b(?:Dental|Health|Clinic|Diagnostics|Physiotherapy|Pharmacy|Care Homes|Pharma)\b/, 'healthcare'],
  [/\b(?:Freight|Logistics|Mobility)\b/, 'logistics'],
  [/\b(?:Schools?|College|Tutoring|Academy|Learning|University|Library)\b/, 'education'],
  [/\b(?:Engineering|Robotics|Precision|Castings|Composites|Hydraulics|Aerostructures|Agritech)\b/, 'manufacturing'],
  [/\b(?:Energy|Utilities)\b/, 'energy'],
  [/\b(?:Catering|Hotels|Tours|Concierge|Events|Travel|Air Charter)\b/, 'hospitality'],
  [/\bProperty\b/, 'construction'],
  [
    /\b(?:Publishing|Studios?|Radio|Agency|Magazines|Podcasts|Media|Print|Creative|Visuals|Charts|Documents)\b/,
    'media',
  ],
  [
    /\b(?:Chambers|Legal|LLP|Notaries|Counsel|Compliance|Security|Research|Market Insight|Forecasting|Archives)\b/,
    'professional services',
  ],
  [/\b(?:Software|Labs|Cloud|DevOps|Systems|Analytics|Automation|Integrations|Workflow|Ops|Platforms)\b/, 'software'],
];

/** Job titles of directory entries. */
export const JOB_TITLES = [
  'Account Manager',
  'Operations Lead',
  'Finance Analyst',
  'Office Manager',
  'Project Coordinator',
  'Support Engineer',
  'Procurement Specialist',
  'People Partner',
  'Sales Director',
  'Data Analyst',
  'Facilities Coordinator',
  'Legal Counsel',
  'Product Manager',
  'IT Administrator',
] as const;

/** The systems a support ticket is about ("Customer portal rejects logins"). */
export const SYSTEMS = [
  'Customer portal',
  'Mobile app',
  'Admin console',
  'Reporting dashboard',
  'Partner API',
  'Billing module',
  'Order service',
  'Analytics workspace',
  'Booking system',
  'Support widget',
] as const;

/** What a customer adds to a ticket. */
export const TICKET_NOTES = [
  'The customer reports it on every attempt since Monday.',
  'Several users on the customer side are affected.',
  'It started after the weekend maintenance window.',
  'A workaround exists but slows their team down.',
  'The customer has asked twice for an update.',
  'Screenshots are attached to the original email.',
  'It happens only for their larger accounts.',
  'Their finance team cannot close the month until it is fixed.',
] as const;

/** Agenda items; no two start with the same word. */
export const AGENDA_ITEMS = [
  'Budget for next quarter',
  'Vendor shortlist',
  'Hiring plan for the autumn',
  'Launch timeline',
  'Customer feedback themes',
  'Office move logistics',
  'Security review findings',
  'Travel policy update',
  'Training schedule',
  'Support backlog',
  'Pricing changes',
  'Onboarding checklist',
] as const;

/** Short phrases for meeting notes and event descriptions ("Went well: …", "Weekly sync: …"). */
export const PHRASES = [
  'clear owners for every action',
  'a shorter weekly report',
  'faster replies to customers',
  'fewer handover gaps',
  'the new intake form',
  'shared notes before each meeting',
  'one tracker for open issues',
  'earlier budget sign-off',
  'agreeing the next steps',
  'a review of the open actions',
] as const;

/** Area codes of the fictional +1 555-01xx numbers. */
export const AREA_CODES = ['212', '312', '415', '617', '646', '720'] as const;
