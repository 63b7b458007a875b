// the reasons a request gives for asking now, by record type (the team's own calendar and leads are in
// team-calendar-data.ts), and the consequences a reason may go on with (occasions.ts)

// after a reason ahead of a day, what it means for the records by then; after one that names the records, it refers
// back to them ("…on the stories, and they have to be tidy by then"), never names them twice
export function consequencesOf(plural: string, named: boolean): string[] {
  const them = named ? 'they' : `the ${plural}`;
  const obj = named ? 'them' : `the ${plural}`;
  return [
    `and I want ${obj} sorted before then`,
    `and ${them} have to be tidy by then`,
    `so ${them} need to be ready by then`,
    `and I'd like ${obj} settled before then`,
  ];
}

/**
 * The record types whose work closes with the books, for which a month's, a quarter's or a year's end is a reason
 * to ask now (occasions.ts); a ward bed, a field plot or a pull request has no period to close.
 */
export const BOOKS_CLOSE: ReadonlySet<string> = new Set([
  'transactions',
  'customers',
  'order_screenshot',
  'sheet_rows',
  'receipt_scans',
  'per_diem_claims',
  'claims',
  'client_matters',
  'trades',
  'positions',
  'fx_exposures',
  'household_bills',
  'purchase_requests',
]);

// the reasons only a team that keeps that kind of record has to look at them now (by record type, then service):
// the auditors due, the release cut. Each fits every act on the record type; a reason that fits some of its work
// only (the sprayer booked) is that work's (work-motives-data.ts). `{soon}` is a working day's name three or four working days out (such a reason is
// ahead of it: "before then" reads right after it), `{boss}` the colleague it names, introduced by their part
export const MOTIVES: Readonly<Record<string, readonly string[]>> = {
  tickets: [
    'The weekly SLA report goes to the customer on {soon}',
    '{boss} is presenting the backlog at the service review on {soon}',
  ],
  customers: ['Quarterly business reviews start on {soon}', 'The account planning day is on {soon}'],
  products: ['The stocktake is on {soon}', '{boss} is reviewing the stock holding on {soon}'],
  transactions: [
    'Month-end close starts on {soon}',
    'The auditors asked for the open items by {soon}',
    '{boss} is reconciling the card statement on {soon}',
  ],
  jobs: [
    'The on-call handover is on {soon}',
    '{boss} wants the scheduler cleaned up before the platform upgrade on {soon}',
  ],
  integrations: ['The platform review is on {soon}', '{boss} is going through the integration list on {soon}'],
  tasks: ['The weekly planning session is on {soon}', '{boss} is reviewing the board on {soon}'],
  mails: ['{boss} is covering the inbox from {soon} and wants it tidy'],
  partner_mails: ['The partner account review is on {soon}'],
  feed_articles: ['{boss} is reviewing our reading list on {soon}', 'The desk planning meeting is on {soon}'],
  desk_plan: ['The floor re-plan is signed off on {soon}'],
  // planned admissions, not today's: the work they set off (a follow-up due in two working days) comes before them
  ward_beds: [
    'Elective admissions are booked in for {soon}',
    'The bed meeting on {soon} plans the week ahead',
    'Theatre has a full list on {soon}, and the transfers come to us',
  ],
  exam_seats: ['The next exam session starts on {soon}', "The invigilators' briefing is on {soon}"],
  warehouse_bays: ['A big inbound delivery lands on {soon}', 'The site review is on {soon}'],
  receipt_scans: [
    'The expenses run closes on {soon}',
    "Finance won't reimburse anything without the receipts after {soon}",
  ],
  // (the debtor list is the collection work's: work-motives-data.ts; an audit sample of orders is not collected)
  order_screenshot: ['{boss} is going through the open orders on {soon}'],
  sheet_rows: ['{boss} is going through the open orders on {soon}'],
  referrals: ['The referrals audit is on {soon}'],
  appointments: [
    'The clinic rota for next week is being finalised on {soon}',
    '{boss} is redoing the clinic templates on {soon}',
  ],
  claims: ['The insurer remittances come in on {soon}', 'The month-end figures go to the partners on {soon}'],
  vaccinations: ['The booster clinics open on {soon}', 'The vaccine delivery arrives on {soon}'],
  client_matters: ['The risk partner goes through the matter list on {soon}'],
  contracts: ['The contract register review is on {soon}', '{boss} is going through the contract register on {soon}'],
  court_deadlines: [
    'The diary check is on {soon}',
    '{boss} is away from {soon} and the team covers the diary',
    'The litigation team meeting is on {soon}',
  ],
  legal_holds: ['The litigation team meeting is on {soon}'],
  trip_requests: ['The travel budget is reviewed on {soon}', 'The approvers meet on {soon}'],
  travel_bookings: ['The travel policy review is on {soon}'],
  per_diem_claims: ['The expenses run closes on {soon}'],
  household_bills: ['Payday is on {soon}'],
  courses: ['The programme committee meets on {soon}', 'Teaching starts on {soon}'],
  enrolments: ['The programme committee meets on {soon}'],
  submissions: ['The moderation meeting is on {soon}', 'Marks go to the exam board on {soon}'],
  exam_sittings: ['The exam board meets on {soon}', 'The board return is due on {soon}'],
  work_orders: ['The production meeting is on {soon}', 'The line plan for next week is fixed on {soon}'],
  nonconformances: [
    'The customer audit is on {soon}',
    'The monthly cost-of-quality report is due on {soon}',
    '{boss} is closing out the NCR log on {soon}',
  ],
  aircraft_inspections: ['The hangar slots for next week are set on {soon}', 'The CAMO review is on {soon}'],
  field_plots: ["The agronomist's visit is on {soon}", 'The farm walk with the landowner is on {soon}'],
  positions: ['The investment committee meets on {soon}', 'The quarterly rebalance is on {soon}'],
  trades: ['The compliance review is on {soon}'],
  fx_exposures: ['The risk committee meets on {soon}'],
  research_notes: ['The compliance review is on {soon}'],
  pull_requests: [
    'The release branch is cut on {soon}',
    'Code freeze starts on {soon}',
    '{boss} is writing the release notes on {soon}',
  ],
  deployments: ['The change advisory board meets on {soon}', 'The release window opens on {soon}'],
  incidents: ['The incident review is on {soon}', 'The weekly SLA report goes out on {soon}'],
  migrations: ['The maintenance window is on {soon}', 'The change advisory board meets on {soon}'],
  datasets: ['The data governance forum is on {soon}'],
  dashboards: ['The monthly metrics review is on {soon}'],
  metric_alerts: ['The monthly metrics review is on {soon}'],
  experiments: [
    'The analytics planning session is on {soon}',
    "The product review picks next quarter's tests on {soon}",
  ],
  stories: ['The editorial planning meeting is on {soon}', 'The weekend edition closes on {soon}'],
  social_posts: ['The content calendar is set on {soon}'],
  media_assets: ['The rights check with legal is on {soon}'],
  episodes: ['The schedule for next month is locked on {soon}', 'The editorial planning meeting is on {soon}'],
  access_reviews: ['The quarterly access recertification closes on {soon}', 'The auditors sample access on {soon}'],
  data_subject_requests: ['The DPO report is due on {soon}'],
  vendor_assessments: ['The risk committee meets on {soon}', 'Procurement renews vendor contracts on {soon}'],
  security_findings: ['The security review is on {soon}'],
  workflows: ["The automation owners' check-in is on {soon}", 'The platform upgrade is on {soon}'],
  connectors: ['The platform review is on {soon}'],
  workflow_runs: ['The platform review is on {soon}', 'The failed-run alerts have been noisy all week'],
  agent_skills: ['The agent platform upgrade is on {soon}', 'The usage report goes out on {soon}'],
  papers: ['The reading group meets on {soon}', 'The literature review is due on {soon}'],
  market_reports: ['The research budget is set on {soon}'],
  news_items: ['The client briefing is on {soon}', 'The morning briefing pack goes out on {soon}'],
  cited_sources: ['The client report goes out on {soon}', 'The fact-check pass is on {soon}'],
  room_bookings: ['The facilities review is on {soon}'],
  purchase_requests: ['The facilities budget is reviewed on {soon}', 'Purchase orders close for the month on {soon}'],
  equipment_loans: ['The insurance schedule is renewed on {soon}', 'The IT asset audit is on {soon}'],
  visitor_passes: ['The fire drill is on {soon}'],
  design_requests: ['The studio planning session is on {soon}'],
  chart_requests: ['The quarterly report goes to print on {soon}', 'The studio planning session is on {soon}'],
  video_edits: ['The production meeting is on {soon}'],
  web_page_builds: ['The site launch is on {soon}', 'The client review is on {soon}'],
};
