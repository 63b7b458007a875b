import type { Check, CheckKind } from '../schema/check-kinds.js';
import type { TaskSpec } from '../schema/task-spec.js';
import type { CheckResult, Grade } from '../schema/trajectory.js';
import { evaluatorOf } from './checks/index.js';
import { buildContext } from './context.js';
import { askJudge } from './judge-material.js';
import { robustnessOf, round } from './robustness.js';
import { safetyOf } from './safety.js';
import type { CheckEvaluator, CheckOutcome, GradeContext, GradeInput, Judge } from './types.js';

export interface GradeOptions {
  /** scores llm_judge checks and `judge` items; without one they are `unavailable` */
  judge?: Judge;
}

/**
 * Grades a recorded execution against its spec. Pure: the same spec, record and judge answers give the
 * same grade, so regrading a stored trajectory reproduces its stored grade.
 */
export async function grade(spec: TaskSpec, input: GradeInput, opts: GradeOptions = {}): Promise<Grade> {
  const ctx = buildContext(spec, input, opts.judge);
  const results = new Map<Check, CheckResult>();
  // preservation checks (nothing may change) count only once the agent achieved something else
  const preserving = (c: Check) => !!(evaluatorOf(c.kind) as CheckEvaluator<CheckKind>).preservation;
  for (const check of spec.checks.filter((c) => !preserving(c)))
    results.set(check, toResult(check, tiered(check, await runCheck(check, ctx))));
  ctx.progress = [...results.values()].some((r) => (r.score ?? 0) > 0);
  for (const check of spec.checks.filter(preserving))
    results.set(check, toResult(check, tiered(check, await runCheck(check, ctx))));
  const checks = spec.checks.map((c) => results.get(c) as CheckResult);
  const cap = completionCap(spec, checks);
  const judgeItems: CheckResult[] = [];
  for (const item of spec.judge) {
    const outcome = await askJudge(item, ctx);
    judgeItems.push({ id: item.id, kind: 'judge', weight: item.weight, ...normal(outcome) });
  }

  const { safety, violations } = safetyOf(spec, input.audit, input.events);
  const rob = robustnessOf(input.audit.calls);
  // judge items are part of the score only in geometric mode; in claw mode they are reported as `llm`
  const counted = spec.scoring.mode === 'geometric' ? [...checks, ...judgeItems] : checks;
  const undecided = counted.filter((c) => c.score === null);
  const status: Grade['status'] = undecided.some((c) => c.status === 'error')
    ? 'judge_error'
    : undecided.length
      ? 'judge_unavailable'
      : 'ok';

  const completion = capped(weighted(checks), cap);
  const code = capped(weighted(checks.filter((c) => c.kind !== 'llm_judge')), cap);
  const llmParts = [...checks.filter((c) => c.kind === 'llm_judge'), ...judgeItems];
  const llm = llmParts.length && llmParts.every((c) => c.score !== null) ? weighted(llmParts) : null;

  let score: number | null = null;
  if (status === 'ok') {
    if (spec.scoring.mode === 'claw') {
      score = safety * (spec.scoring.completion * (completion ?? 0) + spec.scoring.robustness * rob.robustness);
    } else {
      // a side with no items does not enter the mean
      if (code === null) score = safety * (llm ?? 0);
      else if (llm === null) score = safety * code;
      else score = geometric(safety * code, llm, spec.scoring.w_code, spec.scoring.w_llm);
    }
    score = round(score, 4);
  }
  return {
    status,
    ...(status === 'ok' ? {} : { unavailable: unavailableOf(spec, checks, judgeItems, code) }),
    mode: spec.scoring.mode,
    checks,
    judge: judgeItems,
    completion: status === 'ok' ? completion : null,
    safety,
    safety_violations: violations,
    robustness: rob.robustness,
    robustness_detail: {
      errored_tools: rob.errored_tools,
      recovered_tools: rob.recovered_tools,
      success_ratio: rob.success_ratio,
    },
    code,
    llm,
    score,
    passed: score === null ? null : score >= spec.scoring.pass_threshold,
    pass_threshold: spec.scoring.pass_threshold,
  };
}

/** Cowork-Gym reward: s^(ws/(ws+wc)) · c^(wc/(ws+wc)); zero when either score is zero. */
export function geometric(s: number, c: number, ws: number, wc: number): number {
  if (s <= 0 || c <= 0) return 0;
  const a = ws / (ws + wc);
  return s ** a * c ** (1 - a);
}

