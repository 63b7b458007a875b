import { dirname, resolve } from 'node:path';
import { readTaskFiles } from '../run/task-files.js';
import { CoworkError } from '../schema/errors.js';
import type { TaskSpec } from '../schema/task-spec.js';
import type { IndexEntry, RunIndex } from './run-index.js';
import type { Sources } from './sources.js';
import { TaskSet } from './task-set.js';
import { specFileOf, trialDetail } from './trial-detail.js';

/** Paging of a list endpoint: `limit` is capped so one response stays small whatever the run's size. */
export interface Page {
  offset?: number;
  limit?: number;
}
export const MAX_LIMIT = 500;

function paged<T>(items: readonly T[], p: Page): { total: number; offset: number; items: T[] } {
  const offset = Math.max(0, Math.floor(p.offset ?? 0));
  const limit = Math.min(MAX_LIMIT, Math.max(1, Math.floor(p.limit ?? 50)));
  return { total: items.length, offset, items: items.slice(offset, offset + limit) };
}

const HIST_BINS = 10;
const round = (x: number) => Math.round(x * 1e6) / 1e6;

export type Outcome = 'pass' | 'fail' | 'unscored' | 'infra_error' | 'abandoned';
export function outcomeOf(e: IndexEntry): Outcome {
  if (e.end === 'infra_error' || e.end === 'abandoned') return e.end;
  if (e.passed === true) return 'pass';
  if (e.passed === false) return 'fail';
  return 'unscored';
}

/** The ids of the checks an entry failed (score < 1); its checks must be loaded. */
function failedChecks(e: IndexEntry): string[] {
  const c = e.checks;
  return c ? c.ids.filter((_, i) => c.scores[i] !== null && (c.scores[i] as number) < 1) : [];
}

/** The trial row a list shows (no events, no evidence); its checks must be loaded. */
function trialRow(e: IndexEntry) {
  const failed = failedChecks(e);
  return {
    task_id: e.task_id,
    trial: e.trial,
    line: e.line,
    score: e.score,
    passed: e.passed,
    status: e.status ?? null,
    end: e.end ?? null,
    outcome: outcomeOf(e),
    failed_checks: failed,
    violations: e.violations,
  };
}

/**
 * Everything the viewer shows, as JSON values: the server answers each API route with one of these, and
 * `report` embeds them in one HTML file. Reads only through the run index, task sets and datasets.
 */
export class ViewData {
  readonly sources: Sources;
  #specs = new Map<string, Promise<TaskSpec[]>>();

  constructor(sources: Sources) {
    this.sources = sources;
  }

