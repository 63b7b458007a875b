import type { Scope } from '../rules/draw.js';

// The categories a work is really narrowed to, per record type and section (the act's first heading), each with the
// reason a practitioner would recognise: a regulator's scope, an owner's remit, a deadline only those records face,
// a named project or site, a handover. An act with none is never narrowed by category (rules/draw.ts): its tasks
// differ by the thresholds and windows drawn from the data, so no rule invents batches "by species".

const scope = (field: string, values: readonly string[], why: string): Scope => ({ field, values, why });

export const ACT_SCOPES: Readonly<Record<string, Readonly<Record<string, readonly Scope[]>>>> = {
  // (the plans' repairs and checks turn on one state: a zone the week's work is really about gives them their rule)
  desk_plan: {
    'Desk repair': [
      scope(
        'zone',
        ['Quiet zone'],
        'the quiet-zone refit starts on Monday, and the contractor fixes what is reported before then',
      ),
      scope(
        'zone',
        ['Team area'],
        'the team area is being re-cabled, and facilities fix blocked desks while the floor is up',
      ),
    ],
  },
  exam_seats: {
    'Register check': [
      scope(
        'zone',
        ['Front block'],
        'the front block seats the access-arrangement candidates, whose register the exams officer signs first',
      ),
      scope('zone', ['Back block'], 'the back block is the late-entry area, checked before the late-arrival cut-off'),
    ],
  },
  warehouse_bays: {
    'Racking inspection': [
      scope(
        'zone',
        ['Aisle 3'],
        'a forklift struck the Aisle 3 racking on Tuesday, and the inspector wants every bay there checked',
      ),
      scope('zone', ['Aisle 1'], 'Aisle 1 holds the heaviest pallets, and the insurer’s survey next week starts there'),
    ],
  },
  // routing is by the partner's language and the topic: a desk taking over a share of them is the real scope
  partner_mails: {
    Routing: [
      scope('language', ['Japanese'], 'the new Tokyo liaison office takes its partners’ messages from now on'),
      scope(
        'language',
        ['German'],
        'the Frankfurt desk took over the German-speaking partners at the start of the quarter',
      ),
      scope('topic', ['complaint'], 'complaints have moved to the new quality desk, and their backlog goes with them'),
      scope(
        'topic',
        ['invoice'],
        'invoice queries now go to the shared-service centre, which took them over on the 1st',
      ),
    ],
  },
  security_findings: {
    Triage: [
      scope(
        'source',
        ['penetration test'],
        'the pen-test report goes to the customer’s security team on Friday, with our triage of each finding',
      ),
      scope(
        'source',
        ['bug bounty'],
        'the bounty programme promises researchers a triage decision within five working days',
      ),
      scope(
        'source',
        ['cloud posture scan'],
        'the cloud posture tool is newly switched on, and nobody has looked at its first findings',
      ),
      scope(
        'source',
        ['code scanning'],
        'code scanning now blocks merges, so its findings hold up the release until they are triaged',
      ),
    ],
    'Remediation chase': [
      scope(
        'source',
        ['penetration test'],
        'customer contracts require penetration-test findings closed before the annual report is shared',
      ),
    ],
  },
  work_orders: {
    Hold: [
      scope(
        'line',
        ['packing'],
        'packing works to the carrier’s collection slots, and a short order would hold a slot for nothing',
      ),
      scope('line', ['paint'], 'the paint line changes colour twice a week, so a short order there misses its batch'),
      scope('line', ['assembly'], 'assembly pulls from stores on kanban, so a short order there stops the whole line'),
      scope(
        'line',
        ['machining'],
        'the machining cells are booked a week ahead, and a held order frees its slot for the next',
      ),
      scope('line', ['welding'], 'the welding bay is the plant’s bottleneck, and a short order would leave it idle'),
    ],
    Expediting: [
      scope(
        'line',
        ['paint'],
        'the paint line shuts for its annual maintenance next week, so its orders must be through before then',
      ),
    ],
  },
  field_plots: {
    Irrigation: [
      scope(
        'crop',
        ['potatoes'],
        'the potatoes are at tuber initiation, when a dry spell brings the scab the processor rejects',
      ),
      scope(
        'crop',
        ['spring barley'],
        'the malting contract sets a grain-nitrogen limit that drought stress pushes over',
      ),
    ],
    Spraying: [scope('crop', ['potatoes'], 'a blight warning is in force for the area, and it covers the potato crop')],
  },
  ward_beds: {
    'Bed allocation': [
      scope('zone', ['Bay 2'], 'Bay 2 takes the respiratory admissions, with piped oxygen at every bedspace'),
      scope('zone', ['Side rooms'], 'infectious admissions must go to side rooms, on infection control’s advice'),
    ],
  },
  appointments: {
    Cancellation: [
      scope(
        'kind',
        ['consultation'],
        'the GP running the consultation list is on leave that fortnight, with no locum to cover',
      ),
      scope(
        'kind',
        ['follow-up'],
        'the follow-up clinic moves to the new health centre, and its first weeks are rebooked there',
      ),
      scope('kind', ['telephone'], 'the phone system is being replaced that week, so the telephone clinics cannot run'),
      scope(
        'kind',
        ['minor procedure'],
        'the treatment room is being refitted, so the minor-procedure lists cannot run',
      ),
      scope('kind', ['blood test'], 'the phlebotomist is off sick, and no one else can run the blood clinics'),
      scope('kind', ['vaccination'], 'the vaccine delivery failed its cold-chain check and was sent back'),
    ],
    Reminder: [
      scope(
        'kind',
        ['blood test'],
        'a fasting blood test is wasted if the patient eats that morning, so they get the fasting instructions',
      ),
    ],
  },
  web_page_builds: {
    'Page build': [
      scope('template', ['landing page'], 'the spring campaign’s ads start next week and point at its landing pages'),
      scope('template', ['product page'], 'the new range ships on the 1st, and its product pages go live with it'),
      scope(
        'template',
        ['event page'],
        'conference registration opens next week, and its event pages must be live for it',
      ),
      scope(
        'template',
        ['pricing page'],
        'the new prices take effect on the 1st, and the pricing pages must show them',
      ),
    ],
  },
  vaccinations: {
    'Booster reminder': [
      scope('species', ['rabbit'], 'RHD2 cases have been confirmed locally, so rabbit owners are called first'),
      scope('species', ['dog'], 'the boarding kennels in town now refuse dogs without an in-date kennel-cough booster'),
    ],
    'Lapsed cover': [
      scope(
        'species',
        ['horse'],
        'under the competition rules a lapsed equine flu booster voids the passport, so those owners hear first',
      ),
    ],
  },
  referrals: {
    Chasing: [
      scope('specialty', ['dermatology'], 'the commissioners are auditing the skin-cancer pathway this quarter'),
      scope(
        'specialty',
        ['ophthalmology'],
        'the eye unit has moved site, and its referrals are the ones most likely lost in the move',
      ),
    ],
  },
  court_deadlines: {
    Preparation: [
      scope(
        'deadline_kind',
        ['witness statements', 'expert reports'],
        'counsel needs those in the bundle a week before the date, so they are started now',
      ),
    ],
  },
  contracts: {
    Renewal: [
      scope('contract_type', ['SaaS subscription'], 'the CFO’s software spend review covers subscriptions only'),
    ],
    'Notice decision': [
      scope('contract_type', ['lease'], 'the agreed office move means no lease may roll over unexamined'),
    ],
  },
  receipt_scans: {
    'Itemised receipt': [
      scope('category', ['hotel'], 'the VAT on a room is reclaimed only against an itemised hotel bill'),
    ],
  },
  tickets: {
    'Priority handling': [
      scope(
        'category',
        ['network'],
        'the network carrier migration is under way, and its faults go to the migration team',
      ),
    ],
  },
  transactions: {
    'Audit sample': [
      scope('account', ['petty-cash'], 'the audit plan covers petty cash, after the last audit’s findings on it'),
    ],
    'Follow-up': [
      scope(
        'account',
        ['corporate-card'],
        'the card provider suspends cards with unexplained lines at the statement date',
      ),
    ],
  },
  household_bills: {
    Payment: [
      scope(
        'category',
        ['property tax'],
        'two missed council tax instalments make the whole year’s balance due at once',
      ),
    ],
  },
  nonconformances: {
    'Supplier claim': [
      scope(
        'supplier',
        ['Northfield Castings'],
        'the quarterly business review with Northfield Castings is next week, and open claims go on its agenda',
      ),
    ],
  },
  deployments: {
    'Change record': [
      scope(
        'environment',
        ['production', 'production-eu'],
        'the change advisory board signs off production changes; the other environments need no record',
      ),
    ],
  },
  access_reviews: {
    Revocation: [
      scope(
        'system',
        ['AWS production', 'Snowflake'],
        'the SOC 2 auditors test access to the systems in the report’s scope',
      ),
    ],
  },
  migrations: {
    'DBA review': [
      scope(
        'database',
        ['billing-mysql'],
        'billing data is in scope for the PCI assessment, which needs a DBA’s sign-off on every change',
      ),
    ],
  },
  // a follow-up is the coverage desk's beat: the other sections' stories are followed by their own desks
  feed_articles: {
    'Follow-up': [
      scope('category', ['regulation'], 'the compliance desk follows regulatory news itself, before clients ask'),
      scope(
        'category',
        ['markets', 'industry'],
        'our coverage is markets and industry; other sections have desks of their own',
      ),
      scope('category', ['technology'], 'the technology desk follows up its own beat; the rest is the wires’'),
    ],
  },
  exam_sittings: {
    'Special consideration': [
      scope('exam_series', ['May/June'], 'the awarding bodies’ deadline for the summer series is the first to fall'),
    ],
  },
  room_bookings: {
    'AV set-up': [
      scope(
        'room',
        ['Boardroom (14)', 'Training room (24)'],
        'only those rooms have the hybrid-meeting kit the AV team sets up',
      ),
    ],
  },
  equipment_loans: {
    'Return chase': [
      scope('item_type', ['laptop'], 'IT security needs every loaned laptop back for the encryption audit'),
    ],
  },
  dashboards: {
    Certification: [
      scope(
        'audience',
        ['board', 'executive'],
        'the reporting policy allows only certified figures in front of the board and executives',
      ),
    ],
  },
  research_notes: {
    'Compliance review': [
      scope(
        'note_type',
        ['initiation', 'rating change'],
        'the rules require compliance sign-off on every new recommendation before it goes out',
      ),
    ],
  },
  incidents: {
    'Customer comms': [
      scope('service', ['payments-api'], 'the card-scheme rules require merchants to be told of payment outages'),
    ],
  },
  pull_requests: {
    'Reviewer assignment': [
      scope(
        'repo',
        ['auth-service'],
        'the secure-development policy requires a security reviewer on auth-service changes',
      ),
    ],
  },
  aircraft_inspections: {
    Planning: [
      scope(
        'aircraft_type',
        ['B737-800'],
        'the latest airworthiness directive applies to the 737-800 fleet, and is planned in with them',
      ),
    ],
  },
  products: {
    'Stock count': [
      scope('location', ['Main warehouse'], 'the auditors attend this quarter’s count at the main warehouse'),
    ],
  },
  // (a questionnaire stands in for a missing SOC 2 report; a round of them is run for one audit's or form's scope)
  vendor_assessments: {
    Questionnaire: [
      scope('tier', ['tier 1 (critical)', 'tier 2 (high)'], 'the long questionnaire goes to tier 1 and 2 vendors only'),
      scope(
        'data_category',
        ['customer personal data', 'employee HR data'],
        'the privacy team runs this round for the GDPR audit, so it covers the vendors that hold personal data',
      ),
      scope('data_category', ['payment card data'], 'the PCI assessor wants the card-data vendors’ answers first'),
      scope('data_category', ['health data'], 'the health-data vendors answer the HIPAA questionnaire this quarter'),
    ],
  },
  travel_bookings: {
    'Cancellation check': [
      scope(
        'booking_type',
        ['hotel'],
        'hotels are what we book on free cancellation; the flights are non-refundable fares',
      ),
    ],
  },
};
