import type { AggregatePart, SourcePart } from './parts.js';
import type { SourceName } from './sources/index.js';
import { REVIEW_TAGS } from './purposes.js';

// Who may read a record type's records outside the company. A deliverable that goes out (a page on the public site,
// a feed) lists only records a company would show anyone: published or public matter (news, papers, a course
// catalogue, episodes, a status page's incidents). Records about people (patients, visitors, staff, candidates,
// requesters), access, money the company keeps to itself, health, legal work and clients' orders stay internal: a
// deliverable about them goes to a colleague, a channel, a file in reports/ or the team's intranet. Every registered
// record type says which it is (the table is total over SourceName, so a new one cannot forget); a record type not
// registered (a test's) is internal.

/** Whether a record type's records may be published: `true` only for what a company shows anyone. */
export const PUBLISHABLE: Readonly<Record<SourceName, boolean>> = {
  // published matter: headlines, articles, papers, citations, a course catalogue, episodes
  feed_articles: true,
  news_items: true,
  papers: true,
  cited_sources: true,
  courses: true,
  episodes: true,
  // a status page lists incidents by title
  incidents: true,
  // customers, orders, money, stock and the company's own systems
  tickets: false,
  customers: false,
  products: false,
  transactions: false,
  jobs: false,
  integrations: false,
  tasks: false,
  sheet_rows: false,
  mails: false,
  order_screenshot: false,
  receipt_scans: false,
  partner_mails: false,
  // plans of people's places: desks, beds, exam seats; a warehouse's bays
  desk_plan: false,
  ward_beds: false,
  exam_seats: false,
  warehouse_bays: false,
  // health: patients, pets' owners, claims
  referrals: false,
  appointments: false,
  claims: false,
  vaccinations: false,
  // legal work is privileged
  client_matters: false,
  contracts: false,
  court_deadlines: false,
  legal_holds: false,
  // travel and household money
  trip_requests: false,
  travel_bookings: false,
  per_diem_claims: false,
  household_bills: false,
  // students and candidates
  enrolments: false,
  submissions: false,
  exam_sittings: false,
  // production and quality records
  work_orders: false,
  nonconformances: false,
  aircraft_inspections: false,
  field_plots: false,
  // holdings, trades and research are market-sensitive
  positions: false,
  trades: false,
  fx_exposures: false,
  research_notes: false,
  // engineering and analytics internals
  pull_requests: false,
  deployments: false,
  migrations: false,
  datasets: false,
  dashboards: false,
  metric_alerts: false,
  experiments: false,
  // unpublished editorial work, scheduled posts and licensed assets (fees, embargoes)
  stories: false,
  social_posts: false,
  media_assets: false,
  // access, personal data, vendors and findings
  access_reviews: false,
  data_subject_requests: false,
  vendor_assessments: false,
  security_findings: false,
  workflows: false,
  connectors: false,
  workflow_runs: false,
  agent_skills: false,
  // licensed research
  market_reports: false,
  // bookings, purchases, loans and visitors (names of people)
  room_bookings: false,
  purchase_requests: false,
  equipment_loans: false,
  visitor_passes: false,
  // clients' briefs
  design_requests: false,
  chart_requests: false,
  video_edits: false,
  web_page_builds: false,
};

/** The record types whose records may be published (a public deliverable's `sources`). */
export const PUBLISHED_SOURCES: readonly SourceName[] = (Object.keys(PUBLISHABLE) as SourceName[]).filter(
  (n) => PUBLISHABLE[n],
);

/** Whether `src`'s records may be published. */
export const mayPublish = (src: SourcePart): boolean => (PUBLISHABLE as Record<string, boolean>)[src.name] === true;

// Records of people's health, schooling or personal data (a patient's appointments, a pupil's coursework, a data
// subject's request): a list of them names people beside what no colleague outside their care may read, so it goes
// to the colleague named or the user's own file, never a page or channel the whole team reads.
const PERSONAL: ReadonlySet<string> = new Set<SourceName>([
  'appointments',
  'referrals',
  'claims',
  'ward_beds',
  'enrolments',
  'submissions',
  'exam_sittings',
  'exam_seats',
  'data_subject_requests',
]);

/** The deliverables the whole team reads: the intranet page, a team channel. */
const TEAM_WIDE: ReadonlySet<string> = new Set(['web_page', 'ops_notification']);

/** Whether a deliverable may carry a list of `src`'s records: a team-wide one never lists people's sensitive records. */
export const mayCarry = (agg: { name: string }, src: { name: string }): boolean =>
  !(TEAM_WIDE.has(agg.name) && PERSONAL.has(src.name));

/** The work a task's list is picked for: what it does to the records (an action, if any) and the section it applies. */
export interface ListWork {
  action?: unknown;
  tag: string;
}

/**
 * Whether a task's list is one the company would show anyone: published records picked for no internal work. The
 * sources a fact-checker must verify again, the press flagged for the account team or the episodes under review
 * are the team's worklist whatever the records are (review 26): such a list goes to the intranet.
 */
export const publicList = (src: SourcePart, work: ListWork): boolean =>
  mayPublish(src) && !work.action && !REVIEW_TAGS.includes(work.tag);

/** A task as who may read its deliverable sees it: the deliverable, the work and the section (a compiled Program). */
export interface ListTask {
  recipe: { aggregate?: AggregatePart<string>; action?: unknown };
  src: SourcePart;
  tag: string;
}

/** Whether a task's deliverable goes out to the public (a feed always; a page when its list may). */
export function goesPublic({ recipe, src, tag }: ListTask): boolean {
  const agg = recipe.aggregate;
  if (!agg) return false;
  return agg.audience === 'public' || (agg.audience === 'records' && publicList(src, { action: recipe.action, tag }));
}

/**
 * The inward deliverable that stands in for a public one where the records are worked on: they are the team's
 * worklist, never a feed's (review: flagged press, sources to verify again in an RSS digest). Chosen by the public
 * one's place among the record type's deliverables, without a draw; none where every deliverable is public. `usable`:
 * which may stand in (no section's own work, place-aggregates.ts, stands in for a summary of another work's records).
 */
export function inwardOf<A extends { audience?: string }>(
  aggregates: readonly A[],
  pub: A,
  usable: (a: A) => boolean = () => true,
): A | undefined {
  const inward = aggregates.filter((a) => a.audience !== 'public' && usable(a));
  return inward[aggregates.indexOf(pub) % Math.max(1, inward.length)];
}