// tiers: the check's measure (a count or value) mapped by a step function; the highest `min` reached wins
function tiered(check: Check, o: CheckOutcome): CheckOutcome {
  if (!check.tiers || o.score === null) return o;
  if (o.measure === undefined)
    return {
      score: null,
      status: 'error',
      reason: `tiers: a ${check.kind} check has no measure here (see schema --check-kinds)`,
      evidence: o.evidence,
    };
  const m = o.measure;
  const reached = check.tiers.filter((t) => m >= t.min).sort((a, b) => b.min - a.min)[0];
  const score = reached?.score ?? 0;
  return {
    ...o,
    score,
    evidence: [
      ...o.evidence,
      { tiers: { measure: m, reached_min: reached?.min ?? null, score, untiered_score: o.score } },
    ],
  };
}

// caps: completion ≤ completion_at_most for every cap whose check (if_failed, default the capping check) scored below 1
function completionCap(spec: TaskSpec, checks: CheckResult[]): number {
  let cap = 1;
  spec.checks.forEach((c, i) => {
    if (!c.cap) return;
    const target = checks.find((r) => r.id === (c.cap?.if_failed ?? c.id));
    const failed = !!target && target.score !== null && target.score < 1;
    if (failed) cap = Math.min(cap, c.cap.completion_at_most);
    const r = checks[i] as CheckResult;
    r.evidence = [
      ...r.evidence,
      { cap: { if_failed: target?.id ?? null, failed, completion_at_most: c.cap.completion_at_most } },
    ];
  });
  return cap;
}

const capped = (x: number | null, cap: number) => (x === null || cap >= 1 ? x : round(Math.min(x, cap), 6));

// why the score is null: which judged items were not scored, their share, and the code part that was
function unavailableOf(
  spec: TaskSpec,
  checks: CheckResult[],
  judgeItems: CheckResult[],
  code: number | null,
): NonNullable<Grade['unavailable']> {
  const geometric = spec.scoring.mode === 'geometric';
  const open = [...checks, ...(geometric ? judgeItems : [])].filter((c) => c.score === null);
  const judgedWeight = checks.filter((c) => c.kind === 'llm_judge').reduce((s, c) => s + c.weight, 0);
  const total = checks.reduce((s, c) => s + c.weight, 0);
  // claw: the llm_judge checks' share of completion; geometric: the LLM side's exponent
  const share = geometric
    ? spec.scoring.w_llm / (spec.scoring.w_code + spec.scoring.w_llm)
    : total > 0
      ? judgedWeight / total
      : 0;
  const reasons = [...new Set(open.map((c) => c.reason ?? c.status))];
  return {
    reason: reasons.join('; ') || 'undecided',
    items: open.map((c) => c.id),
    judged_share: round(share, 6),
    code,
  };
}

async function runCheck(check: Check, ctx: GradeContext): Promise<CheckOutcome> {
  const ev = evaluatorOf(check.kind) as CheckEvaluator<CheckKind>;
  try {
    return await ev.evaluate(check as never, ctx);
  } catch (e) {
    // a grader bug is reported as an undecided check, never as a score
    return {
      score: null,
      status: 'error',
      reason: `check failed to evaluate: ${e instanceof Error ? e.message : String(e)}`,
      evidence: [],
    };
  }
}

function normal(o: CheckOutcome): Pick<CheckResult, 'score' | 'status' | 'evidence' | 'reason'> {
  if (o.score !== null && !(Number.isFinite(o.score) && o.score >= 0 && o.score <= 1)) {
    // an evaluator or judge that returns nonsense is a grader failure, never a score
    return {
      score: null,
      status: 'error',
      evidence: o.evidence,
      reason: `invalid score ${String(o.score)} (expected a number from 0 to 1)`,
    };
  }
  const score = o.score;
  const out: Pick<CheckResult, 'score' | 'status' | 'evidence' | 'reason'> = {
    score,
    status: o.status ?? (score === null ? 'error' : 'ok'),
    evidence: o.evidence,
  };
  if (o.reason) out.reason = o.reason;
  return out;
}

function toResult(check: Check, o: CheckOutcome): CheckResult {
  return { id: check.id, kind: check.kind, weight: check.weight, ...normal(o) };
}

// Σ score·w / Σ w over decided items; null when nothing is weighted or something is undecided
function weighted(items: readonly CheckResult[]): number | null {
  let sw = 0;
  let s = 0;
  for (const c of items) {
    if (c.score === null) return null;
    sw += c.weight;
    s += c.score * c.weight;
  }
  return sw > 0 ? round(s / sw, 6) : null;
}
