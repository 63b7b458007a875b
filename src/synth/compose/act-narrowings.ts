import { cadence, cadenceFloor, everySpan } from '../kit/lead-time.js';
import type { Bound } from '../rules/draw.js';
import type { Atom } from '../rules/rule.js';
import { OPS_NARROWS } from './act-narrowings-ops.js';
import { PLACE_NARROWS } from './act-narrowings-places.js';
import { REVIEW_NARROWS } from './act-narrowings-reviews.js';

// Why a work is narrowed by a line, a flag or a date window, where a practitioner has a reason for it: a flag that
// is a precondition of the step (only a boosted post has spend to stop), a size at which the work changes hands
// (smaller renewals go through the automated sequence), a window the step's own lead time sets (a photographer
// needs notice). Per record type and section ('*': every section of it), per side of a field. A narrowing with no
// entry is stated plainly, with no reason made up for it (purpose-scope.ts).

/** The side of a field a condition takes, as this table keys it: `enabled=true`, `total>`, `due_on:ahead`. */
export function sideKey(a: Atom): string | undefined {
  switch (a.kind) {
    case 'flag':
      return `${a.field}=${a.value}`;
    case 'at_least':
      return `${a.field}>`;
    case 'at_most':
      return `${a.field}<`;
    case 'due_within':
      return `${a.field}:ahead`;
    case 'older':
      return `${a.field}:older`;
    case 'recent':
      return `${a.field}:recent`;
    default:
      return undefined;
  }
}

type Reasons = Readonly<Record<string, string>>;

