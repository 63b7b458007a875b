import { open, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { type RunConfig, keyOf } from '../run/run-store.js';
import type { RunSummary } from '../run/summary.js';
import { CoworkError } from '../schema/errors.js';
import { checksOf, type Slim, type SlimCheck, slimOf } from './line-scan.js';
import type { EntryChecks, IndexEntry } from './index-entry.js';
import { summarizeEntries } from './run-summary.js';

export type { EntryChecks, IndexEntry } from './index-entry.js';

const NO_CHECKS: EntryChecks = Object.freeze({ ids: Object.freeze([]) as readonly string[], scores: [] });

export interface LineProblem {
  line: number;
  message: string;
}

const CHUNK = 4 << 20;

/**
 * A run directory, read incrementally: the byte offset of every complete line of trajectories.jsonl and a
 * small overview of it, never the whole run in memory. `refresh()` reads only what was appended since the
 * last call (a run still being written), and starts over if the file shrank (a resume truncated a cut-off
 * line). A later line for the same (task, trial) replaces the earlier one, as `RunStore.read` does.
 */
export class RunIndex {
  readonly dir: string;
  config: RunConfig | undefined;
  status = 'unknown';
  entries: IndexEntry[] = [];
  /** lines that are not JSON (skipped, as `coworkenv summary` skips them) */
  skipped: LineProblem[] = [];
  /** JSON lines that are not trajectory records */
  invalid: LineProblem[] = [];
  /** bytes indexed (complete lines) and bytes after them not yet ended by a newline */
  bytes = 0;
  pending = 0;
  #byKey = new Map<string, number>();
  #line = 0;
  #strings = new Map<string, string>();
  #checkIds = new Map<string, readonly string[]>();
  #summary: { at: number; value: RunSummary } | undefined;
  #refreshing: Promise<void> | undefined;
  #frozen = false;
  #snapshot: Promise<void> | undefined;

  readonly #chunk: number;

  /** `chunk`: bytes read at a time (tests make it small to cross line boundaries) */
  constructor(dir: string, opts: { chunk?: number } = {}) {
    this.dir = dir;
    this.#chunk = opts.chunk ?? CHUNK;
  }

  get file(): string {
    return join(this.dir, 'trajectories.jsonl');
  }

  get size(): number {
    return this.entries.length;
  }

  /** Re-reads run.json and indexes what was appended; concurrent callers share one pass. Once frozen, at most one more pass. */
  refresh(): Promise<void> {
    if (this.#snapshot) return this.#snapshot;
    this.#refreshing ??= this.#refresh().finally(() => (this.#refreshing = undefined));
    if (this.#frozen) this.#snapshot = this.#refreshing;
    return this.#refreshing;
  }

  /**
   * The next refresh is the last: `report` reads one consistent snapshot of a run (and skips re-reading
   * run.json and the file's size on every one of its hundreds of lookups).
   */
  freeze(): void {
    this.#frozen = true;
  }

  async #refresh(): Promise<void> {
    const runFile = join(this.dir, 'run.json');
    const text = await readFile(runFile, 'utf8').catch(() => {
      throw new CoworkError(
        'not_found',
        `${this.dir}: no readable run.json; is this a run directory (coworkenv run --out ${this.dir})?`,
      );
    });
    let meta: { config?: RunConfig; status?: unknown };
    try {
      meta = JSON.parse(text) as typeof meta;
    } catch (e) {
      throw new CoworkError(
        'bad_input',
        `${runFile}: not valid JSON (${(e as Error).message}); restore it, or rerun the run with --force`,
      );
    }
    if (!meta?.config || !Array.isArray(meta.config.tasks))
      throw new CoworkError(
        'bad_input',
        `${runFile}: has no run configuration (config.tasks); restore it, or rerun the run with --force`,
      );
    this.config = meta.config;
    this.status = String(meta.status ?? 'unknown');
    const size = (await stat(this.file).catch(() => undefined))?.size ?? 0;
    if (size < this.bytes) this.#reset();
    if (size > this.bytes) await this.#read(size);
  }

  #reset(): void {
    this.entries = [];
    this.skipped = [];
    this.invalid = [];
    this.bytes = 0;
    this.pending = 0;
    this.#byKey.clear();
    this.#line = 0;
    this.#summary = undefined;
  }

  async #read(size: number): Promise<void> {
    const fh = await open(this.file, 'r');
    try {
      // one buffer, reused: the unfinished line at its end moves to its start (it grows only for a longer line)
      let buf = Buffer.allocUnsafe(this.#chunk);
      let kept = 0;
      let pos = this.bytes;
      while (pos < size) {
        if (kept === buf.length) {
          const bigger = Buffer.allocUnsafe(buf.length * 2);
          buf.copy(bigger, 0, 0, kept);
          buf = bigger;
        }
        const { bytesRead } = await fh.read(buf, kept, Math.min(buf.length - kept, size - pos), pos);
        if (bytesRead === 0) break;
        pos += bytesRead;
        const filled = kept + bytesRead;
        const base = pos - filled;
        let start = 0;
        for (let nl = buf.indexOf(10, start); nl >= 0 && nl < filled; nl = buf.indexOf(10, start)) {
          this.#add(buf, start, nl, base + start);
          start = nl + 1;
        }
        buf.copy(buf, 0, start, filled);
        kept = filled - start;
        this.bytes = base + start;
      }
      this.pending = size - this.bytes;
      this.#summary = undefined;
    } finally {
      await fh.close();
    }
  }

  #intern(s: string): string {
    const have = this.#strings.get(s);
    if (have !== undefined) return have;
    this.#strings.set(s, s);
    return s;
  }

  #add(buf: Buffer, start: number, end: number, offset: number): void {
    const line = ++this.#line;
    let e = end;
    if (e > start && buf[e - 1] === 0x0d) e--;
    let blank = true;
    for (let i = start; i < e && blank; i++) blank = buf[i] === 0x20 || buf[i] === 0x09;
    if (blank) return;
    const r = slimOf(buf, start, e);
    if ('problem' in r) {
      (r.problem.startsWith('not valid JSON') ? this.skipped : this.invalid).push({ line, message: r.problem });
      return;
    }
    // the grade's span is in buffer positions: offset − start turns them into file offsets
    const entry = this.#entry(r.slim, offset, e - start, line, offset - start);
    const key = keyOf(entry.task_id, entry.trial);
    const at = this.#byKey.get(key);
    if (at === undefined) {
      this.#byKey.set(key, this.entries.length);
      this.entries.push(entry);
    } else this.entries[at] = entry;
  }

  #checks(task: string, list: readonly SlimCheck[]): EntryChecks {
    if (!list.length) return NO_CHECKS;
    const idKey = `${task}\u0000${list.map((c) => c.id).join('\u0000')}`;
    let ids = this.#checkIds.get(idKey);
    if (!ids) {
      ids = list.map((c) => this.#intern(c.id));
      this.#checkIds.set(idKey, ids);
    }
    return { ids, scores: list.map((c) => c.score) };
  }

  // one object shape for every entry (no spreads, no properties added later): this runs once per line
  #entry(s: Slim, offset: number, length: number, line: number, shift: number): IndexEntry {
    const task = this.#intern(s.task_id);
    const g = s.grade;
    const span = s.gradeSpan;
    return {
      task_id: task,
      trial: s.trial,
      offset,
      length,
      line,
      end: s.end === undefined ? undefined : this.#intern(s.end),
      error: s.error,
      status: g ? this.#intern(g.status) : undefined,
      score: g ? g.score : null,
      passed: g ? g.passed : null,
      violations: g ? g.violations : 0,
      checks: span ? undefined : this.#checks(task, s.checks ?? []),
      gradeFrom: span ? span[0] + shift : -1,
      gradeTo: span ? span[1] + shift : -1,
    };
  }

  /** Reads the checks of the entries that do not have them yet (their grade objects only, by offset). */
  async loadChecks(entries: readonly IndexEntry[] = this.entries): Promise<void> {
    const todo = entries.filter((e) => e.checks === undefined);
    if (!todo.length) return;
    const fh = await open(this.file, 'r');
    try {
      let buf = Buffer.allocUnsafe(64 << 10);
      for (const e of todo) {
        const [from, to] = [e.gradeFrom, e.gradeTo];
        if (to - from > buf.length) buf = Buffer.allocUnsafe(to - from);
        const { bytesRead } = await fh.read(buf, 0, to - from, from);
        let list: SlimCheck[] = [];
        try {
          list = checksOf(buf.toString('utf8', 0, bytesRead));
        } catch {
          // the file changed under the index (a resume rewrote it): shown without checks until re-indexed
        }
        e.checks = this.#checks(e.task_id, list);
        e.gradeFrom = e.gradeTo = -1;
      }
    } finally {
      await fh.close();
    }
  }

  /** The entry of (task, trial), if recorded. */
  find(taskId: string, trial: number): IndexEntry | undefined {
    const at = this.#byKey.get(keyOf(taskId, trial));
    return at === undefined ? undefined : this.entries[at];
  }

  /** The run summary `coworkenv summary` prints, computed from the index (cached until the file grows). */
  summary(): RunSummary {
    if (this.#summary?.at === this.bytes) return this.#summary.value;
    const config = this.config as RunConfig;
    const value = summarizeEntries(config.tasks, this.entries, config.trials);
    this.#summary = { at: this.bytes, value };
    return value;
  }

  /** The raw text of an entry's line. */
  async lineOf(e: IndexEntry): Promise<string> {
    const fh = await open(this.file, 'r');
    try {
      const buf = Buffer.allocUnsafe(e.length);
      const { bytesRead } = await fh.read(buf, 0, e.length, e.offset);
      return buf.toString('utf8', 0, bytesRead);
    } finally {
      await fh.close();
    }
  }
}
