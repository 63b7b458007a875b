import { existsSync, statSync } from 'node:fs';
import { mkdir, open, readFile, rm, truncate } from 'node:fs/promises';
import { join } from 'node:path';
import { fileLines } from '../curate/sources.js';
import { redactDeep } from '../llm/redact.js';
import { appendRecord } from '../run/append-log.js';
import { prettyJson, writeFileAtomic } from '../run/files.js';
import { type Lock, tryLock } from '../run/lock.js';
import { configDifference, type RunConfig } from '../run/run-config.js';
import { CoworkError } from '../schema/errors.js';
import type { DistillRow } from './types.js';

/** One line of log.jsonl: a trajectory's rows, or why it was skipped. */
export interface LogEntry {
  task_id: string;
  trial: number;
  /** sha256 of the trajectory's line in the student run */
  sha: string;
  rows?: DistillRow[];
  skipped?: { reason: string; detail: string };
}

export const STORE_FILES = { config: 'distill.json', lock: 'distill.lock', log: 'log.jsonl' } as const;

/**
 * datasets/<name>/ of a distillation, under the rules of a run directory (src/run): distill.json holds the
 * configuration a resume must match, log.jsonl is appended one synced line per trajectory (in pool order), and
 * distill.lock is held while a process writes. Reopening resumes: a line cut off by a kill is truncated away,
 * finished trajectories are not asked again — nothing is lost or duplicated.
 */
export class DistillStore {
  readonly dir: string;
  /** the trajectories already in the log, in order */
  readonly done: { task_id: string; trial: number; sha: string }[] = [];
  #lock: Lock | undefined;
  #meta: Record<string, unknown>;

  private constructor(dir: string, meta: Record<string, unknown>) {
    this.dir = dir;
    this.#meta = meta;
  }

  get logFile(): string {
    return join(this.dir, STORE_FILES.log);
  }

  /** Opens (or resumes) a distillation directory and locks it; `fresh` discards an earlier one first. */
  static async open(
    dir: string,
    identity: Record<string, unknown>,
    opts: { fresh?: boolean; notice?: (line: string) => void } = {},
  ): Promise<DistillStore> {
    const config = redactDeep(identity);
    if (existsSync(dir) && !statSync(dir).isDirectory())
      throw new CoworkError('bad_input', `--out ${dir} is a file; give a dataset directory such as datasets/<name>`);
    await mkdir(dir, { recursive: true }).catch((e: NodeJS.ErrnoException) => {
      throw new CoworkError(
        e.code === 'ENOTDIR' || e.code === 'EEXIST' ? 'bad_input' : 'io_error',
        `--out ${dir}: cannot create the directory (${e.code ?? e.message}); a parent may be a file`,
      );
    });
    const lockFile = join(dir, STORE_FILES.lock);
    const got = tryLock(lockFile, { releaseOnSignal: true, ...(opts.notice ? { notice: opts.notice } : {}) });
    if (!got.ok)
      throw new CoworkError(
        'bad_input',
        `${dir} is in use by another coworkenv process (pid ${got.pid}, ${lockFile}); wait for it to finish, or choose another --out`,
      );
    const store = new DistillStore(dir, { version: 1, config, status: 'running' });
    store.#lock = got.lock;
    try {
      const file = join(dir, STORE_FILES.config);
      if (opts.fresh) for (const f of [STORE_FILES.log, STORE_FILES.config]) await rm(join(dir, f), { force: true });
      else if (existsSync(file)) {
        const prev = await readMeta(file);
        // the same comparison as a run's: the first differing field, named with both values
        const asRun = (c: object): RunConfig => ({ name: '', tasks: [], agent: {}, trials: 0, seed: 0, ...c });
        const why = configDifference(asRun(prev.config as object), asRun(config));
        if (why)
          throw new CoworkError(
            'bad_input',
            `${dir} holds a distillation with a different configuration: ${why}; resume with the same settings, or choose another --out (--force starts over)`,
          );
      } else if (existsSync(store.logFile)) {
        throw new CoworkError(
          'bad_input',
          `${dir} holds a ${STORE_FILES.log} without ${STORE_FILES.config}; move it away, or pass --force to start over`,
        );
      }
      await writeFileAtomic(file, prettyJson(store.#meta));
      await store.#load(opts.notice);
    } catch (e) {
      store.close();
      throw e;
    }
    return store;
  }

  async #load(notice?: (line: string) => void): Promise<void> {
    const file = this.logFile;
    if (!existsSync(file)) return;
    const cut = await lastNewline(file);
    const size = statSync(file).size;
    if (cut < size) {
      notice?.(
        `notice: ${file}: discarded ${size - cut} bytes of a line cut off by an interrupted distillation; that trajectory is asked again`,
      );
      await truncate(file, cut);
    }
    for await (const { n, text } of fileLines(file)) {
      let e: LogEntry;
      try {
        e = JSON.parse(text) as LogEntry;
      } catch {
        throw new CoworkError(
          'bad_input',
          `${file}:${n}: not valid JSON; this distillation is damaged — pass --force to start it over`,
        );
      }
      if (typeof e?.task_id !== 'string' || typeof e.trial !== 'number' || typeof e.sha !== 'string')
        throw new CoworkError('bad_input', `${file}:${n}: not a distillation log entry; pass --force to start over`);
      this.done.push({ task_id: e.task_id, trial: e.trial, sha: e.sha });
    }
  }

  /** Appends one trajectory's entry and syncs it before returning. */
  async append(e: LogEntry): Promise<void> {
    try {
      await appendRecord(this.logFile, `${JSON.stringify(e)}\n`);
    } catch (err) {
      throw new CoworkError('io_error', `${this.logFile}: cannot append (${(err as Error).message})`, undefined, {
        cause: err,
      });
    }
  }

  /** Records the final status (and report) in distill.json and releases the directory. */
  async finish(status: string, extra: Record<string, unknown> = {}): Promise<void> {
    try {
      this.#meta = { ...this.#meta, status, ...redactDeep(extra) };
      await writeFileAtomic(join(this.dir, STORE_FILES.config), prettyJson(this.#meta));
    } finally {
      this.close();
    }
  }

  close(): void {
    this.#lock?.release();
    this.#lock = undefined;
  }
}

async function readMeta(file: string): Promise<Record<string, unknown>> {
  let v: unknown;
  try {
    v = JSON.parse(await readFile(file, 'utf8'));
  } catch (e) {
    throw new CoworkError(
      'bad_input',
      `${file}: not valid JSON (${(e as Error).message}); restore it, or pass --force to start over`,
      undefined,
      { cause: e },
    );
  }
  if (!v || typeof v !== 'object' || !('config' in v))
    throw new CoworkError(
      'bad_input',
      `${file}: not a distillation description (no config); pass --force to start over`,
    );
  return v as Record<string, unknown>;
}

// the byte offset just after the file's last newline (0 when it has none), reading backwards in chunks
async function lastNewline(file: string): Promise<number> {
  const fh = await open(file, 'r');
  try {
    const size = (await fh.stat()).size;
    const buf = Buffer.alloc(1 << 16);
    for (let end = size; end > 0; ) {
      const start = Math.max(0, end - buf.length);
      const { bytesRead } = await fh.read(buf, 0, end - start, start);
      const i = buf.subarray(0, bytesRead).lastIndexOf(10);
      if (i >= 0) return start + i + 1;
      end = start;
    }
    return 0;
  } finally {
    await fh.close();
  }
}
