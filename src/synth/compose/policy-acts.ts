import type { Lean } from '../rules/draw.js';

// What a policy over each record type has sections for: the acts the people who keep those records really take
// on them (a ward chases blocked beds and prepares free ones; a trading desk chases failed settlements), each
// with the side of the fields that calls for it (beyond the record type's concerns, concerns.ts) and the reason a
// practitioner would give for it. A policy document's sections besides the task's are drawn from these, so no
// exam seat is "chased" and no completed to-do "escalated"; the task's own section takes its reason from here.

/** One kind of work a policy over a record type has a section for. */
export interface PolicyAct {
  /** the headings the section goes under ("Chasing", "Referral chase") */
  sections: readonly string[];
  /** per field, the side that calls for the work, over the record type's concerns */
  lean?: Readonly<Record<string, Lean>>;
  /** why the work is done, one sentence in the words of the team that does it */
  why: string;
  /** the field the reason turns on (its first lean): every rule of the section names it, on its side */
  must?: readonly string[];
  /**
   * the generic action (follow_up_task …) this is the record type's form of, where the action's own headings say
   * nothing of the work ("Follow-up" of a ward bed is getting it ready for an admission)
   */
  of?: string;
}

const act = (sections: string | readonly string[], why: string, lean?: PolicyAct['lean'], of?: string): PolicyAct => ({
  sections: typeof sections === 'string' ? [sections] : sections,
  why,
  ...(lean ? { lean, must: Object.keys(lean).slice(0, 1) } : {}),
  ...(of ? { of } : {}),
});

// the orders of the sales export and of the billing dashboard are the same work
const ORDERS: readonly PolicyAct[] = [
  act(
    ['Escalation', 'Owner follow-up'],
    'Unpaid orders past their payment terms are chased by the sales owner, who knows the customer, before they go to collections.',
    { status: ['unpaid', 'part-paid'], order_date: 'stale' },
  ),
  act('Follow-up', 'Disputes are settled fastest while the order is fresh, so each one gets a named follow-up.', {
    status: ['disputed'],
  }),
  act('Credit hold', 'A large balance left unpaid puts the customer on credit hold until it is cleared.', {
    status: ['unpaid'],
    amount: 'high',
  }),
  act('Write-off review', 'Small balances unpaid for weeks cost more to chase than they are worth.', {
    status: ['unpaid', 'part-paid'],
    amount: 'low',
    order_date: 'stale',
  }),
];