const NARROWS: Readonly<Record<string, Readonly<Record<string, Reasons>>>> = {
  // (a review's purpose is the team's stake in the records, review-purposes-data.ts: a line or flag narrows it where
  // the records it takes are where a wrong entry costs that stake most)
  ...PLACE_NARROWS,
  ...OPS_NARROWS,
  feed_articles: {
    Review: {
      'published_at:recent': 'the digest goes out each week, so only that week’s articles can still go into it',
      'word_count>': 'a shorter piece is a wire brief, a headline and a paragraph with nothing in it to summarise yet',
    },
    'Follow-up': {
      'word_count>': 'a shorter piece is a wire brief, a headline and a paragraph with nothing in it yet to follow up',
    },
  },
  // (a bare slip shows the amount alone: no VAT to reclaim and nothing for the card statement or audit to match)
  receipt_scans: {
    Reimbursement: {
      'itemised=true':
        'a bare slip goes back to the claimant for the itemised receipt, since only that lets the VAT be reclaimed',
    },
    'Statement reconciliation': {
      'itemised=true':
        'a statement line is matched only against an itemised receipt, so a bare slip waits for the merchant’s copy',
    },
    'Late claim': {
      'itemised=true': 'the line manager signs off a late claim only against an itemised receipt',
    },
    'Itemised receipt': {
      // (the policy's one claim window, shared-windows.ts: "older receipts went in with earlier claims" beside a
      // wider claim window would pay the ones between twice)
      'receipt_date:recent':
        'a receipt outside the claim window is a late claim, and the line manager asks for its paperwork at sign-off',
    },
  },
  jobs: {
    '*': { 'enabled=true': 'a disabled job does not run, so it cannot go wrong again until someone switches it on' },
    // (a timeout with no run since is a job that has not yet shown it fits its window again)
    'Follow-up': {
      'last_run:older': 'a job that timed out and has not run since has had no later run to show it fits its window',
    },
  },
  // a query goes where chasing pays: smaller claims are the write-off review's
  claims: {
    'Claim query': {
      'amount>': 'smaller claims are re-sent through the insurer’s portal, which costs less than a formal query',
    },
  },
  // a costly trip is the cost review's, however well it fits policy
  trip_requests: {
    Approval: {
      'estimated_cost<': 'dearer trips also need the budget holder’s sign-off, which takes a round of its own',
    },
  },
  customers: {
    'Follow-up': {
      'annual_revenue>': 'renewals under that size go through the automated renewal emails, with no call',
    },
    Escalation: {
      'annual_revenue>': 'smaller accounts are looked after by the customer-success pool, not an account manager',
      'contract_end_date:ahead': 'with the renewal that close, a weak account can be lost at the end date itself',
    },
    Review: {
      'contract_end_date:ahead':
        'the review goes into the renewal terms, which reach the account owner {days} days before the end date, so a contract ending later is reviewed once it comes within that',
    },
    Expansion: {
      'contract_end_date:ahead':
        'an upsell is easiest to agree as part of the renewal conversation, which opens {days} days before the end date',
    },
  },
  stories: {
    'Picture commissioning': {
      'due_on:ahead':
        'the picture desk books photographers {days} days ahead of publication, so a story running later is commissioned once it comes within that',
    },
    'Legal read': {
      'legal_read_required=true':
        'the desk marks the stories that need the lawyer, and an unmarked one has no read booked',
    },
    'Subbing slot': {
      'legal_read_required=false':
        'a story waiting on the lawyer is subbed after the legal read, so changes go in once',
    },
  },
  news_items: {
    Archive: { 'published_on:older': 'an item that old has been through the morning read already' },
    Flagging: {
      'published_on:recent':
        'a story from the last few days can still be answered in the same news cycle, and the account team has seen the older ones in the morning read',
    },
  },
  social_posts: {
    'Boost stop': { 'boosted=true': 'only a boosted post has paid spend to stop' },
    'Pre-publication check': {
      'boosted=true': 'a boosted post goes out to paid reach, so a mistake in it costs money as well as face',
    },
    'Performance review': { 'boosted=true': 'the paid budget is reviewed against what the boosted posts earned' },
  },
  chart_requests: {
    'Accessibility check': {
      'due_on:ahead':
        'the check is booked {days} days before the chart runs with its piece, so one running later is checked once it comes within that',
    },
    // (a chart's size is the work it makes: the biggest are started first, the small ones fit in around them)
    'Chart production': {
      'data_points>':
        'a chart with that many points takes longest to draw and for the desk to check, so those start first',
    },
    Scheduling: { 'data_points>': 'the biggest charts take a designer the most days, so they are booked first' },
  },
  video_edits: {
    'Caption check': {
      'due_on:ahead':
        'captions are checked in the {days} days before delivery, so a cut delivering later is checked once it comes within that',
    },
  },
  vendor_assessments: {
    'Report chase': {
      'next_review_on:ahead':
        'the review needs the report on file, and a vendor is asked for it {days} days before its review, so one reviewed later is chased once it comes within that',
    },
  },
  agent_skills: {
    Disabling: {
      'installed_on:recent':
        'the platform team audits what installed skills can reach {every}, so a skill installed since the last audit is one nobody has yet looked at',
    },
    'Credential removal': {
      'installed_on:recent':
        'skill tokens are rotated {every}, so a skill installed since the last rotation holds tokens nobody has rotated yet',
    },
    'Community skill removal': {
      'installed_on:recent':
        'security sweeps the community skills {every}, so one added since the last sweep has never been looked at',
    },
    'Security review': { 'sandboxed=false': 'an unsandboxed skill runs with its user’s own access' },
    'Permission review': { 'sandboxed=false': 'an unsandboxed skill acts with everything its permissions allow' },
  },
  web_page_builds: {
    'SEO review': { 'seo_reviewed=false': 'a page already reviewed needs no second pass' },
    'Performance fix': { 'launch_on:ahead': 'a slow page loses its first visitors on launch day' },
  },
  aircraft_inspections: {
    'Heavy check': {
      'due_date:ahead':
        'parts and a hangar slot are booked that far out, so the checks falling inside it are planned now',
    },
  },
  vaccinations: {
    'Booster reminder': {
      'due_on:ahead': 'a reminder sent further out is forgotten by the time the booster falls due',
    },
    'Lapsed cover': { 'reminder_sent=false': 'an owner already reminded is not sent a second reminder' },
  },
  research_notes: {
    'Compliance review': {
      'published_on:ahead':
        'compliance reads each note in the {days} days before it goes out, so a note publishing later is read once it comes within that',
    },
  },
  design_requests: {
    Hold: {
      'due_on:ahead':
        'a request goes into production {days} days before it is due, so a hold now stops one due within that before it ships, and one due later is held once it comes within that',
    },
  },
  court_deadlines: {
    // (the docketing team's run is who diarises the rest: the dates further out are not left undone)
    'Diary entry': {
      'due_date:ahead':
        'the docketing team enters the dates from every sealed order on its weekly run, but a date this close could pass before the run reaches it, so it is entered now',
    },
    Preparation: {
      'due_date:ahead':
        'bundles, witness statements and counsel’s review take weeks to put together, so a deadline that close needs its preparation started now',
    },
    'Extension follow-up': {
      'due_date:ahead': 'an extension not agreed before the date leaves the original deadline standing',
    },
  },
  legal_holds: {
    Escalation: {
      'reminders_sent>': 'by then the reminders have run their course, and the manager is the next step',
      'issued_on:older': 'custodians are given that long to acknowledge before their manager is told',
    },
  },
  positions: {
    'Watch list': {
      'restricted=true': 'a name on the restricted list cannot be traded, so compliance watches it',
      'opened_on:recent':
        'a position opened that recently is still being built, so a change in its thesis can still stop the buying',
    },
  },
  appointments: {
    Reminder: { 'missed_before>': 'patients who have missed before are the likeliest to miss again' },
  },
  partner_mails: {
    Translation: {
      'units>':
        'on an order that size a misread credit or defect claim costs the most, so it goes to the contracted translators, while the account manager reads a smaller one in the original with the desk’s machine translation',
      'date:older':
        'the desk reads each message in the partner’s language when it arrives, and one still open after that goes to the translators',
    },
    'Large orders': {
      'date:older':
        'newer ones are still inside the desk’s reply time, and those past it are the ones a partner chases',
    },
  },
  nonconformances: {
    'Corrective action': {
      'raised_on:older':
        'containment and rework come first, and a defect still open after that needs its root cause found',
    },
    'Ageing review': {
      'capa_required=false': 'an NCR with a CAPA is tracked in the CAPA log against its own due dates',
    },
  },
  access_reviews: {
    Revocation: {
      'privileged=true':
        'a privileged account is the one an attacker wants, and the rest are cleared at the quarterly recertification',
    },
  },
  trades: {
    'Compliance flag': {
      'trade_date:older': 'surveillance reads a trade once it has settled and the full order record is in',
      'quantity>':
        'a short sale or cover that size can move the price on its own, while the smaller ones are sampled in the monthly surveillance review',
    },
    'Settlement chase': {
      'quantity>':
        'a failed delivery that size draws the heaviest buy-in, while the smaller fails clear through the custodian’s automatic chase',
    },
  },
  household_bills: {
    'Dispute follow-up': { 'due_on:ahead': 'a disputed bill still unpaid on its due date is what goes to collections' },
  },
  migrations: {
    Approval: {
      'scheduled_on:ahead':
        'approval is given for the next release window, so only the changes running in it are approved now',
    },
  },
  datasets: {
    Deprecation: {
      'freshness_sla_hours<':
        'a dataset promised fresh within hours is the one people read as live, while a weekly extract is read as a snapshot',
      // (a stale dataset is retired whatever it holds; its size says whether its readers are asked first)
      'row_count<':
        'a table under that size is rebuilt from its source in one run should anyone miss it, while a larger one is raised with its readers before it goes',
    },
  },
  incidents: {
    Postmortem: {
      'opened_on:older':
        'a postmortem is written once the incident is stable and its timeline settled, not while it is being fought',
      'opened_on:recent': 'a postmortem has to be written while the people who handled the incident still remember it',
    },
  },
  submissions: {
    Extension: {
      'extension_granted=false': 'a submission that already has an extension needs no second one',
      'due_on:recent': 'an extension is agreed while the deadline is fresh, before the marking round for it closes',
    },
  },
  pull_requests: {
    'Changes requested': {
      'opened_on:older': 'a pull request open that long is holding up its author’s next piece of work',
    },
  },
};

