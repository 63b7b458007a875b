import { workspaceBudget } from './limits.js';
import { IsolatedUnit, type UnitDeath, type UnitLimits, type UnitOutcome, type UnitRole } from './unit.js';
import type { UnitJob } from './unit-protocol.js';

/** How many jobs may run at once in a pool and what each unit may use. */
export interface PoolOptions {
  /** idle units kept started beside the busy ones (within max) [shell 2, reader 0] */
  warm?: number;
  /** jobs running at once; more wait in line [shell 4, reader 2] */
  max?: number;
  /** V8 heap limit of each unit in MB, at least 64 (a job past it is stopped as memory_limit) [256] */
  heapMb?: number;
  /** past a job's own timeout, how long a unit may take to answer before it is killed [200] */
  graceMs?: number;
  /** idle ms after which a unit beyond `warm` is stopped [30000] */
  idleMs?: number;
}

const REPLACE_DELAY_MS = 2000;
// the address space a unit may map beyond twice its V8 heap: node itself maps about 900 MB (code range,
// thread stacks, malloc arenas); the rest is room for buffers, which the heap limit does not count
const ADDRESS_EXTRA_MB = 1024;
const UNIT_CPU_S = 3600;
const UNIT_FILE_MB = 64;
const MIN_HEAP_MB = 64;

export const DEFAULT_SHELL_POOL: Required<PoolOptions> = Object.freeze({
  warm: 2,
  max: 4,
  heapMb: 256,
  graceMs: 200,
  idleMs: 30_000,
});
export const DEFAULT_READER_POOL: Required<PoolOptions> = Object.freeze({
  warm: 0,
  max: 2,
  heapMb: 256,
  graceMs: 1000,
  idleMs: 30_000,
});

/** The OS limits of a pool's units (docs/security.md). */
export const unitLimits = (o: Required<PoolOptions>): UnitLimits => ({
  heapMb: o.heapMb,
  addressMb: 2 * o.heapMb + ADDRESS_EXTRA_MB,
  cpuS: UNIT_CPU_S,
  fileMb: UNIT_FILE_MB,
});

/** Memory one unit may hold beyond the workspace itself: its heap limit plus V8's young generation and code. */
export const workerOverheadBytes = (o: Required<PoolOptions>) => (o.heapMb + 48) * 1_000_000;

/**
 * A small pool of isolation units (child processes with OS limits, unit.ts) plus the line every job of its
 * kind waits in. A unit is killed — a hard stop the job cannot delay — when the job's deadline passes or when
 * it dies of a limit; the pool then starts a fresh one. At most `max` jobs run at once; the rest wait, in order.
 */
export class IsolationPool {
  readonly options: Required<PoolOptions>;
  readonly #role: UnitRole;
  readonly #idle: IsolatedUnit[] = [];
  readonly #all = new Set<IsolatedUnit>();
  readonly #waiting: (() => void)[] = [];
  #running = 0;
  #spawned = 0;
  #closed = false;

  constructor(options: PoolOptions = {}, role: UnitRole = 'shell') {
    this.#role = role;
    this.options = { ...(role === 'shell' ? DEFAULT_SHELL_POOL : DEFAULT_READER_POOL), ...options };
    const { warm, max, heapMb } = this.options;
    if (
      !(
        Number.isInteger(max) &&
        max >= 1 &&
        Number.isInteger(warm) &&
        warm >= 0 &&
        warm <= max &&
        heapMb >= MIN_HEAP_MB
      )
    ) {
      throw new RangeError(
        `isolation pool: need 0 <= warm <= max, max >= 1, heapMb >= ${MIN_HEAP_MB}; got ${JSON.stringify(this.options)}`,
      );
    }
  }

