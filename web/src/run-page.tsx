import { useEffect, useState } from 'preact/hooks';
import { enc } from './api';
import { Bars, Histogram } from './charts';
import { fmt } from './format';
import { useApi } from './hooks';
import { href } from './router';
import type { RunOverview, Sources, TaskMetrics, TrialRow } from './types';
import { Loading, Num, Pager, Problem, Section } from './ui';

const LIMIT = 50;

export function RunPage({ run }: { run: string }) {
  const path = `/api/runs/${enc(run)}`;
  const r = useApi<RunOverview>(path, {}, `${path}/stamp`);
  const sources = useApi<Sources>('/api/sources');
  // read after the overview: it needs every grade's checks
  const failing = useApi<{ items: { check: string; failures: number }[] }>(`${path}/checks`, { v: r.version });
  if (r.error) return <Problem text={r.error} />;
  if (!r.data) return <Loading />;
  const d = r.data;
  const s = d.summary;
  const k = s.k;
  const others = (sources.data?.runs ?? []).filter((x) => x.id !== run);
  return (
    <div>
      <h1>
        run <span data-testid="run-name">{d.name}</span>
      </h1>
      <p class="muted">
        {d.dir} · status <b data-testid="run-status">{d.status}</b> · <span data-testid="recorded">{d.recorded}</span>/
        {d.expected} episodes · agent {String(d.agent.name)}
        {d.agent.model ? ` ${String(d.agent.model)}` : ''} · seed {d.seed}
        {d.status === 'running' ? ' · refreshing as it is written' : ''}
      </p>
      {d.skipped.count > 0 && (
        <Problem
          text={`${d.skipped.count} unparsable line(s) skipped (first: line ${d.skipped.first[0]?.line}: ${d.skipped.first[0]?.message})`}
        />
      )}
      {d.invalid.count > 0 && (
        <Problem
          text={`${d.invalid.count} line(s) are not trajectory records (first: line ${d.invalid.first[0]?.line})`}
        />
      )}
      <div class="cards" data-testid="overall">
        <div class="card">
          tasks <Num v={s.overall.tasks} id="overall.tasks" digits={0} />
        </div>
        <div class="card">
          trials <Num v={s.overall.trials} id="overall.trials" digits={0} />
        </div>
        <div class="card">
          mean <Num v={s.overall.mean} id="overall.mean" />
        </div>
        <div class="card">
          pass rate <Num v={s.overall.pass_rate} id="overall.pass_rate" />
        </div>
        <div class="card">
          pass@{k} <Num v={s.overall.pass_at_k} id="overall.pass_at_k" />
        </div>
        <div class="card">
          pass^{k} <Num v={s.overall.pass_hat_k} id="overall.pass_hat_k" />
        </div>
      </div>
      {s.infra_error_count > 0 && (
        <Problem text={`${s.infra_error_count} episode(s) ended in infra_error (excluded from the metrics)`} />
      )}
      {others.length > 0 && (
        <p>
          compare with:{' '}
          {others.map((o) => (
            <a class="chip" href={href.compare(run, o.id)}>
              {o.id}
            </a>
          ))}
        </p>
      )}
      <div class="row">
        <Section title="score distribution">
          <Histogram bins={d.histogram.bins} />
          {d.histogram.unscored > 0 && <p class="muted">{d.histogram.unscored} trial(s) without a score</p>}
        </Section>
        <Section title="most failed checks">
          {failing.loading && !failing.data && <Loading />}
          <table data-testid="failing-checks">
            <tbody>
              {(failing.data?.items ?? []).map((f) => (
                <tr>
                  <td>
                    <a
                      href="#trials"
                      data-check={f.check}
                      onClick={(e) => (
                        e.preventDefault(), dispatchEvent(new CustomEvent('filter-check', { detail: f.check }))
                      )}
                    >
                      {f.check}
                    </a>
                  </td>
                  <td class="r">{f.failures}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Section>
      </div>
      <div class="row">
        <Section title={`by family (pass@${k})`}>
          <Bars
            label="by-family"
            x={`pass@${k}`}
            rows={Object.entries(s.by_family).map(([key, m]) => ({ key, value: m.pass_at_k }))}
          />
          <GroupTable groups={s.by_family} k={k} name="family" />
        </Section>
        <Section title={`by capability (pass^${k})`}>
          <Bars
            label="by-capability"
            x={`pass^${k}`}
            rows={Object.entries(s.by_capability).map(([key, m]) => ({ key, value: m.pass_hat_k }))}
          />
          <GroupTable groups={s.by_capability} k={k} name="capability" />
        </Section>
      </div>
      <TaskTable run={run} k={k} version={r.version} />
      <TrialTable run={run} version={r.version} />
    </div>
  );
}

function GroupTable({ groups, k, name }: { groups: RunOverview['summary']['by_family']; k: number; name: string }) {
  return (
    <table data-testid={`table-${name}`}>
      <thead>
        <tr>
          <th>{name}</th>
          <th>tasks</th>
          <th>mean</th>
          <th>pass@{k}</th>
          <th>pass^{k}</th>
        </tr>
      </thead>
      <tbody>
        {Object.entries(groups).map(([g, m]) => (
          <tr data-group={g}>
            <td>{g}</td>
            <td class="r">{m.tasks}</td>
            <td class="r">
              <Num v={m.mean} />
            </td>
            <td class="r">
              <Num v={m.pass_at_k} id={`${name}.${g}.pass_at_k`} />
            </td>
            <td class="r">
              <Num v={m.pass_hat_k} id={`${name}.${g}.pass_hat_k`} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function TaskTable({ run, k, version }: { run: string; k: number; version: number }) {
  const [offset, setOffset] = useState(0);
  const [q, setQ] = useState('');
  const t = useApi<{ total: number; items: (TaskMetrics & { family: string })[] }>(`/api/runs/${enc(run)}/tasks`, {
    offset,
    limit: LIMIT,
    q,
    v: version,
  });
  return (
    <Section title="tasks" id="tasks">
      <input
        placeholder="filter task ids"
        value={q}
        onInput={(e) => (setQ((e.target as HTMLInputElement).value), setOffset(0))}
      />
      {t.error && <Problem text={t.error} />}
      {t.data && (
        <>
          <table data-testid="task-table">
            <thead>
              <tr>
                <th>task</th>
                <th>family</th>
                <th>graded</th>
                <th>mean</th>
                <th>passes</th>
                <th>pass@{k}</th>
                <th>pass^{k}</th>
              </tr>
            </thead>
            <tbody>
              {t.data.items.map((m) => (
                <tr data-task={m.task_id}>
                  <td>{m.task_id}</td>
                  <td>{m.family}</td>
                  <td class="r">
                    {m.graded}/{m.trials}
                  </td>
                  <td class="r">{fmt(m.mean)}</td>
                  <td class="r">{m.passes}</td>
                  <td class="r">
                    <Num v={m.pass_at_k} />
                  </td>
                  <td class="r">
                    <Num v={m.pass_hat_k} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pager total={t.data.total} offset={offset} limit={LIMIT} onPage={setOffset} />
        </>
      )}
    </Section>
  );
}

function TrialTable({ run, version }: { run: string; version: number }) {
  const [offset, setOffset] = useState(0);
  const [outcome, setOutcome] = useState('');
  const [check, setCheck] = useState('');
  const t = useApi<{ total: number; items: TrialRow[] }>(`/api/runs/${enc(run)}/trials`, {
    offset,
    limit: LIMIT,
    outcome,
    check,
    v: version,
  });
  // "most failed checks" filters this table
  useEffect(() => {
    const on = (e: Event) => {
      setCheck(String((e as CustomEvent).detail));
      setOffset(0);
      document.getElementById('trials')?.scrollIntoView();
    };
    addEventListener('filter-check', on);
    return () => removeEventListener('filter-check', on);
  }, []);
  return (
    <Section title="trials" id="trials">
      <p>
        outcome:{' '}
        <select
          data-testid="outcome"
          value={outcome}
          onChange={(e) => (setOutcome((e.target as HTMLSelectElement).value), setOffset(0))}
        >
          <option value="">all</option>
          <option value="pass">passed</option>
          <option value="fail">failed</option>
          <option value="unscored">unscored</option>
          <option value="infra_error">infra error</option>
        </select>
        {check && (
          <span class="chip">
            failing check {check} <button onClick={() => setCheck('')}>×</button>
          </span>
        )}
      </p>
      {t.error && <Problem text={t.error} />}
      {t.data && (
        <>
          <table data-testid="trial-table">
            <thead>
              <tr>
                <th>task</th>
                <th>trial</th>
                <th>score</th>
                <th>outcome</th>
                <th>ended</th>
                <th>failed checks</th>
              </tr>
            </thead>
            <tbody>
              {t.data.items.map((x) => (
                <tr class={x.outcome}>
                  <td>
                    <a href={href.trial(run, x.task_id, x.trial)}>{x.task_id}</a>
                  </td>
                  <td class="r">{x.trial}</td>
                  <td class="r">{fmt(x.score)}</td>
                  <td>
                    {x.outcome}
                    {x.violations ? <span class="bad"> · {x.violations} safety violation(s)</span> : null}
                  </td>
                  <td>{x.end ?? '—'}</td>
                  <td>
                    {x.failed_checks.map((c) => (
                      <a class="chip bad" href={href.trial(run, x.task_id, x.trial, c)}>
                        {c}
                      </a>
                    ))}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pager total={t.data.total} offset={offset} limit={LIMIT} onPage={setOffset} />
        </>
      )}
    </Section>
  );
}
