import { type ScenarioDomain, SCENARIOS } from '../../../schema/taxonomy.js';
import type { SourceName } from '../sources/index.js';

// the record types that fit a sub-scenario of the taxonomy (src/schema/taxonomy.ts SCENARIOS): a slot labelled
// Healthcare/Pet_Care draws the pet boosters, Finance_Investment/Forex the FX exposures, most of the time
// (recipe.ts sourceFor); a sub-scenario left out here (no record type fits it clearly) draws by its domain alone.
// Every source named fits its domain (a pack of that domain, or a business record that lists the domain), and
// every domain a record type lists names it under some sub-scenario: a task is labelled with a sub-scenario its
// records belong to (labelPath), never with the slot's when they do not (receipt scans are not Stock work).

type Table = { [D in ScenarioDomain]: Partial<Record<(typeof SCENARIOS)[D][number], readonly SourceName[]>> };

export const SCENARIO_SOURCES: Table = {
  Office_Productivity: {
    Email: ['mails', 'partner_mails'],
    // kit is booked for days, as rooms are
    Calendar: ['room_bookings', 'equipment_loans'],
    // a floor plan read and turned into a desk list or a note: document work (its desks are set up, not booked)
    Document: ['desk_plan'],
    Meeting: ['room_bookings', 'visitor_passes'],
    // a CRM's customer accounts worked on (flagged, their account managers chased, a review booked) are the sales
    // office's (BY_WORK)
    Task_Management: ['tasks', 'tickets', 'customers'],
    // what the office buys, and the receipts of a working day in town (a client lunch, supplies, a courier,
    // parking at the client's: sources/receipt-scans.ts DESKS); a trip's receipts are the travel desk's
    Expense: ['purchase_requests', 'receipt_scans'],
  },
  Information_Retrieval: {
    Academic: ['papers', 'cited_sources'],
    Market: ['market_reports'],
    News: ['news_items', 'feed_articles'],
    Knowledge_Base: ['cited_sources'],
  },
  Finance_Investment: {
    Stock: ['positions', 'trades'],
    // the ledger, the analysts' notes and the order book's receivables: credit control chases, holds and writes
    // off what customers owe (an order book read for a figure alone is Data_Science's: workPath); partners' mail
    // about their orders and invoices is the office inbox's
    Financial_Report: ['research_notes', 'transactions', 'order_screenshot', 'sheet_rows'],
    Forex: ['fx_exposures'],
    Investment_Research: ['research_notes', 'positions', 'feed_articles'],
  },
  Software_Engineering: {
    Code: ['pull_requests'],
    Frontend: ['pull_requests', 'deployments'],
    // (third-party integrations are the integration platform's: Automation_Platform/Integration)
    DevOps: ['deployments', 'incidents', 'jobs'],
    // a repository's pull requests (helpdesk tickets from customers and staff are the service desk's, no GitHub work)
    GitHub: ['pull_requests'],
    Database: ['migrations'],
  },
  Data_Science: {
    // (customer accounts read for a figure: revenue at risk, renewals ahead; worked on, they are the sales office's)
    Business_Intelligence: ['dashboards', 'metric_alerts', 'customers', 'products'],
    // the ledger and the order book (its export, the billing dashboard's screenshot): their payments and values
    // are analysed, not charted as BI
    Financial_Analysis: ['transactions', 'sheet_rows', 'order_screenshot'],
    Analytics: ['datasets', 'experiments', 'metric_alerts'],
  },
  Content_Media: {
    Writing: ['stories'],
    Social_Media: ['social_posts'],
    Design: ['media_assets', 'design_requests'],
    Video_Audio: ['episodes', 'media_assets'],
  },
  Safety_Compliance: {
    Security: ['security_findings', 'access_reviews'],
    Data_Protection: ['data_subject_requests', 'vendor_assessments'],
  },
  Automation_Platform: {
    Agent: ['agent_skills'],
    Integration: ['connectors', 'integrations', 'workflows'],
    Scheduling: ['jobs', 'workflow_runs'],
  },
  Travel_Lifestyle: {
    // a trip's receipts: its hotel nights, trains, the cab from the airport and the traveller's meals on the road
    // (the travel desk's to-dos are a trip's loose ends: a visa letter, an unconfirmed hotel, a refund to chase)
    Travel: ['trip_requests', 'travel_bookings', 'per_diem_claims', 'receipt_scans', 'tasks'],
    Daily_Life: ['household_bills'],
  },
  Education_Knowledge: {
    // the courses taught, the learners on them and their work
    Tutoring: ['courses', 'enrolments', 'submissions'],
    Exam_Preparation: ['exam_sittings', 'exam_seats'],
  },
  Legal: {
    Contract: ['contracts', 'client_matters'],
    Litigation: ['court_deadlines', 'legal_holds'],
  },
  Healthcare: {
    Policy: ['claims', 'referrals', 'appointments', 'ward_beds'],
    Pet_Care: ['vaccinations'],
  },
  Manufacturing_Engineering: {
    // defects and their corrective actions; and the plant's work orders, whose release, shortage holds and
    // expediting are production planning, which no sub-scenario of the taxonomy (Cowork-Gym Table 8) names: the
    // plant's floor work is filed here rather than with the domain alone (every task has a sub-scenario)
    Quality_Control: ['nonconformances', 'work_orders'],
    Aerospace: ['aircraft_inspections'],
    Smart_Agriculture: ['field_plots'],
  },
  Multimodal_Generation: {
    Webpage: ['web_page_builds'],
    // (no record type is about maps: a chart request is a map now and then, a design request a brand asset, so a
    // Map slot's task is labelled with what its records are — Chart, Webpage, Video)
    Chart: ['chart_requests'],
    Video: ['video_edits'],
  },
};

