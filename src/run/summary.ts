import { summarize, type TaskMetrics } from '../grade/metrics.js';
import type { TaskSpec } from '../schema/task-spec.js';
import type { EpisodeOutcome } from './run-store.js';

export interface RunSummary {
  k: number;
  tasks: (TaskMetrics & { family: string })[];
  overall: ReturnType<typeof summarize>['overall'];
  by_family: Record<string, ReturnType<typeof summarize>['overall']>;
  by_capability: Record<string, ReturnType<typeof summarize>['overall']>;
  infra_errors: { task_id: string; trial: number; error: string }[];
  /** MCP episodes whose client left before finish: excluded from the metrics unless `includeAbandoned` */
  abandoned: { task_id: string; trial: number; error: string; counted: boolean }[];
  judge_unavailable: number;
}

/** What a summary needs to know of a task. */
export interface TaskLabels {
  id: string;
  family: string;
  capabilities: readonly string[];
}

export function labelsOf(spec: TaskSpec): TaskLabels {
  return { id: spec.id, family: spec.family, capabilities: spec.labels.capabilities };
}

/**
 * Per task (trials, mean, pass@k, pass^k), overall, by family and by capability; infra errors excluded and
 * listed; abandoned episodes listed and excluded, or with `includeAbandoned` counted as failures (score 0).
 */
export function summarizeRun(
  tasks: readonly TaskLabels[],
  records: Iterable<EpisodeOutcome>,
  k: number,
  opts: { includeAbandoned?: boolean } = {},
): RunSummary {
  const byId = new Map(tasks.map((s) => [s.id, s]));
  const infra: RunSummary['infra_errors'] = [];
  const abandoned: RunSummary['abandoned'] = [];
  const outcomes: { task_id: string; score: number | null; passed: boolean | null }[] = [];
  let unjudged = 0;
  for (const t of records) {
    const end = t.end;
    if (end?.reason === 'infra_error') {
      infra.push({ task_id: t.task_id, trial: t.trial, error: end.error ?? '' });
      continue;
    }
    if (end?.reason === 'abandoned') {
      abandoned.push({ task_id: t.task_id, trial: t.trial, error: end.error ?? '', counted: !!opts.includeAbandoned });
      if (opts.includeAbandoned) outcomes.push({ task_id: t.task_id, score: 0, passed: false });
      continue;
    }
    if (t.grade?.status !== 'ok') unjudged++;
    outcomes.push({ task_id: t.task_id, score: t.grade?.score ?? null, passed: t.grade?.passed ?? null });
  }
  outcomes.sort((a, b) => (a.task_id < b.task_id ? -1 : a.task_id > b.task_id ? 1 : 0));
  const all = summarize(outcomes, k);
  const group = (keyOf: (s: TaskLabels) => readonly string[]) => {
    const groups = new Map<string, typeof outcomes>();
    for (const o of outcomes) {
      const spec = byId.get(o.task_id);
      for (const g of spec ? keyOf(spec) : ['(unknown)']) {
        // appended in place: copying the group per trial made a 100,000-trial summary take minutes
        const list = groups.get(g);
        if (list) list.push(o);
        else groups.set(g, [o]);
      }
    }
    return Object.fromEntries([...groups.entries()].sort().map(([g, os]) => [g, summarize(os, k).overall]));
  };
  return {
    k,
    tasks: all.tasks.map((t) => ({ ...t, family: byId.get(t.task_id)?.family ?? '?' })),
    overall: all.overall,
    by_family: group((s) => [s.family]),
    by_capability: group((s) => s.capabilities),
    infra_errors: infra.sort(byTaskTrial),
    abandoned: abandoned.sort(byTaskTrial),
    judge_unavailable: unjudged,
  };
}

const byTaskTrial = (a: { task_id: string; trial: number }, b: { task_id: string; trial: number }) =>
  a.task_id === b.task_id ? a.trial - b.trial : a.task_id < b.task_id ? -1 : 1;
