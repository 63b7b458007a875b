import { useEffect, useState } from 'preact/hooks';

// routes live in the URL's hash, so a link (a run, a trial, a check, a task) works from the server and from
// a report file alike: #/run/<run>, #/run/<run>/trial/<task>/<trial>[/check/<check>], #/compare/<a>/<b>,
// #/tasks/<set>[/<task>], #/corpus/<set>, #/curation/<dataset>

export type Route =
  | { page: 'home' }
  | { page: 'run'; run: string }
  | { page: 'trial'; run: string; task: string; trial: number; check?: string }
  | { page: 'compare'; a: string; b: string }
  | { page: 'tasks'; set: string }
  | { page: 'task'; set: string; task: string }
  | { page: 'corpus'; set: string }
  | { page: 'curation'; ds: string };

export function parseRoute(hash: string): Route {
  const parts = hash.replace(/^#\/?/, '').split('/').filter(Boolean).map(decodeURIComponent);
  const [a, b, c, d, e, f, g] = parts;
  if (a === 'run' && b && c === 'trial' && d && e !== undefined)
    return { page: 'trial', run: b, task: d, trial: Number(e), ...(f === 'check' && g ? { check: g } : {}) };
  if (a === 'run' && b) return { page: 'run', run: b };
  if (a === 'compare' && b && c) return { page: 'compare', a: b, b: c };
  if (a === 'tasks' && b && c) return { page: 'task', set: b, task: c };
  if (a === 'tasks' && b) return { page: 'tasks', set: b };
  if (a === 'corpus' && b) return { page: 'corpus', set: b };
  if (a === 'curation' && b) return { page: 'curation', ds: b };
  return { page: 'home' };
}

const e = encodeURIComponent;
export const href = {
  home: () => '#/',
  run: (run: string) => `#/run/${e(run)}`,
  trial: (run: string, task: string, trial: number, check?: string) =>
    `#/run/${e(run)}/trial/${e(task)}/${trial}${check ? `/check/${e(check)}` : ''}`,
  compare: (a: string, b: string) => `#/compare/${e(a)}/${e(b)}`,
  tasks: (set: string) => `#/tasks/${e(set)}`,
  task: (set: string, task: string) => `#/tasks/${e(set)}/${e(task)}`,
  corpus: (set: string) => `#/corpus/${e(set)}`,
  curation: (ds: string) => `#/curation/${e(ds)}`,
};

export function useRoute(): Route {
  const [route, setRoute] = useState(() => parseRoute(location.hash));
  useEffect(() => {
    const on = () => setRoute(parseRoute(location.hash));
    addEventListener('hashchange', on);
    return () => removeEventListener('hashchange', on);
  }, []);
  return route;
}
