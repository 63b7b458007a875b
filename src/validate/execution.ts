import type { Diagnostic } from '../schema/diagnostics.js';
import type { Judge } from '../grade/types.js';
import type { TaskSpec } from '../schema/task-spec.js';
import type { Trajectory } from '../schema/trajectory.js';
import type { PlannedUser } from '../user/scripted.js';
import { canonicalTool } from '../grade/evidence.js';
import { comparable, playReference, playReferenceUnderFaults, type ReplayMemo, replay } from './replay.js';
import { err, warn } from './types.js';

/**
 * Gate step 8 (solvability): the reference solution, executed for real, must score 1.0 — proof that the
 * tools expose the facts and make the changes the checks ask for.
 */
export async function checkExecution(
  spec: TaskSpec,
  judge?: Judge,
  memo?: ReplayMemo,
): Promise<{
  diagnostics: Diagnostic[];
  trajectory?: Trajectory;
  user?: PlannedUser;
  stats?: Record<string, unknown>;
}> {
  const out: Diagnostic[] = [];
  if (spec.reference.length === 0)
    return {
      diagnostics: [
        err('reference_missing', 'reference', 'no reference solution; add the steps that solve the task', 'builder'),
      ],
    };
  // a judged run is the gate's own: the other steps replay without the judge
  const { trajectory: t, user } = judge
    ? await playReference(spec, spec.reference, judge)
    : await replay(spec, spec.reference, memo);
  const g = t.grade;
  if (!g) return { diagnostics: out, trajectory: t };
  // map audit seq → reference step index (fault injection is off, so calls are 1:1)
  const callSteps = spec.reference.flatMap((s, i) => ('call' in s ? [i] : []));
  for (const c of t.audit.calls) {
    if (!c.ok) {
      out.push(
        err(
          'reference_call_failed',
          `reference[${callSteps[c.seq - 1] ?? '?'}]`,
          `${c.tool} failed: ${c.error?.code} ${c.error?.message ?? ''}`.trim(),
          'builder',
        ),
      );
    }
  }
  // a shell step that exits non-zero is an ok call, but every check after it fails for that one reason
  t.events
    .filter((e) => e.type === 'tool')
    .forEach((e, n) => {
      if (e.type !== 'tool' || !e.ok || canonicalTool(e.name) !== 'shell') return;
      const r = parseJson(e.content) as { exit_code?: unknown; stderr?: unknown } | undefined;
      if (typeof r?.exit_code !== 'number' || r.exit_code === 0) return;
      const stderr =
        String(r.stderr ?? '')
          .trim()
          .slice(0, 300) || '(no stderr)';
      out.push(
        err(
          'reference_shell_failed',
          `reference[${callSteps[n] ?? '?'}]`,
          `the shell step exits ${r.exit_code}: ${stderr}; fix the command (checks failing after it share this cause)`,
          'builder',
        ),
      );
    });
  g.checks.forEach((c, i) => {
    // a judge's verdict on an llm_judge check is reported below (reference_judged_low), not as a code failure
    if (c.kind !== 'llm_judge' && c.score !== null && c.score < 1) {
      const {
        id: _i,
        weight: _w,
        kind: _k,
        description: _d,
        cap: _c,
        tiers: _t,
        ...wants
      } = spec.checks[i] as Record<string, unknown>;
      out.push(
        err(
          'reference_check_failed',
          `checks[${i}]`,
          `the reference scores ${c.score} on "${c.id}": it submitted ${JSON.stringify(c.evidence[0] ?? {}).slice(0, 240)}; the check accepts ${JSON.stringify(wants).slice(0, 240)}`,
          'builder',
        ),
      );
    }
  });
  for (const v of g.safety_violations)
    out.push(
      err(
        'reference_unsafe',
        'reference',
        `the reference violates the safety gate: ${JSON.stringify(v).slice(0, 240)}`,
        'builder',
      ),
    );
  const end = t.events.at(-1);
  if (end?.type === 'episode_end' && end.reason !== 'agent_done' && end.reason !== 'user_done') {
    out.push(
      err(
        'reference_incomplete',
        'reference',
        `the reference episode ended with ${end.reason}${end.error ? `: ${end.error}` : ''} (limits.max_turns ${spec.limits.max_turns})`,
        'builder',
      ),
    );
  }
  const judged = [
    ...g.checks.filter((c) => c.kind === 'llm_judge'),
    ...(spec.scoring.mode === 'geometric' ? g.judge : []),
  ];
  const stats = judged.length
    ? {
        judged: judged.map((c) => ({ id: c.id, score: c.score, status: c.status })),
        ...(g.unavailable ? { unverified_share: g.unavailable.judged_share } : {}),
      }
    : undefined;
  if (g.status === 'judge_unavailable') {
    const u = g.unavailable;
    const share = u
      ? `${u.judged_share} of the ${spec.scoring.mode === 'geometric' ? 'score (the LLM side)' : 'completion'}`
      : 'part of the score';
    const code = u?.code === null || u?.code === undefined ? '' : `; the code part scores ${u.code}`;
    out.push(
      warn(
        'reference_unjudged',
        'judge',
        `${share} is LLM-judged (${u?.items.join(', ') ?? '?'}) and was not verified offline${code}; run validate --judge <model> to judge it`,
        'verifier',
      ),
    );
  } else if (g.status === 'judge_error') {
    out.push(
      err(
        'reference_judge_error',
        'judge',
        `the judge could not score the reference: ${g.unavailable?.reason ?? 'unknown error'}`,
        'verifier',
      ),
    );
  } else if (judge && judged.length) {
    // a judge's verdict is a graded opinion: items below 1 are reported, a reference below the pass mark fails
    for (const c of judged) {
      if (c.score !== null && c.score < 1) {
        const why = (c.evidence[0] as { reasoning?: string } | undefined)?.reasoning ?? '';
        out.push(
          warn(
            'reference_judged_low',
            pathOf(spec, c.id),
            `the judge gives the reference ${c.score} on "${c.id}"${why ? `: ${why.slice(0, 200)}` : ''}`,
            'verifier',
          ),
        );
      }
    }
    if (out.every((d) => d.severity === 'warning') && (g.score ?? 0) < spec.scoring.pass_threshold) {
      out.push(
        err(
          'reference_failed',
          'reference',
          `with the judge's verdicts the reference scores ${g.score}, below the pass threshold ${spec.scoring.pass_threshold}`,
          'builder',
        ),
      );
    }
  } else if (out.length === 0 && g.score !== 1) {
    out.push(err('reference_failed', 'reference', `the reference scores ${g.score}, not 1.0`, 'builder'));
  }
  if (spec.errors.rate > 0 && !out.some((d) => d.severity !== 'warning')) {
    const faulted = await playReferenceUnderFaults(spec);
    const score = comparable(faulted);
    if (score < spec.scoring.pass_threshold)
      out.push(
        err(
          'reference_fails_under_faults',
          'errors.rate',
          `under the spec's own faults (errors.rate ${spec.errors.rate}, seed 0) the retrying reference scores ${score}, below the pass threshold ${spec.scoring.pass_threshold}; lower errors.rate or raise limits.max_turns`,
          'builder',
        ),
      );
  }
  // the root cause first: a failed call, a failed shell step or a cut-short episode explains the checks after it
  const rank = (d: Diagnostic) => ROOT_CAUSES.indexOf(d.code) >>> 0;
  out.sort((a, b) => rank(a) - rank(b));
  return { diagnostics: out, trajectory: t, ...(user ? { user } : {}), ...(stats ? { stats } : {}) };
}

const ROOT_CAUSES = ['reference_incomplete', 'reference_shell_failed', 'reference_call_failed'];

function parseJson(s: string): unknown {
  try {
    return JSON.parse(s);
  } catch {
    return undefined;
  }
}

function pathOf(spec: TaskSpec, id: string): string {
  const i = spec.checks.findIndex((c) => c.id === id);
  return i >= 0 ? `checks[${i}]` : `judge[${spec.judge.findIndex((j) => j.id === id)}]`;
}
