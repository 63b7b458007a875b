import type { Scope } from '../rules/draw.js';
import { AUDIT_SCOPES } from './act-scopes-audit.js';
import { CARE_SCOPES, scope } from './act-scopes-care.js';
import { DESK_SCOPES } from './act-scopes-desks.js';

// The categories a work is really narrowed to, per record type and section (the act's first heading), each with the
// reason a practitioner would recognise: a regulator's scope, an owner's remit, a deadline only those records face,
// a named project or site, a handover. A reason is a standing fact, never a dated event ("starts on Monday", "that
// fortnight"): it is written into versioned policies that stay in force for months (act-scopes.test.ts). An act with none is never narrowed by category (rules/draw.ts): its tasks
// differ by the thresholds and windows drawn from the data, so no rule invents batches "by species".

export const ACT_SCOPES: Readonly<Record<string, Readonly<Record<string, readonly Scope[]>>>> = {
  ...CARE_SCOPES,
  ...AUDIT_SCOPES,
  ...DESK_SCOPES,
  // (the plans' repairs and checks turn on one state: a zone the week's work is really about gives them their rule)
  desk_plan: {
    'Desk repair': [
      scope(
        'zone',
        ['Quiet zone'],
        'every quiet-zone desk is booked for focused work, so a broken one there cannot be swapped for another',
      ),
      scope(
        'zone',
        ['Team area'],
        'the team-area desks sit on the raised floor, whose cabling only facilities may open up',
      ),
    ],
    'Desk allocation': [
      scope('zone', ['Team area'], 'the team area is where each team sits together, so its new starters go there'),
    ],
  },
  // (the dashboard's terms: the shortest are a new customer's, before any payment record, the longest the
  // public-sector framework; net 15 is invoice terms, never a card on file)
  order_screenshot: {
    Escalation: [
      scope(
        'terms',
        ['net 15'],
        'net 15 is what a new customer gets before it has a payment record, so an unpaid order there is the first sign of a bad payer',
      ),
      // (no net-60 scope: an escalation's window is weeks, and an order on net 60 is not overdue three weeks in)
    ],
    'Credit hold': [
      scope('terms', ['net 15'], 'short terms are given only to customers on a credit limit, which a hold enforces'),
    ],
  },
  exam_seats: {
    'Seat repair': [
      scope(
        'zone',
        ['Front block'],
        'the front block seats the candidates with access arrangements, who cannot be moved to another part of the hall',
      ),
      scope(
        'zone',
        ['Middle block'],
        'the middle block is where the exam board’s inspector sits in on the pilot paper',
      ),
    ],
    'Register check': [
      scope(
        'zone',
        ['Front block'],
        'the front block seats the access-arrangement candidates, whose register the exams officer signs first',
      ),
      scope('zone', ['Back block'], 'the back block is the late-entry area, checked before the late-arrival cut-off'),
      scope('zone', ['Annexe'], 'the annexe has its own invigilator, whose register goes to the exams officer first'),
      scope(
        'zone',
        ['Side block'],
        'the side block sits a different board’s paper, whose register must reach that board the same day',
      ),
    ],
  },
  warehouse_bays: {
    'Racking inspection': [
      scope(
        'zone',
        ['Aisle 3'],
        'Aisle 3 is where the forklifts turn in from the dock, so its uprights take the most knocks',
      ),
      scope('zone', ['Aisle 1'], 'Aisle 1 holds the heaviest pallets, and the insurer’s annual survey starts there'),
    ],
  },
  // routing is by the partner's language and the topic: a desk taking over a share of them is the real scope
  partner_mails: {
    // (a reply desk answers its own language: the other offices answer theirs, spared-data.ts)
    Reply: [scope('language', ['German'], 'the Frankfurt desk answers the German-speaking partners, in German')],
    'Large orders': [
      scope(
        'topic',
        ['delivery'],
        'a late delivery on a large order holds up the partner’s own production, so its questions are answered first',
      ),
    ],
    Routing: [
      scope('language', ['Japanese'], 'the Tokyo liaison office takes its partners’ messages'),
      scope('language', ['German'], 'the Frankfurt desk looks after the German-speaking partners'),
      // (a routing section's reason names no desk but the language desk its work sends to: review 26, C)
      scope(
        'topic',
        ['complaint'],
        'a complaint read in translation loses its tone, so the desk for the partner’s language takes each one',
      ),
      scope(
        'topic',
        ['invoice'],
        'an invoice query turns on the partner’s own wording of the amounts, so the desk for their language answers it',
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
        'the paint line runs each colour in its own batch, so an order that misses its colour waits for the next run',
      ),
    ],
  },
  field_plots: {
    Irrigation: [
      scope('crop', ['potatoes'], 'a dry spell at tuber initiation brings the scab the processor rejects potatoes for'),
      scope(
        'crop',
        ['spring barley'],
        'the malting contract sets a grain-nitrogen limit that drought stress pushes over',
      ),
    ],
    Spraying: [
      scope('crop', ['potatoes'], 'blight is the potato crop’s own disease, and the spray programme is set against it'),
    ],
  },
  web_page_builds: {
    'Page build': [
      scope(
        'template',
        ['landing page'],
        'the campaign ads point at the landing pages, so an ad running before its page is live wastes its spend',
      ),
      scope('template', ['product page'], 'a product page goes live with the product it sells, never after it ships'),
      scope('template', ['event page'], 'an event page must be live before registration for its event opens'),
      scope('template', ['pricing page'], 'a pricing page must show new prices on the day they take effect'),
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
    // (whose budget pays: a team paid back on its own cycle)
    Reimbursement: [
      scope('cost_centre', ['Sales'], 'the sales team’s receipts are paid back weekly, ahead of their commission run'),
      scope('cost_centre', ['Operations'], 'operations staff are paid back with the site payroll, which closes first'),
    ],
    'Itemised receipt': [
      scope('category', ['hotel'], 'the VAT on a room is reclaimed only against an itemised hotel bill'),
    ],
    // (no Late claim scope: every receipt past the window needs the sign-off, a cab fare as much as a hotel bill,
    // and the kinds that never come in late are spared with their own reasons, spared-data.ts)
  },
  tickets: {
    'Priority handling': [
      scope(
        'category',
        ['network'],
        'a network fault takes down every site on the line at once, so it goes to the front of the queue',
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
        'two missed property-tax instalments make the whole year’s balance due at once',
      ),
    ],
  },
  // (a corrective action round taken where a customer or a certification body is waiting on the root cause)
  nonconformances: {
    'Corrective action': [
      scope(
        'defect_type',
        ['weld crack', 'porosity'],
        'weld defects are reported to the pressure-equipment notified body, which asks for the root cause of each',
      ),
      scope(
        'defect_type',
        ['wrong material'],
        'a wrong-material defect breaks the material traceability our aerospace customers audit, lot by lot',
      ),
      scope(
        'defect_type',
        ['contamination'],
        'contamination findings go to the food-contact customer’s quality team, who want the corrective action on file',
      ),
    ],
    'Supplier claim': [
      scope(
        'supplier',
        ['Northfield Castings'],
        'Northfield Castings is on a supplier improvement plan, and every open claim goes to its quarterly business review',
      ),
    ],
    // (a review read by someone outside the plant: the NCRs that reader goes through)
    Review: [
      scope(
        'supplier',
        ['Northfield Castings'],
        'Northfield Castings is on a supplier improvement plan, whose quarterly business review goes through every NCR it caused',
      ),
      scope(
        'defect_type',
        ['weld crack', 'porosity'],
        'weld defects are reported to the pressure-equipment notified body, whose surveillance audit reads each of them',
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
  migrations: {
    'DBA review': [
      scope(
        'database',
        ['billing-mysql'],
        'billing data is in scope for the PCI assessment, which needs a DBA’s sign-off on every change',
      ),
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
      scope(
        'note_type',
        ['earnings preview'],
        'an earnings preview goes out in the quiet period before results, when compliance reads every line of it',
      ),
      scope(
        'note_type',
        ['sector deep dive'],
        'a sector deep dive names most of the companies we cover, so compliance checks each against the watch list',
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
  products: {
    'Stock count': [
      scope('location', ['Main warehouse'], 'the auditors attend the quarter-end count at the main warehouse only'),
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
      scope(
        'data_category',
        ['health data'],
        'the health-data vendors answer the HIPAA questionnaire, which the others are not sent',
      ),
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
