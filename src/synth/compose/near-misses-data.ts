// what nearly went wrong with one record of a type, as the people who keep them tell it: who caught it, when,
// and what it cost (occasion-stories.ts). `{day}` is a day last week ("last Tuesday"; `{Day}` at a sentence's
// start), `{who}` a colleague by first name (`{Who}` at a sentence's start). Each line fits any work on the record
// type, so that a story of a near miss is this record type's own and no one sentence opens requests of every kind.
export const NEAR_MISSES: Readonly<Record<string, readonly [string, string]>> = {
  tickets: [
    '{Day} a customer rang to chase a ticket that had sat unassigned for four days, and {who} only caught it because they knew the name',
    "One ticket breached its SLA {day} because it had been filed in the wrong queue, and the customer's manager wrote in about it",
  ],
  customers: [
    'We nearly let a renewal lapse {day}: {who} noticed that one customer account had gone three months without a call, a week before its contract ended',
    '{Day} a customer we had down as dormant turned out to have a renewal open, and {who} only heard because they emailed us',
  ],
  products: [
    '{Day} we nearly sold stock we did not have: the count on one product was forty units out, and {who} caught it at packing',
    'A product showed as in stock {day} after the last box had gone, and {who} had to ring the customer to say their order would be late',
  ],
  transactions: [
    '{Day} {who} nearly paid one supplier twice, because a transaction had sat unmatched since the month before',
    'The card statement came in {day} with a charge nobody could match to a receipt, and {who} lost the afternoon chasing it',
  ],
  jobs: [
    'A nightly job failed without an alert {day}, and nobody noticed until {who} saw the export was two days stale',
    '{Day} two scheduled jobs ran over each other and locked the reporting database for an hour before {who} stopped one',
  ],
  integrations: [
    '{Day} an integration was still syncing with a key that should have been revoked, and {who} only saw it in the audit log',
    'An integration nobody uses any more threw errors all night {day} and paged {who} at three in the morning',
  ],
  tasks: [
    '{Day} a to-do for a client call went past its date and {who} had to apologise for the missed call',
    '{Day} I found a to-do from the month before, still on my list, that should have gone to {who}',
  ],
  sheet_rows: [
    '{Day} a customer rang about an order marked as shipped that had never left, and {who} had to rebook the courier',
    'We nearly invoiced one order twice {day}; {who} in credit control caught it when the customer queried the statement',
  ],
  order_screenshot: [
    '{Day} a customer rang about an order marked as shipped that had never left, and {who} had to rebook the courier',
    'We nearly invoiced one order twice {day}; {who} in credit control caught it when the customer queried the statement',
  ],
  mails: [
    "A customer's message sat unread in the shared inbox from {day} until {who} found it three days later",
    '{Day} two of us answered the same message without knowing, and the sender got two different answers',
  ],
  feed_articles: [
    '{Day} we nearly circulated a news article the publisher had already corrected, and {who} caught it just before the briefing went out',
    '{Who} quoted a news article in the briefing {day} that turned out to be a week old',
  ],
  desk_plan: [
    '{Day} two new starters were given the same desk, and {who} spent the morning finding one of them somewhere to sit',
    "A desk shown as free on the plan had someone's kit on it {day}, and {who} had to move a visitor twice",
  ],
  ward_beds: [
    '{Day} a patient waited two hours in recovery because a bed showed as clean on the plan while it was still being cleaned',
    '{Day} we nearly admitted a patient to a bed blocked for infection control; {who} caught it at handover',
  ],
  exam_seats: [
    'At the sitting {day} two candidates were sent to the same seat, and the start was held up ten minutes while {who} sorted it out',
    '{Day} a candidate with extra time was seated where the invigilator could not see them, and {who} had to move them after the start',
  ],
  warehouse_bays: [
    '{Day} a delivery was put away into a bay that was already full, and {who} spent the shift finding the pallets again',
    'A pallet bay shown as empty on the plan had stock in it {day}, and the driver nearly put a second pallet on top',
  ],
  receipt_scans: [
    "{Day} an expense claim went to finance with a receipt from someone else's claim attached, and {who} had to pull it back",
    'Finance bounced a claim {day} because the receipt scan could not be read, and {who} had to dig out the paper copy',
  ],
  partner_mails: [
    "A partner's message sat unanswered from {day} because nobody could read the language it was in, and they chased us through {who}",
    "{Day} {who} found that a partner's change of terms had gone a week without a reply",
  ],
  referrals: [
    '{Day} an urgent referral turned up in the routine pile, and {who} only found it when the GP rang to chase',
    'A referral went back to the GP {day} after six weeks with no appointment, and {who} had to explain why',
  ],
  appointments: [
    '{Day} a patient turned up for an appointment we had cancelled without telling them, and {who} had to fit them in',
    'Two patients were booked into the same slot {day}, and {who} ran forty minutes late all afternoon',
  ],
  claims: [
    '{Day} the insurer turned down a claim because it went in after their deadline, and {who} had to write the fee off',
    'An insurance claim came back {day} for a missing code, three weeks after it should have been paid',
  ],
  vaccinations: [
    '{Day} a dog came in for kennels with its booster lapsed because the reminder never went out, and {who} had to turn it away',
    "An owner rang {day}, upset that nobody had told them their cat's booster was overdue",
  ],
  client_matters: [
    '{Day} the risk partner found a matter with no conflict check on file, six months after it was opened',
    'A client asked {who} {day} for news of a matter nobody had touched in months',
  ],
  contracts: [
    '{Day} a supplier contract rolled over for another year because nobody gave notice in time, and {who} is now stuck with it',
    'We almost missed the notice date on a contract {day}; {who} spotted it with two days to spare',
  ],
  court_deadlines: [
    "{Day} {who} found a court deadline in the diary with nobody's name against it, three days before it fell",
    'We came within a day of missing a filing {day} because the diary entry had the wrong date on it',
  ],
  legal_holds: [
    '{Day} IT nearly wiped the mailbox of a custodian who was still under a hold, and {who} stopped it with an hour to spare',
    'A custodian left {day} without anyone checking whether a hold covered them, and {who} had to ask IT to restore their files',
  ],
  trip_requests: [
    '{Day} a traveller booked a trip that had never been approved, and {who} had to decide whether we would pay for it',
    'A trip request sat with an approver on leave from {day}, and the fares had gone up by the time {who} found it',
  ],
  travel_bookings: [
    '{Day} a traveller reached a hotel that had no booking for them, and {who} had to rebook at twice the rate',
    'We paid {day} for a flight that had been cancelled a week earlier, and {who} is still chasing the refund',
  ],
  per_diem_claims: [
    '{Day} a per diem claim was paid twice because it had been filed under two trips, and {who} had to get it back through payroll',
    "A per diem claim came back from finance {day} because it used last year's rates",
  ],
  household_bills: [
    '{Day} the energy bill went unpaid because the direct debit had been cancelled, and a late fee came with the reminder',
    'A final reminder came {day} for a bill I was sure had been paid the month before',
  ],
  courses: [
    '{Day} students turned up to a course that had moved rooms, and {who} had no way of telling them',
    "A course went into the prospectus {day} with last year's lead on it, and {who} got all the enquiries",
  ],
  enrolments: [
    '{Day} a student found they were not enrolled on a module they had been attending for three weeks, and {who} had to fix it before the register closed',
    'A student was nearly withdrawn {day} over an enrolment that was never finished; {who} caught it at the last check',
  ],
  submissions: [
    '{Day} a submission was marked late when the student had an extension, and {who} had to reissue the mark',
    'A submission went past its return date unmarked {day}, and the student complained to {who}',
  ],
  exam_sittings: [
    '{Day} a candidate turned out to be entered for the wrong tier, and {who} paid a late fee to change it',
    'We nearly missed an access arrangements application {day}; {who} found it the day before the deadline',
  ],
  work_orders: [
    '{Day} the line stood idle for two hours because a work order was released without its materials, and {who} had to reshuffle the shift',
    'A work order was built twice {day} because it still showed as open after it was finished',
  ],
  nonconformances: [
    '{Day} a customer sent back a batch for a defect we had raised an NCR on months ago and never closed',
    'An NCR sat open from {day} with no containment, and {who} found suspect parts already in finished stock',
  ],
  aircraft_inspections: [
    '{Day} an aircraft was nearly released with an inspection overdue, and {who} caught it at the tech log check',
    'An inspection card went missing from the work pack {day}, and {who} kept the aircraft on the ground for an extra hour',
  ],
  field_plots: [
    '{Day} a plot was sprayed twice because its record still showed it untreated, and {who} had to report it',
    "A trial plot was harvested {day} before its notes were taken, and {who} lost a season's data",
  ],
  positions: [
    '{Day} a position drifted past its limit for two days before {who} saw it on the risk report',
    'The investment committee asked {who} {day} about a position nobody had reviewed since it was opened',
  ],
  trades: [
    '{Day} a trade went through in a name on the restricted list, and {who} had to file a breach report',
    'A trade failed to settle {day} and nobody noticed until the custodian rang {who}',
  ],
  fx_exposures: [
    '{Day} a hedge expired and the exposure sat open for two days before {who} saw it',
    'An FX exposure was booked in the wrong currency {day}, and {who} only found it at the month-end revaluation',
  ],
  research_notes: [
    '{Day} a research note went out to clients without compliance sign-off, and {who} had to recall it',
    'A client asked {who} {day} about a research note that still quoted an old price target',
  ],
  pull_requests: [
    '{Day} a pull request was merged without review and broke the build for the afternoon until {who} reverted it',
    'A pull request waited for review from {day} until its branch was too far behind to merge',
  ],
  deployments: [
    '{Day} a deployment went out without a change record, and {who} had to explain it to the change board',
    'A deployment {day} shipped a config meant for staging, and {who} rolled it back after an hour',
  ],
  incidents: [
    '{Day} an incident was closed without a postmortem, and the same fault was back two days later',
    'An incident sat with no commander for forty minutes {day} because {who} had gone off shift',
  ],
  migrations: [
    '{Day} a schema migration ran on production before anyone had tried it on staging, and {who} spent the evening restoring a table',
    'A migration was nearly applied twice {day} because its status was never updated',
  ],
  datasets: [
    '{Day} a report went out built on a dataset that had not been refreshed in a month, and {who} had to reissue it',
    'A dataset with customer emails in it turned up in the shared area {day}, and {who} had to lock it down',
  ],
  dashboards: [
    '{Day} the leadership team read a figure off a dashboard that had stopped refreshing, and {who} had to correct it in the meeting',
    "A dashboard was still showing last quarter's targets {day}, and {who} was asked why sales looked so good",
  ],
  metric_alerts: [
    '{Day} a metric alert fired all night and nobody looked, because everyone assumed {who} had it',
    'A real drop in sign-ups {day} went unnoticed because its alert had been muted weeks before',
  ],
  experiments: [
    '{Day} {who} found an A/B test still running a month after it had been called, with half our users on the losing version',
    'We nearly shipped a change {day} on the result of an A/B test that had never reached its sample size',
  ],
  stories: [
    '{Day} a story went live with an unchecked quote, and {who} had to run a correction the next morning',
    'A story missed its slot {day} because nobody had cleared the pictures',
  ],
  social_posts: [
    '{Day} a social post went out with the wrong date for the event, and {who} had to take it down and apologise',
    'A scheduled social post ran {day} for a campaign that had been cancelled',
  ],
  media_assets: [
    '{Day} we ran a picture whose licence had run out, and the agency sent {who} an invoice for it',
    'An image went out {day} with no credit line, and the photographer complained to {who}',
  ],
  episodes: [
    '{Day} an episode went out with a segment we had agreed to cut, and {who} had to take it down',
    'An episode nearly aired {day} with its music not cleared; {who} caught it in the final check',
  ],
  access_reviews: [
    '{Day} the auditors found a leaver who still had admin access two months after they left',
    'An access review was signed off {day} by someone approving their own access, and {who} had to redo it',
  ],
  data_subject_requests: [
    '{Day} {who} found a data subject request in the queue two days from its one-month deadline',
    'A requester complained to the regulator {day} after we missed the deadline on their request',
  ],
  vendor_assessments: [
    '{Day} procurement renewed a vendor whose assessment had lapsed a year before, and {who} only found out in the audit',
    'A vendor reported a breach {day} and nobody could find their last assessment, so {who} had to start one from scratch',
  ],
  security_findings: [
    '{Day} the pen testers raised a finding we had closed as fixed months ago, and {who} had to reopen it',
    'A critical finding had no one on it from {day} until the scanner flagged it again',
  ],
  workflows: [
    '{Day} a workflow was still emailing customers from a template we had retired, and {who} only heard about it from a complaint',
    'A workflow owned by someone who had left broke {day}, and nobody knew how it worked until {who} dug in',
  ],
  connectors: [
    "{Day} an app connection was still authorised under a leaver's account, and {who} only saw it in the audit log",
    'An app connection expired {day} and the nightly sync failed quietly for a week before {who} noticed',
  ],
  workflow_runs: [
    '{Day} a failed run went unnoticed for three days, and {who} had to replay a week of orders by hand',
    'The same run failed every night from {day} until a customer asked {who} why their invoice never came',
  ],
  agent_skills: [
    '{Day} an agent skill quoted a refund policy we had retired, and {who} had to contact the customer',
    'An agent skill broke {day} when the API behind it changed, and {who} had to switch it off',
  ],
  papers: [
    '{Day} we nearly cited a retracted paper in the review, and {who} caught it on the last read',
    "A paper sat on {who}'s reading list from {day} and never made it into the draft",
  ],
  market_reports: [
    '{Day} a client was sent a market report a year out of date, and {who} had to send the new one with an apology',
    'We renewed a market report subscription {day} that nobody had opened in a year',
  ],
  news_items: [
    '{Day} a client asked {who} about a news item we had missed in the briefing',
    'A news item went into the briefing {day} that the company had already denied',
  ],
  cited_sources: [
    '{Day} a cited page turned out to no longer say what we quoted, and {who} had to correct the report',
    'The fact-check found {day} that one of our sources was a press release we had passed off as research',
  ],
  room_bookings: [
    '{Day} two teams turned up to the same meeting room, and {who} had to find one of them somewhere else',
    'A booking for a client visit vanished {day}, and {who} ended up hosting them in the kitchen',
  ],
  purchase_requests: [
    "{Day} a purchase request sat unapproved until the supplier's price went up, and {who} had to get a new quote",
    'We nearly ordered the same chairs twice {day} because two people had raised a request for them',
  ],
  equipment_loans: [
    '{Day} a loan laptop went missing and nobody could say who had it last, so {who} had to report it to the insurer',
    'A borrower left {day} with a camera still out on loan, and {who} is still chasing it',
  ],
  visitor_passes: [
    '{Day} a visitor still showed as on site two days after leaving, and the fire marshal counted them in the drill',
    'A visitor pass was never handed back {day}, and {who} had to disable it after the visitor had gone',
  ],
  design_requests: [
    '{Day} a design request missed its print date because nobody had picked it up, and {who} had to pay for a rush job',
    'Two designers worked on the same request {day} without knowing, and {who} had to choose between them',
  ],
  chart_requests: [
    "{Day} a chart went into the report with last quarter's figures, and {who} had to have the page reprinted",
    'A chart request sat with nobody on it from {day} until the author chased {who}',
  ],
  video_edits: [
    '{Day} a video edit went to the client with the old logo in it, and {who} had to re-export it overnight',
    'A video edit missed its slot {day} because nobody knew it was waiting for sign-off',
  ],
  web_page_builds: [
    '{Day} a page went live with placeholder text on it, and the client spotted it before {who} did',
    'A page build was handed over {day} without its redirects, and {who} spent two days fixing broken links',
  ],
};