  /** Units started (idle or busy), jobs running, jobs waiting, and units ever started. */
  stats(): { workers: number; running: number; waiting: number; spawned: number } {
    return { workers: this.#all.size, running: this.#running, waiting: this.#waiting.length, spawned: this.#spawned };
  }

  /** Starts the spare units now and waits until they are ready, so the next jobs do not wait for one. */
  async warmUp(): Promise<void> {
    this.#topUp();
    const starting = this.#idle.filter((u) => !u.isReady);
    // a caller waiting here keeps the process alive until the units are up
    for (const u of starting) u.hold(true);
    await Promise.allSettled(starting.map((u) => u.ready));
    for (const u of starting) if (this.#idle.includes(u)) u.hold(false);
  }

  /** Runs `fn` once fewer than `max` jobs are running (the bubblewrap shell waits in the shell pool's line too). */
  async slot<T>(fn: () => Promise<T>): Promise<T> {
    if (this.#running >= this.options.max) await new Promise<void>((resolve) => this.#waiting.push(resolve));
    this.#running++;
    try {
      return await fn();
    } finally {
      this.#running--;
      this.#waiting.shift()?.();
    }
  }

  /**
   * Runs a job in a unit; the unit is killed when the job has not answered `timeoutMs` (plus the grace) after
   * its start. Waiting for a unit to start counts against the same deadline: a job never outlives it.
   */
  run(job: UnitJob, timeoutMs: number): Promise<UnitOutcome> {
    return this.slot(async () => {
      if (this.#closed) return killed('crashed', 'the isolation pool is closed');
      const deadline = Date.now() + timeoutMs + this.options.graceMs;
      const u = this.#take();
      this.#topUpSoon();
      clearTimeout(u.idleTimer);
      // a job is waiting: the unit keeps the process alive until it answers (exec() unrefs it)
      u.hold(true);
      let started: boolean;
      try {
        started = await startedBy(u, deadline);
      } catch (e) {
        this.#drop(u);
        return killed('crashed', `the isolation unit could not start: ${e instanceof Error ? e.message : String(e)}`);
      }
      if (!started) {
        // still starting: it serves a later job
        u.hold(false);
        this.#release(u);
        return killed('timeout', 'no isolation unit had started before the deadline');
      }
      const outcome = await u.exec(job, Math.max(1, deadline - Date.now()));
      // a unit near its lifetime CPU limit is retired before the limit could stop a job
      if (u.dead || this.#closed || u.cpuS > UNIT_CPU_S / 2) this.#drop(u);
      else this.#release(u);
      return outcome;
    });
  }

  /** Stops every unit; later runs fail. */
  async close(): Promise<void> {
    this.#closed = true;
    const all = [...this.#all];
    this.#all.clear();
    this.#idle.length = 0;
    for (const u of all) u.kill();
  }

  // a started unit first: a replacement may still be loading
  #take(): IsolatedUnit {
    const i = this.#idle.findLastIndex((u) => u.isReady);
    if (i >= 0) return this.#idle.splice(i, 1)[0] as IsolatedUnit;
    return this.#idle.pop() ?? this.#spawn();
  }

  #spawn(): IsolatedUnit {
    this.#spawned++;
    const u = new IsolatedUnit(this.#role, unitLimits(this.options), workspaceBudget(), (dead) => this.#forget(dead));
    this.#all.add(u);
    return u;
  }

  #release(u: IsolatedUnit): void {
    this.#idle.push(u);
    if (this.#idle.length > this.options.warm) {
      u.idleTimer = setTimeout(() => {
        const i = this.#idle.indexOf(u);
        if (i < 0 || this.#idle.length <= this.options.warm) return;
        this.#idle.splice(i, 1);
        this.#all.delete(u);
        u.kill();
      }, this.options.idleMs);
      u.idleTimer.unref();
    }
  }

  // a unit that died while idle (a crash outside a job) leaves the pool
  #forget(u: IsolatedUnit): void {
    const i = this.#idle.indexOf(u);
    if (i >= 0) {
      this.#idle.splice(i, 1);
      this.#all.delete(u);
      clearTimeout(u.idleTimer);
    }
  }

  // `warm` idle units are kept beside the busy ones (within `max`), so a job rarely waits for a start
  #topUp(): void {
    while (!this.#closed && this.#idle.length < this.options.warm && this.#all.size < this.options.max)
      this.#idle.push(this.#spawn());
  }

  // spares are started at once when no started unit is idle; otherwise a little later, so that a start
  // (loading just-bash takes a core for a moment) does not compete with the jobs being served right now
  #topUpSoon(): void {
    if (!this.#idle.some((x) => x.isReady)) this.#topUp();
    else if (this.#idle.length < this.options.warm) setTimeout(() => this.#topUp(), REPLACE_DELAY_MS).unref();
  }

  // a killed or crashed unit is replaced
  #drop(u: IsolatedUnit): void {
    this.#all.delete(u);
    u.kill();
    this.#topUpSoon();
  }
}

const killed = (why: UnitDeath, detail: string): UnitOutcome => ({ kind: 'killed', why, detail });

// whether the unit is ready by the deadline (a start that fails rejects)
function startedBy(u: IsolatedUnit, deadline: number): Promise<boolean> {
  if (u.isReady) return Promise.resolve(true);
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), Math.max(0, deadline - Date.now()));
  });
  return Promise.race([u.ready.then(() => true), late]).finally(() => clearTimeout(timer));
}

let shell: IsolationPool | undefined;
let shellOptions: PoolOptions = {};
let reader: IsolationPool | undefined;

/** The process's shell pool (created on first use). */
export function shellPool(): IsolationPool {
  return (shell ??= new IsolationPool(shellOptions, 'shell'));
}

/** The process's document-reader pool (created on first use): its own line, so shell commands never delay a read. */
export function readerPool(): IsolationPool {
  return (reader ??= new IsolationPool({}, 'reader'));
}

/** Sets the options of the process's shell pool; an existing pool is closed and replaced on next use. */
export function configureShellPool(options: PoolOptions): Required<PoolOptions> {
  const next = new IsolationPool(options, 'shell');
  shellOptions = options;
  const old = shell;
  shell = next;
  if (old) void old.close();
  return next.options;
}

/** Stops both pools of the process (tests and one-shot commands that want no child left behind). */
export async function closePools(): Promise<void> {
  await Promise.all([shell?.close(), reader?.close()]);
  shell = undefined;
  reader = undefined;
}
