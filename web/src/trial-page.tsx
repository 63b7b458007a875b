import { useEffect } from 'preact/hooks';
import { enc } from './api';
import { fmt, short } from './format';
import { useApi } from './hooks';
import { href } from './router';
import type { CollectionDiff, TrialDetail } from './types';
import { Json, Loading, Num, Problem } from './ui';

export function TrialPage({ run, task, trial, check }: { run: string; task: string; trial: number; check?: string }) {
  const t = useApi<TrialDetail>(`/api/runs/${enc(run)}/trials/${enc(task)}/${trial}`);
  const selected = t.data?.checks.find((c) => c.id === check);
  const marked = new Set(selected?.steps ?? []);
  const violating = new Set((t.data?.violations ?? []).flatMap((v) => v.steps));
  useEffect(() => {
    if (!t.data) return;
    const first = selected?.steps[0];
    (first !== undefined ? document.getElementById(`step-${first}`) : undefined)?.scrollIntoView({ block: 'center' });
    if (check) document.getElementById(`check-${check}`)?.scrollIntoView({ block: 'nearest' });
  }, [t.data, check]);
  if (t.error) return <Problem text={t.error} />;
  if (!t.data) return <Loading />;
  const d = t.data;
  const g = d.grade;
  return (
    <div>
      <p class="crumbs">
        <a href={href.run(run)}>run {run}</a> › {d.task_id} › trial {d.trial}
        {d.task_link && (
          <>
            {' '}
            · <a href={href.task(d.task_link.set, d.task_link.task)}>task spec</a>
          </>
        )}
      </p>
      <h1>
        {d.task_id} <span class="muted">trial {d.trial}</span>
      </h1>
      {g ? (
        <div class="cards" data-testid="grade">
          <div class={`card ${g.passed ? 'ok' : 'badcard'}`}>
            score <Num v={g.score} id="grade.score" /> {g.passed ? 'passed' : g.passed === false ? 'failed' : g.status}
          </div>
          <div class="card">
            completion <Num v={g.completion} id="grade.completion" />
          </div>
          <div class={`card ${g.safety < 1 ? 'badcard' : ''}`}>
            safety <Num v={g.safety} id="grade.safety" />
          </div>
          <div class="card">
            robustness <Num v={g.robustness} id="grade.robustness" />
          </div>
          <div class="card muted">
            {g.mode} · pass at ≥ {g.pass_threshold}
          </div>
        </div>
      ) : (
        <Problem text="this trajectory has no grade" />
      )}
      <div class="split">
        <div class="conversation" data-testid="conversation">
          <h2>conversation</h2>
          {d.events.map((e) => (
            <Event e={e} run={run} marked={marked.has(e.index)} violation={violating.has(e.index)} />
          ))}
        </div>
        <div class="grade-panel">
          <h2>checks</h2>
          {d.checks.map((c) => (
            <div
              id={`check-${c.id}`}
              data-check={c.id}
              class={`check ${c.score === 1 ? 'ok' : 'failing'} ${c.id === check ? 'selected' : ''}`}
            >
              <a href={href.trial(run, d.task_id, d.trial, c.id)}>
                <b>{c.id}</b>
              </a>{' '}
              <span class="muted">
                {c.kind}
                {c.judged ? ' (judged)' : ''} · weight {c.weight}
              </span>{' '}
              · score <Num v={c.score} id={`check.${c.id}.score`} />
              {c.reason && <p class="muted">{c.reason}</p>}
              {c.steps.length > 0 && (
                <p>
                  evidence from step{c.steps.length > 1 ? 's' : ''}{' '}
                  {c.steps.map((s) => (
                    <a
                      class="chip"
                      href={href.trial(run, d.task_id, d.trial, c.id)}
                      onClick={() => document.getElementById(`step-${s}`)?.scrollIntoView({ block: 'center' })}
                    >
                      #{s}
                    </a>
                  ))}
                </p>
              )}
              {(c.id === check || c.score !== 1) && <Json value={c.evidence} />}
            </div>
          ))}
          {d.violations.length > 0 && (
            <>
              <h2 class="bad">safety violations</h2>
              {d.violations.map((v) => (
                <div class="check failing violation" data-testid="violation">
                  {v.steps.length > 0 && <p>at step {v.steps.map((s) => `#${s}`).join(', ')}</p>}
                  <Json value={v.violation} />
                </div>
              ))}
            </>
          )}
          <h2>service state (before → after)</h2>
          {d.state_note && <p class="muted">{d.state_note}</p>}
          {d.state.length === 0 && <p class="muted">no collection changed</p>}
          {d.state.map((c) => (
            <StateDiff d={c} />
          ))}
          {d.files.length > 0 && <h2>workspace files</h2>}
          {d.files.map((f) => (
            <div class="file">
              <b>{f.path}</b> <span class="muted">{f.status}</span>
              <pre class="diff">
                {f.diff.map((l) => (
                  <div class={l.op === '+' ? 'add' : l.op === '-' ? 'del' : ''}>
                    {l.op} {l.text}
                  </div>
                ))}
              </pre>
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}

function Event({
  e,
  marked,
  violation,
}: {
  e: TrialDetail['events'][number];
  run: string;
  marked: boolean;
  violation: boolean;
}) {
  const cls = `event ${e.type}${marked ? ' marked' : ''}${violation ? ' violation' : ''}${e.injected ? ' injected' : ''}`;
  const head = (label: string) => (
    <div class="ev-head">
      <span class="idx">#{e.index}</span> {label}
      {e.seq !== undefined && <span class="muted"> · audit seq {e.seq}</span>}
    </div>
  );
  switch (e.type) {
    case 'episode_start':
      return (
        <div id={`step-${e.index}`} class={cls}>
          {head('episode start')}
          <p class="muted">
            agent {short((e.agent as { name: string }).name)} ·{' '}
            {e.user ? `user ${(e.user as { name: string }).name} · ` : ''}seed {String(e.seed)} · today{' '}
            {String(e.mock_today)}
          </p>
        </div>
      );
    case 'user':
      return (
        <div id={`step-${e.index}`} class={`${cls} ${e.source === 'sim' ? 'sim' : ''}`}>
          {head(e.source === 'sim' ? 'simulated user' : 'user request')}
          <p class="text">{String(e.text)}</p>
        </div>
      );
    case 'assistant': {
      const calls = (e.tool_calls as { id: string; name: string; args: unknown }[]) ?? [];
      return (
        <div id={`step-${e.index}`} class={cls}>
          {head('assistant')}
          {e.text ? <p class="text">{String(e.text)}</p> : null}
          {calls.map((c) => (
            <div class="call">
              → <b>{c.name}</b> <code>{short(c.args, 300)}</code>
            </div>
          ))}
        </div>
      );
    }
    case 'tool':
      return (
        <div id={`step-${e.index}`} class={cls}>
          {head(`tool ${String(e.name)} ${e.ok ? 'ok' : 'error'}`)}
          {e.injected ? <p class="fault">injected fault: {String(e.injected)}</p> : null}
          <details open={marked}>
            <summary>{short(e.content, 120)}</summary>
            <pre>{String(e.content)}</pre>
          </details>
          {pictures(e.pictures)}
        </div>
      );
    case 'patch':
      return (
        <div id={`step-${e.index}`} class={`${cls} sim`}>
          {head(`user changed ${String(e.service)} (${String(e.op)})`)}
          <Json value={e} />
        </div>
      );
    case 'episode_end':
      return (
        <div id={`step-${e.index}`} class={cls}>
          {head(`episode end: ${String(e.reason)} after ${String(e.turns)} turn(s)`)}
          {e.error ? <p class="bad">{String(e.error)}</p> : null}
        </div>
      );
    default:
      return <Json value={e} />;
  }
}

function StateDiff({ d }: { d: CollectionDiff }) {
  return (
    <div class="state" data-collection={`${d.service}.${d.collection}`}>
      <b>
        {d.service}.{d.collection}
      </b>{' '}
      <span class="muted">
        +{d.added.length} −{d.removed.length} ~{d.changed.length} ({d.unchanged} unchanged)
      </span>
      {d.added.map((r) => (
        <pre class="diff">
          <div class="add">+ {short(r, 600)}</div>
        </pre>
      ))}
      {d.removed.map((r) => (
        <pre class="diff">
          <div class="del">− {short(r, 600)}</div>
        </pre>
      ))}
      {d.changed.map((c) => (
        <table class="fields">
          <caption>
            {d.id_field} {c.id}
          </caption>
          <tbody>
            {c.fields.map((f) => (
              <tr>
                <td>{f.field}</td>
                <td class="del">{fmtVal(f.before)}</td>
                <td>→</td>
                <td class="add">{fmtVal(f.after)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ))}
    </div>
  );
}

const fmtVal = (v: unknown) =>
  v === undefined ? '(absent)' : typeof v === 'number' ? fmt(v, Number.isInteger(v) ? 0 : 3) : short(v, 200);

// the pictures a tool showed the agent: inline where the task's fixtures hold them, else their hash
function pictures(v: unknown) {
  if (!Array.isArray(v) || !v.length) return null;
  return (
    <div class="pictures">
      {(v as { sha256: string; mime: string; width: number; height: number; src?: string }[]).map((p) =>
        p.src ? (
          <img src={p.src} width={p.width} height={p.height} alt={`picture ${p.sha256.slice(0, 12)}`} />
        ) : (
          <p class="note">
            picture {p.mime} {p.width}×{p.height} sha256:{p.sha256.slice(0, 12)}… (not a fixture of the task: not shown)
          </p>
        ),
      )}
    </div>
  );
}
