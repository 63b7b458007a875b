// pass@k (Chen et al. 2021, unbiased) and pass^k (tau-bench: all k i.i.d. trials succeed), per task.

/** 1 − C(n−c, k)/C(n, k); null when k > n. */
export function passAtK(n: number, c: number, k: number): number | null {
  if (k > n || k < 1) return null;
  if (n - c < k) return 1;
  let prod = 1;
  for (let i = n - c + 1; i <= n; i++) prod *= 1 - k / i;
  return 1 - prod;
}

/** C(c, k)/C(n, k); null when k > n. */
export function passHatK(n: number, c: number, k: number): number | null {
  if (k > n || k < 1) return null;
  if (c < k) return 0;
  let prod = 1;
  for (let i = 0; i < k; i++) prod *= (c - i) / (n - i);
  return prod;
}

export interface TrialOutcome {
  task_id: string;
  score: number | null;
  passed: boolean | null;
}

export interface TaskMetrics {
  task_id: string;
  trials: number;
  /** trials with a decided score */
  graded: number;
  mean: number | null;
  passes: number;
  pass_at_k: number | null;
  pass_hat_k: number | null;
}

export interface Metrics {
  k: number;
  tasks: TaskMetrics[];
  overall: {
    tasks: number;
    trials: number;
    graded: number;
    mean: number | null;
    pass_rate: number | null;
    pass_at_k: number | null;
    pass_hat_k: number | null;
  };
}

const mean = (xs: readonly number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null);

/** Per-task and overall mean score, pass@k and pass^k; ungraded trials (judge unavailable, infra errors) are excluded. */
export function summarize(outcomes: readonly TrialOutcome[], k: number): Metrics {
  const byTask = new Map<string, TrialOutcome[]>();
  for (const o of outcomes) {
    const list = byTask.get(o.task_id) ?? [];
    list.push(o);
    byTask.set(o.task_id, list);
  }
  const tasks: TaskMetrics[] = [...byTask.entries()].map(([task_id, trials]) => {
    const graded = trials.filter((t) => t.score !== null);
    const passes = graded.filter((t) => t.passed).length;
    return {
      task_id,
      trials: trials.length,
      graded: graded.length,
      mean: mean(graded.map((t) => t.score as number)),
      passes,
      pass_at_k: passAtK(graded.length, passes, k),
      pass_hat_k: passHatK(graded.length, passes, k),
    };
  });
  const graded = outcomes.filter((o) => o.score !== null);
  const defined = (xs: (number | null)[]) => xs.filter((x): x is number => x !== null);
  return {
    k,
    tasks,
    overall: {
      tasks: tasks.length,
      trials: outcomes.length,
      graded: graded.length,
      mean: mean(defined(tasks.map((t) => t.mean))),
      pass_rate: graded.length ? graded.filter((o) => o.passed).length / graded.length : null,
      pass_at_k: mean(defined(tasks.map((t) => t.pass_at_k))),
      pass_hat_k: mean(defined(tasks.map((t) => t.pass_hat_k))),
    },
  };
}
