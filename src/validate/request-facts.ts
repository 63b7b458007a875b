import type { Diagnostic } from '../schema/diagnostics.js';
import type { TaskSpec } from '../schema/task-spec.js';
import { getService } from '../services/registry.js';
import { type CheckedValue, checkedValues } from './checked-values.js';
import { fixtureText, isNewId } from './integrity.js';
import { err } from './types.js';
import { checkUserFacts, userPlanText } from './user-facts.js';
import { naturalText, statesValue } from '../schema/natural.js';
import { escapeRegex } from '../schema/text.js';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const ID = /^[A-Za-z]{1,6}[-_]\d{2,}$/;
const CRON = /^(\S+\s+){4}\S+$/;

/**
 * What the request (and the simulated user) tell the agent must agree with what the checks want (gate step 6):
 * no computed value given away (a quantity, total or cron string the checks expect), no enum value the
 * checks contradict ("high" asked, "critical" checked), no checked recipient, id or enum value that nothing
 * the agent can see mentions, and no user plan about records or files that never exist.
 */
export function checkRequestFacts(spec: TaskSpec): Diagnostic[] {
  const values = checkedValues(spec);
  const request = spec.request;
  const userText = spec.user ? userPlanText(spec) : '';
  const fixtures = fixtureText(spec);
  const fixtureNumbers = numbersOf(spec.fixtures);
  const out: Diagnostic[] = [];
  const seen = new Set<string>();
  for (const v of values) {
    const key = `${v.path}`;
    if (seen.has(key)) continue;
    seen.add(key);
    // a number a record holds in the same field is a stated fact ("refund the $1,200.50 charge"), not a result
    const copied = typeof v.value === 'number' && !!v.field && fixtureNumbers.get(v.field)?.has(v.value) === true;
    if (isComputed(v) && !copied && statesValue(request, v.value)) {
      out.push(
        err(
          'value_leak',
          v.path,
          `the request states ${JSON.stringify(v.value)}, the value this check wants the agent to work out; describe the rule instead of the result`,
          'builder',
        ),
      );
      continue;
    }
    const options = v.field && typeof v.value === 'string' ? enumOptions(spec, v.field) : undefined;
    const want = String(v.value).toLowerCase();
    if (options?.includes(want)) {
      for (const [text, where] of [
        [request, 'request'],
        [spec.user ? userPlanText(spec, v.field) : '', 'user'],
      ] as const) {
        const other = options.find((o) => o !== want && statesFieldValue(text, v.field as string, o));
        if (other && !statesFieldValue(text, v.field as string, want))
          out.push(
            err(
              where === 'request' ? 'request_contradicts_check' : 'user_contradicts_check',
              v.path,
              `the ${where === 'request' ? 'request' : 'user plan'} asks for ${v.field} "${other}" but this check wants "${v.value}"; make them agree`,
              where === 'request' ? 'builder' : 'builder',
            ),
          );
      }
    }
    const known = (s: string) =>
      fixtures.includes(s) || statesValue(request, s) || statesValue(userText, s) || statesValue(fixtures, s);
    const groundable =
      typeof v.value === 'string' && (EMAIL.test(v.value) || ID.test(v.value) || options?.includes(want));
    if (groundable && !known(want) && !isNewId(spec, String(v.value)))
      out.push(
        err(
          'check_value_unfounded',
          v.path,
          `this check wants "${v.value}", which neither the request, the user plan nor the fixtures mention, so the agent cannot know it; state it in the request (or the fact behind it in the fixtures)`,
          'builder',
        ),
      );
  }
  if (spec.user) out.push(...checkUserFacts(spec, fixtures, values));
  return out;
}

// a number or cron string the agent is meant to derive (ids, e-mail addresses and small counts are not)
function isComputed(v: CheckedValue): boolean {
  if (typeof v.value === 'number') return Math.abs(v.value) >= 10 || !Number.isInteger(v.value);
  return (
    CRON.test(v.value.trim()) && /[\d*]/.test(v.value) && v.value.split(/\s+/).every((p) => /^[\d*/,\-]+$/.test(p))
  );
}

// every number the fixtures hold, by the field holding it
function numbersOf(value: unknown, out = new Map<string, Set<number>>(), field = ''): Map<string, Set<number>> {
  if (typeof value === 'number') {
    const set = out.get(field) ?? new Set<number>();
    set.add(value);
    out.set(field, set);
  } else if (Array.isArray(value)) for (const v of value) numbersOf(v, out, field);
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) numbersOf(v, out, k);
  return out;
}

// "priority high", "priority: high", "high priority", "status to in progress" (for `in_progress`)
function statesFieldValue(text: string, field: string, value: string): boolean {
  if (!text) return false;
  const f = escapeRegex(naturalText(field));
  const v = escapeRegex(naturalText(value));
  return new RegExp(`\\b${f}\\b[^.;\\n]{0,40}\\b${v}\\b|\\b${v}\\b ${f}\\b`).test(naturalText(text));
}

/** The enum options of a record field or tool argument of the selected services, lower-cased. */
function enumOptions(spec: TaskSpec, field: string): string[] | undefined {
  for (const name of spec.services) {
    const svc = getService(name);
    if (!svc) continue;
    const shapes = [
      ...Object.values(svc.collections).map((c) => c.record.shape),
      ...svc.tools.map((t) => t.params.shape),
    ];
    for (const shape of shapes) {
      const o = optionsOf((shape as Record<string, unknown>)[field]);
      if (o) return o;
    }
  }
  return undefined;
}

function optionsOf(schema: unknown, depth = 0): string[] | undefined {
  if (!schema || typeof schema !== 'object' || depth > 6) return undefined;
  const s = schema as { options?: unknown; def?: { innerType?: unknown; element?: unknown } };
  if (Array.isArray(s.options) && s.options.every((x) => typeof x === 'string'))
    return (s.options as string[]).map((x) => x.toLowerCase());
  return optionsOf(s.def?.innerType ?? s.def?.element, depth + 1);
}