// (a review's reasons sit beside a record type's acts, not over them: merged per record type)
export const ACT_NARROWS: Readonly<Record<string, Readonly<Record<string, Reasons>>>> = Object.fromEntries(
  [...new Set([...Object.keys(NARROWS), ...Object.keys(REVIEW_NARROWS)])].map((n) => [
    n,
    { ...REVIEW_NARROWS[n], ...NARROWS[n] },
  ]),
);

// a reason drawn with its window: the lead time (`{days}`) or the rhythm (`{every}`) it states is the window's own,
// so "contracts ending in the next 45 days" go with renewal terms sent 45 days ahead, and a 14-day window of
// recent installs with a sweep every two weeks (a fixed "quarterly review" beside it left ten weeks unreviewed)
const DRAWN = /\{(?:days|every)\}/;

/** Whether a reason states its window's own span, filled in per drawn window (`withWindow`). */
export const drawnWithWindow = (why: string): boolean => DRAWN.test(why);

/** A reason with its window's span said: `{days}` the days, `{every}` the rhythm of that length ("every month"). */
export const withWindow = (why: string, days: number): string =>
  why.replaceAll('{days}', String(days)).replaceAll('{every}', everySpan(days));

/** The reason a section's line, flag or window narrows its work, where it has one. */
export function narrowReason(source: string | undefined, section: string | undefined, a: Atom): string | undefined {
  const key = sideKey(a);
  if (!source || !key) return undefined;
  const own = ACT_NARROWS[source];
  const why = (section ? own?.[section]?.[key] : undefined) ?? own?.['*']?.[key];
  return why !== undefined && 'days' in a ? withWindow(why, a.days) : why;
}

