import { enc } from './api';
import { useApi } from './hooks';
import { href } from './router';
import type { CorpusData, Figure } from './types';
import { Json, Loading, Num, Problem, Section } from './ui';

// a tasks folder as a corpus: the figures `coworkenv corpus stats` prints (size, coverage, substance against its
// limits, distinct workflows, near-duplicate clusters) and, when synth wrote the folder, its gate's figures

const pct = (x: number | null) => (x === null ? 'n/a' : `${(Math.round(x * 1000) / 10).toString()}%`);
// a figure whose limit is a share reads as a percentage
const shown = (f: Figure) => (f.value === null ? 'n/a' : f.limit.includes('%') ? pct(f.value) : String(f.value));

function Counts({ counts, label }: { counts: Record<string, number>; label: string }) {
  return (
    <table>
      <thead>
        <tr>
          <th>{label}</th>
          <th>tasks</th>
        </tr>
      </thead>
      <tbody>
        {Object.entries(counts)
          .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
          .map(([k, n]) => (
            <tr>
              <td>{k}</td>
              <td>{n}</td>
            </tr>
          ))}
      </tbody>
    </table>
  );
}

export function CorpusPage({ set }: { set: string }) {
  const r = useApi<CorpusData>(`/api/corpus/${enc(set)}`);
  if (r.error) return <Problem text={r.error} />;
  if (!r.data) return <Loading />;
  const d = r.data;
  const c = d.corpus;
  const nd = d.near_duplicates;
  const coverage: [string, string][] = [
    ['released', c.released_share === null ? 'n/a' : pct(c.released_share)],
    ['scenario domains', `${c.domains[0]} of ${c.domains[1]}`],
    ['capabilities', `${c.capabilities[0]} of ${c.capabilities[1]} supportable`],
    ['capability × domain cells', `${c.cells[0]} of ${c.cells[1]} supportable`],
    ['with a workspace', pct(c.workspace_share)],
    ['with a simulated user', pct(c.user_share)],
    ['user changes state mid-episode', pct(c.state_change_share)],
    ['distinct reference tool sequences', String(c.distinct_tool_sequences ?? 'n/a')],
    ['distinct request skeletons', String(c.distinct_request_skeletons ?? 'n/a')],
    ['duplicate requests', String(c.duplicate_requests ?? 'n/a')],
    ['within difficulty band', pct(c.in_band_share)],
    ['need their pictures', String(d.substance.pictures.needed)],
    ['multilingual', String(d.substance.languages.multilingual)],
  ];
  return (
    <div>
      <h1>corpus {set}</h1>
      <p class="muted">
        {d.dir} · <span data-testid="corpus-tasks">{d.tasks}</span> tasks in {d.files} document(s) ·{' '}
        {(d.bytes / 1e6).toFixed(1)} MB
        {d.invalid ? ` · ${d.invalid} not valid specs (coworkenv validate names them)` : ''} ·{' '}
        <a href={href.tasks(set)}>task list</a>
      </p>
      <Section title="coverage" id="corpus-coverage">
        <table>
          <tbody>
            {coverage.map(([k, v]) => (
              <tr>
                <td>{k}</td>
                <td>{v}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Section>
      <Section title={`substance${d.substance.ok ? '' : ': a figure misses its limit'}`} id="substance">
        <table data-testid="substance">
          <thead>
            <tr>
              <th>figure</th>
              <th>value</th>
              <th>limit</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {d.substance.figures.map((f) => (
              <tr class={f.ok === false ? 'fail' : ''} data-figure={f.name}>
                <td>{f.name}</td>
                <td>
                  <span class="num" data-value={f.value === null ? '' : String(f.value)}>
                    {shown(f)}
                  </span>
                </td>
                <td>{f.limit}</td>
                <td>{f.ok === false ? 'missed' : f.ok === null ? 'not judged' : 'met'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Section>
      <Section title={`near-duplicates (similarity ≥ ${nd.threshold})`} id="near-duplicates">
        <p>
          <span data-testid="clusters">{nd.clusters}</span> cluster(s), {nd.tasks_in_clusters} task(s)
          {nd.clusters ? `, the largest ${nd.largest}` : ''}
        </p>
        <ul>
          {nd.examples.map((x) => (
            <li>
              {x.size}×{' '}
              {x.ids.map((id, i) => (
                <>
                  {i ? ', ' : ''}
                  <a href={href.task(set, id)}>{id}</a>
                </>
              ))}
              {x.size > x.ids.length ? ', …' : ''}
            </li>
          ))}
        </ul>
      </Section>
      <Section title="the gate, when synth wrote this folder" id="synth-gate">
        {d.synth ? (
          <>
            <p>
              plan {d.synth.plan}: {d.synth.accepted} of {d.synth.jobs} released (release rate{' '}
              <Num v={d.synth.release_rate} />) · mean mutation kill rate <Num v={d.synth.mean_kill_rate} />
            </p>
            <table data-testid="probes">
              <thead>
                <tr>
                  <th>probe</th>
                  <th>tasks</th>
                  <th>pass rate</th>
                  <th>mean score</th>
                </tr>
              </thead>
              <tbody>
                {Object.entries(d.synth.probes).map(([name, p]) => (
                  <tr class={p.pass_rate > 0 ? 'fail' : ''}>
                    <td>{name}</td>
                    <td>{p.tasks}</td>
                    <td>{pct(p.pass_rate)}</td>
                    <td>
                      <Num v={p.mean_score} digits={2} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            {Object.keys(d.synth.rejected_by_code).length > 0 && <Json value={d.synth.rejected_by_code} />}
          </>
        ) : (
          <p class="muted">no synth-summary.json here: the probe figures are the gate's, and only synth records them</p>
        )}
      </Section>
      <Section title="families and capabilities">
        <Counts counts={d.coverage.family} label="family" />
        <Counts counts={d.coverage.capability} label="capability" />
      </Section>
    </div>
  );
}
