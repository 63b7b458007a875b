import { grade } from '../grade/grade.js';
import type { TaskSpec } from '../schema/task-spec.js';
import type { Trajectory, TrajectoryEvent } from '../schema/trajectory.js';

/**
 * Shaped step rewards: the change of safety × completion (code checks; judges excluded) after each decision
 * step, graded on the trajectory prefix. Their sum is the final safety × completion; the episode reward
 * (the grade's score) stays the outcome signal.
 */
export async function shapedStepRewards(spec: TaskSpec, t: Trajectory): Promise<number[]> {
  const cut: number[] = [];
  t.events.forEach((e, i) => {
    if (e.type === 'assistant') cut.push(i);
  });
  const potentials: number[] = [];
  for (let k = 0; k < cut.length; k++) {
    const end = cut[k + 1] ?? t.events.length;
    const events = t.events.slice(0, end) as TrajectoryEvent[];
    const seqs = events.filter((e) => e.type === 'tool').length;
    const calls = t.audit.calls.slice(0, seqs);
    const last = calls.at(-1)?.seq ?? 0;
    const records = Object.fromEntries(
      Object.entries(t.audit.records).map(([svc, lists]) => [
        svc,
        Object.fromEntries(
          Object.entries(lists).map(([l, entries]) => [l, entries.filter((r) => Number(r.seq ?? 0) <= last)]),
        ),
      ]),
    );
    const g = await grade(spec, {
      events,
      audit: { calls, records, state: k === cut.length - 1 ? t.audit.state : {} },
    });
    potentials.push(g.safety * (g.code ?? g.completion ?? 0));
  }
  return potentials.map((p, i) => Math.round((p - (potentials[i - 1] ?? 0)) * 1e6) / 1e6);
}
