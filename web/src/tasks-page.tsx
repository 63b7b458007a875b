import { useState } from 'preact/hooks';
import { enc } from './api';
import { Heatmap } from './charts';
import { short } from './format';
import { useApi } from './hooks';
import { href } from './router';
import type { TaskRow } from './types';
import { Json, Loading, Num, Pager, Problem, Section } from './ui';

interface TaskSetData {
  id: string;
  dir: string;
  summary: Record<string, unknown> | null;
  tasks: TaskRow[];
  problems: { file: string; messages: string[] }[];
  coverage: {
    capabilities: string[];
    domains: string[];
    cells: { capability: string; domain: string; n: number }[];
    total: number;
  };
}

// a corpus may list 100,000 tasks: the table shows a page of them (the filter still searches all)
const PAGE = 500;

export function TasksPage({ set }: { set: string }) {
  const t = useApi<TaskSetData>(`/api/tasks/${enc(set)}`);
  const [q, setQ] = useState('');
  const [offset, setOffset] = useState(0);
  if (t.error) return <Problem text={t.error} />;
  if (!t.data) return <Loading />;
  const d = t.data;
  const s = d.summary as {
    release_rate?: number;
    rejected_by_code?: Record<string, number>;
    mean_kill_rate?: number;
  } | null;
  const rows = d.tasks.filter((r) => !q || r.id.includes(q) || r.family.includes(q));
  return (
    <div>
      <h1>tasks {set}</h1>
      <p class="muted">
        {d.dir} · <span data-testid="released">{d.tasks.filter((r) => r.released).length}</span> released ·{' '}
        {d.tasks.filter((r) => !r.released).length} rejected · <a href={href.corpus(set)}>corpus figures</a>
        {s?.release_rate !== undefined && (
          <>
            {' '}
            · release rate <Num v={s.release_rate} /> · mean mutation kill rate <Num v={s.mean_kill_rate ?? null} />
          </>
        )}
      </p>
      {d.problems.map((p) => (
        <Problem text={`${p.file}: ${p.messages.join('; ')}`} />
      ))}
      <Section title={`coverage: capability × scenario domain (${d.coverage.total} released tasks)`} id="coverage">
        <Heatmap cells={d.coverage.cells} capabilities={d.coverage.capabilities} domains={d.coverage.domains} />
      </Section>
      {s?.rejected_by_code && Object.keys(s.rejected_by_code).length > 0 && (
        <Section title="rejected by diagnostic code">
          <Json value={s.rejected_by_code} />
        </Section>
      )}
      <Section title="tasks">
        <input
          placeholder="filter ids or families"
          value={q}
          onInput={(e) => {
            setQ((e.target as HTMLInputElement).value);
            setOffset(0);
          }}
        />
        <Pager total={rows.length} offset={offset} limit={PAGE} onPage={setOffset} />
        <table data-testid="tasks-table">
          <thead>
            <tr>
              <th>task</th>
              <th>family</th>
              <th>difficulty</th>
              <th>scenario</th>
              <th>capabilities</th>
              <th>gate</th>
            </tr>
          </thead>
          <tbody>
            {rows.slice(offset, offset + PAGE).map((r) => (
              <tr class={r.released ? '' : 'fail'}>
                <td>
                  <a href={href.task(set, r.id)}>{r.id}</a>
                  <div class="muted">{short(r.title, 90)}</div>
                </td>
                <td>{r.family}</td>
                <td>{r.difficulty}</td>
                <td>{r.scenario}</td>
                <td>{r.capabilities.join(', ')}</td>
                <td>{r.released ? 'released' : `rejected: ${r.codes.join(', ')}`}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Section>
    </div>
  );
}

interface Step {
  step: number;
  name: string;
  about: string;
  ok: boolean;
  diagnostics: { code: string; path: string; message: string; severity?: string }[];
  stats?: Record<string, unknown>;
}
interface Gate {
  ok: boolean;
  steps: Step[];
  mutation: {
    baseline: number;
    mutants: number;
    killed: number;
    kill_rate: number;
    survivors: { kind: string; step: number; detail: string; score: number }[];
    remove_step: { step: number; removed: unknown; score: number; killed: boolean }[];
  } | null;
}
interface Spec {
  id: string;
  title: string;
  request: string;
  fixtures: Record<string, Record<string, unknown>>;
  checks: Record<string, unknown>[];
  forbidden: Record<string, unknown>;
  reference: unknown[];
  labels: Record<string, unknown>;
}

export function TaskPage({ set, task }: { set: string; task: string }) {
  const t = useApi<{
    row: TaskRow;
    spec: Spec | null;
    rejected: { diagnostics: Step['diagnostics']; history: unknown[]; attempts: unknown; candidate: unknown } | null;
    problem?: string;
  }>(`/api/tasks/${enc(set)}/${enc(task)}`);
  const gate = useApi<Gate>(t.data?.spec ? `/api/tasks/${enc(set)}/${enc(task)}/gate` : undefined);
  if (t.error) return <Problem text={t.error} />;
  if (!t.data) return <Loading />;
  const { row, spec, rejected, problem } = t.data;
  return (
    <div>
      <p class="crumbs">
        <a href={href.tasks(set)}>tasks {set}</a> › {row.id}
      </p>
      <h1>{row.id}</h1>
      <p>{row.title}</p>
      <p class="muted">
        {row.family} · {row.difficulty} · {row.scenario} · {row.capabilities.join(', ')} · {row.file}
      </p>
      {problem && <Problem text={problem} />}
      {rejected && (
        <Section title="rejected: diagnostics">
          <Diagnostics list={rejected.diagnostics} />
          <p class="muted">{String(rejected.attempts)} attempt(s)</p>
        </Section>
      )}
      {spec && (
        <>
          <Section title="request">
            <p class="text" data-testid="request">
              {spec.request}
            </p>
          </Section>
          <Section title="fixtures">
            {Object.entries(spec.fixtures).map(([svc, cols]) =>
              Object.entries(cols).map(([col, recs]) => <RecordTable title={`${svc}.${col}`} recs={recs} />),
            )}
          </Section>
          <Section title="checks">
            <table>
              <tbody>
                {spec.checks.map((c) => (
                  <tr>
                    <td>
                      <b>{String(c.id)}</b>
                    </td>
                    <td>{String(c.kind)}</td>
                    <td class="r">{String(c.weight)}</td>
                    <td>
                      <code>
                        {short(
                          Object.fromEntries(Object.entries(c).filter(([k]) => !['id', 'kind', 'weight'].includes(k))),
                          400,
                        )}
                      </code>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </Section>
          <Section title="forbidden">
            <Json value={spec.forbidden} />
          </Section>
          <Section title="reference solution">
            <ol start={0}>
              {spec.reference.map((s) => (
                <li>
                  <code>{short(s, 300)}</code>
                </li>
              ))}
            </ol>
          </Section>
          <Section title="gate" id="gate">
            {gate.error && <Problem text={gate.error} />}
            {!gate.data && !gate.error && <Loading />}
            {gate.data && (
              <>
                <table data-testid="gate-steps">
                  <tbody>
                    {gate.data.steps.map((s) => (
                      <tr class={s.ok ? 'pass' : 'fail'}>
                        <td class="r">{s.step}</td>
                        <td>
                          <b>{s.name}</b>
                          <div class="muted">{s.about}</div>
                        </td>
                        <td>{s.ok ? 'ok' : 'failed'}</td>
                        <td>
                          <Diagnostics list={s.diagnostics} />
                          {s.stats && <code>{short(s.stats, 200)}</code>}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
                {gate.data.mutation && (
                  <>
                    <h3>
                      mutants: {gate.data.mutation.killed}/{gate.data.mutation.mutants} killed (reference scores{' '}
                      {gate.data.mutation.baseline})
                    </h3>
                    <table data-testid="probes">
                      <thead>
                        <tr>
                          <th>reference step removed</th>
                          <th>score</th>
                          <th />
                        </tr>
                      </thead>
                      <tbody>
                        {gate.data.mutation.remove_step.map((p) => (
                          <tr class={p.killed ? 'pass' : 'fail'}>
                            <td>
                              #{p.step} <code>{short(p.removed, 160)}</code>
                            </td>
                            <td class="r">
                              <Num v={p.score} />
                            </td>
                            <td>{p.killed ? 'killed' : 'survived'}</td>
                          </tr>
                        ))}
                        {gate.data.mutation.survivors
                          .filter((m) => m.kind === 'swap_target')
                          .map((m) => (
                            <tr class="fail">
                              <td>{m.detail}</td>
                              <td class="r">
                                <Num v={m.score} />
                              </td>
                              <td>survived</td>
                            </tr>
                          ))}
                      </tbody>
                    </table>
                  </>
                )}
              </>
            )}
          </Section>
        </>
      )}
    </div>
  );
}

function Diagnostics({ list }: { list: Step['diagnostics'] }) {
  if (!list.length) return null;
  return (
    <ul class="diags">
      {list.map((d) => (
        <li class={d.severity === 'warning' ? 'warn' : 'bad'}>
          <code>{d.code}</code> {d.path}: {d.message}
        </li>
      ))}
    </ul>
  );
}

function RecordTable({ title, recs }: { title: string; recs: unknown }) {
  if (!Array.isArray(recs)) return <Json value={{ [title]: recs }} />;
  const cols = [...new Set(recs.flatMap((r) => (r && typeof r === 'object' ? Object.keys(r) : [])))];
  return (
    <table class="records">
      <caption>{title}</caption>
      <thead>
        <tr>
          {cols.map((c) => (
            <th>{c}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        {recs.map((r) => (
          <tr>
            {cols.map((c) => (
              <td>{short((r as Record<string, unknown>)[c] ?? '', 120)}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
