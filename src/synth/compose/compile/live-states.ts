import { type Rule, selects } from '../../rules/rule.js';
import type { EnumModel, FieldModel } from '../../rules/fields.js';
import type { Rec, SourcePart, World } from '../parts.js';

// the states in which a record's work is over (a certified check, a resolved incident, a merged pull request). a
// rule that does not name the state is written for the live records: the ones it selects, and those it comes near,
// are never already closed (no certified check sent for a hangar slot, no resolved run reviewed as a failure). the
// quiet records around them may be closed: a list holds some.

interface Closed {
  field: string;
  /** the states the work is over in, where the field is a rule field (its other values are live) */
  closed?: readonly string[];
  /** the live states, where the source derives the field (its value set is not among the rule fields) */
  live?: readonly string[];
}

export const CLOSED: Readonly<Record<string, Closed>> = {
  aircraft_inspections: {
    field: 'status',
    live: ['scheduled', 'in work', 'awaiting parts', 'overdue', 'extended (tolerance)'],
  },
  media_assets: { field: 'status', live: ['active', 'expiring', 'expired', 'takedown requested'] },
  work_orders: { field: 'status', closed: ['closed', 'completed'] },
  nonconformances: {
    field: 'status',
    live: ['open', 'containment', 'root cause analysis', 'corrective action', 'verification'],
  },
  agent_skills: { field: 'status', closed: ['rejected', 'disabled'] },
  dashboards: { field: 'status', closed: ['archived', 'deprecated'] },
  metric_alerts: { field: 'status', closed: ['resolved', 'false positive'] },
  referrals: { field: 'status', closed: ['rejected'] },
  security_findings: { field: 'status', closed: ['resolved', 'false positive', 'risk accepted'] },
  workflow_runs: { field: 'status', closed: ['resolved', 'ignored'] },
  workflows: { field: 'status', closed: ['archived'] },
  news_items: { field: 'status', closed: ['archived', 'false match'] },
  cited_sources: { field: 'status', closed: ['retracted', 'superseded'] },
  contracts: { field: 'status', closed: ['terminated', 'expired'] },
  pull_requests: { field: 'status', closed: ['merged', 'closed'] },
  household_bills: { field: 'status', closed: ['cancelled', 'paid'] },
  research_notes: { field: 'status', closed: ['withdrawn'] },
  room_bookings: { field: 'status', live: ['tentative', 'confirmed', 'checked in', 'no-show'] },
  travel_bookings: { field: 'status', closed: ['refunded', 'cancelled'] },
  migrations: { field: 'status', closed: ['applied', 'rolled back'] },
  data_subject_requests: { field: 'status', closed: ['fulfilled', 'refused'] },
  tickets: { field: 'status', closed: ['closed', 'resolved'] },
  legal_holds: { field: 'status', closed: ['released'] },
  court_deadlines: { field: 'status', closed: ['vacated', 'filed'] },
  chart_requests: { field: 'status', closed: ['rejected', 'published'] },
  design_requests: { field: 'status', closed: ['delivered'] },
  video_edits: { field: 'status', closed: ['delivered'] },
  tasks: { field: 'status', closed: ['completed'] },
  customers: { field: 'status', closed: ['churned'] },
  claims: { field: 'status', closed: ['written off', 'paid'] },
  per_diem_claims: { field: 'status', closed: ['paid', 'rejected'] },
  market_reports: { field: 'status', closed: ['superseded'] },
  enrolments: { field: 'status', closed: ['withdrawn', 'completed', 'failed'] },
  integrations: { field: 'status', closed: ['deprecated'] },
  vendor_assessments: { field: 'status', closed: ['rejected'] },
  trip_requests: { field: 'approval_status', closed: ['rejected', 'cancelled'] },
  purchase_requests: { field: 'status', closed: ['rejected', 'cancelled', 'received'] },
  equipment_loans: { field: 'status', live: ['reserved', 'on loan', 'overdue', 'lost', 'damaged'] },
  client_matters: { field: 'status', closed: ['closed'] },
  courses: { field: 'status', live: ['planned', 'open for enrolment', 'running'] },
};

/**
 * The live states of the source's state field, when the task's rule does not name it and nothing else already
 * decides it (`taken`: the fields the actions act from or write, the branch's): the states every record the rule
 * comes near holds. None: the rule names the state, or the record type has no closed ones.
 */
export function liveStates(
  src: SourcePart,
  rule: Rule,
  taken: ReadonlySet<string>,
): Readonly<Record<string, readonly string[]>> {
  const c = CLOSED[src.name];
  if (!c || taken.has(c.field) || [...rule.all, ...(rule.any ?? [])].some((a) => a.field === c.field)) return {};
  // an exception on the state ("unless marked inactive") leaves out the states it names, which stay; the closed
  // ones it does not name are no more in play than under a rule silent on the state (no deprecated integration
  // followed up beside a policy that spares only the inactive ones)
  const named = rule.unless?.kind === 'in' && rule.unless.field === c.field ? rule.unless.values : [];
  const m = src.fields.find((f) => f.field === c.field);
  const live =
    m?.kind === 'enum' ? m.values.filter((v) => !c.closed?.includes(v) || named.includes(v)) : m ? [] : (c.live ?? []);
  return live.length ? { [c.field]: live } : {};
}

/** A field's model narrowed to its live states (`live`: liveStates), so a value drawn for it later is one of them. */
export function liveField(m: FieldModel, live: Readonly<Record<string, readonly string[]>>): FieldModel {
  const keep = live[m.field];
  if (m.kind !== 'enum' || !keep) return m;
  const at = m.values.flatMap((v, i) => (keep.includes(v) ? [i] : []));
  // (a split needs two values: with fewer live ones the field keeps its own)
  if (at.length < 2) return m;
  const narrowed: EnumModel = { ...m, values: at.map((i) => m.values[i] as string) };
  if (m.weights) narrowed.weights = at.map((i) => m.weights?.[i] ?? 1);
  if (m.ranks) narrowed.ranks = m.ranks.filter((v) => keep.includes(v));
  return narrowed;
}

/** Whether a record of `src` is in a state its work is over in (liveStates' closed or not-live ones). */
export function isClosed(src: SourcePart, rec: Readonly<Record<string, unknown>>): boolean {
  const c = CLOSED[src.name];
  if (!c || !(c.field in rec)) return false;
  const v = String(rec[c.field]);
  return c.closed ? c.closed.includes(v) : !(c.live ?? []).includes(v);
}

/** The state field a record type closes its records in (none: it has no closed states). */
export const closedField = (src: SourcePart): string | undefined => CLOSED[src.name]?.field;

/**
 * Moves a record into the states `from` allows (the work's, the live ones): to one that keeps its part in the task,
 * so a state an exception names ("unless inactive") stays with the records meant to meet it and off the others.
 */
export function intoStates(rec: Rec, from: Readonly<Record<string, readonly string[]>>, rule: Rule, w: World): void {
  for (const [field, values] of Object.entries(from)) {
    if (values.includes(rec[field] as string)) continue;
    const was = selects(rule, rec, w.today);
    const keeps = values.filter((v) => selects(rule, { ...rec, [field]: v }, w.today) === was);
    rec[field] = w.rng.pick(keeps.length ? keeps : values);
  }
}
