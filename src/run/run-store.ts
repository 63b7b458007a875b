import { createReadStream, existsSync, statSync } from 'node:fs';
import { mkdir, open, readFile, rm, truncate } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { redactDeep } from '../llm/redact.js';
import { CoworkError } from '../schema/errors.js';
import { jsonlLine, type StreamedLine, streamLines } from '../schema/jsonl.js';
import { type EpisodeEnd, type EpisodeStart, type Grade, Trajectory } from '../schema/trajectory.js';
import { appendRecord } from './append-log.js';
import { prettyJson, readSlice, writeFileAtomic } from './files.js';
import { type Lock, tryLock } from './lock.js';
import { configDifference, type RunConfig } from './run-config.js';

export type { RunConfig } from './run-config.js';

export const keyOf = (taskId: string, trial: number) => `${taskId}\u0000${trial}`;

/**
 * What a store keeps in memory of a recorded episode: its key, who ran it, how it ended and its grade's figures —
 * not its events, audit or check results, so a run of 100,000 episodes holds megabytes, not gigabytes. The
 * records themselves are in trajectories.jsonl (`RunStore.trajectories()`).
 */
export interface EpisodeOutcome {
  task_id: string;
  trial: number;
  start: Pick<EpisodeStart, 'seed' | 'spec_hash' | 'agent' | 'user'> | undefined;
  end: EpisodeEnd | undefined;
  grade: Pick<Grade, 'status' | 'score' | 'passed' | 'completion' | 'safety' | 'robustness'> | undefined;
}

/** The outcome of a trajectory record. */
export function outcomeOf(t: Trajectory): EpisodeOutcome {
  const s = t.events[0];
  const e = t.events.at(-1);
  const g = t.grade;
  return {
    task_id: t.task_id,
    trial: t.trial,
    start:
      s?.type === 'episode_start'
        ? { seed: s.seed, spec_hash: s.spec_hash, agent: s.agent, ...(s.user ? { user: s.user } : {}) }
        : undefined,
    end: e?.type === 'episode_end' ? e : undefined,
    grade: g
      ? {
          status: g.status,
          score: g.score,
          passed: g.passed,
          completion: g.completion,
          safety: g.safety,
          robustness: g.robustness,
        }
      : undefined,
  };
}

/** A line of trajectories.jsonl that `RunStore.read` could not use. */
export interface SkippedLine {
  file: string;
  line: number;
  message: string;
}

export const LOCK_FILE = 'run.lock';

const parseError = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** run.json, parsed; a damaged one is a bad_input error that says what to do. */
async function readRunFile(runFile: string, fix: string): Promise<Record<string, unknown>> {
  const text = await readFile(runFile, 'utf8').catch((e: Error) => {
    throw new CoworkError('io_error', `${runFile}: cannot read (${e.message})`);
  });
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    throw new CoworkError('bad_input', `${runFile}: not valid JSON (${parseError(e)}); ${fix}`, undefined, {
      cause: e,
    });
  }
  if (!value || typeof value !== 'object' || Array.isArray(value))
    throw new CoworkError('bad_input', `${runFile}: not a run description (expected a JSON object); ${fix}`);
  return value as Record<string, unknown>;
}

// a run already in `dir` that `differs` from the one starting: refused, naming the difference
async function refuseOtherRun(dir: string, differs: (prev: RunConfig) => string | undefined): Promise<void> {
  const runFile = join(dir, 'run.json');
  if (!existsSync(runFile)) return;
  const prev = await readRunFile(runFile, 'move it away to keep it, or pass --force to start the run over');
  const why = prev.config ? differs(prev.config as RunConfig) : undefined;
  if (why)
    throw new CoworkError(
      'bad_input',
      `${dir} holds a run with a different configuration: ${why}; resume with the same settings, or choose another --out (--force starts over)`,
    );
}

/**
 * Refuses, as `RunStore.open` would, to resume the run in `dir` with other settings — the tasks aside: a command
 * that builds its tasks first (demo) finds out before it spends time on them.
 */
export function refuseOtherSettings(
  dir: string,
  settings: Pick<RunConfig, 'name' | 'agent' | 'user' | 'trials' | 'seed'>,
): Promise<void> {
  return refuseOtherRun(dir, (prev) => configDifference(prev, { ...settings, tasks: prev.tasks ?? [] }));
}

