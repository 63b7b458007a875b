import type { FigureUses } from './figure-use-types.js';

// The uses of a figure that one piece of work on a record type has (by its act's heading, any one of an act's
// headings standing for all, work-keyed.ts), in place of the record type's own for that aggregate, which fit every
// act (figure-uses-data.ts): the sprayed area books the sprayer, the watered sets the pump hours; the traffic we
// would lose is sized for a switch-off, never for a credentials check. At least three each, as the work may be
// every task a record type has.

const each = (headings: readonly string[], figures: FigureUses['figures']) =>
  Object.fromEntries(headings.map((h) => [h, figures]));

// the orders of a sheet and of a screenshot of one, chased alike
const ORDERS = each(['Escalation', 'Follow-up'], {
  max: [
    'to decide which customer to phone first',
    'to decide whether the sales director should call',
    'to see which account to put on stop first',
  ],
});

export const FIGURE_WORK_USES: Readonly<Record<string, NonNullable<FigureUses['work']>>> = {
  customers: {
    ...each(['Escalation', 'Renewal risk'], {
      sum: [
        'to size the revenue at stake for the pipeline review',
        'for the renewals forecast',
        'for the churn-risk review',
        { reader: 'customer success lead', for: ['to decide which accounts get an executive sponsor'] },
      ],
    }),
    'Follow-up': {
      sum: ['for the renewals forecast', 'for the pipeline review', 'to see how much revenue is waiting on a reply'],
    },
    Expansion: {
      sum: [
        'to size the upsell opportunity for the pipeline review',
        'for the expansion targets',
        "to set the account managers' upsell targets",
      ],
    },
  },
  products: each(['Restock', 'Follow-up'], {
    min: [
      'to decide which order goes to the supplier first',
      'to see how close we are to running out',
      'to decide whether to pay for express delivery',
    ],
    count: ['for the replenishment meeting', 'to plan the supplier orders', 'for the buying team huddle'],
  }),
  transactions: {
    Accrual: {
      sum: ['for the month-end accruals', 'to post the accrual journal', 'to compare with last month’s accruals'],
    },
  },
  integrations: {
    Deactivation: {
      sum: ['to size the traffic we would lose', 'to warn the teams that depend on them', 'for the switch-off plan'],
    },
    Escalation: {
      sum: [
        'to check the traffic against our API quota',
        'to tell the owners how much traffic is affected',
        'for the incident channel update',
      ],
    },
    'Usage review': {
      sum: [
        'to size the traffic we would lose',
        'to check the traffic against our API quota',
        'to decide whether we need a higher API tier',
      ],
    },
  },
  sheet_rows: ORDERS,
  order_screenshot: ORDERS,
  feed_articles: each(['Follow-up', 'Briefing'], {
    sum: [
      'to see whether they fit in the newsletter',
      'to plan the reading time for the briefing',
      'to see how long the briefing pack will be',
    ],
    count: ['for the morning briefing', 'to plan the briefing slots', 'for the news digest'],
  }),
  receipt_scans: {
    Reimbursement: {
      sum: [
        'to pay back through this month’s payroll',
        'for the expenses run',
        'to check the reimbursements against the expenses budget',
        {
          reader: 'payroll officer',
          for: ['to add the repayments to this month’s payroll', 'to check the payroll funding covers the repayments'],
        },
      ],
    },
  },
  appointments: {
    Cancellation: {
      sum: [
        'to rework the clinic sessions',
        'to see how much clinician time is freed up',
        { reader: 'reception lead', for: ['to plan the calls to rebook the patients'] },
      ],
    },
  },
  claims: {
    'Claim query': {
      sum: [
        'to chase the insurers with the right total',
        'for the month-end figures',
        'to see how much income is held up',
      ],
    },
  },
  client_matters: {
    Billing: {
      sum: ['for the WIP meeting', 'to see how much time is waiting to be billed', 'for the billing run'],
      max: [
        'to decide which bill goes out first',
        "to see whether the biggest bill needs the client partner's sign-off",
        'to check the largest against the engagement letter estimate',
      ],
    },
    'File review': {
      sum: ['for the WIP meeting', 'for the file review notes', 'to see how much unbilled time the review covers'],
    },
  },
  contracts: each(['Renewal', 'Notice decision'], {
    sum: [
      'to see how much contract value is up for renewal',
      'for the renewals report',
      { reader: 'procurement lead', for: ['to plan the renegotiations'] },
    ],
    max: [
      'to know which renewal to negotiate first',
      'to see whether the largest renewal needs board approval',
      'to decide where to start the renegotiations',
    ],
    count: ['for the renewals report', 'to plan the notice letters', 'for the renewals meeting'],
  }),
  courses: each(['Timetabling', 'Tutorial group planning'], {
    sum: [
      'to see how many places we are offering',
      'to book enough teaching rooms',
      { reader: 'timetabling officer', for: ['to plan the room allocation'] },
    ],
  }),
  enrolments: {
    'Attendance follow-up': {
      count: [
        'for the attendance review',
        'for the student support meeting',
        { reader: 'student welfare officer', for: ['to plan the welfare calls'] },
      ],
    },
  },
  submissions: {
    Extension: {
      max: [
        'to see whether any needs a formal extension hearing',
        'to check the longest delay against the extension limit',
        'for the extensions panel',
      ],
    },
  },
  per_diem_claims: {
    Payment: {
      sum: ['to book the payment run', 'for the expenses run', 'to check the bank can cover the payment run'],
    },
  },
  household_bills: {
    Payment: {
      sum: [
        'to top up the joint account',
        'to split the bills',
        'to check there is enough in the joint account before the payments go out',
      ],
    },
  },
  // (a held order is not run: no line time is booked for it)
  work_orders: {
    Expediting: {
      max: [
        'to book line time for the biggest run',
        'to check material for the biggest run',
        'to decide whether the biggest run needs overtime',
      ],
    },
  },
  trades: {
    'Settlement chase': {
      sum: [
        "to reconcile against the broker's commission statement",
        'to chase the brokers with the right total',
        'for the settlement fails report',
      ],
    },
  },
  fx_exposures: {
    Hedging: {
      sum: [
        'to size the hedge for the risk committee',
        'for the hedging decision',
        { reader: 'treasurer', for: ['to book the forwards with the banks'] },
      ],
      max: [
        'to know which exposure to hedge first',
        'to check the largest against the bank’s dealing limit',
        'to decide which hedge to put on first',
      ],
    },
    'Hedge roll': {
      sum: ['to size the hedge for the risk committee', 'for the hedging decision', 'to book the roll with the banks'],
    },
  },
  // (a deprecation frees storage; a freshness fix reloads: "the compute for the reload" of deprecated data read as
  // the opposite of the work, review 52)
  datasets: {
    Deprecation: {
      sum: [
        'to see how much storage we free up',
        'to tell the consumers how much data is going',
        'for the storage forecast',
      ],
    },
    'Freshness fix': {
      sum: ['to size the backfill', 'to estimate the reload time', 'to book the warehouse compute for the reload'],
    },
  },
  dashboards: each(['Archiving', 'Delivery review'], {
    sum: [
      'to see how much use we would lose',
      'to tell the dashboard owners how much use is at stake',
      'to decide whether to warn the business users first',
    ],
  }),
  experiments: each(['Readout', 'Ship decision'], {
    min: [
      'to check the smallest test against the power threshold',
      'to see whether every readout can be trusted',
      'to decide whether any result should wait for more users',
    ],
  }),
  media_assets: {
    'Licence renewal': {
      sum: [
        'to check against the rights budget',
        'for the rights check with legal',
        'to negotiate the renewals with the agencies',
      ],
    },
  },
  workflow_runs: {
    'Timeout review': {
      max: [
        'to compare with the step timeout',
        'to set the new timeout',
        'to see how far past the timeout the slowest run went',
      ],
    },
  },
  market_reports: {
    'Licence check': {
      sum: [
        'for the licence renewal',
        'to check the invoices against the licences',
        'to see how much licence cost is at stake',
      ],
    },
  },
  news_items: {
    Flagging: {
      max: [
        'to know which story to brief the client on first',
        'to decide whether the client needs a call today',
        { reader: 'press officer', for: ['to decide whether to prepare a statement'] },
      ],
    },
  },
  room_bookings: each(['Catering cancellation', 'Catering order'], {
    sum: ['for the catering order', 'to tell the caterers how many to expect', 'to check against the catering budget'],
  }),
  visitor_passes: { Escort: { sum: ['to plan reception cover', 'for the fire register', 'to book enough escorts'] } },
  video_edits: each(['Client review', 'Caption check'], {
    max: [
      'to book enough edit time for the longest cut',
      'to check the longest cut against the slot',
      'to book enough viewing time for the longest cut',
    ],
    count: ['to book the edit suites', 'for the post-production meeting', 'to plan the review sessions'],
  }),
  web_page_builds: {
    'Performance fix': {
      min: [
        'to see how far the worst page is from our target',
        'to plan the performance sprint',
        'to decide whether the launch waits for the fix',
      ],
    },
  },
  field_plots: {
    Spraying: {
      sum: [
        'to work out how much product to order',
        'to book the sprayer for the right number of hectares',
        'for the spray record',
      ],
    },
    Irrigation: {
      sum: [
        'to set the pump hours',
        'to check the round against our water allocation',
        'to see how much of the water allocation the round will use',
      ],
    },
    'Irrigation fault': {
      sum: [
        'to tell the irrigation engineer how much ground is affected',
        'to see how much crop is at risk while the fault lasts',
        'for the crop insurance notification',
      ],
    },
    'Probe maintenance': {
      count: ["to plan the technician's round", 'to order spare probes', 'for the probe service log'],
    },
  },
};
