import { fixtureRows } from '../services/fixtures.js';
import { getService } from '../services/registry.js';
import type { Diagnostic } from '../schema/diagnostics.js';
import type { TaskSpec } from '../schema/task-spec.js';
import { statesValue } from '../schema/natural.js';
import { checkAnswerFacts } from './answer-facts.js';
import { checkRequestFacts } from './request-facts.js';
import { err, warn } from './types.js';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Gate step 6: no answer id appears in the request (case-insensitive): the agent must discover them.
 * A check that targets a record id or address the request names is only a warning — a user may name
 * the record on purpose ("close TK-1042"), but a generator that forgot to list it in answer_ids may
 * have given the answer away.
 */
export function checkLeakage(spec: TaskSpec): Diagnostic[] {
  const request = spec.request;
  const out: Diagnostic[] = [];
  spec.answer_ids.forEach((id, i) => {
    if (statesValue(request, id)) {
      out.push(
        err(
          'answer_leak',
          `answer_ids[${i}]`,
          `"${id}" appears in the request; rephrase the request so the agent has to discover it`,
          'builder',
        ),
      );
    }
  });
  const answers = new Set(spec.answer_ids.map((id) => id.toLowerCase()));
  const ids = fixtureIds(spec);
  spec.checks.forEach((check, i) => {
    for (const [path, value] of targets(check as unknown as Record<string, unknown>)) {
      const v = value.toLowerCase();
      if (answers.has(v) || !(ids.has(v) || EMAIL.test(value)) || !statesValue(request, value)) continue;
      out.push(
        warn(
          'possible_leak',
          `checks[${i}].${path}`,
          `the request names "${value}", which this check targets; if the agent is meant to find it, rephrase the request (or list it in answer_ids so the gate enforces that)`,
          'builder',
        ),
      );
    }
  });
  out.push(...checkRequestFacts(spec), ...checkAnswerFacts(spec));
  return out;
}

// every id-field value of the spec's fixtures, lower-cased
function fixtureIds(spec: TaskSpec): Set<string> {
  const ids = new Set<string>();
  for (const service of spec.services) {
    const def = getService(service);
    for (const [name, col] of Object.entries(def?.collections ?? {})) {
      for (const row of fixtureRows(spec, service, name)) {
        const id = (row as Record<string, unknown> | null)?.[col.id];
        if (typeof id === 'string') ids.add(id.toLowerCase());
      }
    }
  }
  return ids;
}

// the string values a check looks for: record_id, accepted arguments, plain/equals/in matchers of where and args
function targets(check: Record<string, unknown>): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  if (typeof check.record_id === 'string') out.push(['record_id', check.record_id]);
  if (Array.isArray(check.accept))
    check.accept.forEach((x, j) => typeof x === 'string' && out.push([`accept[${j}]`, x]));
  for (const key of ['where', 'args'] as const) {
    const where = check[key];
    if (!where || typeof where !== 'object') continue;
    for (const [field, m] of Object.entries(where as Record<string, unknown>)) {
      const path = `${key}.${field}`;
      if (typeof m === 'string') out.push([path, m]);
      else if (m && typeof m === 'object') {
        const o = m as Record<string, unknown>;
        if (typeof o.equals === 'string') out.push([`${path}.equals`, o.equals]);
        if (Array.isArray(o.in)) o.in.forEach((x, j) => typeof x === 'string' && out.push([`${path}.in[${j}]`, x]));
      }
    }
  }
  return out;
}
