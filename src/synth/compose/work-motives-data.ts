// The reasons for asking now that fit one piece of work on a record type only, by the heading of its act
// (policy-acts.ts; any one of an act's headings stands for all of them, work-keyed.ts): added to the record type's
// own reasons (occasions-data.ts MOTIVES), which fit every act. A sprayer booked is why the spraying comes first,
// never why plots are watered; a client review is why cuts go out, never why an exported edit gets its cover.
export const WORK_MOTIVES: Readonly<Record<string, Readonly<Record<string, readonly string[]>>>> = {
  tickets: Object.fromEntries(
    ['Escalation', 'Owner follow-up', 'Priority handling', 'Triage'].map((h) => [
      h,
      ['Two customers complained about response times this week'],
    ]),
  ),
  ...Object.fromEntries(
    ['order_screenshot', 'sheet_rows'].map((name) => [
      name,
      Object.fromEntries(
        ['Escalation', 'Follow-up', 'Credit hold', 'Write-off review'].map((h) => [
          h,
          ['The cash collection meeting is on {soon}', '{boss} wants the debtor list for {soon}'],
        ]),
      ),
    ]),
  ),
  customers: {
    Escalation: [
      'The renewals forecast is due on {soon}',
      '{boss} wants the at-risk accounts for the pipeline review on {soon}',
    ],
    'Renewal risk': [
      'The renewals forecast is due on {soon}',
      '{boss} wants the at-risk accounts for the pipeline review on {soon}',
    ],
    'Follow-up': ['The renewals forecast is due on {soon}'],
    Expansion: ['The upsell campaign starts on {soon}'],
  },
  products: Object.fromEntries(
    ['Restock', 'Follow-up'].map((h) => [
      h,
      [
        'The supplier call is on {soon} and I want to place the orders then',
        'We ran out of two lines last month and I want no repeat',
      ],
    ]),
  ),
  jobs: Object.fromEntries(
    ['Suspension', 'Escalation', 'Follow-up'].map((h) => [
      h,
      ['A failed nightly job cost us a day of reports last week'],
    ]),
  ),
  integrations: {
    Deactivation: ['{boss} is reviewing the integration error budget on {soon}'],
    Escalation: ['{boss} is reviewing the integration error budget on {soon}', 'Our API quota renews on {soon}'],
    'Follow-up': ['The API vendor is deprecating old endpoints at the end of the month'],
    'Usage review': [
      'Our API quota renews on {soon}',
      'The API vendor is deprecating old endpoints at the end of the month',
    ],
  },
  mails: Object.fromEntries(
    ['Reply', 'Follow-up'].map((h) => [h, ['The shared inbox has been unattended since the weekend']]),
  ),
  feed_articles: Object.fromEntries(
    ['Follow-up', 'Briefing'].map((h) => [
      h,
      ['The morning briefing pack goes out on {soon}', 'The newsletter is put together on {soon}'],
    ]),
  ),
  desk_plan: { 'Desk allocation': ['New starters arrive on {soon}'] },
  warehouse_bays: { 'Racking inspection': ['The racking inspector is here on {soon}'] },
  receipt_scans: { Reimbursement: ['The expense refunds go out with payroll on {soon}'] },
  partner_mails: Object.fromEntries(
    ['Reply', 'Routing', 'Large orders'].map((h) => [
      h,
      [
        'Two partners chased us about unanswered orders this week',
        'The warehouse closes the order book for the week on {soon}',
      ],
    ]),
  ),
  referrals: {
    Chasing: [
      'A patient rang this morning asking where their referral had got to',
      'The two-week-wait audit comes round on {soon}',
    ],
    Hold: ['The two-week-wait audit comes round on {soon}'],
    'Clinical review': ['The two-week-wait audit comes round on {soon}'],
  },
  appointments: { Cancellation: ['The phlebotomy clinic is short-staffed next week'] },
  vaccinations: { 'Booster reminder': ['The reminder run goes out on {soon}'] },
  client_matters: {
    Billing: ['The WIP meeting is on {soon}', 'Bills for the month go out on {soon}'],
    'File review': ['The WIP meeting is on {soon}', '{boss} is doing the file reviews on {soon}'],
    Closure: ['Bills for the month go out on {soon}'],
    'Conflict check': ['Two new instructions came in this week'],
  },
  contracts: Object.fromEntries(
    ['Renewal', 'Notice decision'].map((h) => [
      h,
      [
        'Two renewals rolled over last quarter before anyone saw them',
        '{boss} is reporting on the renewals to the board on {soon}',
        'The renewals report is due on {soon}',
      ],
    ]),
  ),
  legal_holds: Object.fromEntries(
    ['Escalation', 'Reminder'].map((h) => [h, ['The custodian reminders go out on {soon}']]),
  ),
  travel_bookings: {
    Ticketing: ['Fares go up after {soon}'],
    'Cancellation check': ['Two of the trips were called off this week'],
  },
  per_diem_claims: Object.fromEntries(
    ['Payment', 'Approver chase'].map((h) => [h, ['Payroll takes the claims on {soon}']]),
  ),
  household_bills: { Payment: ['The joint account gets topped up on {soon}'] },
  courses: { Timetabling: ['The prospectus goes to print on {soon}'] },
  enrolments: {
    'Attendance follow-up': ['The attendance review is on {soon}'],
    'Fee reminder': ['The census date is {soon}'],
    'Enrolment confirmation': ['The census date is {soon}'],
  },
  trades: { 'Settlement chase': ["The broker's commission statement came in"] },
  fx_exposures: Object.fromEntries(
    ['Hedging', 'Hedge roll'].map((h) => [h, ['The hedging decision is due on {soon}']]),
  ),
  research_notes: Object.fromEntries(
    ['Compliance review', 'Rating change'].map((h) => [h, ['Publishing opens again after the blackout on {soon}']]),
  ),
  datasets: Object.fromEntries(
    ['Deprecation', 'Freshness fix'].map((h) => [h, ['The warehouse migration starts on {soon}']]),
  ),
  dashboards: Object.fromEntries(
    ['Archiving', 'Delivery review'].map((h) => [h, ['The BI licence renewal is on {soon}']]),
  ),
  metric_alerts: Object.fromEntries(
    ['Threshold tuning', 'Out-of-hours review'].map((h) => [h, ['The on-call rota changes on {soon}']]),
  ),
  social_posts: Object.fromEntries(
    ['Boost stop', 'Performance review'].map((h) => [h, ['The monthly social report goes to the client on {soon}']]),
  ),
  media_assets: Object.fromEntries(
    ['Licence renewal', 'Takedown'].map((h) => [h, ['Two licences lapse at the end of the month']]),
  ),
  data_subject_requests: Object.fromEntries(
    ['Deadline priority', 'Extension notice'].map((h) => [h, ['The regulator asked about our response times']]),
  ),
  security_findings: Object.fromEntries(
    ['Triage', 'Remediation chase'].map((h) => [h, ['The penetration test retest is on {soon}']]),
  ),
  connectors: { 'Re-authentication': ['The connector vendor rotates its tokens on {soon}'] },
  market_reports: { 'Licence check': ['Licences renew at the end of the month'] },
  room_bookings: Object.fromEntries(
    ['Catering cancellation', 'Catering order'].map((h) => [h, ['Catering orders close on {soon}']]),
  ),
  visitor_passes: { Escort: ['Reception is short-staffed on {soon}'] },
  design_requests: { 'Deadline check': ['Two designers are on leave next week'] },
  video_edits: {
    'Client review': ['The client review is on {soon}', 'The edit suites are booked from {soon}'],
    'Caption check': ['The client review is on {soon}', 'The edit suites are booked from {soon}'],
    'Delivery check': ['The edits are due with the client on {soon}'],
    'Cover images': ['The edits go live on the platforms from {soon}', 'The edits are due with the client on {soon}'],
  },
  field_plots: {
    Spraying: [
      'The sprayer contractor is booked for {soon}',
      'Rain is forecast from {soon} and the spraying has to be done before it',
    ],
    Irrigation: ['The pump schedule for the next round is set on {soon}', 'Our water allocation resets on {soon}'],
    'Irrigation fault': ['The irrigation engineer is on the farm on {soon}'],
    'Probe maintenance': ['The probe technician is on the farm on {soon}'],
  },
};
