import { passAtK, passHatK, type TaskMetrics } from '../grade/metrics.js';
import type { RunSummary, TaskLabels } from '../run/summary.js';
import type { IndexEntry } from './index-entry.js';

// The run summary from the index in one pass over the trials and then per task: the numbers
// `summarizeRun` (run/summary.ts) gives — bit for bit, run-index.test.ts compares them — without its
// per-group passes over every trial, which took a third of the time to open a 100,000-trial run.

interface TaskAgg {
  task_id: string;
  trials: number;
  /** graded scores in trial order (a mean is summed in this order) */
  scores: number[];
  passes: number;
}

type Overall = RunSummary['overall'];

// summarize()'s mean: a left-to-right sum from 0, divided by the count
const mean = (xs: readonly number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null);

function taskMetrics(a: TaskAgg, k: number, times = 1): TaskMetrics {
  // a label listed `times` times puts each of the task's trials in its group that often, one after another
  const scores = times === 1 ? a.scores : a.scores.flatMap((s) => Array<number>(times).fill(s));
  const graded = scores.length;
  const passes = a.passes * times;
  return {
    task_id: a.task_id,
    trials: a.trials * times,
    graded,
    mean: mean(scores),
    passes,
    pass_at_k: passAtK(graded, passes, k),
    pass_hat_k: passHatK(graded, passes, k),
  };
}

function overallOf(tasks: readonly TaskMetrics[]): Overall {
  const defined = (xs: (number | null)[]) => xs.filter((x): x is number => x !== null);
  const graded = tasks.reduce((n, t) => n + t.graded, 0);
  return {
    tasks: tasks.length,
    trials: tasks.reduce((n, t) => n + t.trials, 0),
    graded,
    mean: mean(defined(tasks.map((t) => t.mean))),
    pass_rate: graded ? tasks.reduce((n, t) => n + t.passes, 0) / graded : null,
    pass_at_k: mean(defined(tasks.map((t) => t.pass_at_k))),
    pass_hat_k: mean(defined(tasks.map((t) => t.pass_hat_k))),
  };
}

const byTaskTrial = (a: { task_id: string; trial: number }, b: { task_id: string; trial: number }) =>
  a.task_id === b.task_id ? a.trial - b.trial : a.task_id < b.task_id ? -1 : 1;

/** `summarizeRun(labels, records, k)` for the index's entries (file order, one per (task, trial)). */
export function summarizeEntries(labels: readonly TaskLabels[], entries: readonly IndexEntry[], k: number): RunSummary {
  const byId = new Map(labels.map((s) => [s.id, s]));
  const infra: RunSummary['infra_errors'] = [];
  const abandoned: RunSummary['abandoned'] = [];
  const aggs = new Map<string, TaskAgg>();
  let unjudged = 0;
  for (const e of entries) {
    if (e.end === 'infra_error') {
      infra.push({ task_id: e.task_id, trial: e.trial, error: e.error ?? '' });
      continue;
    }
    if (e.end === 'abandoned') {
      abandoned.push({ task_id: e.task_id, trial: e.trial, error: e.error ?? '', counted: false });
      continue;
    }
    if (e.status !== 'ok') unjudged++;
    let a = aggs.get(e.task_id);
    if (!a) aggs.set(e.task_id, (a = { task_id: e.task_id, trials: 0, scores: [], passes: 0 }));
    a.trials++;
    if (e.score !== null) {
      a.scores.push(e.score);
      if (e.passed) a.passes++;
    }
  }
  // summarizeRun sorts the trials by task id (stably): tasks in id order, each task's trials in file order
  const sorted = [...aggs.values()].sort((x, y) => (x.task_id < y.task_id ? -1 : x.task_id > y.task_id ? 1 : 0));
  const tasks = sorted.map((a) => taskMetrics(a, k));
  const group = (keyOf: (s: TaskLabels) => readonly string[]) => {
    const groups = new Map<string, TaskMetrics[]>();
    for (const a of sorted) {
      const spec = byId.get(a.task_id);
      const keys = spec ? keyOf(spec) : ['(unknown)'];
      const times = new Map<string, number>();
      for (const g of keys) times.set(g, (times.get(g) ?? 0) + 1);
      for (const [g, n] of times) {
        const list = groups.get(g);
        const m = taskMetrics(a, k, n);
        if (list) list.push(m);
        else groups.set(g, [m]);
      }
    }
    // summarizeRun sorts [key, trials[]] pairs as strings: "key,[object Object]…"
    const order = (g: string) => `${g},[object Object]`;
    return Object.fromEntries(
      [...groups.entries()]
        .sort(([a], [b]) => (order(a) < order(b) ? -1 : order(a) > order(b) ? 1 : 0))
        .map(([g, ts]) => [g, overallOf(ts)]),
    );
  };
  return {
    k,
    tasks: tasks.map((t) => ({ ...t, family: byId.get(t.task_id)?.family ?? '?' })),
    overall: overallOf(tasks),
    by_family: group((s) => [s.family]),
    by_capability: group((s) => s.capabilities),
    infra_errors: infra.sort(byTaskTrial),
    abandoned: abandoned.sort(byTaskTrial),
    judge_unavailable: unjudged,
  };
}