/**
 * The record types of a domain that fit none of its sub-scenarios, whose tasks would be labelled with the domain
 * alone: none. Every record type has one home per domain it lists (a task always has a sub-scenario), and a record
 * type no sub-scenario of a domain fits does not list that domain (partners' mail is no investment work).
 */
export const UNFILED: { [D in ScenarioDomain]?: readonly SourceName[] } = {};

// record types whose sub-scenario follows the work done on them: an order book acted on (its owners chased, a
// customer put on credit hold, a dispute given a follow-up, a balance put up for write-off) is credit control, the
// finance desk's accounts receivable; read for a figure or a write-up only, it is financial analysis. A CRM's
// accounts acted on (flagged, their account managers mailed, a renewal review booked) are the sales office's
// account management; read for a figure only, business intelligence. The work is the slot's domain's or the task
// draws other work (recipe.ts workFits): a label never leaves the slot's domain
const BY_WORK: Partial<Record<SourceName, { acted: string; read: string }>> = {
  customers: { acted: 'Office_Productivity/Task_Management', read: 'Data_Science/Business_Intelligence' },
  order_screenshot: { acted: 'Finance_Investment/Financial_Report', read: 'Data_Science/Financial_Analysis' },
  sheet_rows: { acted: 'Finance_Investment/Financial_Report', read: 'Data_Science/Financial_Analysis' },
};

const domainOfPath = (path: string) => path.split('/')[0];

/** Whether the work a task does on its record type (acting on its records or reading them) is the domain's. */
export function workFits(domain: string, source: string, acts: boolean): boolean {
  const home = BY_WORK[source as SourceName];
  return !home || domainOfPath(acts ? home.acted : home.read) === domain;
}

/** The work a record type has in a domain where only one kind is the domain's (acted on, or read), else none. */
export function workIn(domain: string, source: string): 'acted' | 'read' | undefined {
  const home = BY_WORK[source as SourceName];
  if (!home) return undefined;
  const acted = domainOfPath(home.acted) === domain;
  const read = domainOfPath(home.read) === domain;
  return acted === read ? undefined : acted ? 'acted' : 'read';
}

/**
 * The scenario path of a task by the work it does on its record type (BY_WORK) where that work is the slot's
 * domain's, else `path`: the domain label is always the slot's.
 */
export function workPath(path: string, source: string, acts: boolean): string {
  const home = BY_WORK[source as SourceName];
  const by = home && (acts ? home.acted : home.read);
  return by && domainOfPath(by) === domainOfPath(path) ? by : path;
}

/** The record types (source names) that fit a domain's sub-scenario; none where the table has no fit. */
export function scenarioSourceNames(domain: ScenarioDomain, sub: string | undefined): readonly string[] {
  if (!sub) return [];
  const subs = SCENARIO_SOURCES[domain] as Partial<Record<string, readonly string[]>> | undefined;
  return subs?.[sub] ?? [];
}

/**
 * The scenario path a task is labelled with: the slot's own when its record type fits the slot's sub-scenario (or
 * the domain maps none to it), else the first sub-scenario of the domain the record type fits, else the domain
 * alone — human patients are not labelled Pet_Care, webhook connectors not Harmful_Content, pallet bays not
 * Quality_Control.
 */
export function labelPath(domain: ScenarioDomain, path: string, source: string): string {
  const parts = path.split('/');
  const sub = parts[1];
  const subs = (SCENARIO_SOURCES[domain] ?? {}) as Partial<Record<string, readonly string[]>>;
  if (!sub || subs[sub]?.includes(source)) return path;
  const fits = Object.entries(subs).find(([, names]) => names?.includes(source))?.[0];
  return fits ? `${domain}/${fits}` : unfiled(domain, source) ? domain : path;
}

/** The scenario path of a task whose record type took it to `domain`: the first sub-scenario naming the type, else the domain alone where it fits none, else the domain's first. */
export function hostPath(domain: ScenarioDomain, source: string): string {
  const subs = (SCENARIO_SOURCES[domain] ?? {}) as Partial<Record<string, readonly string[]>>;
  const fits = Object.entries(subs).find(([, names]) => names?.includes(source))?.[0];
  if (!fits && unfiled(domain, source)) return domain;
  return `${domain}/${fits ?? SCENARIOS[domain][0]}`;
}

const unfiled = (domain: ScenarioDomain, source: string) =>
  (UNFILED[domain] as readonly string[] | undefined)?.includes(source) ?? false;
