import type { Diagnostic } from '../schema/diagnostics.js';
import { formatPath } from '../schema/diagnostics.js';
import { didYouMean } from '../schema/suggest.js';
import type { TaskSpec } from '../schema/task-spec.js';
import { zodDiagnostics } from '../schema/zod-diagnostics.js';
import { deepFreeze } from './freeze.js';
import { getService } from './registry.js';
import type { Rec } from './types.js';

/** service → collection → records, deep-frozen. */
export type ServiceState = Record<string, Record<string, readonly Rec[]>>;

/**
 * Validates `spec.fixtures` against the services' record schemas (defaults applied) and builds the
 * initial state of every selected service. Problems are diagnostics; `state` is set only when there are none.
 */
export function loadFixtures(spec: Pick<TaskSpec, 'services' | 'fixtures'>): {
  state?: ServiceState;
  diagnostics: Diagnostic[];
} {
  const diagnostics: Diagnostic[] = [];
  const state: ServiceState = {};
  for (const name of spec.services) {
    const service = getService(name);
    if (!service) continue; // reported by the catalog check
    state[name] = Object.fromEntries(
      Object.keys(service.collections).map((c) => [c, Object.freeze([]) as readonly Rec[]]),
    );
  }
  for (const [svcName, collections] of Object.entries(spec.fixtures)) {
    const service = getService(svcName);
    const at = ['fixtures', svcName];
    if (!service) {
      diagnostics.push({
        code: 'unknown_service',
        path: formatPath(at),
        owner: 'builder',
        message: `"${svcName}" is not a service${didYouMean(svcName, Object.keys(state))}`,
      });
      continue;
    }
    if (!spec.services.includes(svcName)) {
      diagnostics.push({
        code: 'fixture_service_not_selected',
        path: formatPath(at),
        owner: 'builder',
        message: `fixtures for ${svcName}, which is not in services [${spec.services.join(', ')}]; add it to services or drop these fixtures`,
      });
      continue;
    }
    for (let [colName, rows] of Object.entries(collections)) {
      const col = service.collections[colName];
      const colPath = [...at, colName];
      if (!col) {
        const known = Object.keys(service.collections);
        diagnostics.push({
          code: 'unknown_collection',
          path: formatPath(colPath),
          owner: 'builder',
          message: `${svcName} has no collection "${colName}"${didYouMean(colName, known)} (collections: ${known.join(', ')})`,
        });
        continue;
      }
      if (col.fromFixture) rows = col.fromFixture(rows);
      if (!Array.isArray(rows)) {
        diagnostics.push({
          code: 'invalid_type',
          path: formatPath(colPath),
          owner: 'builder',
          message: 'expected an array of records',
        });
        continue;
      }
      const seen = new Set<string>();
      const out: Rec[] = [];
      rows.forEach((row, i) => {
        const { record, extra, problem } = splitExtra(row);
        if (problem) {
          diagnostics.push({
            code: 'fixture_invalid_type',
            path: formatPath([...colPath, i, 'extra']),
            owner: 'builder',
            message: problem,
          });
          return;
        }
        const res = col.record.safeParse(record);
        if (!res.success) {
          diagnostics.push(
            ...zodDiagnostics(res.error.issues, row, col.record, [...colPath, i]).map((d) => ({
              ...d,
              code: d.code === 'unknown_field' ? 'unknown_field' : `fixture_${d.code}`,
              owner: 'builder' as const,
            })),
          );
          return;
        }
        const id = String(res.data[col.id]);
        if (seen.has(id)) {
          diagnostics.push({
            code: 'fixture_duplicate_id',
            path: formatPath([...colPath, i, col.id]),
            owner: 'builder',
            message: `${col.label} id ${id} appears twice in ${svcName}.${colName}`,
          });
          return;
        }
        seen.add(id);
        out.push(deepFreeze((extra ? { ...res.data, extra } : res.data) as Rec));
      });
      const svcState = state[svcName];
      if (svcState) svcState[colName] = Object.freeze(out);
    }
  }
  return diagnostics.length ? { diagnostics } : { state, diagnostics };
}

/** A fixture collection as records, after its service's fromFixture conversion (e.g. a {path: content} map). */
export function fixtureRows(spec: Pick<TaskSpec, 'fixtures'>, service: string, collection: string): unknown[] {
  const raw = spec.fixtures[service]?.[collection];
  const col = getService(service)?.collections[collection];
  const rows = col?.fromFixture ? expanded(raw, col.fromFixture) : raw;
  return Array.isArray(rows) ? rows : [];
}

// fromFixture renders recipe files (xlsx, pdf…) and the gate asks for the same rows many times: once per
// fixture value, like the specs' prepared state (a spec is not changed in place)
const expansions = new WeakMap<object, { fn: (rows: unknown) => unknown; rows: unknown }>();
function expanded(raw: unknown, fromFixture: (rows: unknown) => unknown): unknown {
  if (!raw || typeof raw !== 'object') return fromFixture(raw);
  const hit = expansions.get(raw);
  if (hit?.fn === fromFixture) return hit.rows;
  const rows = fromFixture(raw);
  expansions.set(raw, { fn: fromFixture, rows });
  return rows;
}

/** At most this many fields under a record's `extra`. */
export const MAX_EXTRA_FIELDS = 64;

// `extra` on a record: fields a source system keeps that the service does not model (an imported task's
// unit_cost, churn_reason …). The agent sees them with the record; no tool reads or changes them, so they are
// facts to read, never behaviour. A flat map of JSON values, bounded.
function splitExtra(row: unknown): { record: unknown; extra?: Record<string, unknown>; problem?: string } {
  if (!row || typeof row !== 'object' || Array.isArray(row) || !Object.hasOwn(row, 'extra')) return { record: row };
  const { extra, ...record } = row as Record<string, unknown>;
  if (!extra || typeof extra !== 'object' || Array.isArray(extra))
    return { record, problem: 'extra must be a mapping of field → value (source fields the service does not model)' };
  const keys = Object.keys(extra);
  if (keys.length > MAX_EXTRA_FIELDS)
    return { record, problem: `extra has ${keys.length} fields; at most ${MAX_EXTRA_FIELDS}` };
  const bad = keys.find((k) => !isJson((extra as Record<string, unknown>)[k], 0));
  if (bad !== undefined)
    return { record, problem: `extra.${bad}: expected a JSON value (text, number, true/false, list, mapping)` };
  return { record, extra: extra as Record<string, unknown> };
}

function isJson(v: unknown, depth: number): boolean {
  if (depth > 8) return false;
  if (v === null || typeof v === 'string' || typeof v === 'boolean') return true;
  if (typeof v === 'number') return Number.isFinite(v);
  if (Array.isArray(v)) return v.every((x) => isJson(x, depth + 1));
  if (typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype)
    return Object.values(v as object).every((x) => isJson(x, depth + 1));
  return false;
}
