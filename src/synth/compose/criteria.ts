import type { EnumModel, FieldModel, Window } from '../rules/fields.js';
import { CONCERNS } from './concerns.js';
import type { SourcePart } from './parts.js';

// What a policy over each record type may select by. A field is one of three things to a policy: a concern
// (concerns.ts), whose one side calls for the work (the stale, the failing, the due); a scope, which narrows the
// work to part of the records either way (the cardiology referrals, the High Court deadlines, the desks by the
// windows); or a detail, which describes a record and is no reason for any work (who pays for a referral, whether
// a message was opened, how long an appointment is booked for). Only concerns and scopes enter a rule
// (rules/draw.ts), so a chasing rule turns on urgency and waiting time, never on the payer. Every rule field of a
// registered record type is classified here: a field that is neither a concern nor listed as a scope is a detail.

/** Per record type, the fields besides its concerns that scope a policy's work. */
export const SCOPES: Readonly<Record<string, readonly string[]>> = {
  tickets: ['category'],
  customers: ['tier'],
  products: ['location', 'unit_price'],
  transactions: ['category', 'account', 'description'],
  // a job set up recently, or one left over from years ago
  jobs: ['created_at'],
  integrations: ['monthly_calls', 'environment'],
  tasks: [],
  sheet_rows: ['region'],
  mails: ['date', 'body'],
  feed_articles: ['published_at', 'category', 'source', 'content'],
  order_screenshot: ['region', 'terms', 'reminders'],
  // a plan is read for what a place offers: every feature of a desk, bed, seat or bay is a requirement
  desk_plan: ['status', 'zone', 'window', 'screens', 'sit_stand', 'dock', 'locker', 'accessible'],
  ward_beds: ['status', 'zone', 'window', 'sockets', 'hoist', 'monitor', 'bariatric', 'near_station'],
  exam_seats: [
    'status',
    'zone',
    'window',
    'sockets',
    'wide_desk',
    'by_exit',
    'step_free',
    'near_invigilator',
    'clock_view',
  ],
  warehouse_bays: ['status', 'zone', 'window', 'levels', 'chilled'],
  receipt_scans: ['category', 'itemised', 'cost_centre'],
  partner_mails: ['language', 'topic'],
  referrals: ['specialty', 'notes'],
  appointments: ['kind'],
  claims: ['insurer', 'procedure_code'],
  vaccinations: ['species', 'notes'],
  client_matters: ['fee_arrangement', 'notes'],
  contracts: ['contract_type', 'notes'],
  court_deadlines: ['deadline_kind', 'court', 'notes'],
  legal_holds: ['department', 'scope'],
  trip_requests: ['purpose', 'notes'],
  travel_bookings: ['booking_type', 'notes'],
  per_diem_claims: ['allowance_type', 'notes'],
  household_bills: ['category', 'notes'],
  courses: ['capacity', 'online', 'description'],
  enrolments: ['mode', 'enrolled_on', 'notes'],
  submissions: ['assessment_type', 'feedback'],
  exam_sittings: ['exam_series', 'access_arrangement', 'notes'],
  work_orders: ['line', 'notes'],
  nonconformances: ['defect_type', 'supplier', 'capa_required', 'description'],
  aircraft_inspections: ['aircraft_type', 'check_type', 'findings'],
  field_plots: ['crop', 'notes'],
  positions: ['opened_on', 'status', 'thesis'],
  trades: ['side', 'broker', 'quantity', 'compliance_flagged', 'notes'],
  fx_exposures: ['currency_pair', 'notes'],
  research_notes: ['note_type', 'rating', 'published_on', 'summary'],
  pull_requests: ['repo', 'description'],
  deployments: ['service', 'environment', 'started_on', 'notes'],
  incidents: ['service', 'opened_on', 'postmortem_required', 'summary'],
  migrations: ['database', 'description'],
  datasets: ['freshness_sla_hours', 'row_count', 'description'],
  dashboards: ['audience', 'status', 'description'],
  metric_alerts: ['metric', 'triggered_on', 'notes'],
  experiments: ['uplift_pct', 'p_value', 'sample_size', 'hypothesis'],
  stories: ['story_format', 'legal_read_required', 'notes'],
  social_posts: ['channel', 'copy'],
  media_assets: ['licence_type', 'caption'],
  episodes: ['show', 'ad_slots_sold', 'explicit', 'show_notes'],
  access_reviews: ['system', 'notes'],
  data_subject_requests: ['request_type', 'regulation', 'notes'],
  vendor_assessments: ['status'],
  security_findings: ['source', 'description'],
  workflows: ['trigger', 'environment', 'description'],
  connectors: ['app', 'notes'],
  workflow_runs: ['started_on', 'auto_retried', 'error_message'],
  agent_skills: ['installed_on', 'description'],
  papers: ['venue', 'abstract'],
  market_reports: ['publisher', 'segment', 'cagr_pct', 'key_findings'],
  news_items: ['outlet', 'published_on', 'summary'],
  cited_sources: ['source_type', 'paywalled', 'notes'],
  room_bookings: ['room', 'catering', 'av_support', 'notes'],
  purchase_requests: ['cost_centre', 'justification'],
  equipment_loans: ['item_type', 'notes'],
  visitor_passes: ['site', 'notes'],
  design_requests: ['deliverable', 'status', 'brief'],
  chart_requests: ['chart_type', 'data_points', 'spec'],
  video_edits: ['platform', 'runtime_sec', 'status', 'edit_notes'],
  web_page_builds: ['template', 'notes', 'source_material'],
};

