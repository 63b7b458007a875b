import type { Diagnostic } from '../schema/diagnostics.js';
import type { TaskSpec } from '../schema/task-spec.js';
import { fixtureRows } from '../services/fixtures.js';
import { getService } from '../services/registry.js';
import { type CheckedValue, checkedValues } from './checked-values.js';
import { fixtureText, isNewId } from './integrity.js';
import { err } from './types.js';
import { escapeRegex, grouped, wholeNumber } from '../schema/text.js';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const ID = /^[A-Za-z]{1,6}[-_]\d{2,}$/;
const CRON = /^(\S+\s+){4}\S+$/;
const ID_IN_TEXT = /\b[A-Z]{2,5}-\d{2,6}\b/g;

/**
 * What the request (and the simulated user) tell the agent must agree with what the checks want (gate step 6):
 * no computed value given away (a quantity, total or cron string the checks expect), no enum value the
 * checks contradict ("high" asked, "critical" checked), no checked recipient, id or enum value that nothing
 * the agent can see mentions, and no user plan about records or files that never exist.
 */
export function checkRequestFacts(spec: TaskSpec): Diagnostic[] {
  const values = checkedValues(spec);
  const request = spec.request.toLowerCase();
  const userText = spec.user ? userPlanText(spec).toLowerCase() : '';
  const fixtures = fixtureText(spec);
  const out: Diagnostic[] = [];
  const seen = new Set<string>();
  for (const v of values) {
    const key = `${v.path}`;
    if (seen.has(key)) continue;
    seen.add(key);
    if (isComputed(v) && mentionsValue(request, v.value)) {
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
        [spec.user ? userPlanText(spec, v.field).toLowerCase() : '', 'user'],
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
    const known = (s: string) => request.includes(s) || userText.includes(s) || fixtures.includes(s);
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
  if (spec.user) out.push(...userPlanRefs(spec, fixtures));
  return out;
}

// a number or cron string the agent is meant to derive (ids, e-mail addresses and small counts are not)
function isComputed(v: CheckedValue): boolean {
  if (typeof v.value === 'number') return Math.abs(v.value) >= 10 || !Number.isInteger(v.value);
  return (
    CRON.test(v.value.trim()) && /[\d*]/.test(v.value) && v.value.split(/\s+/).every((p) => /^[\d*/,\-]+$/.test(p))
  );
}

/** The text names the value: a number with or without thousands separators, or the exact string. */
function mentionsValue(text: string, value: string | number): boolean {
  if (typeof value === 'string') return text.includes(value.toLowerCase());
  const plain = String(value);
  return [plain, grouped(value, 0, 6)].some((s) => new RegExp(wholeNumber(s)).test(text));
}

// "priority high", "priority: high", "high priority", "priority to high"
function statesFieldValue(text: string, field: string, value: string): boolean {
  if (!text) return false;
  const f = field.replace(/_/g, ' ').toLowerCase();
  const v = escapeRegex(value);
  return new RegExp(`\\b${f}\\b[^.;\\n]{0,40}\\b${v}\\b|\\b${v}\\b[- ]${f}\\b`).test(text);
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

// what the user plan says; without the news of a record change that sets `field` ("its priority is now
// medium" tells what happened to a record, not what the agent should write into its own)
function userPlanText(spec: TaskSpec, field?: string): string {
  const u = spec.user;
  if (!u) return '';
  const says = u.signals.flatMap((s) =>
    s.effect.say && !(field && s.effect.update_record && field in s.effect.update_record.set) ? [s.effect.say] : [],
  );
  return [u.goal, ...u.knowledge, u.boundary, ...says].join('\n');
}

// ids and files the user plan refers to must exist (in fixtures, or written by the reference)
function userPlanRefs(spec: TaskSpec, fixtures: string): Diagnostic[] {
  const u = spec.user;
  if (!u) return [];
  const out: Diagnostic[] = [];
  const written = new Set(
    spec.reference.flatMap((s) => ('call' in s && typeof s.args.path === 'string' ? [normal(s.args.path)] : [])),
  );
  const files = new Set(
    fixtureRows(spec, 'workspace', 'files').map((f) => normal(String((f as { path?: unknown }).path))),
  );
  const fileKnown = (p: string) => files.has(normal(p)) || written.has(normal(p));
  const refs = spec.reference.map((s) => JSON.stringify(s).toLowerCase()).join('\n');
  const idKnown = (id: string) => {
    const l = id.toLowerCase();
    return fixtures.includes(l) || refs.includes(l) || isNewId(spec, id);
  };
  const texts: [string, string][] = [
    ['user.goal', u.goal],
    ...u.knowledge.map((k, i): [string, string] => [`user.knowledge[${i}]`, k]),
    ...u.signals.map((s, i): [string, string] => [`user.signals[${i}].effect.say`, s.effect.say ?? '']),
  ];
  for (const [path, text] of texts)
    for (const id of new Set(text.match(ID_IN_TEXT) ?? []))
      if (!idKnown(id))
        out.push(
          err(
            'user_plan_unknown_ref',
            path,
            `the user refers to ${id}, which exists nowhere in the fixtures; fix the id or add its record`,
            'builder',
          ),
        );
  u.signals.forEach((s, i) => {
    const t = s.trigger as { file_exists?: string };
    if (t.file_exists && !fileKnown(t.file_exists))
      out.push(
        err(
          'user_plan_unknown_ref',
          `user.signals[${i}].trigger.file_exists`,
          `waits for ${t.file_exists}, which no fixture holds and the reference never writes, so the signal can never fire; fix the path`,
          'builder',
        ),
      );
    const upd = s.effect.update_record;
    if (upd) {
      const col = getService(upd.service)?.collections[upd.collection];
      const exists = fixtureRows(spec, upd.service, upd.collection).some(
        (r) => col && String((r as Record<string, unknown>)[col.id]) === upd.record_id,
      );
      if (col && !exists && !refs.includes(upd.record_id.toLowerCase()))
        out.push(
          err(
            'user_plan_unknown_ref',
            `user.signals[${i}].effect.update_record.record_id`,
            `${upd.service}.${upd.collection} has no record ${upd.record_id}; the update would fail — fix the id`,
            'builder',
          ),
        );
    }
  });
  return out;
}

const normal = (p: string) => p.replace(/^\/?workspace\//, '').replace(/^\.?\/+/, '');
