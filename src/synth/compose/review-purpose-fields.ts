// The fields each record type's review and audit purpose lines (review-purposes-data.ts) speak of, in the same
// order: a line is a section's purpose only where its rule tests every one of them, since a purpose that promises
// a state the criteria ignore ("no finding left open" over a due window) sends a literal reader to records the
// section leaves out. UNHELD marks a state no field of the record holds (a root cause, an owner): such a line
// fits no drawn rule. A field marked `:low` or `:high` is one the line speaks of on one side ("an unused one",
// "a stale one", "broken ones"): the rule must pick that side of it, so the line never heads criteria that keep
// the opposite records (an "unused" purpose over connections used by 20 or more workflows).

export const UNHELD = '(a state no field holds)';

/** The side of a field a purpose line speaks of: low (few, old, stale) or high (many, recent). */
export type Side = 'low' | 'high';

/** A purpose entry's field and the side it must be picked on, if any. */
export function sideOf(entry: string): { field: string; side?: Side } {
  const m = /^(.*):(low|high)$/.exec(entry);
  return m ? { field: m[1] as string, side: m[2] as Side } : { field: entry };
}
const U = UNHELD;

/** Per record type: [the fields its review purpose names, those its audit purpose names]. */
export const PURPOSE_FIELDS: Readonly<Record<string, readonly [review: readonly string[], audit: readonly string[]]>> =
  {
    tickets: [['created_at', 'status'], ['created_at']],
    customers: [['contract_end_date', U], [U]],
    products: [[U], ['current_stock', 'unit_price']],
    transactions: [['category'], [U]],
    jobs: [[U], [U]],
    integrations: [['last_verified:low'], ['last_verified', 'monthly_calls']],
    tasks: [['due_date'], [U]],
    sheet_rows: [['status', 'order_date'], [U]],
    mails: [['date', 'is_read'], [U]],
    feed_articles: [['published_at', 'category'], [U]],
    order_screenshot: [['status'], [U]],
    desk_plan: [['status'], []],
    ward_beds: [[], []],
    exam_seats: [[U], []],
    warehouse_bays: [[], []],
    receipt_scans: [[U], [U]],
    partner_mails: [['is_read', 'date'], ['topic']],
    referrals: [['urgency', 'referred_on'], ['referred_on']],
    appointments: [['missed_before'], [U]],
    claims: [['status', 'submitted_on'], ['procedure_code']],
    vaccinations: [['due_on', 'reminder_sent'], ['reminder_sent']],
    client_matters: [
      ['unbilled_hours', 'opened_on'],
      ['conflict_cleared', 'unbilled_hours'],
    ],
    contracts: [['notice_deadline'], [U]],
    court_deadlines: [['due_date'], ['diarised', U]],
    legal_holds: [[U], ['acknowledged']],
    trip_requests: [
      ['approval_status', 'depart_on'],
      ['policy_exception', 'approval_status'],
    ],
    travel_bookings: [['refundable', 'cancellation_deadline'], [U]],
    per_diem_claims: [[U], ['allowance_type']],
    household_bills: [['due_on', 'direct_debit'], [U]],
    courses: [['capacity', U], [U]],
    enrolments: [['fees_paid', U], ['fees_paid']],
    submissions: [[U], []],
    exam_sittings: [[U], ['access_arrangement']],
    work_orders: [['due_date', 'status'], [U]],
    nonconformances: [[U], [U]],
    aircraft_inspections: [['due_date', 'findings'], []],
    field_plots: [['next_spray_due', 'sensor_battery_low'], [U]],
    positions: [[U], ['restricted', 'weight_pct']],
    trades: [['settlement_status'], ['compliance_flagged', 'settlement_status']],
    fx_exposures: [['hedge_ratio_pct'], [U]],
    research_notes: [
      ['published_on', 'status'],
      ['conflicts_disclosed', 'status'],
    ],
    pull_requests: [
      ['opened_on', 'ci_status'],
      ['approvals', 'ci_status'],
    ],
    deployments: [[U], [U]],
    incidents: [[U], [U]],
    migrations: [['reversible'], ['status']],
    datasets: [['refreshed_on:low', U], [U]],
    dashboards: [['last_viewed_on', 'views_30d'], [U]],
    metric_alerts: [[U], [U]],
    experiments: [['ends_on', 'status'], ['p_value']],
    stories: [['legal_read_required', 'due_on'], [U]],
    social_posts: [[U], ['boosted', U]],
    media_assets: [['licence_expires_on', 'model_release_on_file'], ['licence_type']],
    episodes: [['show_notes', 'ad_slots_sold', 'explicit'], ['ad_slots_sold']],
    access_reviews: [['last_used_on:low', 'privileged'], ['decision']],
    data_subject_requests: [['due_on'], ['due_on', 'identity_verified']],
    vendor_assessments: [['next_review_on'], ['tier', 'next_review_on']],
    security_findings: [['remediation_due', 'severity'], ['remediation_due']],
    workflows: [['failures_7d:high', U], [U]],
    connectors: [['workflows_using:low'], ['admin_consent', U]],
    workflow_runs: [['status'], [U]],
    agent_skills: [['permission_level'], ['source', 'permission_level']],
    papers: [[U], [U]],
    market_reports: [['published_on', 'newer_edition', U], [U]],
    news_items: [['mentions_client', 'published_on'], ['status']],
    cited_sources: [['status', 'source_type'], [U]],
    room_bookings: [[U], [U]],
    purchase_requests: [[U], [U]],
    equipment_loans: [['due_back_on'], []],
    visitor_passes: [[U], [U]],
    design_requests: [[U], ['brand_approved']],
    chart_requests: [['due_on', U], [U]],
    video_edits: [['captions_required', 'due_on', U], [U]],
    web_page_builds: [
      ['lighthouse_score', 'seo_reviewed'],
      ['seo_reviewed', U],
    ],
  };
