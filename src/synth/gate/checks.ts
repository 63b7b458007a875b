import type { Diagnostic } from '../../spec/diagnostics.js';
import type { Matcher, Where } from '../../spec/matchers.js';
import type { TaskSpec } from '../../spec/task-spec.js';
import { err } from './types.js';

export const MIN_CHECKS = 3;
/** ClawEnvKit's cap on LLM-judged completion weight for tool tasks. */
export const JUDGE_WEIGHT_CAP = 0.55;
const EPS = 1e-6;

/** Gate step 4: ≥3 checks, weights sum to 1, judge weight capped, and every check is well-formed. */
export function checkChecks(spec: TaskSpec): Diagnostic[] {
  const out: Diagnostic[] = [];
  if (spec.checks.length < MIN_CHECKS) {
    out.push(err('too_few_checks', 'checks', `${spec.checks.length} check(s); a task needs at least ${MIN_CHECKS}`, 'verifier'));
  }
  const sum = spec.checks.reduce((s, c) => s + c.weight, 0);
  if (spec.checks.length && Math.abs(sum - 1) > EPS) {
    out.push(err('weights_sum', 'checks', `check weights sum to ${round(sum)}; they must sum to 1`, 'verifier'));
  }
  const judged = spec.checks.filter((c) => c.kind === 'llm_judge').reduce((s, c) => s + c.weight, 0);
  if (judged > JUDGE_WEIGHT_CAP + EPS) {
    out.push(err('judge_weight_cap', 'checks', `llm_judge checks weigh ${round(judged)}; at most ${JUDGE_WEIGHT_CAP} of completion may be judged`, 'verifier'));
  }
  const jsum = spec.judge.reduce((s, j) => s + j.weight, 0);
  if (spec.judge.length && Math.abs(jsum - 1) > EPS) {
    out.push(err('weights_sum', 'judge', `judge item weights sum to ${round(jsum)}; they must sum to 1`, 'verifier'));
  }
  spec.checks.forEach((c, i) => {
    const at = `checks[${i}]`;
    if (c.weight === 0) out.push(err('zero_weight', `${at}.weight`, 'a check with weight 0 never affects the score; drop it or give it weight', 'verifier'));
    switch (c.kind) {
      case 'tool_arg':
        if (!c.accept && !c.pattern) out.push(err('missing_field', at, 'tool_arg needs accept (values) or pattern', 'verifier'));
        if (c.mode === 'all' && !c.accept) out.push(err('missing_field', `${at}.accept`, 'mode "all" needs an accept list', 'verifier'));
        if (c.pattern) regex(c.pattern, `${at}.pattern`, out);
        break;
      case 'tool_called':
        if (c.max_calls !== undefined && c.max_calls < c.min_calls) out.push(err('out_of_range', `${at}.max_calls`, `max_calls ${c.max_calls} is below min_calls ${c.min_calls}`, 'verifier'));
        wheres(c.args, `${at}.args`, out);
        break;
      case 'audit_count':
        if (c.min === undefined && c.max === undefined && c.equals === undefined) out.push(err('missing_field', at, 'audit_count needs min, max or equals', 'verifier'));
        wheres(c.where, `${at}.where`, out);
        break;
      case 'audit_present':
      case 'audit_absent':
        wheres(c.where, `${at}.where`, out);
        break;
      case 'audit_sequence':
        c.steps.forEach((s, j) => wheres('tool' in s ? s.args : s.where, `${at}.steps[${j}].${'tool' in s ? 'args' : 'where'}`, out));
        break;
      case 'response_contains':
      case 'response_matches':
        if (!c.all && !c.any && !c.none) out.push(err('missing_field', at, `${c.kind} needs all, any or none`, 'verifier'));
        if (c.kind === 'response_matches') {
          for (const key of ['all', 'any', 'none'] as const) c[key]?.forEach((p, j) => regex(p, `${at}.${key}[${j}]`, out));
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
  return out;
}

function wheres(where: Where | undefined, path: string, out: Diagnostic[]): void {
  for (const [k, m] of Object.entries(where ?? {})) matcher(m, `${path}.${k}`, out);
}

function matcher(m: Matcher, path: string, out: Diagnostic[]): void {
  if (m && typeof m === 'object' && 'regex' in m) regex(m.regex, `${path}.regex`, out);
}

function regex(pattern: string, path: string, out: Diagnostic[]): void {
  try {
    new RegExp(pattern, 'i');
  } catch (e) {
    out.push(err('invalid_regex', path, `not a valid regular expression: ${e instanceof Error ? e.message : String(e)}`, 'verifier'));
  }
}

function round(x: number): number {
  return Math.round(x * 1e6) / 1e6;
}