/**
 * Per record type, the windows a policy counts a date field in, in days, and in working days where the work runs on
 * office days (a queue's answer times, a settlement): the spans people in that work use ("access unused for 90 days",
 * "trades not settled 2 working days on", "a referral not accepted within 14 days"), never a global list, so no
 * access is revoked after 3 days of non-use and no licence renewal is looked at 2 days ahead.
 */
export const WINDOWS: Readonly<Record<string, Readonly<Record<string, Window>>>> = {
  tickets: { created_at: { days: [3, 5, 7, 14, 21, 30], workdays: [2, 3, 5, 10] } },
  customers: { contract_end_date: { days: [30, 45, 60, 90, 120] } },
  transactions: { date: { days: [14, 30, 45, 60, 90], workdays: [5, 10, 20] } },
  jobs: { last_run: { days: [2, 3, 5, 7, 14] }, created_at: { days: [90, 180, 365] } },
  integrations: { last_verified: { days: [30, 60, 90, 180] } },
  tasks: { due_date: { days: [2, 3, 5, 7, 14], workdays: [2, 3, 5] }, created_at: { days: [7, 14, 21, 30] } },
  // (terms and chasing run in weeks; an aged-debt review in quarters: acts-work.ts bounds keep each to its own)
  sheet_rows: { order_date: { days: [14, 21, 30, 45, 90, 120], workdays: [10, 20] } },
  order_screenshot: { order_date: { days: [14, 21, 30, 45, 90, 120], workdays: [10, 20] } },
  mails: { date: { days: [2, 3, 5, 7, 14], workdays: [2, 3, 5] } },
  feed_articles: { published_at: { days: [2, 3, 7, 14] } },
  receipt_scans: { receipt_date: { days: [14, 21, 28, 30, 35, 42, 45, 56, 60, 90] } },
  partner_mails: { date: { days: [2, 3, 5, 7, 10], workdays: [2, 3, 5] } },
  referrals: { referred_on: { days: [7, 10, 14, 21, 28, 42], workdays: [5, 10] } },
  appointments: { date: { days: [2, 3, 7, 14] } },
  claims: { submitted_on: { days: [14, 30, 45, 60], workdays: [10, 20] } },
  vaccinations: { due_on: { days: [7, 14, 21, 30] } },
  client_matters: { opened_on: { days: [30, 60, 90, 180] } },
  // (a notice deadline is worked to the weeks before it: the decision, then the letter to the counterparty)
  contracts: { notice_deadline: { days: [14, 21, 30, 45, 60] } },
  court_deadlines: { due_date: { days: [3, 4, 5, 7, 10, 14, 21, 28], workdays: [5, 10] } },
  legal_holds: { issued_on: { days: [7, 14, 30, 60], workdays: [5, 10] } },
  trip_requests: { depart_on: { days: [7, 14, 21, 30] } },
  travel_bookings: { cancellation_deadline: { days: [2, 3, 7, 14] } },
  per_diem_claims: { submitted_on: { days: [10, 14, 30], workdays: [5, 10, 20] } },
  household_bills: { due_on: { days: [3, 5, 7, 14] } },
  courses: { starts_on: { days: [14, 21, 30, 45] } },
  enrolments: { enrolled_on: { days: [30, 60, 90] } },
  submissions: { due_on: { days: [7, 14, 21, 28] } },
  work_orders: { due_date: { days: [2, 3, 5, 7, 14], workdays: [2, 3, 5, 10] } },
  nonconformances: { raised_on: { days: [14, 30, 45], workdays: [5, 10, 20] } },
  aircraft_inspections: { due_date: { days: [2, 3, 7, 14] } },
  field_plots: { next_spray_due: { days: [2, 3, 5, 7] } },
  positions: { opened_on: { days: [90, 180, 365] } },
  trades: { trade_date: { days: [2, 3, 5, 7], workdays: [2, 3, 5] } },
  fx_exposures: { maturity_date: { days: [14, 30, 60] } },
  research_notes: { published_on: { days: [7, 14, 30] } },
  pull_requests: { opened_on: { days: [3, 5, 7, 14], workdays: [2, 3, 5, 10] } },
  deployments: { started_on: { days: [2, 3, 7] } },
  incidents: { opened_on: { days: [3, 7, 14] } },
  migrations: { scheduled_on: { days: [2, 3, 5, 7, 14] } },
  datasets: { refreshed_on: { days: [2, 3, 5, 7] } },
  dashboards: { last_viewed_on: { days: [14, 21] } },
  metric_alerts: { triggered_on: { days: [2, 3, 7] } },
  experiments: { ends_on: { days: [3, 7, 14] } },
  stories: { due_on: { days: [2, 3, 5, 7] } },
  social_posts: { scheduled_for: { days: [2, 3, 5, 7] } },
  media_assets: { licence_expires_on: { days: [14, 30, 60, 90] } },
  episodes: { release_on: { days: [7, 14, 21, 30] } },
  access_reviews: { last_used_on: { days: [30, 60, 90] }, due_on: { days: [3, 5, 7, 14], workdays: [5, 10] } },
  data_subject_requests: { due_on: { days: [3, 5, 7, 10, 14] } },
  vendor_assessments: { next_review_on: { days: [30, 45, 60] } },
  security_findings: { remediation_due: { days: [7, 14, 30] } },
  workflows: { last_run_on: { days: [3, 7, 14] } },
  connectors: { auth_expires_on: { days: [7, 14, 30] } },
  workflow_runs: { started_on: { days: [2, 3, 5, 7] } },
  agent_skills: { installed_on: { days: [14, 30, 60] } },
  papers: { added_on: { days: [14, 30, 60] } },
  market_reports: { published_on: { days: [90, 180] } },
  news_items: { published_on: { days: [2, 3, 7] } },
  cited_sources: { accessed_on: { days: [30, 90, 180] } },
  room_bookings: { date: { days: [2, 3, 5, 7, 14] } },
  purchase_requests: {
    requested_on: { days: [5, 7, 14], workdays: [3, 5, 10] },
    needed_by: { days: [5, 7, 14, 21] },
  },
  equipment_loans: { due_back_on: { days: [3, 7, 14] } },
  visitor_passes: { visit_date: { days: [2, 3, 5, 7, 14] } },
  design_requests: { due_on: { days: [3, 5, 7, 14] } },
  chart_requests: { due_on: { days: [2, 3, 5, 7] } },
  video_edits: { due_on: { days: [3, 5, 7, 14] } },
  web_page_builds: { launch_on: { days: [5, 7, 14, 21] } },
};

