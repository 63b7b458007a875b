import { render } from 'preact';
import { isReport } from './api';
import { ComparePage } from './compare-page';
import { CorpusPage } from './corpus-page';
import { CurationPage } from './curation-page';
import { useApi } from './hooks';
import { href, useRoute } from './router';
import { RunPage } from './run-page';
import { TaskPage, TasksPage } from './tasks-page';
import { TrialPage } from './trial-page';
import type { Sources } from './types';
import { Loading, Problem } from './ui';

function Home() {
  const s = useApi<Sources>('/api/sources');
  if (s.error) return <Problem text={s.error} />;
  if (!s.data) return <Loading />;
  const d = s.data;
  return (
    <div>
      <h1>coworkenv</h1>
      <h2>runs</h2>
      {d.runs.length ? (
        <ul data-testid="runs">
          {d.runs.map((r) => (
            <li>
              <a href={href.run(r.id)}>{r.id}</a>{' '}
              <span class="muted">
                {r.status} · {r.recorded}/{r.expected} episodes · {r.agent?.name ?? '?'} · {r.dir}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p class="muted">none</p>
      )}
      <h2>tasks</h2>
      {d.tasks.length ? (
        <ul>
          {d.tasks.map((t) => (
            <li>
              <a href={href.tasks(t.id)}>{t.id}</a>{' '}
              <span class="muted">
                {t.released} released · {t.rejected} rejected · <a href={href.corpus(t.id)}>corpus figures</a> · {t.dir}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p class="muted">none</p>
      )}
      <h2>curation</h2>
      {d.datasets.length ? (
        <ul>
          {d.datasets.map((x) => (
            <li>
              <a href={href.curation(x.id)}>{x.id}</a>{' '}
              <span class="muted">
                {x.rows_out ?? '?'} rows · {x.dir}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p class="muted">none</p>
      )}
    </div>
  );
}

function App() {
  const r = useRoute();
  const s = useApi<Sources>('/api/sources');
  let page;
  switch (r.page) {
    case 'run':
      page = <RunPage run={r.run} />;
      break;
    case 'trial':
      page = <TrialPage run={r.run} task={r.task} trial={r.trial} {...(r.check ? { check: r.check } : {})} />;
      break;
    case 'compare':
      page = <ComparePage a={r.a} b={r.b} />;
      break;
    case 'tasks':
      page = <TasksPage set={r.set} />;
      break;
    case 'task':
      page = <TaskPage set={r.set} task={r.task} />;
      break;
    case 'corpus':
      page = <CorpusPage set={r.set} />;
      break;
    case 'curation':
      page = <CurationPage ds={r.ds} />;
      break;
    default:
      page = <Home />;
  }
  return (
    <>
      <nav>
        <a href={href.home()}>
          <b>coworkenv {isReport ? 'report' : 'view'}</b>
        </a>
        {s.data?.runs.map((x) => (
          <a href={href.run(x.id)}>run {x.id}</a>
        ))}
        {s.data?.tasks.map((x) => (
          <a href={href.tasks(x.id)}>tasks {x.id}</a>
        ))}
        {s.data?.datasets.map((x) => (
          <a href={href.curation(x.id)}>curation {x.id}</a>
        ))}
      </nav>
      <main key={JSON.stringify(r)}>{page}</main>
    </>
  );
}

render(<App />, document.getElementById('app') as HTMLElement);
