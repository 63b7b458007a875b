import type { Rng } from '../../env/rng.js';
import { at } from '../kit/dates.js';
import type { SourcePart } from './parts.js';

// policy documents: who owns a record type's document and why it exists, in that team's words (policy-doc.ts
// writes the document)

// who owns a document about a record type: the team that does that work, not the service's other desk (a farm's
// plots are the farm office's, not Quality's, though both sit in the plant system)
export const OWNERS: Readonly<Record<string, readonly string[]>> = {
  tickets: ['the service desk', 'Support operations'],
  customers: ['Customer success', 'Sales operations', 'Account management'],
  products: ['Stock control', 'Supply chain', 'Purchasing'],
  transactions: ['Finance operations', 'the finance office', 'Accounts payable'],
  jobs: ['Platform operations', 'Site reliability'],
  integrations: ['IT operations', 'the platform team', 'Information security'],
  tasks: ['the team lead', 'the office manager'],
  sheet_rows: ['Sales operations', 'Credit control'],
  order_screenshot: ['Sales operations', 'Credit control'],
  mails: ['Customer operations', 'the shared inbox team'],
  partner_mails: ['the partner desk', 'Supplier relations'],
  feed_articles: ['the research desk', 'Editorial operations'],
  desk_plan: ['Facilities', 'the workplace team'],
  ward_beds: ['the ward manager', 'Patient flow'],
  exam_seats: ['the exams office', 'Exams and assessment'],
  warehouse_bays: ['Warehouse operations', 'Stock control'],
  receipt_scans: ['Finance operations', 'Expenses'],
  referrals: ['the practice manager', 'Clinical governance', 'the referrals team'],
  appointments: ['the practice manager', 'the clinic office', 'Reception'],
  claims: ['the billing office', 'the practice manager'],
  vaccinations: ['the practice manager', 'the nursing team'],
  client_matters: ['Practice support', 'Legal operations', 'the risk partner'],
  contracts: ['Legal operations', "the general counsel's office", 'Commercial legal'],
  court_deadlines: ['Practice support', 'the docketing team', 'the litigation partner'],
  legal_holds: ["the general counsel's office", 'Legal operations', 'eDiscovery'],
  trip_requests: ['the travel desk', 'Travel and expenses'],
  travel_bookings: ['the travel desk', 'Travel and expenses'],
  per_diem_claims: ['Travel and expenses', 'Payroll'],
  household_bills: ['the household admin', 'whoever runs the household accounts'],
  courses: ['Academic administration', 'the timetabling office', 'the registry'],
  enrolments: ['the registry', 'Student records'],
  submissions: ['the programme office', 'Academic administration'],
  exam_sittings: ['the exams office', 'Exams and assessment'],
  work_orders: ['Production planning', 'Plant operations', 'Manufacturing engineering'],
  nonconformances: ['Quality', 'Quality assurance'],
  aircraft_inspections: ['Maintenance control', 'Continuing airworthiness', 'the hangar planning office'],
  field_plots: ['the farm office', 'the farm manager', 'Agronomy'],
  positions: ['Portfolio management', 'the risk desk', 'Investment operations'],
  trades: ['Trade support', 'Middle office', 'Compliance'],
  fx_exposures: ['Treasury', 'the treasury desk'],
  research_notes: ['Research management', 'Compliance', 'the research desk'],
  pull_requests: ['Engineering operations', 'the platform team'],
  deployments: ['Release management', 'Site reliability'],
  incidents: ['Site reliability', 'the incident manager'],
  migrations: ['the database team', 'Release management'],
  datasets: ['the data platform team', 'Data governance'],
  dashboards: ['BI operations', 'Analytics'],
  metric_alerts: ['Analytics', 'the data platform team'],
  experiments: ['the experimentation team', 'Product analytics'],
  stories: ['the newsdesk', 'Editorial operations'],
  social_posts: ['the social team', 'Audience development'],
  media_assets: ['the picture desk', 'Rights and licensing'],
  episodes: ['Audio production', 'the podcast team'],
  access_reviews: ['Information security', 'Identity and access management'],
  data_subject_requests: ['the privacy office', 'the data protection officer'],
  vendor_assessments: ['Third-party risk', 'Procurement and compliance'],
  security_findings: ['Information security', 'the security team'],
  workflows: ['Automation operations', 'the platform team'],
  connectors: ['Automation operations', 'IT operations'],
  workflow_runs: ['Automation operations', 'the on-call engineer'],
  agent_skills: ['the AI platform team', 'Information security'],
  papers: ['the library team', 'the research desk'],
  market_reports: ['the research desk', 'Market intelligence'],
  news_items: ['the research desk', 'the account team'],
  cited_sources: ['the research desk', 'Fact-checking'],
  room_bookings: ['Facilities', 'the workplace team'],
  purchase_requests: ['Procurement', 'the finance office'],
  equipment_loans: ['IT services', 'the equipment store'],
  visitor_passes: ['Reception', 'Security'],
  design_requests: ['the studio office', 'Creative operations'],
  chart_requests: ['the data visualisation desk', 'the studio office'],
  video_edits: ['Post-production', 'the studio office'],
  web_page_builds: ['the web team', 'Digital production'],
};

