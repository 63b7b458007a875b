import type { FigureAgg } from './figure-use-types.js';

// What a figure decides in the team that keeps the records, beside the meeting it is taken to (figure-uses-data.ts):
// the head nurse books nurse time by it, the maintenance manager hangar slots. Said after "needs it": "to …", in
// the team's own terms, so a request's closing line says what the number is for and not only where it is read
// ("the finance controller needs it for the expenses run" in every task). Each fits every work on the record type
// (a count of the picked records is the work's size, whatever the work): the people, slots or money it takes.
// A work with a use of its own (figure-uses-work.ts) and a count split by a field keep theirs.

export const FIGURE_DECISIONS: Readonly<Record<string, Partial<Record<FigureAgg, readonly string[]>>>> = {
  tickets: { count: ['to decide whether to pull someone off project work onto the queue'] },
  customers: { count: ['to split the calls between the account managers'] },
  transactions: { count: ['to judge how much of the close they will take'] },
  jobs: { count: ['to see whether the work fits in this sprint'] },
  integrations: { count: ['to see how much of the next change window they need'] },
  tasks: { count: ['to decide what drops off this week’s plan'] },
  sheet_rows: { count: ['to split the work between the credit team'], sum: ['to update the cash forecast'] },
  order_screenshot: { count: ['to split the work between the credit team'], sum: ['to update the cash forecast'] },
  mails: { count: ['to decide whether the inbox needs a second person this week'] },
  receipt_scans: { count: ['to see whether they can all be dealt with before the payroll cut-off'] },
  referrals: { count: ['to plan the admin time the referrals need this week'] },
  appointments: { count: ['to plan the reception team’s phone time'] },
  claims: { count: ['to plan the billing team’s calls to the insurers'], sum: ['to adjust the cash forecast'] },
  client_matters: { count: ['to spread the work across the associates'] },
  contracts: { count: ['to see whether legal can get through them before the deadlines'] },
  court_deadlines: { count: ['to check the diary has fee-earner cover for each of them'] },
  legal_holds: { count: ['to plan the litigation support team’s week'] },
  trip_requests: { count: ['to see how much of the approvers’ time they take'] },
  travel_bookings: { count: ['to decide whether the travel agency handles them or we do'] },
  per_diem_claims: { count: ['to see whether they make this month’s payroll'] },
  household_bills: { count: ['to sort them out in one sitting'] },
  courses: { count: ['to plan the rooms and tutors for the term'] },
  enrolments: { count: ['to plan the admissions office’s week'] },
  submissions: { count: ['to split the marking between the markers'] },
  exam_sittings: { count: ['to plan the rooms and invigilators for the series'] },
  work_orders: { count: ['to decide whether the line needs an extra shift'] },
  nonconformances: { count: ['to plan the quality engineers’ week'] },
  aircraft_inspections: { count: ['to plan the hangar slots and engineers'] },
  field_plots: { count: ['to plan the days the sprayer and the crew are needed'] },
  positions: { count: ['to set the length of the investment committee agenda'] },
  trades: { count: ['to plan the operations team’s day'], sum: ['to check the settlement funding'] },
  fx_exposures: { count: ['to plan the calls to the banks'] },
  research_notes: { count: ['to see how much compliance time they need before they go out'] },
  pull_requests: { count: ['to decide whether the release waits for them'] },
  deployments: { count: ['to decide whether to freeze changes until they are checked'] },
  incidents: { count: ['to plan the on-call team’s follow-up work'] },
  migrations: { count: ['to see whether they fit in one maintenance window'] },
  datasets: { count: ['to plan the data engineers’ week'] },
  dashboards: { count: ['to plan the BI team’s clean-up time'] },
  metric_alerts: { count: ['to decide whether the alert thresholds need retuning'] },
  experiments: { count: ['to see how much traffic is left for new tests'] },
  stories: { count: ['to decide whether the desk needs another sub-editor on shift'] },
  social_posts: { count: ['to plan the social team’s week'] },
  media_assets: { count: ['to plan the rights team’s work with the agencies'] },
  episodes: { count: ['to plan the producers’ time before release'] },
  access_reviews: { count: ['to plan the reminders to the system owners'] },
  data_subject_requests: { count: ['to decide whether to ask the legal team for help'] },
  vendor_assessments: { count: ['to plan the procurement team’s quarter'] },
  security_findings: { count: ['to decide whether to ask for a remediation sprint'] },
  workflows: { count: ['to plan the automation team’s week'] },
  connectors: { count: ['to plan the time with the app admins'] },
  workflow_runs: { count: ['to decide whether the retry policy needs changing'] },
  agent_skills: { count: ['to plan the permission reviews'] },
  papers: { count: ['to split the reading across the group'] },
  market_reports: { count: ['to plan the analysts’ reading time'] },
  news_items: { count: ['to see how much of the briefing they fill'] },
  cited_sources: { count: ['to see how long the fact-check will take'] },
  room_bookings: { count: ['to plan the facilities staff for the day'] },
  purchase_requests: { count: ['to plan the purchasing team’s week'] },
  equipment_loans: { count: ['to plan the IT desk’s week'] },
  visitor_passes: { count: ['to decide how many people reception needs on the day'] },
  design_requests: { count: ['to decide whether to bring in a freelancer'] },
  chart_requests: { count: ['to see whether the graphics desk can take them all this week'] },
  video_edits: { count: ['to decide whether to book an extra edit suite'] },
  web_page_builds: { count: ['to decide whether the launch dates need moving'] },
};

/** A record type's figure uses with what each figure decides added to its own (a use with a reader of its own kept). */
export function withDecisions<F extends Partial<Record<FigureAgg, unknown>>>(name: string, figures: F): F {
  const more = FIGURE_DECISIONS[name];
  if (!more) return figures;
  const out: Record<string, unknown> = { ...figures };
  for (const [agg, uses] of Object.entries(more)) {
    const own = out[agg];
    if (Array.isArray(own)) out[agg] = [...own, ...(uses as readonly string[])];
  }
  return out as F;
}