// the magnitudes a narrowing's reason claims, per record type, section and field: "a chart with that many points
// takes longest" is true of the biggest charts of the range (3-24 points), never of 8
// (and the windows a rhythm drawn with its window is said in: "every two weeks" to "every two months", never a sweep
// every 3 days)
const RHYTHMS: Readonly<Record<string, Bound>> = { installed_on: [14, 60] };
const NARROW_BOUNDS: Readonly<Record<string, Readonly<Record<string, Readonly<Record<string, Bound>>>>>> = {
  chart_requests: { 'Chart production': { data_points: [14, 20] }, Scheduling: { data_points: [14, 20] } },
  agent_skills: { Disabling: RHYTHMS, 'Credential removal': RHYTHMS, 'Community skill removal': RHYTHMS },
  positions: { Review: { opened_on: [14, 90] }, 'Audit sample': { opened_on: [14, 90] } },
};

/**
 * The windows a section's reasons bound, per date field (and the numbers its narrowings claim, NARROW_BOUNDS): a reason naming a rhythm ("the docketing team's weekly
 * run") keeps the window it gives a reason for within that rhythm, so the rule is drawn to fit it (`bounds` of
 * PolicyAct), not drawn at 28 days and then dropped. The act's own reason (`act`) bounds the recent or coming dates
 * it leans on alike: "the morning briefing picks up what was published since the last one" over a 14-day window
 * briefs a fortnight of stories again each morning.
 */
export function cadenceBounds(
  source: string,
  section: string | undefined,
  given: Readonly<Record<string, Bound>> = {},
  act?: { why: string; lean?: Readonly<Record<string, unknown>> },
): Readonly<Record<string, Bound>> {
  const own = ACT_NARROWS[source];
  // each reason with the window field it speaks for: a narrowing's (`field:ahead`, `field:recent`), then the act's
  const reasons: [string, string][] = [];
  for (const [key, why] of Object.entries({ ...own?.['*'], ...(section ? own?.[section] : {}) })) {
    const [, field] = key.match(/^(\w+):(?:ahead|recent)$/) ?? [];
    if (field) reasons.push([field, why]);
  }
  for (const [field, side] of Object.entries(act?.lean ?? {}))
    if (act && (side === 'recent' || side === 'ahead')) reasons.push([field, act.why]);
  // (a magnitude the act's own reason claims comes first; a narrowing's where the act claims none)
  const out: Record<string, Bound> = { ...(section ? NARROW_BOUNDS[source]?.[section] : {}), ...given };
  // (a reason drawn with its window names the window's own rhythm, whatever is drawn; one about the records since the
  // last run takes them all, so its window is as long as the rhythm too: "only that week's articles", 7 days)
  for (const [field, why] of reasons) {
    const every = cadence(why);
    if (every === Infinity || drawnWithWindow(why)) continue;
    const [lo, hi] = out[field] ?? [0, every];
    out[field] = [Math.max(lo, cadenceFloor(why)), Math.min(hi, every)];
  }
  return out;
}
