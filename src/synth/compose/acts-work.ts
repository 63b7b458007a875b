import { ORDER_ACTS } from './acts-orders.js';
import { PLACE_ACTS } from './acts-places.js';
import { act, type PolicyAct } from './policy-act.js';

// The work a policy has sections for over the shared systems' records (tickets, customers, stock, jobs, to-dos, orders, mail) and the scans (see policy-acts.ts); the places a floor plan shows are in acts-places.ts.

// filing and late claims are the two sides of one claim window (shared-windows.ts)
const CLAIM_WINDOW = { name: 'claim window', field: 'receipt_date' };

export const WORK_ACTS: Readonly<Record<string, readonly PolicyAct[]>> = {
  tickets: [
    // an SLA on high and critical tickets runs in days: escalating one after a month is no escalation
    {
      ...act(
        'Escalation',
        'A high-priority ticket that has waited this long is close to breaching its SLA; the owner hears before the customer complains.',
        { priority: ['high', 'critical'], created_at: 'stale' },
      ),
      waits: { field: 'priority', date: 'created_at', within: { critical: 5, high: 10 } },
    },
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
    // a resolved ticket is closed whatever priority it had
    act('Closure', 'Resolved tickets left open distort the queue and the SLA report.', {
      status: ['resolved'],
      created_at: 'stale',
      priority: 'unrelated',
    }),
  ],
  customers: [
    act(
      ['Escalation', 'Owner follow-up'],
      'An at-risk account with a weak health score is the account manager’s call to make.',
      { status: ['at_risk'], health_score: 'low' },
    ),
    act(
      ['Renewal risk', 'At-risk review'],
      'Renewals are lost in the last months of the term; weak accounts near their end date get a save plan.',
      { contract_end_date: 'ahead', health_score: 'low' },
    ),
    // every renewal: a healthy account's as much as one at risk
    act('Follow-up', 'Every renewal needs a conversation before the contract end date, not after it.', {
      contract_end_date: 'ahead',
      status: 'unrelated',
      health_score: 'unrelated',
    }),
    // the largest accounts are reviewed whatever their health, and never narrowed to a tier (its work has no scope):
    // a tier comes in only as an exception, where someone else already holds that tier's review (spared-reviews.ts)
    act('Review', 'Our largest accounts get a business review whatever their health score.', {
      annual_revenue: 'high',
      health_score: 'unrelated',
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
      lead_time_days: 'unrelated',
    }),
    // a count checks what is on the shelf, however fast it sells or long it takes to reorder
    act('Stock count', 'High-value lines are counted more often because a discrepancy costs more.', {
      unit_price: 'high',
      daily_avg_sales: 'unrelated',
      lead_time_days: 'unrelated',
    }),
  ],
  transactions: [
    act(
      ['Escalation', 'Owner follow-up'],
      'A flagged charge is queried with the vendor’s billing contact before month end, while it can still be credited.',
      { status: ['flagged'], amount: 'high' },
    ),
    act('Follow-up', 'A transaction pending this long usually means a missing receipt or approval.', {
      status: ['pending'],
      date: 'stale',
    }),
    // auditors sample what is on the books: a posted entry is exactly what they test, so no status spares one
    act('Audit sample', 'The larger the transaction, the more likely audit is to test it.', {
      amount: 'high',
      status: 'unrelated',
    }),
    act('Accrual', 'Recent pending spend is accrued so that the month closes complete.', {
      status: ['pending'],
      date: 'recent',
    }),
  ],
  jobs: [
    act(
      ['Suspension', 'Job pause'],
      'A job that keeps failing while enabled retries into the same fault and can corrupt what it writes.',
      // how long ago a job was set up has no bearing on pausing a failing one; a timeout is no failure (its own
      // section, a capacity warning, follows it up)
      // ("keeps failing": it failed on a run lately, not weeks ago)
      { last_status: ['failed'], enabled: true, created_at: 'unrelated', last_run: 'recent' },
    ),
    // a weekly or monthly job that went wrong waits for its next run (sources/operations.ts keeps every enabled job
    // on its schedule): the reason is the wait, never a run it missed
    act(
      ['Escalation', 'Owner follow-up'],
      'A job whose last run went wrong leaves downstream data stale until its next good run; the longer ago that run, the sooner its owner must know.',
      { last_status: ['failed', 'timeout'], last_run: 'stale', created_at: 'unrelated' },
    ),
    // (only a job still enabled can go on to fail: a disabled one is no capacity warning; nor is a timeout on a run
    // weeks ago, whatever has run since: the warning is the load now, as a suspension's failure is a recent one)
    act(
      'Follow-up',
      'Recent timeouts are capacity warnings; someone looks at the job before it starts failing outright.',
      { last_status: ['timeout'], enabled: true, created_at: 'unrelated', last_run: 'recent' },
    ),
    // an enabled job runs on its schedule, weekly or monthly at the slowest: the ones nobody runs are switched off,
    // and idle for weeks
    act(
      'Review',
      'Old jobs that nobody runs any more are reviewed and retired.',
      { created_at: 'stale', enabled: false, last_run: 'stale' },
      undefined,
      { created_at: [60, 400], last_run: [14, 28] },
    ),
    // an old disabled job is the one to remove, never the one to keep
    act(
      'Clean-up',
      'Disabled jobs that have not run in weeks are removed from the scheduler.',
      { enabled: false, last_run: 'stale', created_at: 'unrelated' },
      undefined,
      { last_run: [14, 28] },
    ),
  ],
  integrations: [
    act(
      ['Deactivation', 'Suspension'],
      'An integration erroring at this rate writes bad data into every system it touches.',
      // (however lately verified: the bad data is written either way; on a quiet integration the rate swings with a
      // few bad days, so a section may draw a line on volume, a quiet one's, with that reason, act-narrowings.ts)
      { status: ['error', 'deprecated'], error_rate: 'high', monthly_calls: 'scope', last_verified: 'unrelated' },
      undefined,
      { monthly_calls: [2000, 8000] },
    ),
    act(
      ['Escalation', 'Owner follow-up'],
      'Rising error rates on busy integrations still in service are raised with the owner before the vendor cuts us off.',
      // a busy integration's errors reach more records: a quiet one is left out, never a busy one (a line on its last
      // verification is an expired credential's: months, act-narrowings-ops.ts); one switched off or being retired
      // has nothing left for the vendor to cut, nor an owner still answering for it
      { error_rate: 'high', monthly_calls: 'high', status: ['active', 'error'] },
      undefined,
      { last_verified: [120, 365] },
    ),
    act(
      ['Follow-up', 'Review'],
      'Credentials and scopes are re-verified on a schedule; an integration nobody has checked in months is a blind spot.',
      // a busy integration's credentials age like a quiet one's
      { last_verified: 'stale', monthly_calls: 'unrelated' },
      undefined,
      { last_verified: [60, 400] },
    ),
    act('Usage review', 'Active integrations with little traffic are candidates to switch off.', {
      monthly_calls: 'low',
      status: ['active'],
      error_rate: 'unrelated',
    }),
  ],
  tasks: [
    // every urgent to-do not started, however new; where the start leaves the state to the action (it starts only
    // pending ones), the reason does not name a state the rule never tests
    {
      // (a blocked one waits on someone else: starting it moves nothing until the answer comes)
      ...act(
        ['Work to start', 'Kick-off'],
        'Urgent to-dos that are not started yet and wait on nobody are picked up first.',
        { status: ['pending'], priority: ['high', 'urgent'], blocked: false, created_at: 'unrelated' },
      ),
      whyWithout: { status: 'Urgent to-dos that wait on nobody are picked up first, ahead of routine ones.' },
    },
    act(
      'Review',
      'Overdue to-dos are reviewed every week: done, rescheduled or dropped.',
      { due_date: 'stale', status: ['pending', 'in_progress'] },
      'review_meeting',
    ),
    // the other to-dos given a review slot each: work in progress for weeks (whatever holds it up is raised, due
    // or not), and urgent work falling due in the next days (nobody assumes another has it in hand)
    act(
      ['Stalled work', 'Stuck items'],
      'To-dos in progress for weeks get a short review each, so that whatever holds them up is raised rather than carried.',
      { status: ['in_progress'], created_at: 'stale', due_date: 'unrelated', priority: 'unrelated' },
      'review_meeting',
      { created_at: [14, 45] },
    ),
    act(
      ['Deadline check', 'Due this week'],
      'Urgent to-dos falling due in the next few days get a short review each, so that nobody assumes someone else has them in hand.',
      { priority: ['high', 'urgent'], due_date: 'ahead', status: ['pending', 'in_progress'] },
      'review_meeting',
      { due_date: [3, 7] },
    ),
    // a completed item is archived whatever its priority or due date was
    act(
      'Clean-up',
      'Completed items older than a few weeks are archived so that the list shows live work.',
      { status: ['completed'], created_at: 'stale', priority: 'unrelated', due_date: 'unrelated' },
      undefined,
      { created_at: [14, 60] },
    ),
    act(
      'Parking',
      'Low-priority items untouched for weeks are parked rather than left to clutter the list.',
      { priority: ['low'], status: ['pending'], created_at: 'stale' },
      undefined,
      { created_at: [14, 60] },
    ),
  ],
  sheet_rows: ORDER_ACTS,
  order_screenshot: ORDER_ACTS,
  mails: [
    act(['Reply', 'Acknowledgement'], 'Every message on the shared inbox gets an answer within two working days.', {
      is_read: false,
      date: 'stale',
    }),
    act('Follow-up', 'An unread message on a shared inbox is a request nobody has seen yet.', { is_read: false }),
    act(
      'Filing',
      'Read mail older than a week is filed so the inbox shows only what needs action.',
      { is_read: true, date: 'stale' },
      undefined,
      { date: [7, 30] },
    ),
  ],
  feed_articles: [
    // (a wire brief is a headline and a paragraph, a few hundred words at most: a section may take the full pieces,
    // with that reason)
    act(
      'Follow-up',
      'Fresh stories in our coverage areas are followed up while they are still news.',
      { published_at: 'recent', word_count: 'scope' },
      undefined,
      { word_count: [300, 400] },
    ),
    act('Briefing', 'The morning briefing picks up what was published since the last one.', {
      published_at: 'recent',
    }),
    act('Archive', 'Older articles come off the reading list so it stays short.', { published_at: 'stale' }),
  ],
  ...PLACE_ACTS,
  receipt_scans: [
    {
      ...act(
        ['Reimbursement', 'Expense filing'],
        'Staff are paid back for what they paid themselves, against the receipt, while it is inside the claim window.',
        // every receipt staff paid themselves is paid back, small or large (a line on the total would leave a cab
        // fare unpaid, and forbid filing it); those past the window are the late claims, which need sign-off first
        { payment: ['personal card', 'cash'], receipt_date: 'recent', total: 'unrelated' },
        'key_expense_line',
      ),
      window: CLAIM_WINDOW,
    },
    // keyed in as expense lines (key_expense_line): to pay staff back, or to match the company card's statement
    act(
      'Statement reconciliation',
      'Every line of the corporate card statement is matched to its receipt, so the card receipts are keyed in as expense lines.',
      // (every card receipt in the inbox, whatever its date: the statement lists them all)
      { payment: ['corporate card'], total: 'unrelated' },
      'key_expense_line',
    ),
    // (the amount is the section's own line, stated below the reason: the reason names none)
    // (a receipt that is itemised already needs nothing: the section chases the bare slips)
    // (a section that keeps to recent receipts keeps to the claim window: late claims have their own sign-off)
    {
      ...act('Itemised receipt', 'Audit needs an itemised receipt, not a card slip, for the larger receipts.', {
        total: 'high',
        itemised: false,
      }),
      window: CLAIM_WINDOW,
    },
    // every receipt past the window needs the sign-off, a cab fare as much as a hotel bill
    {
      ...act(
        'Late claim',
        'Receipts outside the claim window need the line manager’s sign-off.',
        { receipt_date: 'stale', total: 'unrelated' },
        undefined,
        { receipt_date: [30, 90] },
      ),
      window: CLAIM_WINDOW,
    },
  ],
  partner_mails: [
    // (every partner waits the same, whatever the order's size; a complaint is read in full whatever its order)
    act(['Reply', 'Acknowledgement'], 'Partners who have waited longest get an answer first, in their own language.', {
      date: 'stale',
      units: 'unrelated',
    }),
    // (the order's size is the desk's line: a full translation is paid for where a misread costs most, bounds a
    // size a buyer's desk calls a large order)
    act(
      'Translation',
      'Complaints and invoices are translated in full so that nothing in them is lost.',
      { topic: ['complaint', 'invoice'] },
      undefined,
      { units: [100, 400] },
    ),
    // a desk owns a topic whatever the order's size or the message's age; a message someone has opened is being
    // answered by whoever opened it, so the shared inbox's routing is of the unopened ones
    act(
      ['Routing', 'Hand-over'],
      'Each message nobody has opened yet goes to the desk that speaks the partner’s language and owns the topic.',
      { units: 'unrelated', date: 'unrelated', is_read: false },
    ),
    act('Large orders', 'Messages about large orders are dealt with before routine ones.', { units: 'high' }),
  ],
};
