import type { Metrics } from '../grade/metrics.js';
import type { SkippedLine } from '../run/run-store.js';
import type { RunSummary } from '../run/summary.js';
import { color, fmt, note, out, table } from './output.js';

/** One stderr warning per trajectories.jsonl line a reader skipped (never silently). */
export function warnSkipped(skipped: readonly SkippedLine[]): void {
  for (const s of skipped) note(color.yellow(`warning: ${s.file}:${s.line}: skipped an unparsable line: ${s.message}`));
}

/** Per-task and overall metrics as a text table. */
export function metricsTable(m: Pick<Metrics, 'k' | 'tasks' | 'overall'>): string {
  const k = m.k;
  const rows = m.tasks.map((t) => [
    t.task_id,
    `${t.graded}/${t.trials}`,
    fmt(t.mean),
    t.passes,
    fmt(t.pass_at_k),
    fmt(t.pass_hat_k),
  ]);
  const o = m.overall;
  rows.push([
    'overall',
    `${o.graded}/${o.trials}`,
    fmt(o.mean),
    m.tasks.reduce((n, t) => n + t.passes, 0),
    fmt(o.pass_at_k),
    fmt(o.pass_hat_k),
  ]);
  return table(['task', 'graded', 'mean', 'passes', `pass@${k}`, `pass^${k}`], rows);
}

/** The run summary: per task (when few), by family, overall, infra errors. */
export function printRunSummary(s: RunSummary): void {
  if (s.tasks.length <= 60) out(metricsTable(s));
  const k = s.k;
  const fam = Object.entries(s.by_family);
  if (fam.length > 1 || s.tasks.length > 60) {
    out();
    out(
      table(
        ['family', 'tasks', 'mean', 'pass rate', `pass@${k}`, `pass^${k}`],
        [
          ...fam.map(([f, m]) => [f, m.tasks, fmt(m.mean), fmt(m.pass_rate), fmt(m.pass_at_k), fmt(m.pass_hat_k)]),
          [
            'overall',
            s.overall.tasks,
            fmt(s.overall.mean),
            fmt(s.overall.pass_rate),
            fmt(s.overall.pass_at_k),
            fmt(s.overall.pass_hat_k),
          ],
        ],
      ),
    );
  }
  if (s.infra_errors.length)
    out(
      color.yellow(
        `\n${s.infra_errors.length} episode(s) ended in infra_error (excluded from the metrics): ${s.infra_errors
          .slice(0, 5)
          .map((e) => `${e.task_id}#${e.trial}`)
          .join(', ')}${s.infra_errors.length > 5 ? ' …' : ''}`,
      ),
    );
  if (s.judge_unavailable)
    out(
      color.yellow(
        `${s.judge_unavailable} trial(s) have LLM-judged items that count toward the score but were not judged (score null; pass --judge <model>, or see the judge error)`,
      ),
    );
}