  async #run(id: string): Promise<RunIndex> {
    const r = this.sources.runs.get(id);
    if (!r)
      throw new CoworkError(
        'not_found',
        `no run "${id}" (runs: ${[...this.sources.runs.keys()].join(', ') || 'none'})`,
      );
    await r.refresh();
    return r;
  }
  #set(id: string): TaskSet {
    const s = this.sources.tasks.get(id);
    if (!s)
      throw new CoworkError(
        'not_found',
        `no tasks folder "${id}" (tasks folders: ${[...this.sources.tasks.keys()].join(', ') || 'none'})`,
      );
    return s;
  }

  async list() {
    const runs = [];
    for (const [id, r] of this.sources.runs) {
      await r.refresh();
      const c = r.config;
      runs.push({
        id,
        dir: r.dir,
        name: c?.name ?? id,
        status: r.status,
        recorded: r.size,
        expected: (c?.tasks.length ?? 0) * (c?.trials ?? 0),
        agent: c?.agent ?? null,
      });
    }
    const tasks = [];
    for (const [id, s] of this.sources.tasks) {
      const l = await s.load();
      tasks.push({
        id,
        dir: s.dir,
        released: l.rows.filter((x) => x.released).length,
        rejected: l.rows.filter((x) => !x.released).length,
      });
    }
    const datasets = [];
    for (const [id, d] of this.sources.datasets) {
      const rep = await d.report();
      datasets.push({ id, dir: d.dir, rows_out: (rep.funnel as { rows_out?: number } | undefined)?.rows_out ?? null });
    }
    return { runs, tasks, datasets };
  }

  /** A run's overview: its summary (what `coworkenv summary --json` prints), the score histogram, end reasons, most-failed checks. */
  async run(id: string) {
    const r = await this.#run(id);
    const c = r.config as NonNullable<RunIndex['config']>;
    const s = r.summary();
    const bins = Array.from({ length: HIST_BINS }, (_, i) => ({ x0: i / HIST_BINS, x1: (i + 1) / HIST_BINS, n: 0 }));
    let unscored = 0;
    const ends: Record<string, number> = {};
    for (const e of r.entries) {
      ends[e.end ?? '(none)'] = (ends[e.end ?? '(none)'] ?? 0) + 1;
      if (e.end === 'infra_error' || e.end === 'abandoned') continue;
      if (e.score === null) unscored++;
      else (bins[Math.min(HIST_BINS - 1, Math.floor(e.score * HIST_BINS))] as { n: number }).n++;
    }
    const { tasks, ...rest } = s;
    return {
      id,
      dir: r.dir,
      name: c.name ?? id,
      status: r.status,
      agent: c.agent,
      user: c.user ?? null,
      seed: c.seed,
      recorded: r.size,
      expected: c.tasks.length * c.trials,
      bytes: r.bytes,
      pending_bytes: r.pending,
      skipped: { count: r.skipped.length, first: r.skipped.slice(0, 20) },
      invalid: { count: r.invalid.length, first: r.invalid.slice(0, 20) },
      // long lists are cut to their first 50 (with their counts); everything else is the summary as printed
      summary: {
        ...rest,
        infra_errors: rest.infra_errors.slice(0, 50),
        infra_error_count: rest.infra_errors.length,
        abandoned: rest.abandoned.slice(0, 50),
        abandoned_count: rest.abandoned.length,
        task_count: tasks.length,
      },
      histogram: { bins, unscored },
      end_reasons: ends,
    };
  }

  /** The checks failed most often over the run (reads every grade's checks once: asked for after the overview). */
  async failingChecks(id: string) {
    const r = await this.#run(id);
    await r.loadChecks();
    const fails = new Map<string, number>();
    for (const e of r.entries) for (const c of failedChecks(e)) fails.set(c, (fails.get(c) ?? 0) + 1);
    return {
      items: [...fails]
        .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
        .slice(0, 20)
        .map(([check, n]) => ({ check, failures: n })),
    };
  }

  /** What the page polls to notice a run being written. */
  async stamp(id: string) {
    const r = await this.#run(id);
    return { bytes: r.bytes, status: r.status, recorded: r.size };
  }

  async runTasks(id: string, q: Page & { q?: string }) {
    const s = (await this.#run(id)).summary();
    return paged(q.q ? s.tasks.filter((t) => t.task_id.includes(q.q as string)) : s.tasks, q);
  }

  async trials(id: string, q: Page & { task?: string; outcome?: string; check?: string }) {
    const r = await this.#run(id);
    let list: readonly IndexEntry[] = r.entries;
    if (q.task) list = list.filter((e) => e.task_id === q.task);
    if (q.outcome) list = list.filter((e) => outcomeOf(e) === q.outcome);
    if (q.check) {
      await r.loadChecks(list);
      list = list.filter((e) => failedChecks(e).includes(q.check as string));
    }
    const page = paged(list, q);
    await r.loadChecks(page.items);
    return { ...page, items: page.items.map(trialRow) };
  }

  async #loadSpec(file: string, id: string): Promise<TaskSpec | undefined> {
    // a tasks folder shown beside the run has parsed the file already (and its gate shares those spec objects)
    for (const s of this.sources.tasks.values()) {
      const parsed = await s.specsOf(file).catch(() => undefined);
      if (parsed) return parsed.find((x) => x.id === id);
    }
    let p = this.#specs.get(file);
    if (!p) {
      p = readTaskFiles([file]).then(
        (fs) => fs.flatMap((f) => (f.parsed.spec ? [f.parsed.spec] : [])),
        () => [],
      );
      this.#specs.set(file, p);
    }
    return (await p).find((s) => s.id === id);
  }

  async trial(id: string, task: string, trial: number) {
    const r = await this.#run(id);
    const e = r.find(task, trial);
    if (!e) throw new CoworkError('not_found', `run "${id}" has no trial ${trial} of ${task}`);
    const detail = await trialDetail(id, r, e, (f, t) => this.#loadSpec(f, t));
    const specPath = r.config?.tasks.find((t) => t.id === task)?.spec_path;
    return { ...detail, task_link: specPath ? this.#taskLink(specFileOf(r.dir, specPath), task) : null };
  }

  /** The tasks folder (by id) a spec file is in, when `view` was given it. */
  #taskLink(file: string, task: string): { set: string; task: string } | null {
    const dir = dirname(file);
    for (const [set, s] of this.sources.tasks) if (resolve(s.dir) === dir) return { set, task };
    return null;
  }

  /** Two runs side by side: per-task deltas (largest first) and the checks whose pass rate changed. */
  async compare(a: string, b: string, p: Page) {
    const [ra, rb] = [await this.#run(a), await this.#run(b)];
    const [sa, sb] = [ra.summary(), rb.summary()];
    await ra.loadChecks();
    await rb.loadChecks();
    const rates = (r: RunIndex) => {
      const m = new Map<string, Map<string, [number, number]>>();
      for (const e of r.entries) {
        if (e.end === 'infra_error' || e.end === 'abandoned' || !e.checks) continue;
        const t = m.get(e.task_id) ?? new Map<string, [number, number]>();
        m.set(e.task_id, t);
        const scores = e.checks.scores;
        e.checks.ids.forEach((c, i) => {
          const v = t.get(c) ?? [0, 0];
          v[1]++;
          if (scores[i] === 1) v[0]++;
          t.set(c, v);
        });
      }
      return m;
    };
    const [ca, cb] = [rates(ra), rates(rb)];
    const tb = new Map(sb.tasks.map((t) => [t.task_id, t]));
    const rows = [];
    for (const ta of sa.tasks) {
      const other = tb.get(ta.task_id);
      if (!other) continue;
      const checks = new Set([...(ca.get(ta.task_id)?.keys() ?? []), ...(cb.get(ta.task_id)?.keys() ?? [])]);
      const flipped = [];
      for (const c of [...checks].sort()) {
        const [x, y] = [ca.get(ta.task_id)?.get(c), cb.get(ta.task_id)?.get(c)];
        const [rx, ry] = [x && x[1] ? x[0] / x[1] : null, y && y[1] ? y[0] / y[1] : null];
        if (rx !== ry) flipped.push({ check: c, a: rx === null ? null : round(rx), b: ry === null ? null : round(ry) });
      }
      const delta = ta.mean !== null && other.mean !== null ? round(other.mean - ta.mean) : null;
      rows.push({ task_id: ta.task_id, family: ta.family, a: ta, b: other, delta, flipped });
    }
    rows.sort((x, y) => Math.abs(y.delta ?? 0) - Math.abs(x.delta ?? 0) || (x.task_id < y.task_id ? -1 : 1));
    const ids = (s: typeof sa) => new Set(s.tasks.map((t) => t.task_id));
    const [ia, ib] = [ids(sa), ids(sb)];
    return {
      a: { id: a, overall: sa.overall, k: sa.k },
      b: { id: b, overall: sb.overall, k: sb.k },
      only_a: [...ia].filter((t) => !ib.has(t)).length,
      only_b: [...ib].filter((t) => !ia.has(t)).length,
      tasks: paged(rows, p),
    };
  }

  async taskSet(id: string) {
    const s = this.#set(id);
    const l = await s.load();
    return {
      id,
      dir: s.dir,
      summary: l.summary,
      tasks: l.rows,
      problems: l.problems,
      coverage: TaskSet.coverage(l.rows),
    };
  }

  /** A tasks folder's corpus figures (the viewer's corpus page). */
  async corpus(id: string) {
    return { id, dir: this.#set(id).dir, ...(await this.#set(id).figures()) };
  }

  async task(setId: string, taskId: string) {
    const l = await this.#set(setId).load();
    const row = l.rows.find((r) => r.id === taskId);
    if (!row) throw new CoworkError('not_found', `tasks folder "${setId}" has no task ${taskId}`);
    const spec = (await l.spec(taskId)) ?? null;
    // a corpus index lists a file that may have changed since: its page says so
    const problem =
      row.released && !spec
        ? `${row.file} holds no valid spec ${taskId} any more; coworkenv validate ${row.file} says what is wrong`
        : undefined;
    return { set: setId, row, spec, rejected: l.rejected.get(taskId) ?? null, ...(problem ? { problem } : {}) };
  }

  async gate(setId: string, taskId: string) {
    const g = await this.#set(setId).gate(taskId);
    if (g === undefined)
      throw new CoworkError(
        'not_found',
        `tasks folder "${setId}" has no released spec ${taskId} (rejected candidates show their recorded diagnostics)`,
      );
    return g;
  }

  async dataset(id: string) {
    const d = this.sources.datasets.get(id);
    if (!d)
      throw new CoworkError(
        'not_found',
        `no curation output "${id}" (curation outputs: ${[...this.sources.datasets.keys()].join(', ') || 'none'})`,
      );
    const report = await d.report();
    const rej = await d.rejections({ limit: 1 });
    // which run (by id) each rejection source is, so examples link to their trajectories
    const runs: Record<string, string> = {};
    for (const [rid, r] of this.sources.runs) runs[resolve(r.dir)] = rid;
    return {
      id,
      dir: d.dir,
      report,
      rejections: { by_reason: rej.by_reason, examples: rej.examples, problems: rej.problems },
      runs,
    };
  }

  async rejections(id: string, q: Page & { reason?: string }) {
    const d = this.sources.datasets.get(id);
    if (!d) throw new CoworkError('not_found', `no curation output "${id}"`);
    const offset = Math.max(0, Math.floor(q.offset ?? 0));
    const limit = Math.min(MAX_LIMIT, Math.max(1, Math.floor(q.limit ?? 50)));
    const r = await d.rejections({ ...(q.reason ? { reason: q.reason } : {}), offset, limit, examples: 0 });
    return { total: r.total, offset, items: r.items };
  }
}