/**
 * runs/<name>/: run.json (config), trajectories.jsonl (append-only, synced per record; one line per
 * (task, trial)), errors.jsonl (created on the first error), run.lock while a process writes it. Reopening
 * resumes: written keys are skipped, a line cut off by a kill is moved to errors.jsonl and truncated away —
 * never a duplicated or lost (task, trial).
 */
export class RunStore {
  /** undefined for an in-memory run (nothing written) */
  readonly dir: string | undefined;
  /** the outcome of every recorded (task, trial), by `keyOf` */
  readonly done = new Map<string, EpisodeOutcome>();
  readonly errors: Record<string, unknown>[] = [];
  #meta: Record<string, unknown> = {};
  #lock: Lock | undefined;

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

  /**
   * Opens (or resumes) a run and locks the directory until `finish`/`close` or exit; `fresh` discards an
   * earlier run in the directory first. `notice` gets lines such as a stale lock being taken over.
   */
  static async open(
    dir: string,
    given: RunConfig,
    opts: { fresh?: boolean; notice?: (line: string) => void } = {},
  ): Promise<RunStore> {
    // model strings are recorded (and compared on resume) without the credentials a URL may carry
    const config = redactDeep(given);
    const store = new RunStore(dir);
    if (existsSync(dir) && !statSync(dir).isDirectory()) {
      throw new CoworkError(
        'bad_input',
        `${dir} is a file; --out takes a run directory (e.g. runs/<name>), and the file is left as it is`,
      );
    }
    await mkdir(dir, { recursive: true }).catch((e: Error) => {
      throw new CoworkError('io_error', `${dir}: cannot create the run directory (${e.message})`);
    });
    const lockFile = join(dir, LOCK_FILE);
    const got = tryLock(lockFile, { releaseOnSignal: true, ...(opts.notice ? { notice: opts.notice } : {}) });
    if (!got.ok) {
      throw new CoworkError(
        'bad_input',
        `${dir} is in use by another coworkenv process (pid ${got.pid}, ${lockFile}); wait for it to finish, or choose another --out`,
      );
    }
    store.#lock = got.lock;
    try {
      if (opts.fresh)
        for (const f of ['trajectories.jsonl', 'errors.jsonl', 'summary.json', 'run.json'])
          await rm(join(dir, f), { force: true });
      const runFile = join(dir, 'run.json');
      await refuseOtherRun(dir, (prev) => configDifference(prev, config));
      store.#meta = { version: 1, config, status: 'running' };
      await writeFileAtomic(runFile, prettyJson(store.#meta));
      await store.#load();
    } catch (e) {
      store.close();
      throw e;
    }
    return store;
  }

  async #load(): Promise<void> {
    const file = this.trajectoriesFile;
    if (!existsSync(file)) return;
    const { size, cut } = await completeLines(file);
    if (cut < size) {
      // a record cut off by a kill: keep it for inspection, drop it from the log, rerun its key
      await this.error({
        kind: 'partial_record',
        message: 'discarded a trajectory line cut off by an interrupted run',
        bytes: size - cut,
        head: readSlice(file, cut, 800).slice(0, 200),
      });
      await truncate(file, cut);
    }
    const damaged = (line: number, what: string) =>
      new CoworkError(
        'bad_input',
        `${file}:${line}: ${what}; this run directory is damaged — move ${file} away (or fix that line) to resume, or pass --force to start the run over`,
      );
    for await (const l of recordLines(file, cut)) {
      if ('tooLong' in l) throw damaged(l.line, `a line of ${l.tooLong} bytes`);
      let value: unknown;
      try {
        value = JSON.parse(l.text);
      } catch (e) {
        throw damaged(l.line, `not valid JSON (${parseError(e)})`);
      }
      const res = Trajectory.safeParse(value);
      if (!res.success) throw damaged(l.line, 'not a trajectory record');
      this.done.set(keyOf(res.data.task_id, res.data.trial), outcomeOf(res.data));
    }
  }

  has(taskId: string, trial: number): boolean {
    return this.done.has(keyOf(taskId, trial));
  }

  /** Appends one record and syncs it to disk before returning; appends never interleave. */
  async append(t: Trajectory): Promise<void> {
    const key = keyOf(t.task_id, t.trial);
    if (this.done.has(key)) throw new Error(`(${t.task_id}, ${t.trial}) is already recorded`);
    // claimed before the write so a concurrent append of the same key fails instead of duplicating it
    this.done.set(key, outcomeOf(t));
    if (!this.dir) return;
    try {
      await appendRecord(this.trajectoriesFile, jsonlLine(t));
    } catch (e) {
      this.done.delete(key);
      throw new CoworkError(
        'io_error',
        `${this.trajectoriesFile}: cannot append the trajectory (${parseError(e)})`,
        undefined,
        { cause: e },
      );
    }
  }

  async error(given: Record<string, unknown>): Promise<void> {
    const entry = redactDeep(given);
    this.errors.push(entry);
    if (this.dir) await appendRecord(this.errorsFile, jsonlLine(entry));
  }

  /** Records the final status in run.json and releases the directory. */
  async finish(status: string, extra: Record<string, unknown> = {}): Promise<void> {
    if (!this.dir) return;
    try {
      this.#meta = { ...this.#meta, status, ...redactDeep(extra) };
      await writeFileAtomic(join(this.dir, 'run.json'), prettyJson(this.#meta));
    } finally {
      this.close();
    }
  }

  /** Releases the directory lock (also done at exit). */
  close(): void {
    this.#lock?.release();
    this.#lock = undefined;
  }

  /**
   * Reads a finished or interrupted run directory (for summaries), or a trajectories .jsonl file (or a
   * directory holding one) written without run.json — `coworkenv mcp` and `serve` output — whose
   * configuration is then derived from its records (see `configFromRecords`). Lines that are not JSON (a
   * line cut off by a kill, which the next resume repairs) are skipped and listed in `skipped`.
   */
  static async read(path: string): Promise<RunRead> {
    const isFile = existsSync(path) && statSync(path).isFile();
    const dir = isFile ? dirname(path) : path;
    const runFile = join(dir, 'run.json');
    if (!existsSync(runFile) || (isFile && basename(path) !== 'trajectories.jsonl')) {
      const file = isFile ? path : join(dir, 'trajectories.jsonl');
      if (!existsSync(file))
        throw new CoworkError(
          'not_found',
          `${path}: neither a run directory (no run.json) nor a trajectories .jsonl file; give runs/<name> from \`coworkenv run --out\`, or the file \`coworkenv mcp --out\` wrote`,
        );
      const store = new RunStore(dir);
      const skipped: SkippedLine[] = [];
      const kept = await readRecords(file, store, skipped);
      if (store.done.size === 0) throw new CoworkError('bad_input', `${file}: no trajectory record in it`);
      return {
        config: configFromRecords(store.done.values(), dir),
        status: 'recorded (no run.json: configuration derived from the records)',
        store,
        skipped,
        trajectories: () => keptRecords(file, kept),
      };
    }
    const meta = await readRunFile(runFile, 'restore it, or rerun the run with --force');
    const config = meta.config as RunConfig | undefined;
    if (!config || !Array.isArray(config.tasks))
      throw new CoworkError(
        'bad_input',
        `${runFile}: has no run configuration (config.tasks); restore it, or rerun the run with --force`,
      );
    const store = new RunStore(dir);
    const skipped: SkippedLine[] = [];
    const file = store.trajectoriesFile;
    const kept = existsSync(file) ? await readRecords(file, store, skipped) : new Set<number>();
    return {
      config,
      status: String(meta.status ?? 'unknown'),
      store,
      skipped,
      trajectories: () => keptRecords(file, kept),
    };
  }
}

/** A run read back (`RunStore.read`): its configuration, status, outcomes, the lines it skipped, and its records. */
export interface RunRead {
  config: RunConfig;
  status: string;
  store: RunStore;
  skipped: SkippedLine[];
  /** the records the outcomes came from (one per (task, trial), the later line winning), streamed from the file */
  trajectories: () => AsyncGenerator<Trajectory>;
}

// longer than any trajectory line coworkenv writes (pictures are stored by hash), short of V8's longest string
const MAX_RECORD_BYTES = 256 * 1024 * 1024;

/** The non-blank lines of a trajectories file up to byte `end` (exclusive; the whole file without it), streamed. */
export async function* recordLines(file: string, end?: number): AsyncGenerator<StreamedLine> {
  if (end === 0) return;
  const stream = createReadStream(file, { highWaterMark: 1 << 20, ...(end !== undefined ? { end: end - 1 } : {}) });
  try {
    for await (const l of streamLines(stream, MAX_RECORD_BYTES)) if ('tooLong' in l || l.text.trim()) yield l;
  } finally {
    stream.destroy();
  }
}

/** The file's size and the length of its complete lines (through its last newline), read from its tail. */
async function completeLines(file: string): Promise<{ size: number; cut: number }> {
  const fh = await open(file, 'r');
  try {
    const { size } = await fh.stat();
    const buf = Buffer.alloc(1 << 16);
    for (let end = size; end > 0; ) {
      const start = Math.max(0, end - buf.length);
      const { bytesRead } = await fh.read(buf, 0, end - start, start);
      const nl = buf.subarray(0, bytesRead).lastIndexOf(10);
      if (nl >= 0) return { size, cut: start + nl + 1 };
      end = start;
    }
    return { size, cut: 0 };
  } finally {
    await fh.close();
  }
}

/**
 * Reads a trajectories file's outcomes into `store.done` (a later line for a (task, trial) wins), streamed;
 * unparsable lines go to `skipped`. Returns the line numbers of the kept records.
 */
async function readRecords(file: string, store: RunStore, skipped: SkippedLine[]): Promise<Set<number>> {
  const { size, cut } = await completeLines(file);
  const lineOf = new Map<string, number>();
  let last = 0;
  for await (const l of recordLines(file, cut)) {
    last = l.line;
    let value: unknown;
    try {
      if ('tooLong' in l) throw new Error(`a line of ${l.tooLong} bytes`);
      value = JSON.parse(l.text);
    } catch (e) {
      skipped.push({ file, line: l.line, message: `not valid JSON (${parseError(e)})` });
      continue;
    }
    const res = Trajectory.safeParse(value);
    if (!res.success) throw new CoworkError('bad_input', `${file}:${l.line}: not a trajectory record`);
    const key = keyOf(res.data.task_id, res.data.trial);
    store.done.set(key, outcomeOf(res.data));
    lineOf.set(key, l.line);
  }
  if (cut < size) {
    let message = 'not valid JSON';
    try {
      JSON.parse(readSlice(file, cut, Math.min(size - cut, MAX_RECORD_BYTES)));
    } catch (e) {
      message = `not valid JSON (${parseError(e)})`;
    }
    skipped.push({
      file,
      line: last + 1,
      message: `${message}; a line cut off by an interrupted run, which resuming repairs`,
    });
  }
  return new Set(lineOf.values());
}

/** The records at `kept`'s lines, streamed from `file` in file order. */
async function* keptRecords(file: string, kept: ReadonlySet<number>): AsyncGenerator<Trajectory> {
  if (!kept.size) return;
  for await (const l of recordLines(file)) {
    if ('tooLong' in l || !kept.has(l.line)) continue;
    const res = Trajectory.safeParse(JSON.parse(l.text));
    if (res.success) yield res.data;
  }
}

/**
 * The configuration of records written without run.json: their tasks (family and capabilities unknown),
 * trials = the most counted trials of a task (abandoned and infra_error records do not count, so they
 * never change k), and the agent, user and seed of the first record.
 */
export function configFromRecords(records: Iterable<EpisodeOutcome>, dir: string): RunConfig {
  const tasks = new Map<string, string>();
  const counted = new Map<string, number>();
  let first: EpisodeOutcome | undefined;
  for (const t of records) {
    first ??= t;
    if (!tasks.has(t.task_id)) tasks.set(t.task_id, t.start?.spec_hash ?? '');
    const reason = t.end?.reason;
    if (reason !== 'abandoned' && reason !== 'infra_error') counted.set(t.task_id, (counted.get(t.task_id) ?? 0) + 1);
  }
  const start = first?.start;
  return {
    name: basename(dir),
    tasks: [...tasks.entries()]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([id, spec_hash]) => ({ id, spec_hash, family: 'unknown', capabilities: [] })),
    agent: start ? start.agent : { name: 'unknown' },
    user: start ? (start.user ?? null) : null,
    trials: [...counted.values()].reduce((a, b) => Math.max(a, b), 1),
    seed: start ? start.seed : 0,
  };
}
