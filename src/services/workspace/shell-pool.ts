import { Worker } from 'node:worker_threads';
import { type WorkspaceBudget, workspaceBudget } from './limits.js';
import type { VirtualJob, VirtualReply } from './virtual-exec.js';

/** How many shell commands may run at once and what each may use. */
export interface ShellPoolOptions {
  /** idle workers kept started beside the busy ones (within max) [2] */
  warm?: number;
  /** shell commands running at once, both modes; more wait in line [4] */
  max?: number;
  /** V8 heap limit of each worker in MB, at least 64 (a command past it is stopped as memory_limit) [256] */
  heapMb?: number;
  /** past a command's timeout, how long a worker may take to stop it cooperatively before it is terminated [200] */
  graceMs?: number;
  /** idle ms after which a worker beyond `warm` is stopped [30000] */
  idleMs?: number;
}

const REPLACE_DELAY_MS = 2000;

/** What became of a command sent to a worker. */
export type PoolOutcome =
  | { kind: 'reply'; reply: VirtualReply }
  | { kind: 'killed'; why: 'timeout' | 'memory_limit' | 'crashed'; detail: string };

export const DEFAULT_SHELL_POOL: Required<ShellPoolOptions> = Object.freeze({
  warm: 2,
  max: 4,
  heapMb: 256,
  graceMs: 200,
  idleMs: 30_000,
});
// V8 lets a worker past its heap limit allocate 16 MB more while it unwinds; an allocation beyond that aborts the
// whole process. Below 64 MB, just-bash itself plus one large string leave no such room.
const MIN_HEAP_MB = 64;

/** Memory one worker may hold beyond the workspace itself: its heap limit plus V8's young generation and code. */
export const workerOverheadBytes = (o: Required<ShellPoolOptions>) => (o.heapMb + 48) * 1_000_000;

// A source checkout runs through tsx, whose loader a worker does not inherit: the worker registers it first.
// The compiled package (dist/) starts the compiled worker directly.
function workerEntry(): { filename: string | URL; eval: boolean } {
  if (import.meta.url.endsWith('.ts')) {
    const tsx = import.meta.resolve('tsx/esm/api');
    const target = new URL('./shell-worker.ts', import.meta.url).href;
    return {
      filename: `import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(target)}); })`,
      eval: true,
    };
  }
  return { filename: new URL('./shell-worker.js', import.meta.url), eval: false };
}

class PoolWorker {
  readonly worker: Worker;
  readonly ready: Promise<void>;
  dead = false;
  isReady = false;
  idleTimer: NodeJS.Timeout | undefined;
  #settle: ((o: PoolOutcome) => void) | undefined;

  constructor(heapMb: number, budget: WorkspaceBudget, onDeath: (w: PoolWorker) => void) {
    const entry = workerEntry();
    this.worker = new Worker(entry.filename, {
      eval: entry.eval,
      workerData: { budget },
      resourceLimits: { maxOldGenerationSizeMb: heapMb, maxYoungGenerationSizeMb: 16, stackSizeMb: 4 },
      // the worker sees no host environment variables and shares none back
      env: {},
    });
    this.ready = new Promise<void>((resolve, reject) => {
      this.worker.on('message', (m: VirtualReply | { kind: 'ready' }) => {
        if (m.kind === 'ready') {
          this.isReady = true;
          resolve();
        } else this.#finish({ kind: 'reply', reply: m });
      });
      this.worker.on('error', (e: Error & { code?: string }) => {
        this.dead = true;
        onDeath(this);
        reject(e);
        this.#finish({
          kind: 'killed',
          why: e.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'memory_limit' : 'crashed',
          detail: e.message,
        });
      });
      this.worker.on('exit', (code) => {
        this.dead = true;
        onDeath(this);
        reject(new Error(`the shell worker exited (${code}) before it was ready`));
        this.#finish({ kind: 'killed', why: 'crashed', detail: `the shell worker exited (${code})` });
      });
    });
    this.ready.catch(() => {});
    // after the listeners: adding a 'message' listener refs the worker again. An idle worker never keeps
    // the process alive; a busy one is ref'd by exec()
    this.worker.unref();
  }

  #finish(o: PoolOutcome): void {
    const settle = this.#settle;
    this.#settle = undefined;
    settle?.(o);
  }

  /** Runs one job; the worker is terminated when it has not answered `killAfterMs` after the start. */
  exec(job: VirtualJob, killAfterMs: number): Promise<PoolOutcome> {
    return new Promise<PoolOutcome>((resolve) => {
      const timer = setTimeout(() => {
        this.dead = true;
        this.#finish({ kind: 'killed', why: 'timeout', detail: `no answer ${killAfterMs} ms after the start` });
        void this.worker.terminate();
      }, killAfterMs);
      this.#settle = (o) => {
        clearTimeout(timer);
        this.worker.unref();
        resolve(o);
      };
      this.worker.ref();
      this.worker.postMessage(job);
    });
  }

  stop(): void {
    this.dead = true;
    clearTimeout(this.idleTimer);
    void this.worker.terminate();
  }
}

/**
 * A small pool of worker threads that run just-bash commands off the event loop, plus the line every shell
 * command (both modes) waits in. A worker is terminated — a hard stop the command cannot delay — when the
 * command's timeout (plus a short grace for a cooperative stop) passes, or when it outgrows its heap; the
 * pool then starts a fresh one. At most `max` commands run at once; the rest wait, in order.
 */
