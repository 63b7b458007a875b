import type { Lean } from '../rules/draw.js';
import { VENDOR_TERMS } from './packs/safety-compliance-data.js';

// Which side of each field of a record type calls for attention: the old, the failing, the exposed, the due. A
// task's rule takes that side on these fields (an approval takes its action's own leans instead), so a follow-up
// goes to the stale tickets and a review to the skills outside their sandbox, never the reverse. Fields left out
// scope the work (a region, a room, a court, a specialty) and go either way.

export const CONCERNS: Readonly<Record<string, Readonly<Record<string, Lean>>>> = {
  // what a ticket's description says of its impact (data loss, a customer-facing fault) calls for attention; only a
  // workaround or a routine matter (VPN, an invoice) lets one wait: never "unless it mentions customer-facing"
  tickets: {
    status: ['open', 'in_progress', 'pending'],
    priority: ['high', 'critical'],
    created_at: 'stale',
    description: ['data loss', 'customer-facing', 'security', 'regression'],
  },
  customers: { status: ['at_risk'], contract_end_date: 'ahead', health_score: 'low', annual_revenue: 'high' },
  products: { current_stock: 'low', lead_time_days: 'high', daily_avg_sales: 'high' },
  transactions: { date: 'stale', status: ['pending', 'flagged'], amount: 'high' },
  jobs: { last_status: ['failed', 'timeout'], enabled: true, last_run: 'stale' },
  integrations: { error_rate: 'high', status: ['error', 'deprecated'], last_verified: 'stale' },
  tasks: { status: ['pending', 'in_progress'], due_date: 'stale', priority: ['high', 'urgent'], created_at: 'stale' },
  sheet_rows: { status: ['unpaid', 'part-paid', 'disputed'], amount: 'high', order_date: 'stale' },
  mails: { is_read: false },
  // an itemised receipt is needed from an amount up, for what the company did not pay itself, within the claim window
  receipt_scans: { payment: ['personal card', 'cash'], total: 'high', receipt_date: 'recent' },
  // the partners who have waited longest, and the largest orders
  partner_mails: { date: 'stale', units: 'high' },
  order_screenshot: { status: ['unpaid', 'part-paid', 'disputed'], amount: 'high', order_date: 'stale' },
  referrals: {
    urgency: ['soon', 'urgent', 'two-week-wait'],
    referred_on: 'stale',
    status: ['awaiting triage', 'sent'],
    chased: false,
  },
  appointments: { date: 'ahead', status: ['booked', 'confirmed'], missed_before: 'high' },
  claims: { amount: 'high', submitted_on: 'stale', status: ['submitted', 'queried'] },
  vaccinations: { due_on: 'ahead', reminder_sent: false },
  client_matters: {
    opened_on: 'stale',
    unbilled_hours: 'high',
    conflict_cleared: false,
    status: ['intake', 'conflict check pending', 'open'],
  },
  contracts: { notice_deadline: 'ahead', notice_period_days: 'high', auto_renew: true, status: ['executed'] },
  court_deadlines: {
    due_date: 'ahead',
    diarised: false,
    status: ['upcoming', 'in preparation', 'extension sought', 'extended'],
  },
  legal_holds: { issued_on: 'stale', reminders_sent: 'high', acknowledged: false, status: ['issued', 'reminder sent'] },
  trip_requests: { depart_on: 'ahead', estimated_cost: 'high', policy_exception: true, approval_status: ['submitted'] },
  travel_bookings: { cancellation_deadline: 'ahead', refundable: true, status: ['held', 'confirmed', 'changed'] },
  per_diem_claims: {
    nights: 'high',
    submitted_on: 'stale',
    receipts_attached: false,
    status: ['submitted', 'queried'],
  },
  household_bills: { due_on: 'ahead', direct_debit: false, status: ['due', 'overdue', 'in dispute'] },
  courses: { starts_on: 'ahead' },
  enrolments: { attendance_pct: 'low', fees_paid: false, status: ['provisional', 'enrolled', 'interrupted'] },
  submissions: { late_days: 'high', extension_granted: false, due_on: 'stale', status: ['submitted', 'late'] },
  exam_sittings: { status: ['absent', 'sat'] },
  work_orders: {
    due_date: 'stale',
    material_shortage: true,
    status: ['planned', 'released', 'in progress'],
    order_type: ['expedite', 'customer order'],
  },
  nonconformances: { severity: ['critical', 'major'], raised_on: 'stale' },
  // (grounded aircraft are the AOG act's own concern: leant on by every rule, half a fleet's list was AOG)
  aircraft_inspections: { due_date: 'ahead' },
  field_plots: {
    soil_moisture_pct: 'low',
    // (a dry plot the next two days' rain will wet is left to it)
    rain_forecast_mm: 'low',
    next_spray_due: 'ahead',
    sensor_battery_low: true,
    irrigation_status: ['off', 'fault'],
  },
  // (a restricted name is the restricted-list sections' concern, and rare: leant on by every rule, nearly half of
  // a fund's holdings were on the list)
  positions: { weight_pct: 'high' },
  trades: { trade_date: 'stale', settlement_status: ['pending', 'failed'] },
  fx_exposures: { notional: 'high', hedge_ratio_pct: 'low', maturity_date: 'ahead' },
  research_notes: { conflicts_disclosed: false, status: ['draft'] },
  pull_requests: { ci_status: ['failing', 'flaky'], approvals: 'low', opened_on: 'stale', status: ['open'] },
  deployments: { duration_min: 'high' },
  incidents: { severity: ['SEV1', 'SEV2'], customer_impact: true },
  migrations: {
    scheduled_on: 'ahead',
    reversible: false,
    status: ['pending review', 'scheduled'],
    change_kind: ['drop column', 'rename column', 'alter type', 'backfill'],
  },
  datasets: { refreshed_on: 'stale', contains_pii: true, status: ['stale', 'refresh failed'] },
  dashboards: { views_30d: 'low', last_viewed_on: 'stale', scheduled_delivery: false },
  metric_alerts: { observed_change_pct: 'high', paged: true, status: ['triggered', 'investigating'] },
  experiments: { guardrail_breached: true, ends_on: 'ahead', status: ['running'] },
  stories: { due_on: 'ahead' },
  social_posts: { scheduled_for: 'ahead', boosted: true },
  media_assets: { licence_expires_on: 'ahead', usage_count: 'high', model_release_on_file: false },
  episodes: { release_on: 'ahead' },
  access_reviews: { last_used_on: 'stale', privileged: true, due_on: 'ahead', decision: ['pending'] },
  data_subject_requests: {
    due_on: 'ahead',
    identity_verified: false,
    status: ['received', 'verifying identity', 'in progress', 'extended'],
  },
  vendor_assessments: {
    tier: ['tier 1 (critical)', 'tier 2 (high)'],
    data_category: ['customer personal data', 'payment card data', 'health data', 'employee HR data'],
    next_review_on: 'ahead',
    soc2_report_on_file: false,
    // every finding (MFA, breach notification) is a reason to look at a vendor, never one to leave it out
    findings: VENDOR_TERMS,
  },
  security_findings: {
    severity: ['critical', 'high'],
    remediation_due: 'ahead',
    internet_facing: true,
    status: ['open', 'triaged'],
  },
  workflows: { last_run_on: 'stale', failures_7d: 'high', alert_on_failure: false, status: ['active', 'failing'] },
  connectors: { auth_expires_on: 'ahead', workflows_using: 'high', admin_consent: false },
  workflow_runs: { duration_sec: 'high', steps_completed: 'low', status: ['new', 'investigating'] },
  agent_skills: {
    permission_level: ['read-write', 'send on behalf', 'admin'],
    sandboxed: false,
    source: ['community', 'vendor marketplace'],
    status: ['installed', 'approved'],
  },
  papers: { citations: 'high', added_on: 'stale', reading_status: ['to read', 'reading'] },
  market_reports: { published_on: 'stale', status: ['purchased', 'summarised'], newer_edition: true },
  news_items: { mentions_client: true, sentiment: ['negative', 'mixed'], status: ['new'] },
  cited_sources: { accessed_on: 'stale', cited_in: 'high', status: ['verified', 'disputed'] },
  room_bookings: { date: 'ahead' },
  purchase_requests: {
    needed_by: 'ahead',
    preferred_supplier: false,
    requested_on: 'stale',
    status: ['pending approval'],
  },
  equipment_loans: { due_back_on: 'stale', condition_checked: false },
  visitor_passes: { visit_date: 'ahead', nda_signed: false, access_level: ['unescorted office', 'lab access'] },
  design_requests: { due_on: 'ahead', revision_rounds: 'high', brand_approved: false },
  chart_requests: { due_on: 'ahead', accessible_palette: false, status: ['queued', 'needs data', 'in progress'] },
  video_edits: { due_on: 'ahead', captions_required: true },
  web_page_builds: { launch_on: 'ahead', lighthouse_score: 'low', seo_reviewed: false },
};
