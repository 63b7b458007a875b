import { useState } from 'preact/hooks';
import { enc } from './api';
import { Funnel } from './charts';
import { fmt } from './format';
import { useApi } from './hooks';
import { href } from './router';
import { Json, Loading, Pager, Problem, Section } from './ui';

interface Rejection {
  line: number;
  reason: string;
  stage?: string;
  task_id?: string;
  trial?: number;
  source?: string;
  detail?: string;
}
interface FunnelData {
  records_in: number;
  malformed: number;
  duplicates: number;
  superseded: number;
  not_scored: { infra_error: number; unscored: number };
  candidates: number;
  groups: Record<string, { tasks: number; records: number }>;
  rejected: Record<string, number>;
  rows_out: number;
  mean_reward: number | null;
  mean_messages: number | null;
  mean_tool_calls: number | null;
}
interface DatasetData {
  id: string;
  dir: string;
  report: {
    funnel?: FunnelData;
    selection?: { method: string; keep: number; bins: number } | null;
    threshold?: number;
    files?: { format: string; file: string; rows: number }[];
  };
  rejections: { by_reason: Record<string, number>; examples: Record<string, Rejection[]>; problems: number };
  runs: Record<string, string>;
}

/** The funnel's stages in order: what comes in, what each filter leaves. */
export function funnelStages(f: FunnelData): { stage: string; n: number }[] {
  const afterClean = f.records_in - f.malformed - f.duplicates - f.superseded;
  const scored = afterClean - f.not_scored.infra_error - f.not_scored.unscored;
  const reached = f.candidates + Object.values(f.rejected).reduce((a, b) => a + b, 0);
  const stages = [
    { stage: 'records in', n: f.records_in },
    { stage: 'well-formed, unique, current', n: afterClean },
    { stage: 'scored (no infra error)', n: scored },
    { stage: 'reached the filters', n: reached },
  ];
  // each rejection reason, in the order the pipeline applies them, takes its records away
  let n = reached;
  for (const [reason, k] of Object.entries(f.rejected)) stages.push({ stage: `− ${reason}`, n: (n -= k) });
  stages.push({ stage: 'rows out', n: f.rows_out });
  return stages;
}

export function CurationPage({ ds }: { ds: string }) {
  const d = useApi<DatasetData>(`/api/datasets/${enc(ds)}`);
  const [reason, setReason] = useState('');
  const [offset, setOffset] = useState(0);
  const list = useApi<{ total: number; items: Rejection[] }>(`/api/datasets/${enc(ds)}/rejections`, {
    reason,
    offset,
    limit: 50,
  });
  if (d.error) return <Problem text={d.error} />;
  if (!d.data) return <Loading />;
  const f = d.data.report.funnel;
  const runOf = (r: Rejection) => (r.source ? d.data?.runs[r.source] : undefined);
  const link = (r: Rejection) => {
    const run = runOf(r);
    return run && r.task_id !== undefined && r.trial !== undefined ? (
      <a href={href.trial(run, r.task_id, r.trial)}>{`${r.task_id} #${r.trial}`}</a>
    ) : (
      `${r.task_id ?? '?'} #${r.trial ?? '?'}`
    );
  };
  return (
    <div>
      <h1>curation {ds}</h1>
      <p class="muted">{d.data.dir}</p>
      {f ? (
        <>
          <Section title="funnel" id="funnel">
            <Funnel stages={funnelStages(f)} />
            <table data-testid="funnel-table">
              <tbody>
                <tr>
                  <td>records in</td>
                  <td class="r" data-metric="funnel.records_in">
                    {f.records_in}
                  </td>
                </tr>
                <tr>
                  <td>malformed / duplicate / superseded</td>
                  <td class="r">
                    {f.malformed} / {f.duplicates} / {f.superseded}
                  </td>
                </tr>
                <tr>
                  <td>infra errors / unscored</td>
                  <td class="r">
                    {f.not_scored.infra_error} / {f.not_scored.unscored}
                  </td>
                </tr>
                {Object.entries(f.groups).map(([g, v]) => (
                  <tr>
                    <td>tasks {g}</td>
                    <td class="r">
                      {v.tasks} ({v.records} records)
                    </td>
                  </tr>
                ))}
                {Object.entries(f.rejected).map(([r, n]) => (
                  <tr>
                    <td>rejected: {r}</td>
                    <td class="r" data-metric={`funnel.rejected.${r}`}>
                      {n}
                    </td>
                  </tr>
                ))}
                <tr>
                  <td>
                    <b>rows out</b>
                  </td>
                  <td class="r" data-metric="funnel.rows_out">
                    {f.rows_out}
                  </td>
                </tr>
                <tr>
                  <td>mean reward / messages / tool calls</td>
                  <td class="r">
                    {fmt(f.mean_reward)} / {fmt(f.mean_messages, 1)} / {fmt(f.mean_tool_calls, 1)}
                  </td>
                </tr>
              </tbody>
            </table>
          </Section>
        </>
      ) : (
        <Problem text="curation.json has no funnel" />
      )}
      <Section title="selection">
        {d.data.report.selection ? (
          <p>
            {d.data.report.selection.method}: kept {d.data.report.selection.keep} within {d.data.report.selection.bins}{' '}
            equal-frequency length bins; {d.data.rejections.by_reason.not_selected ?? 0} not selected
          </p>
        ) : (
          <p class="muted">no selection (every candidate that passed the filters was exported)</p>
        )}
      </Section>
      <Section title="rejections by reason" id="rejections">
        {d.data.rejections.problems > 0 && (
          <Problem text={`${d.data.rejections.problems} line(s) of rejections.jsonl could not be read`} />
        )}
        {Object.entries(d.data.rejections.by_reason).map(([r, n]) => (
          <div class="reason" data-reason={r}>
            <h3>
              <a href="#rejections" onClick={(e) => (e.preventDefault(), setReason(r), setOffset(0))}>
                {r}
              </a>{' '}
              <span class="muted">{n}</span>
            </h3>
            <ul>
              {(d.data?.rejections.examples[r] ?? []).map((x) => (
                <li>
                  {link(x)} <span class="muted">{x.detail}</span>
                </li>
              ))}
            </ul>
          </div>
        ))}
        {reason && (
          <>
            <h3>
              all {reason} <button onClick={() => setReason('')}>×</button>
            </h3>
            {list.data && (
              <>
                <ul>
                  {list.data.items.map((x) => (
                    <li>
                      {link(x)} <span class="muted">{x.detail}</span>
                    </li>
                  ))}
                </ul>
                <Pager total={list.data.total} offset={offset} limit={50} onPage={setOffset} />
              </>
            )}
          </>
        )}
      </Section>
      {d.data.report.files && (
        <Section title="files">
          <Json value={d.data.report.files} />
        </Section>
      )}
    </div>
  );
}
