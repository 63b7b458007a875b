import { MAX_LIMIT, type ViewData } from './data.js';

/** What the report holds beside the views' data. */
export interface ReportMeta {
  trials_embedded: number;
  trials_total: number;
  max_trials: number;
  /** task pages (with their gate runs) embedded, of all the tasks folders' tasks: at most max_trials per folder */
  tasks_embedded: number;
  tasks_total: number;
}

async function all<T>(
  get: (offset: number) => Promise<{ total: number; items: T[] }>,
): Promise<{ total: number; offset: number; items: T[] }> {
  const items: T[] = [];
  for (let offset = 0; ; offset += MAX_LIMIT) {
    const p = await get(offset);
    items.push(...p.items);
    if (p.items.length === 0 || items.length >= p.total) return { total: p.total, offset: 0, items };
  }
}

/**
 * Every API answer the views need, keyed by its path (lists whole: the page filters and pages them itself),
 * for `coworkenv report`. Trajectories are embedded up to `maxTrials` per run — failing ones first, since
 * those are what a reader opens — and the rest are listed without their events.
 */
export async function reportData(
  data: ViewData,
  maxTrials: number,
): Promise<{ data: Record<string, unknown>; meta: ReportMeta }> {
  const out: Record<string, unknown> = {};
  const meta: ReportMeta = {
    trials_embedded: 0,
    trials_total: 0,
    max_trials: maxTrials,
    tasks_embedded: 0,
    tasks_total: 0,
  };
  // the tasks the embedded trajectories ran come first among the task pages a folder embeds
  const ran = new Set<string>();
  const enc = encodeURIComponent;
  out['/api/sources'] = await data.list();
  const runIds = [...data.sources.runs.keys()];
  for (const id of runIds) {
    out[`/api/runs/${enc(id)}`] = await data.run(id);
    out[`/api/runs/${enc(id)}/checks`] = await data.failingChecks(id);
    out[`/api/runs/${enc(id)}/tasks`] = await all((offset) => data.runTasks(id, { offset, limit: MAX_LIMIT }));
    const trials = await all((offset) => data.trials(id, { offset, limit: MAX_LIMIT }));
    out[`/api/runs/${enc(id)}/trials`] = trials;
    meta.trials_total += trials.total;
    const order = [...trials.items].sort((a, b) => Number(a.outcome === 'pass') - Number(b.outcome === 'pass'));
    for (const t of order.slice(0, maxTrials)) {
      out[`/api/runs/${enc(id)}/trials/${enc(t.task_id)}/${t.trial}`] = await data.trial(id, t.task_id, t.trial);
      meta.trials_embedded++;
      ran.add(t.task_id);
    }
  }
  // side-by-side comparisons of every pair, while there are few runs
  if (runIds.length >= 2 && runIds.length <= 4) {
    for (const a of runIds)
      for (const b of runIds)
        if (a !== b) out[`/api/compare/${enc(a)}/${enc(b)}`] = { ...(await data.compare(a, b, { limit: MAX_LIMIT })) };
  }
  for (const id of data.sources.tasks.keys()) {
    const set = await data.taskSet(id);
    out[`/api/tasks/${enc(id)}`] = set;
    out[`/api/corpus/${enc(id)}`] = await data.corpus(id);
    // each page runs the task's gate: a corpus of 100,000 embeds the first max_trials (the others say so)
    const rows = [...set.tasks.filter((r) => ran.has(r.id)), ...set.tasks.filter((r) => !ran.has(r.id))];
    meta.tasks_total += rows.length;
    for (const row of rows.slice(0, maxTrials)) {
      meta.tasks_embedded++;
      out[`/api/tasks/${enc(id)}/${enc(row.id)}`] = await data.task(id, row.id);
      if (row.released) out[`/api/tasks/${enc(id)}/${enc(row.id)}/gate`] = await data.gate(id, row.id);
    }
  }
  for (const id of data.sources.datasets.keys()) {
    out[`/api/datasets/${enc(id)}`] = await data.dataset(id);
    out[`/api/datasets/${enc(id)}/rejections`] = await all((offset) =>
      data.rejections(id, { offset, limit: MAX_LIMIT }),
    );
  }
  out['/api/report'] = meta;
  return { data: out, meta };
}
