import type { Diagnostic } from '../schema/diagnostics.js';
import type { TaskSpec } from '../schema/task-spec.js';
import { fixtureRows } from '../services/fixtures.js';
import { resolveTool } from '../services/registry.js';
import { err } from './types.js';

// arguments that say when something is to happen: a slot, a due day, a visit — never a day that has passed.
// Not dates that record the past (last_contact_date, a settlement the agent corrects).
const WHEN =
  /^(start_time|end_time|date|visit_date|due_date|due_on|due_back_on|deadline|renewal_date|ends_on|scheduled_(?:on|for|at|delivery)|remediation_due|next_[a-z_]*due|cancellation_deadline)$/;
// the fields that say when an event takes place: re-dating one that already happened rewrites history
const EVENT = /^(start_time|date|visit_date|scheduled_(?:on|for|at))$/;
const ISO = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})?)?$/;

/**
 * Gate step 3, the timeline of the work (the fixtures' own timeline is integrity.ts): the reference must not
 * book, schedule or set a due day before `mock_today`, nor re-date or cancel-and-rebook an event that already
 * took place — a task whose work lies in the past cannot be done by a real coworker, and a generator that
 * wrote one has its dates wrong.
 */
export function checkTimeline(spec: TaskSpec): Diagnostic[] {
  const out: Diagnostic[] = [];
  const today = spec.mock_today;
  const deleted: { title: string; at: number }[] = [];
  spec.reference.forEach((step, i) => {
    if (!('call' in step)) return;
    const r = resolveTool(step.call);
    if (!r?.tool.mutates) return;
    const args = step.args as Record<string, unknown>;
    const target = targetRecord(spec, r.service.name, r.service.collections, args);
    for (const [k, v] of Object.entries(args)) {
      if (!WHEN.test(k) || typeof v !== 'string' || !ISO.test(v)) continue;
      if (before(v, today))
        out.push(
          err(
            'action_in_past',
            `reference[${i}].args.${k}`,
            `${step.call} sets ${k} to ${v}, before mock_today ${today}: the work would lie in the past; move the date after ${today.slice(0, 10)} (and the checks with it) or move mock_today back`,
            'builder',
          ),
        );
      const was = target?.[k];
      if (EVENT.test(k) && typeof was === 'string' && ISO.test(was) && before(was, today) && v !== was)
        out.push(
          err(
            'action_in_past',
            `reference[${i}].args.${k}`,
            `${step.call} re-dates ${String(target?.id)}, whose ${k} ${was} has already passed on mock_today ${today}: a meeting that happened cannot be moved; pick a record that is still ahead, or move mock_today back`,
            'builder',
          ),
        );
    }
    // calendar moves are a delete and a create: deleting a past event to book it again is moving the past
    if (
      /delete|cancel/.test(step.call) &&
      target &&
      typeof target.start_time === 'string' &&
      before(target.start_time, today)
    )
      deleted.push({ title: String(target.title ?? ''), at: i });
    if (/create/.test(step.call) && typeof args.title === 'string') {
      const d = deleted.find((x) => x.title && x.title.toLowerCase() === String(args.title).toLowerCase());
      if (d)
        out.push(
          err(
            'action_in_past',
            `reference[${d.at}]`,
            `the reference deletes "${d.title}", which already took place before mock_today ${today}, and books it again: a past meeting cannot be moved; pick one still ahead, or move mock_today back`,
            'builder',
          ),
        );
    }
  });
  return out;
}

// the fixture record a call names by its collection's id field (event_id, appointment_id …)
function targetRecord(
  spec: TaskSpec,
  service: string,
  collections: Record<string, { id: string }>,
  args: Record<string, unknown>,
): (Record<string, unknown> & { id?: unknown }) | undefined {
  for (const [name, col] of Object.entries(collections)) {
    const id = args[col.id];
    if (typeof id !== 'string') continue;
    const row = fixtureRows(spec, service, name).find((x) => (x as Record<string, unknown>)[col.id] === id);
    if (row) return { ...(row as Record<string, unknown>), id };
  }
  return undefined;
}

// a day is before today when its calendar day is; a date-time when its instant is
function before(value: string, today: string): boolean {
  if (value.length === 10) return value < today.slice(0, 10);
  const t = Date.parse(/Z|[+-]\d{2}:\d{2}$/.test(value) ? value : `${value}Z`);
  const now = Date.parse(today.length === 10 ? `${today}T00:00:00Z` : today);
  return Number.isFinite(t) && Number.isFinite(now) && t < now;
}
