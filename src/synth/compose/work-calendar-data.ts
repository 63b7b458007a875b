// The team dates that belong to one piece of work on a record type only, by the heading of its act (any of an
// act's headings stands for all, work-keyed.ts), beside the team's own (team-calendar-data.ts), which fit all its
// work: the spray planning meeting is why plots are sprayed, never why they are watered; the client review is
// for the cuts, never for the cover of an exported edit.

// the gatherings ("raised at the …")
export const WORK_EVENTS: Readonly<Record<string, Readonly<Record<string, readonly string[]>>>> = {
  customers: {
    Escalation: ['the renewals meeting'],
    'Renewal risk': ['the renewals meeting'],
    'Follow-up': ['the renewals meeting'],
  },
  products: { Restock: ['the supplier call'], 'Follow-up': ['the supplier call'] },
  client_matters: { Billing: ['the WIP meeting'], 'File review': ['the WIP meeting'], Closure: ['the WIP meeting'] },
  contracts: { Renewal: ['the renewals meeting'], 'Notice decision': ['the renewals meeting'] },
  enrolments: { 'Attendance follow-up': ['the attendance review'] },
  field_plots: { Spraying: ['the spray planning meeting'] },
  video_edits: { 'Client review': ['the client review'], 'Caption check': ['the client review'] },
};

// the other dates (a run, a window, a visit: "before the …")
export const WORK_DEADLINES: Readonly<Record<string, Readonly<Record<string, readonly string[]>>>> = {
  warehouse_bays: { 'Racking inspection': ['the racking inspection'] },
  vaccinations: { 'Booster reminder': ['the reminder run'] },
  contracts: { Renewal: ['the renewals report'], 'Notice decision': ['the renewals report'] },
  legal_holds: { Escalation: ['the custodian reminder run'], Reminder: ['the custodian reminder run'] },
  per_diem_claims: { Payment: ['the payroll cut-off'], 'Approver chase': ['the payroll cut-off'] },
  courses: { Timetabling: ['the prospectus deadline'] },
  enrolments: { 'Fee reminder': ['the census date'], 'Enrolment confirmation': ['the census date'] },
  field_plots: { Spraying: ['the spraying window'], Irrigation: ['the next irrigation round'] },
  fx_exposures: { Hedging: ['the hedging decision'], 'Hedge roll': ['the hedging decision'] },
  datasets: { Deprecation: ['the warehouse migration'], 'Freshness fix': ['the warehouse migration'] },
  dashboards: { Archiving: ['the BI licence renewal'], 'Delivery review': ['the BI licence renewal'] },
  metric_alerts: {
    'Threshold tuning': ['the on-call rota change'],
    'Out-of-hours review': ['the on-call rota change'],
  },
  media_assets: { 'Licence renewal': ['the licence renewal round'], Takedown: ['the licence renewal round'] },
  security_findings: { Triage: ['the penetration test retest'], 'Remediation chase': ['the penetration test retest'] },
  connectors: { 'Re-authentication': ['the token rotation'] },
  market_reports: { 'Licence check': ['the licence renewal'] },
  room_bookings: {
    'Catering cancellation': ['the catering order deadline'],
    'Catering order': ['the catering order deadline'],
  },
  video_edits: {
    'Client review': ['the edit suite booking'],
    'Caption check': ['the edit suite booking'],
    'Delivery check': ['the delivery date'],
    'Cover images': ['the delivery date'],
  },
};
