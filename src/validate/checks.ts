import type { Diagnostic } from '../schema/diagnostics.js';
import type { Matcher, Where } from '../schema/matchers.js';
import { isTimeZone } from '../grade/match.js';
import { getService } from '../services/registry.js';
import type { Check } from '../schema/check-kinds.js';
import { JUDGE_WEIGHT_DEFAULT_CAP, JUDGE_WEIGHT_HARD_LIMIT, type TaskSpec } from '../schema/task-spec.js';
import { checkMatcherProbes } from './matcher-probes.js';
import { err } from './types.js';

export const MIN_CHECKS = 3;
/** ClawEnvKit's cap on LLM-judged completion weight for tool tasks: the default; `scoring.judge_weight_cap` may raise it up to JUDGE_WEIGHT_HARD_LIMIT. */
export const JUDGE_WEIGHT_CAP = JUDGE_WEIGHT_DEFAULT_CAP;
/** Kinds whose evaluator reports a measure `tiers` can map (state_equals and file_matches: a numeric value). */
export const TIERED_KINDS: readonly Check['kind'][] = [
  'tool_called',
  'tool_arg',
  'audit_present',
  'audit_count',
  'audit_sequence',
  'response_contains',
  'response_matches',
  'state_equals',
  'file_matches',
];
const EPS = 1e-6;

/** Gate step 4: ≥3 checks, weights sum to 1, judge weight capped, and every check is well-formed. */
export function checkChecks(spec: TaskSpec): Diagnostic[] {
  const out: Diagnostic[] = [];
  if (spec.checks.length < MIN_CHECKS) {
    out.push(
      err(
        'too_few_checks',
        'checks',
        `${spec.checks.length} check(s); a task needs at least ${MIN_CHECKS}`,
        'verifier',
      ),
    );
  }
  const sum = spec.checks.reduce((s, c) => s + c.weight, 0);
  if (spec.checks.length && Math.abs(sum - 1) > EPS) {
    out.push(err('weights_sum', 'checks', `check weights sum to ${round(sum)}; they must sum to 1`, 'verifier'));
  }
  const judged = spec.checks.filter((c) => c.kind === 'llm_judge').reduce((s, c) => s + c.weight, 0);
  const cap = spec.scoring.judge_weight_cap ?? JUDGE_WEIGHT_CAP;
  if (judged > cap + EPS) {
    const how =
      spec.scoring.judge_weight_cap === undefined
        ? `; set scoring.judge_weight_cap (at most ${JUDGE_WEIGHT_HARD_LIMIT}) to allow more`
        : '';
    out.push(
      err(
        'judge_weight_cap',
        'checks',
        `llm_judge checks weigh ${round(judged)}; at most ${cap} of completion may be judged${how}`,
        'verifier',
      ),
    );
  }
  const ids = new Set(spec.checks.map((c) => c.id));
  const jsum = spec.judge.reduce((s, j) => s + j.weight, 0);
  if (spec.judge.length && Math.abs(jsum - 1) > EPS) {
    out.push(err('weights_sum', 'judge', `judge item weights sum to ${round(jsum)}; they must sum to 1`, 'verifier'));
  }
  spec.checks.forEach((c, i) => {
    const at = `checks[${i}]`;
    // weight 0 is a condition when a cap hangs on it (its own, or another check's if_failed): "keep notes.txt"
    const capped = !!c.cap || spec.checks.some((o) => o.cap?.if_failed === c.id);
    if (c.weight === 0 && !capped)
      out.push(
        err(
          'zero_weight',
          `${at}.weight`,
          'a check with weight 0 and no cap never affects the score; drop it, give it weight, or make it a condition with cap.completion_at_most',
          'verifier',
        ),
      );
    checkOptions(c, at, ids, out);
    switch (c.kind) {
      case 'tool_arg':
        if (!c.accept && !c.pattern)
          out.push(err('missing_field', at, 'tool_arg needs accept (values) or pattern', 'verifier'));
        if (c.mode === 'all' && !c.accept)
          out.push(err('missing_field', `${at}.accept`, 'mode "all" needs an accept list', 'verifier'));
        if (c.pattern) regex(c.pattern, `${at}.pattern`, out);
        break;
      case 'tool_called':
        if (c.max_calls !== undefined && c.max_calls < c.min_calls)
          out.push(
            err(
              'out_of_range',
              `${at}.max_calls`,
              `max_calls ${c.max_calls} is below min_calls ${c.min_calls}`,
              'verifier',
            ),
          );
        wheres(c.args, `${at}.args`, out);
        break;
      case 'audit_count':
        if (c.min === undefined && c.max === undefined && c.equals === undefined)
          out.push(err('missing_field', at, 'audit_count needs min, max or equals', 'verifier'));
        wheres(c.where, `${at}.where`, out);
        break;
      case 'audit_present':
      case 'audit_absent':
        wheres(c.where, `${at}.where`, out);
        break;
      case 'audit_sequence':
        c.steps.forEach((s, j) =>
          wheres('tool' in s ? s.args : s.where, `${at}.steps[${j}].${'tool' in s ? 'args' : 'where'}`, out),
        );
        break;
      case 'response_contains':
      case 'response_matches':
        if (!c.all && !c.any && !c.none)
          out.push(err('missing_field', at, `${c.kind} needs all, any or none`, 'verifier'));
        if (c.kind === 'response_matches') {
          for (const key of ['all', 'any', 'none'] as const)
            c[key]?.forEach((p, j) => regex(p, `${at}.${key}[${j}]`, out));
        }
        break;
      case 'state_equals':
        matcher(c.value, `${at}.value`, out);
        break;
      default:
        break;
    }
  });
  spec.forbidden.actions.forEach((a, i) => wheres(a.where, `forbidden.actions[${i}].where`, out));
  spec.forbidden.responses?.forEach(
    (r, i) => r.regex !== undefined && regex(r.regex, `forbidden.responses[${i}].regex`, out),
  );
  out.push(...checkMatcherProbes(spec));
  return out;
}

