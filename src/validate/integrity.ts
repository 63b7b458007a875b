import { referenceTurns } from '../agent/reference.js';
import { isRealIsoDate } from '../schema/dates.js';
import type { Diagnostic } from '../schema/diagnostics.js';
import { formatPath } from '../schema/diagnostics.js';
import type { TaskSpec } from '../schema/task-spec.js';
import { fixtureRows } from '../services/fixtures.js';
import { getService } from '../services/registry.js';
import { err } from './types.js';

/** The highest `errors.rate` the gate accepts: above it a task measures luck, not robustness. */
export const MAX_ERROR_RATE = 0.5;

// fields that hold a date or date-time (checked for ISO form)
const DATE_FIELD = /(^date$|_date$|_at$|_time$|^last_run$|^next_run$|^last_updated$|^last_verified$)/;
// fields that record something that already happened: never after mock_today
const PAST_FIELD =
  /^(created_at|updated_at|published_at|submitted_at|exported_at|last_run|last_updated|last_verified|last_contact_date)$/;
// fields whose name alone does not say so, by collection: a received message's date
const PAST_RECORD_FIELD = new Set(['gmail.messages.date']);
const isPast = (service: string, collection: string, field: string) =>
  PAST_FIELD.test(field) || PAST_RECORD_FIELD.has(`${service}.${collection}.${field}`);
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Fixtures that cannot be true (gate step 3): dangling foreign keys (declared once per collection as
 * `refs`), non-ISO dates, past-tense dates after `mock_today`, answer ids that exist nowhere; plus the
 * runtime settings a reference must survive: a bounded `errors.rate` and a turn budget it fits in.
 */
export function checkIntegrity(spec: TaskSpec): Diagnostic[] {
  return [...foreignKeys(spec), ...dates(spec), ...answerIds(spec), ...budgets(spec)];
}

function foreignKeys(spec: TaskSpec): Diagnostic[] {
  const out: Diagnostic[] = [];
  const keys = new Map<string, Set<string>>();
  const keysOf = (to: string): Set<string> | undefined => {
    const [service = '', collection = '', field] = to.split('.');
    if (!spec.services.includes(service)) return undefined; // the other side is not part of this task
    const col = getService(service)?.collections[collection];
    if (!col) return undefined;
    let set = keys.get(to);
    if (!set) {
      set = new Set(
        fixtureRows(spec, service, collection).map((r) =>
          String((r as Record<string, unknown>)[field ?? col.id] ?? '').toLowerCase(),
        ),
      );
      keys.set(to, set);
    }
    return set;
  };
  for (const service of spec.services) {
    for (const [name, col] of Object.entries(getService(service)?.collections ?? {})) {
      for (const [field, ref] of Object.entries(col.refs ?? {})) {
        const set = keysOf(ref.to);
        if (!set) continue;
        fixtureRows(spec, service, name).forEach((row, i) => {
          const v = (row as Record<string, unknown>)[field];
          const values = Array.isArray(v) ? v : v === undefined || v === null || v === '' ? [] : [v];
          values.forEach((x, j) => {
            if (typeof x !== 'string' || (ref.emails && !EMAIL.test(x)) || set.has(x.toLowerCase())) return;
            const at = formatPath(['fixtures', service, name, i, field, ...(Array.isArray(v) ? [j] : [])]);
            out.push(
              err(
                'fixture_dangling_ref',
                at,
                `${x} names a record of ${ref.to} that the fixtures do not contain; add it to fixtures.${ref.to.split('.').slice(0, 2).join('.')} or fix the reference`,
                'builder',
              ),
            );
          });
        });
      }
    }
  }
  return out;
}

/**
 * The latest date in the fixtures' past-tense fields (what already happened by mock_today), as written; undefined
 * when there is none. An importer whose source has no fixed day dates its task from it.
 */
export function latestPastDate(spec: Pick<TaskSpec, 'fixtures' | 'services'>): string | undefined {
  let latest: string | undefined;
  for (const { service, name, field, v } of fixtureStrings(spec))
    if (isPast(service, name, field) && isRealIsoDate(v) && (!latest || v > latest)) latest = v;
  return latest;
}