/**
 * Per record type, the enum fields that are a scale, from the least to the most pressing value: a rule names one
 * end of the scale (urgent and two-week-wait; routine alone), never a value without those beyond it.
 */
export const RANKS: Readonly<Record<string, Readonly<Record<string, readonly string[]>>>> = {
  tickets: { priority: ['low', 'medium', 'high', 'critical'] },
  tasks: { priority: ['low', 'medium', 'high', 'urgent'] },
  referrals: { urgency: ['routine', 'soon', 'urgent', 'two-week-wait'] },
  nonconformances: { severity: ['observation', 'minor', 'major', 'critical'] },
  incidents: { severity: ['SEV4', 'SEV3', 'SEV2', 'SEV1'] },
  security_findings: { severity: ['informational', 'low', 'medium', 'high', 'critical'] },
  vendor_assessments: { tier: ['tier 4 (low)', 'tier 3 (moderate)', 'tier 2 (high)', 'tier 1 (critical)'] },
  agent_skills: { permission_level: ['read-only', 'read-write', 'send on behalf', 'admin'] },
  visitor_passes: { access_level: ['reception only', 'escorted', 'unescorted office', 'lab access'] },
  customers: { tier: ['standard', 'premium', 'enterprise', 'vip'] },
};

/** A field's model with what it is to a policy over `source` (see above). */
function classified(source: string, m: FieldModel): FieldModel {
  const ranks = m.kind === 'enum' ? RANKS[source]?.[m.field] : undefined;
  const window = m.kind === 'date' ? WINDOWS[source]?.[m.field] : undefined;
  // (the kinds a work spares are its own, spared.ts: given with the work, never with the record type)
  const ranked = ranks
    ? ({ ...(m as EnumModel), ranks } satisfies EnumModel)
    : m.kind === 'date' && window
      ? { ...m, windows: window }
      : m;
  if (CONCERNS[source]?.[m.field] !== undefined) return ranked;
  return { ...ranked, use: SCOPES[source]?.includes(m.field) ? 'scope' : 'detail' };
}

/** A record type whose rule fields say what they are to a policy: the form every registered source takes. */
export function withCriteria<S extends SourcePart<string>>(src: S): S {
  return { ...src, fields: src.fields.map((m) => classified(src.name, m)) };
}