// tiers, caps: the options every check kind shares
function checkOptions(c: Check, at: string, ids: Set<string>, out: Diagnostic[]): void {
  if (c.tiers) {
    if (!TIERED_KINDS.includes(c.kind))
      out.push(
        err(
          'tiers_unsupported',
          `${at}.tiers`,
          `a ${c.kind} check has no count or value to tier (tiers work on ${TIERED_KINDS.join(', ')})`,
          'verifier',
        ),
      );
    const mins = c.tiers.map((t) => t.min);
    mins.forEach((m, j) => {
      if (mins.indexOf(m) !== j)
        out.push(
          err(
            'duplicate_tier',
            `${at}.tiers[${j}].min`,
            `two tiers start at ${m}; give each tier its own min`,
            'verifier',
          ),
        );
    });
    if (!c.tiers.some((t) => t.score === 1))
      out.push(
        err(
          'tiers_never_full',
          `${at}.tiers`,
          'no tier scores 1, so the check can never be met; give the top tier score 1',
          'verifier',
        ),
      );
  }
  if (c.cap?.if_failed !== undefined && !ids.has(c.cap.if_failed)) {
    out.push(
      err(
        'unknown_check',
        `${at}.cap.if_failed`,
        `no check has id "${c.cap.if_failed}" (ids: ${[...ids].join(', ')})`,
        'verifier',
      ),
    );
  }
}

function wheres(where: Where | undefined, path: string, out: Diagnostic[]): void {
  for (const [k, m] of Object.entries(where ?? {})) matcher(m, `${path}.${k}`, out);
}

// nested matchers: regexes compile, time zones exist, free_in names a collection, ranges are not empty
function matcher(m: Matcher, path: string, out: Diagnostic[]): void {
  if (!m || typeof m !== 'object') return;
  if ('regex' in m) regex(m.regex, `${path}.regex`, out);
  if ('not' in m) matcher(m.not, `${path}.not`, out);
  if ('all_of' in m) m.all_of.forEach((x, j) => matcher(x, `${path}.all_of[${j}]`, out));
  if ('any_of' in m) m.any_of.forEach((x, j) => matcher(x, `${path}.any_of[${j}]`, out));
  if ('business_hours' in m) {
    if (!isTimeZone(m.business_hours.tz))
      out.push(
        err(
          'unknown_time_zone',
          `${path}.business_hours.tz`,
          `"${m.business_hours.tz}" is not an IANA time zone such as Europe/Berlin or UTC`,
          'verifier',
        ),
      );
    if (m.business_hours.end <= m.business_hours.start)
      out.push(
        err(
          'out_of_range',
          `${path}.business_hours.end`,
          `end ${m.business_hours.end} is not after start ${m.business_hours.start}`,
          'verifier',
        ),
      );
  }
  if ('free_in' in m) {
    const f = m.free_in;
    const col = getService(f.service)?.collections[f.collection];
    if (!col)
      out.push(
        err(
          'unknown_collection',
          `${path}.free_in`,
          `${f.service}.${f.collection} is not a collection of a known service`,
          'verifier',
        ),
      );
    else {
      const known = Object.keys(col.record.shape);
      for (const [key, field] of [
        ['start_field', f.start_field],
        ['end_field', f.end_field],
      ] as const) {
        if (!known.includes(field))
          out.push(
            err(
              'unknown_field',
              `${path}.free_in.${key}`,
              `${f.service}.${f.collection} records have no field "${field}" (fields: ${known.join(', ')})`,
              'verifier',
            ),
          );
      }
    }
  }
  const n = m as { gt?: number; gte?: number; lt?: number; lte?: number };
  const lo = n.gt ?? n.gte;
  const hi = n.lt ?? n.lte;
  if (lo !== undefined && hi !== undefined && (lo > hi || (lo === hi && (n.gt !== undefined || n.lt !== undefined)))) {
    out.push(
      err('empty_range', path, `no number is above ${lo} and below ${hi}; the matcher can never hold`, 'verifier'),
    );
  }
}

function regex(pattern: string, path: string, out: Diagnostic[]): void {
  try {
    new RegExp(pattern, 'i');
  } catch (e) {
    out.push(
      err(
        'invalid_regex',
        path,
        `not a valid regular expression: ${e instanceof Error ? e.message : String(e)}`,
        'verifier',
      ),
    );
  }
}

function round(x: number): number {
  return Math.round(x * 1e6) / 1e6;
}
