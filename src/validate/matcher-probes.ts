import type { Diagnostic } from '../schema/diagnostics.js';
import type { Matcher, Where } from '../schema/matchers.js';
import type { TaskSpec } from '../schema/task-spec.js';
import { fixtureRows } from '../services/fixtures.js';
import { getService } from '../services/registry.js';
import { err } from './types.js';

/** Strings no task's answer is: a matcher that accepts one of them accepts almost anything. */
export const PROBE_STRINGS = ['', 'x', 'n/a', 'ok', 'lorem ipsum dolor sit amet', 'qzv 7731 wobble frand'] as const;

/**
 * Gate step 4 (weak graders): every positive regex or `contains` matcher of a check is tried on random and
 * near-empty strings; one that accepts any of them is an error naming the string that slipped through.
 * Negative positions (audit_absent, `none`, `not`) are left alone: matching much there is strict, not lax.
 */
export function checkMatcherProbes(spec: TaskSpec): Diagnostic[] {
  const out: Diagnostic[] = [];
  const regex = (path: string, source: string) => {
    // a negative lookahead asserts absence ("the file no longer names X"): a negative position
    if (source.includes('(?!')) return;
    let re: RegExp;
    try {
      re = new RegExp(source.replace(/^\(\?i\)/, ''), 'i');
    } catch {
      return; // reported by the checks step
    }
    const slip = PROBE_STRINGS.find((s) => re.test(s));
    if (slip !== undefined) out.push(permissive(path, `the regex ${JSON.stringify(source)}`, slip));
  };
  const contains = (path: string, needle: string) => {
    const slip = PROBE_STRINGS.find((s) => s.toLowerCase().includes(needle.toLowerCase()));
    if (slip !== undefined || needle.trim().length < 2)
      out.push(permissive(path, `contains ${JSON.stringify(needle)}`, slip ?? needle));
  };
  const matcher = (path: string, m: Matcher | undefined) => {
    if (!m || typeof m !== 'object' || Array.isArray(m)) return;
    const o = m as Record<string, unknown>;
    if (typeof o.regex === 'string') regex(`${path}.regex`, o.regex);
    if (typeof o.contains === 'string') contains(`${path}.contains`, o.contains);
    for (const k of ['all_of', 'any_of'] as const)
      if (Array.isArray(o[k])) (o[k] as Matcher[]).forEach((x, j) => matcher(`${path}.${k}[${j}]`, x));
  };
  const where = (path: string, w: Where | undefined) => {
    for (const [f, m] of Object.entries(w ?? {})) matcher(`${path}.${f}`, m);
  };
  spec.checks.forEach((c, i) => {
    const at = `checks[${i}]`;
    if (c.kind === 'tool_called') where(`${at}.args`, c.args);
    if (c.kind === 'tool_arg' && c.pattern) regex(`${at}.pattern`, c.pattern);
    if (c.kind === 'audit_present' || c.kind === 'audit_count') where(`${at}.where`, c.where);
    if (c.kind === 'audit_sequence')
      c.steps.forEach((s, j) => where(`${at}.steps[${j}]`, 'tool' in s ? s.args : s.where));
    if (c.kind === 'state_equals') matcher(`${at}.value`, c.value);
    if (c.kind === 'response_matches')
      for (const k of ['all', 'any'] as const) (c[k] ?? []).forEach((r, j) => regex(`${at}.${k}[${j}]`, r));
    if (c.kind === 'response_contains')
      for (const k of ['all', 'any'] as const) (c[k] ?? []).forEach((s, j) => contains(`${at}.${k}[${j}]`, s));
    if (c.kind === 'file_matches' && c.regex) regex(`${at}.regex`, c.regex);
    if (c.kind === 'tool_arg') out.push(...acceptDistractors(spec, `${at}.accept`, c.accept ?? []));
  });
  return out;
}

// an accept list that names the answer and another record of the answer's collection: a distractor accepted
function acceptDistractors(spec: TaskSpec, path: string, accept: readonly unknown[]): Diagnostic[] {
  if (spec.answer_ids.length === 0) return [];
  const answers = new Set(spec.answer_ids.map((a) => a.toLowerCase()));
  const ids = recordIds(spec);
  const vals = accept.filter((v): v is string => typeof v === 'string');
  const hit = vals.find((v) => answers.has(v.toLowerCase()));
  const col = hit ? ids.get(hit.toLowerCase()) : undefined;
  if (!col) return [];
  return vals.flatMap((v, j) =>
    !answers.has(v.toLowerCase()) && ids.get(v.toLowerCase()) === col
      ? [
          err(
            'accept_distractor',
            `${path}[${j}]`,
            `${v} is another record of ${col} than the answer ${hit}; accepting it passes an agent that picked the distractor — drop it (or list it in answer_ids if it is also a target)`,
            'verifier',
          ),
        ]
      : [],
  );
}

// record id (lower-cased) → "service.collection"
function recordIds(spec: TaskSpec): Map<string, string> {
  const out = new Map<string, string>();
  for (const service of spec.services)
    for (const [name, col] of Object.entries(getService(service)?.collections ?? {}))
      for (const r of fixtureRows(spec, service, name)) {
        const id = (r as Record<string, unknown> | null)?.[col.id];
        if (typeof id === 'string') out.set(id.toLowerCase(), `${service}.${name}`);
      }
  return out;
}

function permissive(path: string, what: string, slip: string): Diagnostic {
  return err(
    'matcher_permissive',
    path,
    `${what} accepts the probe string ${JSON.stringify(slip)}, so almost any answer passes; anchor it on the value the task is about (e.g. ^TK-1042$ or the full name)`,
    'verifier',
  );
}
