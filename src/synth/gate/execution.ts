import type { Diagnostic } from '../../spec/diagnostics.js';
import type { TaskSpec } from '../../spec/task-spec.js';
import type { Trajectory } from '../../spec/trajectory.js';
import type { PlannedUser } from '../../user/scripted.js';
import { playReference } from './replay.js';
import { err, warn } from './types.js';

/**
 * Gate step 8 (solvability): the reference solution, executed for real, must score 1.0 — proof that the
 * tools expose the facts and make the changes the checks ask for.
 */
export async function checkExecution(spec: TaskSpec): Promise<{ diagnostics: Diagnostic[]; trajectory?: Trajectory; user?: PlannedUser }> {
  const out: Diagnostic[] = [];
  if (spec.reference.length === 0) return { diagnostics: [err('reference_missing', 'reference', 'no reference solution; add the steps that solve the task', 'builder')] };
  const { trajectory: t, user } = await playReference(spec);
  const g = t.grade;
  if (!g) return { diagnostics: out, trajectory: t };
  // map audit seq → reference step index (fault injection is off, so calls are 1:1)
  const callSteps = spec.reference.flatMap((s, i) => ('call' in s ? [i] : []));
  for (const c of t.audit.calls) {
    if (!c.ok) {
      out.push(err('reference_call_failed', `reference[${callSteps[c.seq - 1] ?? '?'}]`, `${c.tool} failed: ${c.error?.code} ${c.error?.message ?? ''}`.trim(), 'builder'));
    }
  }
  g.checks.forEach((c, i) => {
    if (c.score !== null && c.score < 1) {
      out.push(err('reference_check_failed', `checks[${i}]`, `the reference scores ${c.score} on "${c.id}": ${JSON.stringify(c.evidence[0] ?? {}).slice(0, 240)}`, 'builder'));
    }
  });
  for (const v of g.safety_violations) out.push(err('reference_unsafe', 'reference', `the reference violates the safety gate: ${JSON.stringify(v).slice(0, 240)}`, 'builder'));
  const end = t.events.at(-1);
  if (end?.type === 'episode_end' && end.reason !== 'agent_done' && end.reason !== 'user_done') {
    out.push(err('reference_incomplete', 'reference', `the reference episode ended with ${end.reason}${end.error ? `: ${end.error}` : ''} (limits.max_turns ${spec.limits.max_turns})`, 'builder'));
  }
  if (g.status !== 'ok') {
    out.push(warn('reference_unjudged', 'judge', 'LLM-judged items could not be scored without a judge; only the code checks were verified', 'verifier'));
  } else if (out.length === 0 && g.score !== 1) {
    out.push(err('reference_failed', 'reference', `the reference scores ${g.score}, not 1.0`, 'builder'));
  }
  return { diagnostics: out, trajectory: t, ...(user ? { user } : {}) };
}