export const ownerOf = (src: SourcePart, rng: Rng) => rng.pick(OWNERS[src.name] ?? ['Operations', 'the team lead']);

/** The record types whose policies name their owning team (every one: a test holds it). */
export const OWNED = new Set(Object.keys(OWNERS));

// why the document exists, in the words of the team that keeps it: what goes wrong without it
export const PURPOSES: Readonly<Record<string, readonly string[]>> = {
  analytics: [
    'Stale or unused analytics costs money and erodes trust in the numbers; this keeps the estate honest.',
    'What the data team runs outlives the people who set it up. These rules decide what is kept, fixed or stopped.',
  ],
  metric_alerts: [
    'An alert nobody answers teaches everyone to ignore the next one; these rules say which alerts are chased and by whom.',
  ],
  experiments: [
    'A test left running on a broken guardrail costs real customers; these rules say when a test is stopped early.',
  ],
  automations: [
    'Automations act on our behalf without anyone watching, so we review them on a schedule rather than after an incident.',
    'Every skill and workflow we run can send, write or spend; this is how we keep that power in check.',
  ],
  clinic: [
    'Written after the last governance review, so that the front desk and clinicians make the same call on the same record.',
  ],
  appointments: [
    'Lists change daily and patients notice every slip; these rules keep the appointment book workable.',
    'Written after the last governance review, so that the front desk and clinicians make the same call on the same booking.',
  ],
  referrals: [
    'A referral that stalls is a patient left waiting without knowing it; these rules keep the referral queue moving.',
    'Written after the last governance review, so that the front desk and clinicians make the same call on the same referral.',
  ],
  claims: [
    'Insurers pay only what is claimed correctly and on time; these rules say when a claim is queried, resubmitted or written off.',
  ],
  vaccinations: [
    'A missed booster leaves a patient unprotected and a reminder sent twice annoys an owner; these rules say who is reminded when.',
  ],
  cms: [
    'Anything we publish or promote carries our name; this sets out what needs a second pair of eyes before it goes out.',
    'The desk moves fast. These rules make sure the checks happen anyway, without holding every piece back.',
  ],
  config: ['Configuration drift is how outages start; this sets out who may change what, and when to stop and ask.'],
  crm: [
    'Accounts go quiet before they leave. These rules make sure someone notices in time and the owner hears about it.',
    'Renewals are won or lost months ahead; this tells account teams which customers need attention now.',
  ],
  devops: [
    'Most incidents we have had started as a change nobody looked at twice. This is the second look.',
    'Review capacity is limited; these rules put it where a bad merge or migration would hurt most.',
  ],
  incidents: [
    'An incident is only worth the pain if we learn from it; these rules say which ones get a review and who is told.',
    'Customers judge us by how we handle an outage as much as by the outage; this sets what happens after one is resolved.',
  ],
  facilities: [
    'Rooms, kit and visitors all cost money or carry risk when nobody keeps track; these rules keep the records true.',
  ],
  finance: [
    'Auditors test these records every year; handling them the same way every time is what lets us pass.',
    'Money leaves the business through these records, so each step is written down rather than left to judgement.',
  ],
  grc: ['Our certifications depend on showing that reviews happen on time and findings are dealt with; this is how.'],
  access_reviews: [
    'Access nobody uses is a way in waiting to be found; these rules say when a login is kept, cut back or revoked.',
    'Our certifications depend on showing that access is reviewed on time; this is how each review is decided.',
  ],
  vendor_assessments: [
    'Third parties hold our data and our customers’; these rules say when a vendor is reviewed again and what it must show.',
    'Our certifications depend on showing that vendor reviews happen on time; this is how.',
  ],
  security_findings: [
    'Findings left open are how breaches start; these rules set which are fixed first and who hears about them.',
    'Our certifications depend on showing that findings are dealt with on time; this is how.',
  ],
  data_subject_requests: [
    'People have a legal right to their data within a set time; these rules keep each request moving and on the record.',
  ],
  helpdesk: ['Tickets that sit unnoticed become complaints; these rules decide what gets pushed up and when.'],
  inventory: ['Running out costs sales and overstock ties up cash; this sets when stock is reordered or reviewed.'],
  matters: [
    "Written with the risk partner after last year's file review; it applies to every matter, whoever runs it.",
    'Missed dates and loose ends are professional-conduct issues here, not admin slips. Follow this to the letter.',
  ],
  contracts: [
    'Notice periods are where renewals are lost: a contract that rolls over unnoticed locks us in for another term.',
    'Written with the commercial team so that every contract comes up for a decision before its term ends.',
  ],
  field_plots: [
    'Water, sprays and probe batteries all run on a timetable; these rules say which plots need attention first.',
    'Agronomy calls differ by field; this keeps the farm office consistent about when a plot is acted on.',
  ],
  aircraft_inspections: [
    'Airworthiness depends on checks happening on time and findings being closed; this sets when to act.',
  ],
  plant: ['The line keeps running only if problems are handled the same way on every shift.'],
  work_orders: [
    'A short or late order stops the line and misses a shipment; these rules say which orders are expedited, held or chased.',
    'The line keeps running only if holds and shortages are handled the same way on every shift.',
  ],
  nonconformances: [
    'Quality escapes are cheapest to stop at the line; these rules say when a problem is contained and when it needs a CAPA.',
    'The line keeps running only if nonconformances are handled the same way on every shift.',
  ],
  portfolio: [
    'Compliance reviews every flag we raise and every one we miss. These rules are what they test us against.',
    'Positions and trades are watched against written limits, not instinct; this is the written part.',
  ],
  // the portfolio system's other desks: research publishing and treasury
  research_notes: [
    'What we publish carries the firm’s name and is read by regulators; these rules say what a note needs before and after it goes out.',
    'Research is published under the conduct rules, not at an analyst’s discretion; this sets what compliance checks.',
  ],
  fx_exposures: [
    'Currency moves hit the accounts whether or not anyone is watching; these rules say when treasury hedges, rolls or reports.',
  ],
  research: [
    'A wrong citation or a stale report undermines everything built on it; these rules keep the library trustworthy.',
  ],
  news_items: [
    'A client named in the press should hear about it from us first; these rules say which items are flagged, shared or left alone.',
  ],
  rss: ['What we circulate is read as our view; this sets what is flagged and shared, and what is left alone.'],
  scheduler: ['Failing jobs hide in the noise; these rules decide when a job is paused and who hears about it.'],
  school: [
    'Students and examiners need the same decision on the same facts; this is how the office applies the regulations.',
  ],
  submissions: [
    'Extensions and late penalties are decided by the rules below, not case by case by whoever is on duty.',
    'Students and markers need the same decision on the same facts; this is how the office applies the regulations.',
  ],
  exam_sittings: [
    'Special consideration is decided by the rules below, not case by case by whoever is on duty.',
    'Candidates and examiners need the same decision on the same facts; this is how the office applies the regulations.',
  ],
  studio: ['Briefs and edits change hands many times; these rules keep deadlines and sign-offs from slipping.'],
  travel: [
    'Travel money is spent before it is approved and claimed after the trip; these rules keep both ends honest.',
    'The travel desk applies the same rules to everyone, from new starters to the board.',
  ],
  todo: [
    'A to-do list only helps if what sits on it is current; these rules say what gets picked up, parked or closed.',
  ],
  // orders seen in the sales export or the billing dashboard
  sheet_rows: [
    'Unpaid and disputed orders cost us cash every week they sit; these rules say which ones the sales owners chase.',
  ],
  order_screenshot: [
    'The billing dashboard is the only view finance and sales share; these rules say what each side does with an order on it.',
  ],
  desk_plan: [
    'Desks are booked, moved and reported broken all week; these rules keep the floor plan and the desks themselves in step.',
  ],
  ward_beds: [
    'A bed that looks free on the plan but is not ready delays an admission; these rules say what the ward clerk checks and when.',
  ],
  exam_seats: [
    'Every candidate needs a working seat on the day; these rules say which seats the exams office checks and moves people from.',
  ],
  warehouse_bays: [
    'Racking damage and blocked bays are a safety issue before they are a space issue; these rules set what is checked first.',
  ],
  receipt_scans: [
    'Receipts arrive as scans of every quality; these rules decide which ones finance pays back and which need a second look.',
    'Expense claims are audited on the receipt, not the claim form, so the scan is what these rules look at.',
  ],
  partner_mails: [
    'Our partners write in their own languages and expect an answer in them; these rules say which messages are dealt with first.',
  ],
  mails: ['An inbox shared by a team needs one way of deciding what gets answered, filed or passed on; this is it.'],
  household_bills: [
    'Bills paid late cost fees and credit scores; this is how the household admin keeps track of what is due.',
    'Direct debits, disputes and one-off bills all end up in one list; these rules say what gets done with each.',
  ],
};

/** Record types kept by a household, whose rules are a note the flat agreed rather than a versioned document. */
export const HOMELY: ReadonlySet<string> = new Set(['household_bills']);

/**
 * The policy and deliverable parts that put a task's work where only a workplace keeps it, a team intranet (the
 * policy page, the intranet page): never a household's (review 29 §6: "an HTML page for the team intranet" of the
 * flat's bills).
 */
export const OFFICE_ONLY: ReadonlySet<string> = new Set(['policy_page', 'web_page']);
