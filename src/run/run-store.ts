import { existsSync, statSync } from 'node:fs';
import { appendFile, mkdir, open, readFile, rm, truncate } from 'node:fs/promises';
import { join } from 'node:path';
import { canonicalJson } from '../spec/canonical-json.js';
import { CoworkError } from '../spec/errors.js';
import { jsonlLine } from '../spec/jsonl.js';
import { Trajectory } from '../spec/trajectory.js';
import { prettyJson, writeFileAtomic } from './files.js';

/** The identity of a run: resuming needs the same one. */
export interface RunConfig {
  name: string;
  tasks: { id: string; spec_hash: string; family: string; capabilities: readonly string[]; spec_path?: string }[];
  agent: Record<string, unknown>;
  user?: Record<string, unknown> | null;
  trials: number;
  seed: number;
  [extra: string]: unknown;
}

export const keyOf = (taskId: string, trial: number) => `${taskId}\u0000${trial}`;

/**
 * runs/<name>/: run.json (config), trajectories.jsonl (append-only, synced per record; one line per
 * (task, trial)), errors.jsonl. Reopening resumes: written keys are skipped, a line cut off by a kill is
 * moved to errors.jsonl and truncated away — never a duplicated or lost (task, trial).
 */
export class RunStore {
  /** undefined for an in-memory run (nothing written) */
  readonly dir: string | undefined;
  readonly done = new Map<string, Trajectory>();
  private constructor(dir: string | undefined) {
    this.dir = dir;
  }

  /** A run kept in memory only (no --out). */
  static memory(): RunStore {
    return new RunStore(undefined);
  }

  get trajectoriesFile(): string {
    return join(this.dir ?? '', 'trajectories.jsonl');
  }
  get errorsFile(): string {
    return join(this.dir ?? '', 'errors.jsonl');
  }

  /** Opens (or resumes) a run; `fresh` discards an earlier run in the directory first. */
  static async open(dir: string, config: RunConfig, opts: { fresh?: boolean } = {}): Promise<RunStore> {
    const store = new RunStore(dir);
    if (existsSync(dir) && !statSync(dir).isDirectory()) {
      throw new CoworkError('bad_input', `${dir} is a file; --out takes a run directory (e.g. runs/<name>), and the file is left as it is`);
    }
    await mkdir(dir, { recursive: true });
    if (opts.fresh) for (const f of ['trajectories.jsonl', 'errors.jsonl', 'summary.json', 'run.json']) await rm(join(dir, f), { force: true });
    const runFile = join(dir, 'run.json');
    if (existsSync(runFile)) {
      const prev = JSON.parse(await readFile(runFile, 'utf8')) as { config?: RunConfig };
      if (prev.config && canonicalJson(prev.config) !== canonicalJson(config)) {
        throw new CoworkError('bad_input', `${dir} holds a run with a different configuration (tasks, agent, trials or seed); resume with the same command, or choose another --out`);
      }
    }
    await writeFileAtomic(runFile, prettyJson({ version: 1, config, status: 'running' }));
    await store.#load();
    return store;
  }

  async #load(): Promise<void> {
    if (!this.dir) return;
    const file = this.trajectoriesFile;
    if (!existsSync(file)) return;
    const text = await readFile(file, 'utf8');
    const cut = text.lastIndexOf('\n') + 1;
    if (cut < text.length) {
      // a record cut off by a kill: keep it for inspection, drop it from the log, rerun its key
      await this.error({ kind: 'partial_record', message: 'discarded a trajectory line cut off by an interrupted run', bytes: text.length - cut, head: text.slice(cut, cut + 200) });
      await truncate(file, Buffer.byteLength(text.slice(0, cut)));
    }
    for (const [i, line] of text.slice(0, cut).split('\n').entries()) {
      if (!line.trim()) continue;
      const res = Trajectory.safeParse(JSON.parse(line));
      if (!res.success) throw new CoworkError('bad_input', `${file}:${i + 1}: not a trajectory record; this run directory is damaged`);
      this.done.set(keyOf(res.data.task_id, res.data.trial), res.data);
    }
  }

  has(taskId: string, trial: number): boolean {
    return this.done.has(keyOf(taskId, trial));
  }

  /** Appends one record and syncs it to disk before returning. */
  async append(t: Trajectory): Promise<void> {
    const key = keyOf(t.task_id, t.trial);
    if (this.done.has(key)) throw new Error(`(${t.task_id}, ${t.trial}) is already recorded`);
    if (!this.dir) {
      this.done.set(key, t);
      return;
    }
    const fh = await open(this.trajectoriesFile, 'a');
    try {
      await fh.appendFile(jsonlLine(t));
      await fh.datasync();
    } finally {
      await fh.close();
    }
    this.done.set(key, t);
  }

  readonly errors: Record<string, unknown>[] = [];

  async error(entry: Record<string, unknown>): Promise<void> {
    this.errors.push(entry);
    if (this.dir) await appendFile(this.errorsFile, jsonlLine(entry));
  }

  async finish(status: string, extra: Record<string, unknown> = {}): Promise<void> {
    if (!this.dir) return;
    const runFile = join(this.dir, 'run.json');
    const prev = JSON.parse(await readFile(runFile, 'utf8')) as Record<string, unknown>;
    await writeFileAtomic(runFile, prettyJson({ ...prev, status, ...extra }));
  }

  /** Reads a finished or interrupted run directory (for summaries). */
  static async read(dir: string): Promise<{ config: RunConfig; status: string; store: RunStore }> {
    const runFile = join(dir, 'run.json');
    if (!existsSync(runFile)) throw new CoworkError('not_found', `${dir}: no run.json; is this a run directory (coworkenv run --out ${dir})?`);
    const meta = JSON.parse(await readFile(runFile, 'utf8')) as { config: RunConfig; status: string };
    const store = new RunStore(dir);
    const file = store.trajectoriesFile;
    if (existsSync(file)) {
      for (const [i, line] of (await readFile(file, 'utf8')).split('\n').entries()) {
        if (!line.trim()) continue;
        let value: unknown;
        try {
          value = JSON.parse(line);
        } catch {
          continue; // a line cut off by a kill; the next resume repairs it
        }
        const res = Trajectory.safeParse(value);
        if (!res.success) throw new CoworkError('bad_input', `${file}:${i + 1}: not a trajectory record`);
        store.done.set(keyOf(res.data.task_id, res.data.trial), res.data);
      }
    }
    return { config: meta.config, status: meta.status, store };
  }
}
