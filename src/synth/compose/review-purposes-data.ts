// Why the team that keeps each record type reviews them, and why auditors sample them (by source name): said of
// those records and that team's stake in them, never a stock line that fits any records ("a regular look catches
// what slipped"). A review-only section opens with its record type's line where its rule tests every field the
// line speaks of (review-purpose-fields.ts, review-purpose.ts); otherwise with the reason its rule gives
// (review-reasons.ts).

/** Where a section's line sits in a record type's pair: a review's first, an audit sample's second. */
export const purposeAt = (section: string): 0 | 1 => (section === 'Audit sample' ? 1 : 0);

/** Per record type: [a review's purpose, an audit sample's purpose]. */
export const REVIEW_PURPOSES: Readonly<Record<string, readonly [review: string, audit: string]>> = {
  tickets: [
    'The support lead reads through tickets each week to catch promises made to customers that nobody kept.',
    'Auditors test tickets against the response times our contracts promise customers.',
  ],
  customers: [
    'Account managers go over their accounts so renewals and unpaid invoices do not surprise anyone at quarter end.',
    'Auditors check customer accounts against signed contracts before revenue is recognised.',
  ],
  products: [
    'The stock controller reviews the catalogue so prices and stock levels on the shop match what is on the shelf.',
    'Auditors sample products at year end to test the stock valuation against the count.',
  ],
  transactions: [
    'Finance reviews transactions before month end so miscoded spend is corrected before the books close.',
    'Auditors sample transactions to test that each has a receipt and the right approval.',
  ],
  jobs: [
    'Platform engineers review scheduled jobs so that no job runs unowned or fails night after night unnoticed.',
    'IT audit samples scheduled jobs to confirm each one has an owner and a reason to run.',
  ],
  integrations: [
    'IT reviews integrations because each holds credentials to another system, and a stale one is an open door.',
    'Security audit samples integrations to check their credentials are verified and still needed.',
  ],
  tasks: [
    'Going over the to-do list now and then keeps promised work from quietly going stale.',
    'The list is checked against what was promised, so nothing owed to someone else is dropped.',
  ],
  sheet_rows: [
    'The order desk reviews the order sheet so no customer waits on an order stuck between steps.',
    'Auditors sample orders to trace each one from the sheet to an invoice.',
  ],
  mails: [
    'Going through the inbox keeps replies owed to people from sitting unanswered.',
    'Messages are sampled to check that requests received were answered and filed.',
  ],
  feed_articles: [
    'The editor reviews the feed so nothing stale or off-topic goes out in the digest.',
    'The feed is sampled to check that what we circulate is sourced and current.',
  ],
  order_screenshot: [
    'The order desk reviews the order list so no order is stuck in a status nobody is watching.',
    'Auditors sample orders to trace each one from the order list to payment.',
  ],
  desk_plan: [
    'Facilities reviews the desk plan so bookings match the desks that are really usable.',
    'Facilities checks a sample of desks against the plan before the next office move.',
  ],
  ward_beds: [
    'The ward manager goes over the bed board so what it shows for each bed matches what is at the bedside.',
    'The matron checks a sample of beds against the bed board for the monthly bed audit.',
  ],
  exam_seats: [
    'The exams officer reviews the seating so every candidate has a seat that meets their access arrangements.',
    'The exam board samples seats to confirm the seating plan follows the exam regulations.',
  ],
  warehouse_bays: [
    'The warehouse supervisor reviews the bay plan so pallets sit where the system says they are.',
    'Stock auditors sample bays to test the system locations against what is on the racking.',
  ],
  receipt_scans: [
    'Finance reviews receipt scans so each claim paid back has a receipt that supports it.',
    'Auditors sample receipts to test that expenses paid back are within the expenses policy.',
  ],
  partner_mails: [
    'The partner desk reviews partner messages so no order or query from a partner goes unanswered.',
    'Partner messages are sampled to check each request reached the desk that handles it.',
  ],
  referrals: [
    'The clinical lead reviews referrals so no patient waits past the time their urgency allows.',
    'The clinical audit samples referrals to test waiting times against the national targets.',
  ],
  appointments: [
    'The practice manager reviews appointments so no-shows and double bookings do not cost clinic time.',
    'The clinical audit samples appointments to check that follow-ups were booked in time.',
  ],
  claims: [
    'The claims team reviews claims so none sits unpaid past the insurer’s deadline.',
    'Auditors sample claims to test that each was billed with the right codes.',
  ],
  vaccinations: [
    'The practice reviews boosters so no pet falls out of cover because a reminder was missed.',
    'The practice samples boosters to check that reminders went out as recorded.',
  ],
  client_matters: [
    'The supervising partner reviews matters so unbilled time and stalled files are caught before they are written off.',
    'The risk team samples matters to test conflict checks and billing against the engagement terms.',
  ],
  contracts: [
    'Legal reviews contracts so no renewal or notice date passes without someone deciding.',
    'Auditors sample contracts to test the commitments in the books against what was signed.',
  ],
  court_deadlines: [
    'The docketing team reviews court deadlines because a missed one can cost the client the case.',
    'The risk team samples court deadlines to check each is diarised and owned.',
  ],
  legal_holds: [
    'Legal reviews holds so custodians keep what they must and holds no longer needed are released.',
    'The risk team samples legal holds to test that custodians acknowledged them.',
  ],
  trip_requests: [
    'The travel desk reviews trip requests so approvals and bookings keep pace with departure dates.',
    'Auditors sample trip requests to test that exceptions to the travel policy were approved.',
  ],
  travel_bookings: [
    'The travel desk reviews bookings so unused tickets are refunded and changes are made before fees rise.',
    'Auditors sample bookings to test that each matches an approved trip.',
  ],
  per_diem_claims: [
    'Finance reviews per diem claims so allowances paid match the days actually travelled.',
    'Auditors sample per diem claims to test the rates against the allowance table.',
  ],
  household_bills: [
    'Going over the household bills keeps late fees and forgotten direct debits from adding up.',
    'The bills are checked against the bank statements so nothing is paid twice.',
  ],
  courses: [
    'The programme committee reviews courses so each has the staff and enrolments to run.',
    'Quality assurance samples courses to check each meets the programme regulations.',
  ],
  enrolments: [
    'The registry reviews enrolments so fees and module choices are settled before teaching starts.',
    'Auditors sample enrolments to test fee status against the student record.',
  ],
  submissions: [
    'The module leader reviews submissions so marks and feedback go back within the turnaround the students were promised.',
    'The exam board samples submissions for moderation before marks are confirmed.',
  ],
  exam_sittings: [
    'The exams office reviews entries so every candidate is entered for the right paper before the board’s deadline.',
    'The awarding body samples entries to check access arrangements were approved.',
  ],
  work_orders: [
    'The production planner reviews work orders so late or stalled jobs are caught before they hold up shipments.',
    'Quality audit samples work orders to trace each to its inspection records.',
  ],
  nonconformances: [
    'The quality manager reviews NCRs so no defect is closed without a root cause and a fix.',
    'The certification auditor samples NCRs to test that corrective actions were closed out.',
  ],
  aircraft_inspections: [
    'Continuing airworthiness reviews inspections so no aircraft flies past a limit or with a finding left open.',
    'The authority’s auditor samples inspections to test them against the maintenance programme.',
  ],
  field_plots: [
    'The agronomist reviews the plots so field work happens in its window and faults on the ground are found early.',
    'The farm assurance inspector samples plots to check the spray and fertiliser records.',
  ],
  positions: [
    'The portfolio manager reviews positions so each holding still has a thesis that stands.',
    'Compliance samples positions to test them against the restricted list and the mandate limits.',
  ],
  trades: [
    'Operations reviews trades so breaks and failed settlements are chased before they cost money.',
    'Compliance samples trades to test flagged ones were cleared before settlement.',
  ],
  fx_exposures: [
    'Treasury reviews FX exposures so each is hedged in line with the hedging policy.',
    'Auditors sample FX exposures to test hedge accounting against the hedge documentation.',
  ],
  research_notes: [
    'The head of research reviews notes so published views are current and properly approved.',
    'Compliance samples research notes to check disclosures and approvals.',
  ],
  pull_requests: [
    'Engineering leads review open pull requests so none stalls or merges without the checks it needs.',
    'The change audit samples pull requests to test that each merge had an approval and green CI.',
  ],
  deployments: [
    'Release managers review deployments so failed or unapproved releases are rolled back or signed off.',
    'The change audit samples deployments to test each had an approved change record.',
  ],
  incidents: [
    'The incident manager reviews incidents so each is closed with its follow-up actions owned.',
    'The service audit samples incidents to test response times against the service levels.',
  ],
  migrations: [
    'The database team reviews schema migrations so none reaches production without a tested rollback.',
    'The change audit samples migrations to test each was reviewed before it ran.',
  ],
  datasets: [
    'The data team reviews datasets so stale or unowned data does not feed reports.',
    'Data governance samples datasets to check owners, retention and classification.',
  ],
  dashboards: [
    'The BI team reviews dashboards so the ones people rely on are fresh and the dead ones retired.',
    'Data governance samples dashboards to check their data sources are approved.',
  ],
  metric_alerts: [
    'The on-call lead reviews alerts so the ones that fire are the ones someone acts on.',
    'The reliability review samples alerts to test that each has an owner and a runbook.',
  ],
  experiments: [
    'The experimentation team reviews A/B tests so none runs past its sample size or without a decision.',
    'The analytics review samples A/B tests to check their results were read as planned.',
  ],
  stories: [
    'The desk editor reviews stories so nothing is published unchecked or left past its news value.',
    'The standards editor samples stories to check sourcing and corrections.',
  ],
  social_posts: [
    'The social team reviews scheduled posts so nothing goes out off-brand or after its moment.',
    'The brand team samples posts to check approvals and disclosure of paid content.',
  ],
  media_assets: [
    'The picture desk reviews assets so nothing is used outside its licence or without a release.',
    'Rights audit samples assets to test each use against its licence.',
  ],
  episodes: [
    'The producer reviews episodes so show notes, sponsor reads and tags are right before release.',
    'Sponsors’ auditors sample episodes to test that sold slots were delivered.',
  ],
  access_reviews: [
    'Security reviews access so no one keeps rights their job no longer needs.',
    'Auditors sample access reviews to test that each was signed off by the account’s manager.',
  ],
  data_subject_requests: [
    'The privacy team reviews requests so each is answered within the statutory month.',
    'The data protection officer samples requests to test deadlines and identity checks.',
  ],
  vendor_assessments: [
    'Procurement reviews vendor assessments so no supplier holds our data on a lapsed assessment.',
    'Auditors sample vendor assessments to test that high-risk suppliers were assessed in time.',
  ],
  security_findings: [
    'Security reviews findings so each is fixed within the deadline its severity sets.',
    'Auditors sample findings to test remediation against the deadlines.',
  ],
  workflows: [
    'The automation team reviews workflows so broken or unowned ones are fixed or switched off.',
    'IT audit samples workflows to check each has an owner and a tested trigger.',
  ],
  connectors: [
    'IT reviews app connections because each holds a token to another system, and one that few workflows use is an open door for little gain.',
    'Security audit samples app connections to test their scopes and owners.',
  ],
  workflow_runs: [
    'The automation team reviews run failures so a failing workflow is fixed before its backlog grows.',
    'IT audit samples run failures to check each was triaged.',
  ],
  agent_skills: [
    'Security reviews installed agent skills because each can act with the permissions it was given.',
    'Security audit samples agent skills to test their source and permissions.',
  ],
  papers: [
    'The reading group reviews the paper list so citations stay current and nothing retracted is relied on.',
    'The editor samples papers to check each citation against its source.',
  ],
  market_reports: [
    'The research librarian reviews market reports so the figures the team quotes are current and licensed.',
    'The licence audit samples market reports to test each use against the subscription.',
  ],
  news_items: [
    'The monitoring desk reviews news items so coverage of clients reaches them while it still matters.',
    'The monitoring lead samples news items to check triage against the client brief.',
  ],
  cited_sources: [
    'Fact-checkers review cited sources so nothing we publish rests on a dead or unreliable link.',
    'The standards editor samples cited sources to check each supports its claim.',
  ],
  room_bookings: [
    'Facilities reviews room bookings so rooms held but unused are freed for others.',
    'Facilities samples bookings to check them against who actually used the room.',
  ],
  purchase_requests: [
    'Procurement reviews purchase requests so each is approved at the right level before money is committed.',
    'Auditors sample purchase requests to test approval limits and quotes.',
  ],
  equipment_loans: [
    'The equipment desk reviews loans so kit comes back and nothing is lost off the asset register.',
    'The asset audit samples loans to trace each item on the register.',
  ],
  visitor_passes: [
    'Reception reviews visitor passes so no one is on site without a host and a valid pass.',
    'Security audit samples visitor passes to test them against the sign-in log.',
  ],
  design_requests: [
    'The studio lead reviews design requests so briefs are complete and deadlines are realistic.',
    'The brand team samples design requests to check brand sign-off.',
  ],
  chart_requests: [
    'The graphics desk reviews chart requests so each is built from checked data in time for its story.',
    'The standards editor samples charts to check their data against the source.',
  ],
  video_edits: [
    'The post-production lead reviews edits so captions, music rights and delivery dates are in order.',
    'Rights audit samples video edits to test music and footage licences.',
  ],
  web_page_builds: [
    'The web team reviews page builds so pages go live fast, findable and accessible.',
    'The web audit samples page builds to check SEO review and accessibility sign-off.',
  ],
};

/**
 * Per record type and the state a section's criteria pick: [a review's purpose, an audit sample's], for record types
 * whose line above names another state (review-purpose.ts): a review of draft research notes is not about keeping
 * published views current.
 */
export const STATE_PURPOSES: Readonly<Record<string, Readonly<Record<string, readonly [string, string]>>>> = {
  research_notes: {
    draft: [
      'The head of research reviews draft notes so none waits for approval until its view is out of date.',
      'Compliance samples draft notes to check the disclosures are in place before anyone approves them.',
    ],
  },
  trades: {
    pending: [
      'Operations reviews pending trades so each settles on its date rather than turning into a break.',
      'Compliance samples pending trades to test that flagged ones are cleared before they settle.',
    ],
  },
  pull_requests: {
    draft: [
      'Engineering leads review draft pull requests so none is left half-done while the branch drifts.',
      'The change audit samples draft pull requests to check nothing in them ships without review.',
    ],
  },
};
