import type { Metrics } from '../grade/metrics.js';
import { fmt, table } from './output.js';

/** Per-task and overall metrics as a text table. */
export function metricsTable(m: Metrics): string {
  const k = m.k;
  const rows = m.tasks.map((t) => [t.task_id, `${t.graded}/${t.trials}`, fmt(t.mean), t.passes, fmt(t.pass_at_k), fmt(t.pass_hat_k)]);
  const o = m.overall;
  rows.push(['overall', `${o.graded}/${o.trials}`, fmt(o.mean), m.tasks.reduce((n, t) => n + t.passes, 0), fmt(o.pass_at_k), fmt(o.pass_hat_k)]);
  return table(['task', 'graded', 'mean', 'passes', `pass@${k}`, `pass^${k}`], rows);
}
