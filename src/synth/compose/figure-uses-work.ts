import type { FigureUses } from './figure-use-types.js';

// The uses of a figure that one piece of work on a record type has (by its act's heading, any one of an act's
// headings standing for all, work-keyed.ts), in place of the record type's own for that aggregate, which fit every
// act (figure-uses-data.ts): the sprayed area books the sprayer, the watered sets the pump hours; the traffic we
// would lose is sized for a switch-off, never for a credentials check.

const each = (headings: readonly string[], figures: FigureUses['figures']) =>
  Object.fromEntries(headings.map((h) => [h, figures]));

export const FIGURE_WORK_USES: Readonly<Record<string, NonNullable<FigureUses['work']>>> = {
  customers: {
    ...each(['Escalation', 'Renewal risk'], {
      sum: ['to size the revenue at stake for the pipeline review', 'for the renewals forecast'],
    }),
    'Follow-up': { sum: ['for the renewals forecast'] },
    Expansion: { sum: ['to size the upsell opportunity for the pipeline review'] },
  },
  products: each(['Restock', 'Follow-up'], {
    min: ['to decide which order goes to the supplier first', 'to see how close we are to running out'],
    count: ['for the replenishment meeting'],
  }),
  transactions: { Accrual: { sum: ['for the month-end accruals'] } },
  integrations: {
    Deactivation: { sum: ['to size the traffic we would lose'] },
    Escalation: { sum: ['to check the traffic against our API quota'] },
    'Usage review': { sum: ['to size the traffic we would lose', 'to check the traffic against our API quota'] },
  },
  sheet_rows: each(['Escalation', 'Follow-up'], { max: ['to decide which customer to phone first'] }),
  order_screenshot: each(['Escalation', 'Follow-up'], { max: ['to decide which customer to phone first'] }),
  feed_articles: each(['Follow-up', 'Briefing'], {
    sum: ['to see whether they fit in the newsletter'],
    count: ['for the morning briefing'],
  }),
  receipt_scans: { Reimbursement: { sum: ['to pay back through this month’s payroll', 'for the expenses run'] } },
  appointments: { Cancellation: { sum: ['to rework the clinic sessions', 'to plan the clinic sessions'] } },
  claims: { 'Claim query': { sum: ['to chase the insurers with the right total', 'for the month-end figures'] } },
  client_matters: {
    Billing: {
      sum: ['for the WIP meeting', 'to see how much time is waiting to be billed'],
      max: ['to decide which bill goes out first'],
    },
    'File review': { sum: ['for the WIP meeting'] },
  },
  contracts: each(['Renewal', 'Notice decision'], {
    sum: ['to see how much contract value is up for renewal', 'for the renewals report'],
    max: ['to know which renewal to negotiate first'],
    count: ['for the renewals report'],
  }),
  courses: each(['Timetabling', 'Tutorial group planning'], {
    sum: ['to see how many places we are offering', 'for the programme committee'],
  }),
  enrolments: { 'Attendance follow-up': { count: ['for the attendance review'] } },
  submissions: { Extension: { max: ['to see whether any needs a formal extension hearing'] } },
  per_diem_claims: { Payment: { sum: ['to book the payment run', 'for the expenses run'] } },
  household_bills: { Payment: { sum: ['to top up the joint account', 'to split the bills'] } },
  // (a held order is not run: no line time is booked for it)
  work_orders: {
    Expediting: { max: ['to book line time for the biggest run', 'to check material for the biggest run'] },
  },
  trades: { 'Settlement chase': { sum: ["to reconcile against the broker's commission statement"] } },
  fx_exposures: {
    Hedging: {
      sum: ['to size the hedge for the risk committee', 'for the hedging decision'],
      max: ['to know which exposure to hedge first'],
    },
    'Hedge roll': { sum: ['to size the hedge for the risk committee', 'for the hedging decision'] },
  },
  datasets: each(['Deprecation', 'Freshness fix'], { sum: ['to size the backfill', 'to estimate the reload time'] }),
  dashboards: each(['Archiving', 'Delivery review'], { sum: ['to see how much use we would lose'] }),
  experiments: each(['Readout', 'Ship decision'], { min: ['to check the smallest test against the power threshold'] }),
  media_assets: {
    'Licence renewal': { sum: ['to check against the rights budget', 'for the rights check with legal'] },
  },
  workflow_runs: { 'Timeout review': { max: ['to compare with the step timeout'] } },
  market_reports: { 'Licence check': { sum: ['for the licence renewal'] } },
  news_items: { Flagging: { max: ['to know which story to brief the client on first'] } },
  room_bookings: each(['Catering cancellation', 'Catering order'], { sum: ['for the catering order'] }),
  visitor_passes: { Escort: { sum: ['to plan reception cover', 'for the fire register'] } },
  video_edits: each(['Client review', 'Caption check'], {
    max: ['to book enough edit time for the longest cut', 'to check the longest cut against the slot'],
    count: ['to book the edit suites', 'for the production meeting'],
  }),
  web_page_builds: { 'Performance fix': { min: ['to see how far the worst page is from our target'] } },
  field_plots: {
    Spraying: {
      sum: ['to work out how much product to order', 'to book the sprayer for the right number of hectares'],
    },
    Irrigation: { sum: ['to set the pump hours', 'to check the round against our water allocation'] },
    'Irrigation fault': { sum: ['to tell the irrigation engineer how much ground is affected'] },
    'Probe maintenance': { count: ["to plan the technician's round"] },
  },
};
