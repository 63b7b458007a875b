import { useState } from 'preact/hooks';
import { enc } from './api';
import { fmt } from './format';
import { useApi } from './hooks';
import { href } from './router';
import type { Metrics, TaskMetrics } from './types';
import { Loading, Num, Pager, Problem } from './ui';

interface Compare {
  a: { id: string; overall: Metrics; k: number };
  b: { id: string; overall: Metrics; k: number };
  only_a: number;
  only_b: number;
  tasks: {
    total: number;
    offset: number;
    items: {
      task_id: string;
      family: string;
      a: TaskMetrics;
      b: TaskMetrics;
      delta: number | null;
      flipped: { check: string; a: number | null; b: number | null }[];
    }[];
  };
}

const LIMIT = 50;

export function ComparePage({ a, b }: { a: string; b: string }) {
  const [offset, setOffset] = useState(0);
  const c = useApi<Compare>(`/api/compare/${enc(a)}/${enc(b)}`, { offset, limit: LIMIT });
  if (c.error) return <Problem text={c.error} />;
  if (!c.data) return <Loading />;
  const d = c.data;
  const k = d.a.k;
  return (
    <div>
      <h1>
        <a href={href.run(a)}>{a}</a> vs <a href={href.run(b)}>{b}</a>
      </h1>
      <table>
        <thead>
          <tr>
            <th />
            <th>mean</th>
            <th>pass@{k}</th>
            <th>pass^{k}</th>
          </tr>
        </thead>
        <tbody>
          {[d.a, d.b].map((r) => (
            <tr>
              <td>{r.id}</td>
              <td class="r">
                <Num v={r.overall.mean} />
              </td>
              <td class="r">
                <Num v={r.overall.pass_at_k} />
              </td>
              <td class="r">
                <Num v={r.overall.pass_hat_k} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {(d.only_a > 0 || d.only_b > 0) && (
        <p class="muted">
          {d.only_a} task(s) only in {a}, {d.only_b} only in {b} (not compared)
        </p>
      )}
      <h2>per task, largest change first</h2>
      <table data-testid="compare-table">
        <thead>
          <tr>
            <th>task</th>
            <th>mean {a}</th>
            <th>mean {b}</th>
            <th>Δ</th>
            <th>
              checks whose pass rate changed ({a} → {b})
            </th>
          </tr>
        </thead>
        <tbody>
          {d.tasks.items.map((t) => (
            <tr>
              <td>{t.task_id}</td>
              <td class="r">{fmt(t.a.mean)}</td>
              <td class="r">{fmt(t.b.mean)}</td>
              <td class={`r ${t.delta !== null && t.delta < 0 ? 'bad' : t.delta ? 'good' : ''}`}>
                {t.delta === null ? '—' : `${t.delta > 0 ? '+' : ''}${t.delta.toFixed(3)}`}
              </td>
              <td>
                {t.flipped.map((f) => (
                  <span class={`chip ${(f.b ?? 0) < (f.a ?? 0) ? 'bad' : 'good'}`}>
                    {f.check} {fmt(f.a, 2)} → {fmt(f.b, 2)}
                  </span>
                ))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <Pager total={d.tasks.total} offset={offset} limit={LIMIT} onPage={setOffset} />
    </div>
  );
}