export class ShellPool {
  readonly options: Required<ShellPoolOptions>;
  readonly #idle: PoolWorker[] = [];
  readonly #all = new Set<PoolWorker>();
  readonly #waiting: (() => void)[] = [];
  #running = 0;
  #closed = false;

  constructor(options: ShellPoolOptions = {}) {
    this.options = { ...DEFAULT_SHELL_POOL, ...options };
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
        `shell pool: need 0 <= warm <= max, max >= 1, heapMb >= ${MIN_HEAP_MB}; got ${JSON.stringify(this.options)}`,
      );
    }
  }

  /** Workers started (idle or busy), commands running, commands waiting. */
  stats(): { workers: number; running: number; waiting: number } {
    return { workers: this.#all.size, running: this.#running, waiting: this.#waiting.length };
  }

  /** Starts the spare workers now and waits until they are ready, so the next commands do not wait for one. */
  async warmUp(): Promise<void> {
    this.#topUp();
    const starting = this.#idle.filter((w) => !w.isReady);
    // a caller waiting here keeps the process alive until the workers are up
    for (const w of starting) w.worker.ref();
    await Promise.allSettled(starting.map((w) => w.ready));
    for (const w of starting) if (this.#idle.includes(w)) w.worker.unref();
  }

  /** Runs `fn` once fewer than `max` shell commands are running (both modes use this line). */
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

  /** Runs a just-bash job in a worker; the job's own timeout is enforced by terminating the worker. */
  run(job: VirtualJob): Promise<PoolOutcome> {
    return this.slot(async () => {
      if (this.#closed) return { kind: 'killed', why: 'crashed', detail: 'the shell pool is closed' };
      const w = this.#take();
      this.#topUpSoon();
      clearTimeout(w.idleTimer);
      // a command is waiting: the worker keeps the process alive until it answers (exec() unrefs it)
      w.worker.ref();
      try {
        await w.ready;
      } catch (e) {
        this.#drop(w);
        return {
          kind: 'killed',
          why: 'crashed',
          detail: `the shell worker could not start: ${e instanceof Error ? e.message : String(e)}`,
        };
      }
      const outcome = await w.exec(job, job.timeoutMs + this.options.graceMs);
      if (w.dead || this.#closed) this.#drop(w);
      else this.#release(w);
      return outcome;
    });
  }

  /** Stops every worker; later runs fail. */
  async close(): Promise<void> {
    this.#closed = true;
    const all = [...this.#all];
    this.#all.clear();
    this.#idle.length = 0;
    await Promise.allSettled(all.map((w) => w.worker.terminate()));
  }

  // a started worker first: a replacement may still be loading just-bash
  #take(): PoolWorker {
    const i = this.#idle.findLastIndex((w) => w.isReady);
    if (i >= 0) return this.#idle.splice(i, 1)[0] as PoolWorker;
    return this.#idle.pop() ?? this.#spawn();
  }

  #spawn(): PoolWorker {
    const w = new PoolWorker(this.options.heapMb, workspaceBudget(), (dead) => this.#forget(dead));
    this.#all.add(w);
    return w;
  }

  #release(w: PoolWorker): void {
    this.#idle.push(w);
    if (this.#idle.length > this.options.warm) {
      w.idleTimer = setTimeout(() => {
        const i = this.#idle.indexOf(w);
        if (i < 0 || this.#idle.length <= this.options.warm) return;
        this.#idle.splice(i, 1);
        this.#all.delete(w);
        w.stop();
      }, this.options.idleMs);
      w.idleTimer.unref();
    }
  }

  // a worker that died while idle (a crash outside a command) leaves the pool
  #forget(w: PoolWorker): void {
    const i = this.#idle.indexOf(w);
    if (i >= 0) {
      this.#idle.splice(i, 1);
      this.#all.delete(w);
      clearTimeout(w.idleTimer);
    }
  }

  // `warm` idle workers are kept beside the busy ones (within `max`), so a command rarely waits for a start
  #topUp(): void {
    while (!this.#closed && this.#idle.length < this.options.warm && this.#all.size < this.options.max)
      this.#idle.push(this.#spawn());
  }

  // spares are started at once when no started worker is idle; otherwise a little later, so that a start
  // (loading just-bash takes a core for a moment) does not compete with the commands being served right now
  #topUpSoon(): void {
    if (!this.#idle.some((x) => x.isReady)) this.#topUp();
    else if (this.#idle.length < this.options.warm) setTimeout(() => this.#topUp(), REPLACE_DELAY_MS).unref();
  }

  // a killed or crashed worker is replaced
  #drop(w: PoolWorker): void {
    this.#all.delete(w);
    w.stop();
    this.#topUpSoon();
  }
}

let shared: ShellPool | undefined;
let sharedOptions: ShellPoolOptions = {};

/** The process's shell pool (created on first use). */
export function shellPool(): ShellPool {
  return (shared ??= new ShellPool(sharedOptions));
}

/** Sets the options of the process's shell pool; an existing pool is closed and replaced on next use. */
export function configureShellPool(options: ShellPoolOptions): Required<ShellPoolOptions> {
  const next = new ShellPool(options);
  sharedOptions = options;
  const old = shared;
  shared = next;
  if (old) void old.close();
  return next.options;
}