export const ACTS: Readonly<Record<string, readonly PolicyAct[]>> = {
  tickets: [
    act(
      'Escalation',
      'A high-priority ticket that has waited this long is close to breaching its SLA; the owner hears before the customer complains.',
      { priority: ['high', 'critical'], created_at: 'stale' },
    ),
    act('Owner follow-up', 'A ticket with no movement is raised with its owner so the customer hears from us.', {
      created_at: 'stale',
    }),
    act('Priority handling', 'Critical work must not queue behind routine requests.', {
      priority: ['high', 'critical'],
    }),
    act('Follow-up', 'Tickets waiting on the customer go quiet; a follow-up stops them being closed unresolved.', {
      status: ['pending'],
      created_at: 'stale',
    }),
    act(['Review', 'Triage'], 'New tickets are triaged quickly so the right team picks them up.', {
      status: ['open'],
      created_at: 'recent',
    }),
    act('Closure', 'Resolved tickets left open distort the queue and the SLA report.', {
      status: ['resolved'],
      created_at: 'stale',
    }),
  ],
  customers: [
    act(
      ['Escalation', 'Owner follow-up'],
      'An at-risk account with a weak health score is the account manager’s call to make, this week.',
      { status: ['at_risk'], health_score: 'low' },
    ),
    act(
      ['Renewal risk', 'At-risk review'],
      'Renewals are lost in the last months of the term; weak accounts near their end date get a save plan.',
      { contract_end_date: 'ahead', health_score: 'low' },
    ),
    act('Follow-up', 'Every renewal needs a conversation before the contract end date, not after it.', {
      contract_end_date: 'ahead',
    }),
    act('Review', 'Our largest accounts get a business review whatever their health score.', {
      annual_revenue: 'high',
    }),
    act('Expansion', 'Healthy, active accounts are where upsell conversations start.', {
      health_score: 'high',
      status: ['active'],
    }),
  ],
  products: [
    act(['Restock', 'Replenishment'], 'Fast sellers low on stock run out before a new delivery can arrive.', {
      current_stock: 'low',
      daily_avg_sales: 'high',
    }),
    act('Follow-up', 'Long-lead items need the supplier chased before the shelf is empty.', {
      lead_time_days: 'high',
      current_stock: 'low',
    }),
    act('Slow-stock review', 'Stock that does not move ties up cash and shelf space.', {
      daily_avg_sales: 'low',
      current_stock: 'high',
    }),
    act('Stock count', 'High-value lines are counted more often because a discrepancy costs more.', {
      unit_price: 'high',
    }),
  ],
  transactions: [
    act(
      ['Escalation', 'Owner follow-up'],
      'Flagged spend goes back to the card holder for an explanation before month end.',
      { status: ['flagged'], amount: 'high' },
    ),
    act('Follow-up', 'A transaction pending this long usually means a missing receipt or approval.', {
      status: ['pending'],
      date: 'stale',
    }),
    act('Audit sample', 'The larger the transaction, the more likely audit is to test it.', { amount: 'high' }),
    act('Accrual', 'Recent pending spend is accrued so that the month closes complete.', {
      status: ['pending'],
      date: 'recent',
    }),
  ],
  jobs: [
    act(
      ['Suspension', 'Job pause'],
      'A job that keeps failing while enabled retries into the same fault and can corrupt what it writes.',
      { last_status: ['failed', 'timeout'], enabled: true },
    ),
    act(
      ['Escalation', 'Owner follow-up'],
      'A failed job that has not run since leaves downstream data stale; its owner must know.',
      { last_status: ['failed', 'timeout'], last_run: 'stale' },
    ),
    act('Follow-up', 'Timeouts are capacity warnings; someone looks at the job before it starts failing outright.', {
      last_status: ['timeout'],
    }),
    act('Review', 'Old jobs that nobody runs any more are reviewed and retired.', {
      created_at: 'stale',
      last_run: 'stale',
    }),
    act('Clean-up', 'Disabled jobs that have not run in weeks are removed from the scheduler.', {
      enabled: false,
      last_run: 'stale',
    }),
  ],
  integrations: [
    act(
      ['Deactivation', 'Suspension'],
      'An integration erroring at this rate writes bad data into every system it touches.',
      { status: ['error', 'deprecated'], error_rate: 'high' },
    ),
    act(
      ['Escalation', 'Owner follow-up'],
      'Rising error rates are raised with the owner before the vendor cuts us off.',
      {
        error_rate: 'high',
      },
    ),
    act(
      ['Follow-up', 'Review'],
      'Credentials and scopes are re-verified on a schedule; an integration nobody has checked in months is a blind spot.',
      { last_verified: 'stale' },
    ),
    act('Usage review', 'Active integrations with little traffic are candidates to switch off.', {
      monthly_calls: 'low',
      status: ['active'],
    }),
  ],
  tasks: [
    act(['Work to start', 'Next up'], 'Urgent to-dos that are not started yet are picked up first.', {
      status: ['pending'],
      priority: ['high', 'urgent'],
    }),
    act('Review', 'Overdue to-dos are reviewed every week: done, rescheduled or dropped.', {
      due_date: 'stale',
      status: ['pending', 'in_progress'],
    }),
    act('Clean-up', 'Completed items older than a few weeks are archived so that the list shows live work.', {
      status: ['completed'],
      created_at: 'stale',
    }),
    act('Parking', 'Low-priority items untouched for weeks are parked rather than left to clutter the list.', {
      priority: ['low'],
      status: ['pending'],
      created_at: 'stale',
    }),
  ],
  sheet_rows: ORDERS,
  order_screenshot: ORDERS,
  mails: [
    act(['Reply', 'Acknowledgement'], 'Every message on the shared inbox gets an answer within two working days.', {
      is_read: false,
      date: 'stale',
    }),
    act('Follow-up', 'An unread message on a shared inbox is a request nobody has seen yet.', { is_read: false }),
    act('Filing', 'Read mail older than a week is filed so the inbox shows only what needs action.', {
      is_read: true,
      date: 'stale',
    }),
  ],
  feed_articles: [
    act('Follow-up', 'Fresh stories in our coverage areas are followed up while they are still news.', {
      published_at: 'recent',
    }),
    act('Briefing', 'The morning briefing picks up what was published since the last one.', {
      published_at: 'recent',
    }),
    act('Archive', 'Older articles come off the reading list so it stays short.', { published_at: 'stale' }),
  ],
  desk_plan: [
    act(
      ['Desk allocation', 'Workstation set-up'],
      'New starters and people with a workstation assessment need a free desk with the right kit on their first day.',
      { status: ['free'] },
      'follow_up_task',
    ),
    act('Desk repair', 'Blocked desks are reported to facilities so they come back into use.', {
      status: ['blocked'],
    }),
    act('Hot-desk check', 'Hot desks held all week are checked so that the zone stays bookable.', {
      status: ['taken'],
      zone: ['Hot desks'],
    }),
  ],
  ward_beds: [
    act(
      ['Bed preparation', 'Admission readiness'],
      'An admission waits on a bed that is free and fitted for the patient; those beds are made up first.',
      { status: ['free'] },
      'follow_up_task',
    ),
    act('Bed release', 'A blocked bed costs an admission; each one is chased with domestic services or estates.', {
      status: ['blocked'],
    }),
    act('Isolation check', 'Side rooms are kept for patients who need isolation; occupancy is checked every shift.', {
      zone: ['Side rooms'],
      status: ['taken'],
    }),
  ],
  exam_seats: [
    act(
      ['Seat allocation', 'Access arrangements'],
      'Candidates with access arrangements need a free seat with the right desk and power before the session.',
      { status: ['free'] },
      'follow_up_task',
    ),
    act('Seat repair', 'Blocked seats are fixed or taken off the plan before candidates arrive.', {
      status: ['blocked'],
    }),
    act('Register check', 'Invigilators check every occupied seat against the attendance register.', {
      status: ['taken'],
    }),
  ],
  warehouse_bays: [
    act(
      ['Put-away', 'Slotting'],
      'Incoming pallets go to free bays that match how they must be stored.',
      { status: ['free'] },
      'follow_up_task',
    ),
    act(
      'Racking inspection',
      'A blocked bay is usually damaged racking; it is inspected before anything goes back in.',
      {
        status: ['blocked'],
      },
    ),
    act('Stock rotation', 'Chilled stock has the shortest shelf life, so its bays are rotated first.', {
      status: ['taken'],
      chilled: true,
    }),
  ],
  receipt_scans: [
    act(
      ['Reimbursement', 'Expense filing'],
      'Staff are paid back for what they paid themselves, against the receipt.',
      {
        payment: ['personal card', 'cash'],
      },
    ),
    act('Itemised receipt', 'Above this amount audit needs an itemised receipt, not a card slip.', { total: 'high' }),
    act('Late claim', 'Receipts outside the claim window need the line manager’s sign-off.', {
      receipt_date: 'stale',
    }),
  ],
  partner_mails: [
    act(['Reply', 'Acknowledgement'], 'Partners who have waited longest get an answer first, in their own language.', {
      date: 'stale',
    }),
    act('Translation', 'Complaints and invoices are translated in full so that nothing in them is lost.', {
      topic: ['complaint', 'invoice'],
    }),
    act(
      ['Routing', 'Hand-over'],
      'Each message goes to the desk that speaks the partner’s language and owns the topic.',
    ),
    act('Large orders', 'Messages about large orders are dealt with before routine ones.', { units: 'high' }),
  ],
  referrals: [
    act(
      ['Chasing', 'Referral chase'],
      'A referral not accepted within the waiting-time standard is chased so that the patient does not fall through the gap.',
      { referred_on: 'stale' },
    ),
    act(
      ['Hold', 'Referral hold'],
      'While the service’s list is over capacity, routine referrals are held so that urgent ones are seen first.',
      { urgency: ['routine', 'soon'] },
    ),
    act('Clinical review', 'Urgent and two-week-wait referrals are read by a clinician on the day they arrive.', {
      urgency: ['urgent', 'two-week-wait'],
      status: ['awaiting triage'],
    }),
    act('Closure', 'Rejected referrals are closed once the referring GP has been told why.', {
      status: ['rejected'],
      referred_on: 'stale',
    }),
  ],
  appointments: [
    act(
      ['Cancellation', 'Clinic cancellation'],
      'When a clinic is cancelled, patients are told in time to rebook rather than arriving at a closed door.',
      { date: 'ahead' },
    ),
    act('Reminder', 'Booked patients get a reminder so the slot is not wasted.', {
      date: 'ahead',
      status: ['booked'],
    }),
    act('Did-not-attend follow-up', 'Patients who keep missing appointments get a call from the practice.', {
      missed_before: 'high',
    }),
  ],
  claims: [
    act(['Claim query', 'Query'], 'A claim unpaid past the insurer’s turnaround is queried before it times out.', {
      submitted_on: 'stale',
    }),
    act('Write-off review', 'Small claims queried for months cost more to pursue than they recover.', {
      status: ['queried'],
      amount: 'low',
      submitted_on: 'stale',
    }),
    act('Resubmission', 'Rejected claims are checked for a coding error and sent again where the code was wrong.', {
      status: ['rejected'],
    }),
  ],
  vaccinations: [
    act(
      ['Booster reminder', 'Reminder'],
      'Owners are reminded before a booster falls due so that cover does not lapse.',
      { reminder_sent: false },
    ),
    act('Lapsed cover', 'A pet past its booster date may need the course restarted; the vet calls the owner.', {
      due_on: 'stale',
    }),
  ],
  client_matters: [
    act('Conflict check', 'No work starts on a matter until conflicts are cleared.', {
      conflict_cleared: false,
      status: ['intake', 'conflict check pending'],
    }),
    act('Billing', 'Unbilled time ages fast; large amounts of it are billed before the client can dispute them.', {
      unbilled_hours: 'high',
    }),
    act('File review', 'Long-running matters get a supervising partner’s file review.', {
      opened_on: 'stale',
      status: ['open'],
    }),
    act('Closure', 'Matters pending closure are closed once the final bill is paid and the papers returned.', {
      status: ['pending closure'],
    }),
  ],
  contracts: [
    act(
      ['Renewal', 'Renewal review'],
      'A contract that renews itself commits us for another term unless someone decides in time.',
      { renewal_date: 'ahead' },
    ),
    act('Notice', 'A long notice period means the decision is due well before the end date.', {
      notice_period_days: 'high',
      renewal_date: 'ahead',
    }),
    act('Signature chase', 'Until it is signed we are working without agreed terms.', {
      status: ['awaiting signature'],
    }),
  ],
  court_deadlines: [
    act(
      ['Diary entry', 'Diarising'],
      'A court deadline that is not in the firm diary is a missed date waiting to happen.',
      { due_date: 'ahead', diarised: false },
    ),
    act('Preparation', 'Work on a deadline starts well before it falls, not in the week of it.', {
      status: ['upcoming'],
    }),
    act('Extension', 'An application for more time is followed up until the court or the other side agrees.', {
      status: ['extension sought'],
    }),
  ],
  legal_holds: [
    act(
      ['Escalation', 'Hold escalation'],
      'A custodian who has not acknowledged a hold is a spoliation risk; their manager is told.',
      { acknowledged: false },
    ),
    act('Reminder', 'Custodians get reminders before anyone escalates.', {
      acknowledged: false,
      reminders_sent: 'low',
    }),
    act('Release review', 'Holds are reviewed regularly and released once the matter no longer needs them.', {
      issued_on: 'stale',
      status: ['issued', 'reminder sent'],
    }),
  ],
  trip_requests: [
    act(
      ['Approval', 'Travel approval'],
      'Trips within policy are approved quickly so that fares are booked before they rise.',
    ),
    act('Exception review', 'Trips outside travel policy need the budget holder’s sign-off.', {
      policy_exception: true,
    }),
    act('Cost review', 'Expensive trips are checked for a cheaper route or a video call instead.', {
      estimated_cost: 'high',
    }),
  ],
  travel_bookings: [
    act('Cancellation check', 'Refundable bookings are confirmed or cancelled before free cancellation ends.', {
      cancellation_deadline: 'ahead',
      refundable: true,
    }),
    act('Ticketing', 'Held bookings lapse unless they are ticketed or released.', { status: ['held'] }),
    act('Change review', 'Changed bookings are checked for fees against the original fare.', { status: ['changed'] }),
  ],
  per_diem_claims: [
    act(['Query', 'Per diem query'], 'Lodging allowance for several nights is paid against receipts, not on trust.', {
      nights: 'high',
    }),
    act('Payment', 'Approved claims go into the next payroll run.', { status: ['approved'] }),
    act('Approver chase', 'Claims left waiting for approval are chased with the approver.', {
      submitted_on: 'stale',
      status: ['submitted'],
    }),
  ],
  household_bills: [
    act(['Payment', 'Settlement'], 'Bills that are not on direct debit are paid by hand before the due date.', {
      due_on: 'ahead',
    }),
    act('Dispute', 'Disputed bills are followed up so they are not passed to collections.', {
      status: ['in dispute'],
    }),
    act('Direct debit set-up', 'Regular bills paid by hand are moved to direct debit to stop late fees.', {
      direct_debit: false,
      status: ['paid'],
    }),
  ],
  courses: [
    act('Timetabling', 'Courses starting soon need their rooms and teaching staff confirmed.', { starts_on: 'ahead' }),
    act('Online set-up', 'Online courses need their virtual classroom ready before week one.', {
      online: true,
      starts_on: 'ahead',
    }),
    act('Tutorial groups', 'Large courses get extra tutorial groups.', { capacity: 'high' }),
  ],
  enrolments: [
    act('Attendance', 'Students whose attendance falls below the threshold hear from their tutor.', {
      attendance_pct: 'low',
    }),
    act('Fees', 'Students still owing fees are reminded before their enrolment lapses.', {
      fees_paid: false,
      status: ['enrolled', 'provisional'],
    }),
    act('Confirmation', 'Provisional enrolments are confirmed once the documents are checked.', {
      status: ['provisional'],
    }),
  ],
  submissions: [
    act(
      ['Extension', 'Extension grant'],
      'An extension agreed before the work is very late spares the student the late penalty.',
    ),
    act('Late penalty', 'Work handed in late without an extension loses marks under the regulations.', {
      extension_granted: false,
      late_days: 'high',
    }),
    act('Marking', 'Work is marked within three weeks of its deadline.', {
      status: ['submitted'],
      due_on: 'stale',
    }),
  ],
  exam_sittings: [
    act(
      ['Special consideration', 'Mitigation'],
      'Candidates whose performance was affected on the day are considered under the regulations, not case by case.',
    ),
    act('Absence follow-up', 'Candidates absent from an exam are asked about mitigating circumstances.', {
      status: ['absent'],
    }),
    act('Room booking', 'Candidates with a reader, a scribe or a separate room need staff and rooms booked.', {
      access_arrangement: ['separate room', 'reader', 'scribe'],
      status: ['entered'],
    }),
  ],
  work_orders: [
    act(['Hold', 'Production hold'], 'Releasing an order that is short of material ties up the line for nothing.', {
      material_shortage: true,
    }),
    act('Expedite', 'Customer orders come first when the line is full.', {
      order_type: ['expedite', 'customer order'],
      due_date: 'ahead',
    }),
    act('Late order review', 'Orders past their due date are reviewed with planning and the customer is told.', {
      due_date: 'stale',
      status: ['released', 'in progress'],
    }),
  ],
  nonconformances: [
    act(
      ['Corrective action', 'CAPA'],
      'Major and critical defects need a root-cause corrective action, not just rework.',
      { severity: ['critical', 'major'] },
    ),
    act('Supplier claim', 'Defects a supplier caused are charged back and go on their scorecard.', {
      supplier: ['Northfield Castings', 'Apex Fasteners', 'Meridian Plastics', 'Kestrel Electronics'],
    }),
    act('Ageing review', 'NCRs left open for weeks come up at the quality meeting.', { raised_on: 'stale' }),
  ],
  aircraft_inspections: [
    act('Planning', 'Checks falling due are slotted into hangar time before the aircraft runs out of hours.', {
      due_date: 'ahead',
    }),
    act('AOG priority', 'A grounded aircraft comes before anything else on the line.', { aog: true }),
    act('Heavy check', 'Heavy checks need parts and a hangar slot booked weeks ahead.', {
      check_type: ['C-check', 'landing gear overhaul'],
    }),
  ],
  field_plots: [
    act(
      ['Irrigation', 'Watering'],
      'Plots drying below the moisture threshold are watered before the crop is stressed.',
      { soil_moisture_pct: 'low' },
    ),
    act('Spraying', 'Sprays are timed to the crop stage; a missed window costs yield.', { next_spray_due: 'ahead' }),
    act('Probe maintenance', 'A probe with a flat battery stops reporting soil moisture.', {
      sensor_battery_low: true,
    }),
    act('Irrigation fault', 'Faulty irrigation is fixed before the next dry spell.', { irrigation_status: ['fault'] }),
  ],
  positions: [
    act(['Watch list', 'Monitoring'], 'Positions that have moved against the thesis are watched more closely.'),
    act('Restricted list', 'Positions in restricted names are frozen: no adding or trimming without compliance.', {
      restricted: true,
    }),
    act('Concentration', 'Large positions are checked against the concentration limit.', { quantity: 'high' }),
    act('Thesis review', 'Long-held positions have their thesis argued again once a year.', { opened_on: 'stale' }),
  ],
  trades: [
    act(['Compliance flag', 'Surveillance'], 'Short sales and covers are where market-abuse reviews look first.', {
      side: ['sell short', 'buy to cover'],
    }),
    act('Settlement', 'A trade past its settlement date costs buy-in fees and claims.', {
      settlement_status: ['failed', 'pending'],
      trade_date: 'stale',
    }),
    act('Locate check', 'Every short sale needs a borrow located before it settles.', { side: ['sell short'] }),
  ],
  fx_exposures: [
    act('Hedging', 'Large exposures hedged below the target ratio are topped up.', {
      hedge_ratio_pct: 'low',
      notional: 'high',
    }),
    act('Roll', 'Hedges maturing soon are rolled or closed by treasury.', { maturity_date: 'ahead' }),
    act('Limit review', 'Exposures above the limit go to the treasury committee.', { notional: 'high' }),
  ],
  research_notes: [
    act(
      ['Compliance review', 'Pre-publication review'],
      'A note goes out only with its conflicts disclosure; compliance checks that before publication.',
    ),
    act('Rating change', 'Rating changes are published only after the supervisory analyst signs off.', {
      note_type: ['rating change'],
    }),
    act('Withdrawal', 'Old notes that no longer reflect our view are withdrawn.', {
      published_on: 'stale',
      status: ['published'],
    }),
  ],
  pull_requests: [
    act(['Changes requested', 'Code review'], 'A pull request with failing checks or too few reviews does not merge.', {
      ci_status: ['failing', 'flaky'],
    }),
    act('Reviewer assignment', 'Open pull requests with too few approvals get another reviewer.', {
      approvals: 'low',
      status: ['open'],
    }),
    act('Stale branches', 'Long-open pull requests drift from main; their authors rebase or close them.', {
      opened_on: 'stale',
      status: ['open', 'draft'],
    }),
  ],
  deployments: [
    act('Rollback review', 'A slow production deploy often hides a failed health check, so each one is reviewed.', {
      environment: ['production', 'production-eu'],
      duration_min: 'high',
    }),
    act('Change record', 'Every production deploy needs a change record for the audit trail.', {
      environment: ['production', 'production-eu'],
    }),
    act('Canary check', 'Canary deploys are checked before they are promoted.', { environment: ['canary'] }),
  ],
  incidents: [
    act(['Postmortem', 'Incident review'], 'Serious incidents that reached customers get a written postmortem.', {
      severity: ['SEV1', 'SEV2'],
    }),
    act('Customer comms', 'Customer-facing incidents get a status page update and a note to account managers.', {
      customer_impact: true,
    }),
    act('Trend review', 'Minor incidents on the same service are reviewed together for a common cause.', {
      severity: ['SEV3', 'SEV4'],
    }),
  ],
  migrations: [
    act(['Approval', 'Migration approval'], 'Reversible changes in the next window go ahead without a DBA meeting.'),
    act('DBA review', 'Changes that cannot be undone need a DBA and a tested backup first.', {
      reversible: false,
      change_kind: ['drop column', 'rename column', 'alter type'],
    }),
    act('Scheduling', 'Approved migrations run in the maintenance window and are announced ahead.', {
      scheduled_on: 'ahead',
      status: ['approved', 'scheduled'],
    }),
  ],
  datasets: [
    act(
      ['Deprecation', 'Retirement'],
      'Small datasets nobody refreshes any more are retired before someone trusts them.',
      { refreshed_on: 'stale' },
    ),
    act('Freshness', 'Stale data feeds wrong dashboards; the owner fixes the refresh.', {
      status: ['stale', 'refresh failed'],
    }),
    act('Privacy review', 'Datasets holding personal data need a lawful basis and an access list.', {
      contains_pii: true,
    }),
  ],
  dashboards: [
    act(
      ['Archiving', 'Clean-up'],
      'Dashboards nobody opens are archived so people find the ones that are maintained.',
      { views_30d: 'low' },
    ),
    act('Certification', 'Dashboards shown to executives and the board are certified first.', {
      audience: ['executive', 'board'],
      status: ['draft', 'published'],
    }),
    act('Delivery review', 'Scheduled e-mails of dashboards nobody reads are stopped.', {
      scheduled_delivery: true,
      views_30d: 'low',
    }),
  ],
  metric_alerts: [
    act('Investigation', 'Large moves are investigated before the morning numbers go out.', {
      observed_change_pct: 'high',
      status: ['triggered'],
    }),
    act('Threshold tuning', 'Alerts that fire falsely get their thresholds tuned.', { status: ['false positive'] }),
    act('Out-of-hours review', 'Every out-of-hours page is reviewed so that on-call is not woken for noise.', {
      paged: true,
    }),
  ],
  experiments: [
    act(['Pause', 'Experiment pause'], 'A test that breaks a guardrail metric costs real customers while it runs.', {
      guardrail_breached: true,
    }),
    act('Readout', 'Tests ending soon get an analyst booked for the readout.', {
      ends_on: 'ahead',
      status: ['running'],
    }),
    act('Ship decision', 'Clear winners are written up for a ship decision.', {
      status: ['analysing'],
      uplift_pct: 'high',
    }),
  ],
  stories: [
    act(
      ['Legal read', 'Legal review'],
      'Stories due soon that carry legal risk are read by the lawyer before they run.',
      { due_on: 'ahead' },
    ),
    act('Subbing slot', 'Stories due soon are booked a subeditor.', { due_on: 'ahead' }),
    act('Pictures', 'Features and explainers need pictures commissioned early.', {
      story_format: ['feature', 'explainer'],
    }),
  ],
  social_posts: [
    act(
      ['Boost stop', 'Paid promotion stop'],
      'This month’s paid budget is spent: boosts on posts still to go out stop, except where a channel’s budget is still open.',
      { scheduled_for: 'ahead' },
    ),
    act('Pre-publication check', 'Posts going out soon are checked by the social editor for facts and tone.', {
      scheduled_for: 'ahead',
    }),
    act('Performance review', 'Posts that went out recently are reviewed for engagement.', {
      scheduled_for: 'recent',
    }),
  ],
  media_assets: [
    act('Licence renewal', 'Well-used images whose licence ends soon are renewed before they must come down.', {
      licence_expires_on: 'ahead',
      usage_count: 'high',
    }),
    act('Takedown', 'Images whose licence has lapsed come off the site.', { licence_expires_on: 'stale' }),
    act('Release check', 'Images of identifiable people need model releases before any commercial use.', {
      model_release_on_file: false,
    }),
  ],
  episodes: [
    act('Release prep', 'Episodes due out soon need artwork and show notes signed off.', { release_on: 'ahead' }),
    act('Ad sales', 'Unsold ad slots in upcoming episodes are offered to house campaigns.', {
      ad_slots_sold: 'low',
      release_on: 'ahead',
    }),
    act('Explicit tagging', 'Explicit episodes need the tag set on every platform.', { explicit: true }),
  ],
  access_reviews: [
    act(
      ['Revocation', 'Access removal'],
      'Access nobody uses is the easiest way in for an attacker and costs a licence, so it is removed.',
      { last_used_on: 'stale' },
    ),
    act('Sign-off', 'Reviews are signed off by their due date; the auditors test the dates.', {
      due_on: 'ahead',
      decision: ['pending'],
    }),
    act('Privileged review', 'Admin access is reviewed by the system owner as well as the manager.', {
      privileged: true,
    }),
  ],
  data_subject_requests: [
    act('Deadline', 'The statutory deadline cannot be missed; requests close to theirs come first.', {
      due_on: 'ahead',
      status: ['received', 'in progress'],
    }),
    act('Identity check', 'Nothing is disclosed until the requester’s identity is verified.', {
      identity_verified: false,
    }),
    act('Extension notice', 'An extended request needs a letter telling the person why.', { status: ['extended'] }),
  ],
  vendor_assessments: [
    act(
      ['Questionnaire', 'Due diligence'],
      'Vendors due for review without a current SOC 2 report answer our questionnaire instead.',
      { next_review_on: 'ahead' },
    ),
    act('Report chase', 'Critical vendors must give us a current SOC 2 report.', {
      soc2_report_on_file: false,
      tier: ['tier 1 (critical)', 'tier 2 (high)'],
    }),
    act('Review booking', 'Reviews are booked with the vendor before they fall due.', { next_review_on: 'ahead' }),
  ],
  security_findings: [
    act(
      ['Triage', 'Finding triage'],
      'Findings on internet-facing assets are triaged first; that is where attacks land.',
      { internet_facing: true },
    ),
    act('Remediation chase', 'Findings close to their remediation date are chased with the owning team.', {
      remediation_due: 'ahead',
      status: ['in remediation'],
    }),
    act('Risk acceptance review', 'Accepted risks are approved again every year.', { status: ['risk accepted'] }),
  ],
  workflows: [
    act(['Pause', 'Workflow pause'], 'A workflow failing again and again repeats the same damage on every run.', {
      failures_7d: 'high',
    }),
    act('Alerting', 'Every live workflow must alert its owner when it fails.', {
      alert_on_failure: false,
      status: ['active', 'failing'],
    }),
    act('Archiving', 'Paused workflows that have not run for weeks are archived.', {
      last_run_on: 'stale',
      status: ['paused'],
    }),
  ],
  connectors: [
    act('Re-authentication', 'Expired credentials break every workflow that uses the connection.', {
      auth_expires_on: 'ahead',
      workflows_using: 'high',
    }),
    act('Admin consent', 'Connections no admin approved are checked for the data they can reach.', {
      admin_consent: false,
    }),
    act('Clean-up', 'Connections that no workflow uses are removed.', { workflows_using: 'low' }),
  ],
  workflow_runs: [
    act('Replay', 'Failed runs that were not retried are replayed once the cause is fixed.', {
      status: ['new'],
      auto_retried: false,
    }),
    act('Investigation', 'A run that failed in its first steps points at a configuration fault.', {
      steps_completed: 'low',
      status: ['new'],
    }),
    act('Timeout review', 'Long runs that failed usually hit a timeout worth raising.', { duration_sec: 'high' }),
  ],
  agent_skills: [
    act(
      ['Disabling', 'Skill removal'],
      'A skill that can write or send for us outside a sandbox is the widest door an attacker could use.',
      { sandboxed: false },
    ),
    act('Security review', 'Skills from outside the company get a security review before they are installed.', {
      status: ['requested'],
      source: ['community', 'vendor marketplace'],
    }),
    act('Permission review', 'Skills that act on our behalf are reviewed every quarter.', {
      permission_level: ['send on behalf', 'admin'],
    }),
  ],
  papers: [
    act('Reading list', 'Highly cited papers go to the top of the reading list.', {
      reading_status: ['to read'],
      citations: 'high',
    }),
    act('Summary', 'Papers that have been read get a short summary on the team wiki.', { reading_status: ['read'] }),
    act('List clean-up', 'Papers left unread for months are read or dropped.', {
      added_on: 'stale',
      reading_status: ['to read'],
    }),
  ],
  market_reports: [
    act(['Replacement', 'Supersession'], 'Old market figures get quoted long after a newer report replaces them.', {
      published_on: 'stale',
    }),
    act('Summary', 'Purchased reports are summarised for the team within a week.', { status: ['purchased'] }),
    act('Licence check', 'Reports whose licence has lapsed are no longer quoted.', { status: ['licence expired'] }),
  ],
  news_items: [
    act(['Flagging', 'News flag'], 'Bad press about a client reaches the account team the same day.', {
      mentions_client: true,
    }),
    act('Archive', 'Routine coverage is archived after the morning read.', {
      status: ['new'],
      sentiment: ['positive', 'neutral'],
    }),
    act('False matches', 'Items the monitor matched by mistake are marked so the search can be tuned.', {
      mentions_client: false,
      status: ['new'],
    }),
  ],
  cited_sources: [
    act(
      ['Re-verification', 'Source check'],
      'A source cited in many pieces and not checked for months is checked again.',
      { accessed_on: 'stale' },
    ),
    act('Retraction check', 'Retracted and disputed sources are removed from every piece that cites them.', {
      status: ['retracted', 'disputed'],
    }),
    act('Archiving copies', 'Paywalled sources are saved as PDFs for the fact-checkers.', { paywalled: true }),
  ],
  room_bookings: [
    act(
      ['Catering cancellation', 'Catering'],
      'Catering for small rooms is cancelled where the meeting no longer needs it; the caterer charges whatever is ordered.',
      { date: 'ahead' },
    ),
    act('AV set-up', 'AV is set up the day before for meetings that asked for it.', {
      av_support: true,
      date: 'ahead',
    }),
    act('Catering order', 'Catering is confirmed with the caterer ahead of the meeting.', {
      catering: ['breakfast', 'working lunch', 'afternoon tea'],
      date: 'ahead',
    }),
  ],
  purchase_requests: [
    act(
      ['Approval', 'Purchase approval'],
      'Requests from preferred suppliers are approved in time for the date needed.',
    ),
    act('Approver chase', 'Requests waiting on a budget holder are chased so the order goes out in time.', {
      requested_on: 'stale',
      status: ['pending approval'],
    }),
    act('Supplier check', 'Buying off the preferred list needs procurement to vet the supplier first.', {
      preferred_supplier: false,
    }),
  ],
  equipment_loans: [
    act(['Condition check', 'Return check'], 'Kit is checked on return so that damage is charged to the right loan.'),
    act('Return chase', 'Kit not back by its return date is chased with the borrower.', { due_back_on: 'stale' }),
    act('Loan extension', 'Loans ending soon are extended or collected.', { due_back_on: 'ahead' }),
  ],
  visitor_passes: [
    act(['Escort', 'Visitor escort'], 'Visitors who have not signed the NDA do not walk the office alone.', {
      nda_signed: false,
      visit_date: 'ahead',
    }),
    act('NDA', 'Visitors who will see unreleased work sign the NDA before they arrive.', {
      nda_signed: false,
      visit_date: 'ahead',
    }),
    act('Lab induction', 'Lab visitors need a safety induction booked.', { access_level: ['lab access'] }),
  ],
  design_requests: [
    act(['Hold', 'Design hold'], 'Nothing ships before the brand team signs it off.', { brand_approved: false }),
    act('Revision cap', 'Requests past the agreed rounds of revisions go back to the requester’s manager.', {
      revision_rounds: 'high',
    }),
    act('Deadline check', 'Requests due soon are checked for a designer and a review slot.', { due_on: 'ahead' }),
  ],
  chart_requests: [
    act('Accessibility', 'Charts must pass the colour-blind check before publication.', { accessible_palette: false }),
    act('Data chase', 'Requests waiting on data are chased with the desk that asked.', {
      status: ['needs data'],
      due_on: 'ahead',
    }),
    act('Scheduling', 'Queued charts due soon are given to a designer.', { due_on: 'ahead', status: ['queued'] }),
  ],
  video_edits: [
    act(['Client review', 'Sign-off'], 'Cuts due soon go to the client early enough for one round of changes.', {
      due_on: 'ahead',
    }),
    act('Captions', 'Most social video is watched muted, so it needs burnt-in captions.', { captions_required: true }),
    act('Delivery', 'Exported edits are delivered to the client on the agreed date.', {
      due_on: 'ahead',
      status: ['exported'],
    }),
  ],
  web_page_builds: [
    act(['SEO review', 'Search review'], 'Pages that already perform well are worth an SEO pass before launch.', {
      lighthouse_score: 'high',
    }),
    act('Performance', 'Pages that fail the performance budget are fixed before launch.', { lighthouse_score: 'low' }),
    act('Launch readiness', 'Pages launching soon get a final content check.', { launch_on: 'ahead' }),
  ],
};

/** The act a section heading names on a record type, if any. */
export const actNamed = (source: string, section: string): PolicyAct | undefined =>
  ACTS[source]?.find((a) => a.sections.includes(section));

/** The record type's own form of a generic action (a ward bed's "Follow-up" is its preparation), if any. */
export const actOfAction = (source: string, action: string | undefined): PolicyAct | undefined =>
  action === undefined ? undefined : ACTS[source]?.find((a) => a.of === action);