/** Every string field of every fixture row (the workspace's files aside), with where it stands. */
function* fixtureStrings(spec: Pick<TaskSpec, 'fixtures' | 'services'>) {
  for (const service of spec.services) {
    if (service === 'workspace') continue;
    for (const name of Object.keys(getService(service)?.collections ?? {}))
      for (const [i, row] of fixtureRows(spec, service, name).entries())
        for (const [field, v] of Object.entries((row ?? {}) as Record<string, unknown>))
          if (typeof v === 'string') yield { service, name, i, field, v };
  }
}

function dates(spec: TaskSpec): Diagnostic[] {
  const out: Diagnostic[] = [];
  const today = spec.mock_today.slice(0, 10);
  for (const { service, name, i, field, v } of fixtureStrings(spec)) {
    if (!DATE_FIELD.test(field) || v === '') continue;
    const at = formatPath(['fixtures', service, name, i, field]);
    if (!isRealIsoDate(v)) {
      out.push(
        err(
          'fixture_bad_date',
          at,
          `"${v}" is not an ISO date; write YYYY-MM-DD or YYYY-MM-DDTHH:MM:SSZ (e.g. ${today}T09:00:00Z)`,
          'builder',
        ),
      );
    } else if (isPast(service, name, field) && v.slice(0, 10) > today) {
      out.push(
        err(
          'fixture_future_date',
          at,
          `${field} ${v} is after mock_today ${spec.mock_today}, but it records something that already happened; date it on or before ${today}`,
          'builder',
        ),
      );
    }
  }
  return out;
}

// every string the fixtures hold (record fields, file contents), lower-cased, for "does this exist" questions
export function fixtureText(spec: TaskSpec): string {
  return JSON.stringify(spec.fixtures).toLowerCase();
}

/** An id the agent's own calls create (a new ticket, report or order): a selected collection's id prefix. */
export function isNewId(spec: TaskSpec, id: string): boolean {
  const l = id.toLowerCase();
  return spec.services.some((s) =>
    Object.values(getService(s)?.collections ?? {}).some(
      (c) => c.newId && l.startsWith(c.newId[0].toLowerCase()) && /^\d+$/.test(l.slice(c.newId[0].length)),
    ),
  );
}

function answerIds(spec: TaskSpec): Diagnostic[] {
  const text = fixtureText(spec);
  return spec.answer_ids.flatMap((id, i) =>
    text.includes(id.toLowerCase()) || isNewId(spec, id)
      ? []
      : [
          err(
            'answer_id_unknown',
            `answer_ids[${i}]`,
            `"${id}" appears nowhere in the fixtures, so the agent cannot discover it; fix the id or add its record`,
            'builder',
          ),
        ],
  );
}

function budgets(spec: TaskSpec): Diagnostic[] {
  const out: Diagnostic[] = [];
  if (spec.errors.rate > MAX_ERROR_RATE)
    out.push(
      err(
        'errors_rate_too_high',
        'errors.rate',
        `${spec.errors.rate} of all tool calls fail; at most ${MAX_ERROR_RATE} leaves a task a careful agent can finish (use 0.05–0.3)`,
        'builder',
      ),
    );
  const turns = referenceTurns(spec.reference).length;
  if (spec.reference.length > 0 && turns > spec.limits.max_turns)
    out.push(
      err(
        'limits_too_low',
        'limits.max_turns',
        `the reference needs ${turns} assistant turns but limits.max_turns is ${spec.limits.max_turns}; every check after the cut would fail for this one reason — raise max_turns to at least ${turns}`,
        'builder',
      ),
    );
  const asks = spec.reference.filter((s) => 'ask' in s).length;
  if (spec.user && asks + 1 > spec.user.max_rounds)
    out.push(
      err(
        'limits_too_low',
        'user.max_rounds',
        `the reference talks to the user ${asks + 1} times but user.max_rounds is ${spec.user.max_rounds}; raise it to at least ${asks + 1}`,
        'builder',
      ),
    );
  return out;
}
