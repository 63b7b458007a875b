import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { setPriority } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { WorkspaceBudget } from './limits.js';
import type { UnitJob, UnitReply } from './unit-protocol.js';

// An isolation unit: one child process that runs agent shell commands or parses agent-written documents. Its
// death — out of memory, a CPU or file-size limit, a crash, or the kill at a deadline — ends only the unit:
// the server sees a failed job and the pool starts a fresh one. A worker thread could not promise that: V8
// aborts the whole process when a thread's single allocation overshoots its heap limit.

/** The OS and V8 limits of one unit (docs/security.md). */
export interface UnitLimits {
  /** V8 old-generation heap, MB */
  heapMb: number;
  /** address space (RLIMIT_AS), MB: caps what V8's heap limit does not see (buffers, typed arrays) */
  addressMb: number;
  /** CPU seconds over the unit's whole life (RLIMIT_CPU); the pool retires a unit at half of it */
  cpuS: number;
  /** largest file the unit may write (RLIMIT_FSIZE), MB: it writes none */
  fileMb: number;
}

/** What became of a job sent to a unit. */
export type UnitOutcome = { kind: 'reply'; reply: UnitReply } | { kind: 'killed'; why: UnitDeath; detail: string };

export type UnitDeath = 'timeout' | 'memory_limit' | 'cpu_limit' | 'file_size_limit' | 'crashed';

export type UnitRole = 'shell' | 'reader';

// what V8 and the C++ allocator print when they give up on memory (the unit's stderr)
const OUT_OF_MEMORY =
  /heap limit|out of memory|\bOOM\b|Allocation failed|Cannot allocate|Array buffer allocation failed/i;
const STDERR_KEEP = 4096;

/** The niceness servers give their units (`serve`, `mcp --http`, `claw-serve`). */
export const SERVER_UNIT_NICENESS = 10;
let niceness = 0;
/**
 * Sets the scheduling niceness of units started from now on. A server sets 10, so that a unit busy with an
 * attack slows other units before it slows the event loop that answers every session; a batch run keeps 0,
 * so that its commands are not starved by other work on the machine.
 */
export function setUnitNiceness(n: number): void {
  niceness = n;
}

// A source checkout runs through tsx, whose loader the child registers first; the compiled package (dist/, and
// the compiled tests) starts the compiled entry directly.
// tsx's loader runs in a thread of its own and maps about 1.6 GB more address space (measured: 2.5 GB to start).
function entry(): { args: string[]; file: string; addressExtraMb: number } {
  const here = fileURLToPath(import.meta.url);
  if (here.endsWith('.ts')) {
    const tsx = fileURLToPath(import.meta.resolve('tsx/esm'));
    return { args: ['--import', tsx], file: here.replace(/unit\.ts$/, 'unit-child.ts'), addressExtraMb: 1536 };
  }
  return { args: [], file: here.replace(/unit\.js$/, 'unit-child.js'), addressExtraMb: 0 };
}

// the limits are set by the shell that then becomes node (exec), so they bind the unit and nothing else; a
// platform without /bin/sh runs node directly with its heap limit only
function command(role: UnitRole, l: UnitLimits, budget: WorkspaceBudget): { file: string; args: string[] } {
  const { args, file, addressExtraMb } = entry();
  const node = [
    `--max-old-space-size=${l.heapMb}`,
    '--max-semi-space-size=8',
    // WebAssembly's trap handler reserves 10 GB of address space per memory, which RLIMIT_AS would refuse
    '--disable-wasm-trap-handler',
    ...args,
    file,
    role,
    JSON.stringify(budget),
  ];
  if (process.platform === 'win32' || !existsSync('/bin/sh')) return { file: process.execPath, args: node };
  const limits = [
    `ulimit -v ${(l.addressMb + addressExtraMb) * 1024}`,
    `ulimit -t ${l.cpuS}`,
    // 512-byte blocks
    `ulimit -f ${l.fileMb * 2048}`,
  ]
    .map((x) => `${x} 2>/dev/null;`)
    .join(' ');
  return { file: '/bin/sh', args: ['-c', `${limits} exec "$@"`, 'sh', process.execPath, ...node] };
}

/** One child process with OS limits that runs one job at a time. */
export class IsolatedUnit {
  readonly child: ChildProcess;
  readonly ready: Promise<void>;
  dead = false;
  isReady = false;
  idleTimer: NodeJS.Timeout | undefined;
  /** CPU seconds the unit has used, as of its last answer */
  cpuS = 0;
  #stderr = '';
  #gone = false;
  #killedFor: UnitDeath | undefined;
  #settle: ((o: UnitOutcome) => void) | undefined;

  constructor(role: UnitRole, limits: UnitLimits, budget: WorkspaceBudget, onDeath: (u: IsolatedUnit) => void) {
    const cmd = command(role, limits, budget);
    this.child = spawn(cmd.file, cmd.args, {
      // the unit sees no host environment variables (no keys) and writes to nothing the server reads; two
      // malloc arenas instead of one per thread keep node's own address space small under RLIMIT_AS
      env: { MALLOC_ARENA_MAX: '2' },
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      serialization: 'advanced',
    });
    // raising a child's niceness needs no privilege
    if (niceness && this.child.pid !== undefined)
      try {
        setPriority(this.child.pid, niceness);
      } catch {
        // a platform without priorities runs the unit at the server's
      }
    this.child.stderr?.setEncoding('utf8');
    this.child.stderr?.on('data', (s: string) => {
      this.#stderr = (this.#stderr + s).slice(-STDERR_KEEP);
    });
    this.ready = new Promise<void>((resolve, reject) => {
      this.child.on('message', (m: UnitReply | { kind: 'ready' }) => {
        if (m.kind === 'ready') {
          this.isReady = true;
          resolve();
          return;
        }
        this.cpuS = m.cpuS;
        this.#finish({ kind: 'reply', reply: m });
      });
      this.child.on('error', (e) => {
        this.#die(onDeath);
        reject(e);
        this.#finish({ kind: 'killed', why: 'crashed', detail: `the isolation unit could not run: ${e.message}` });
      });
      this.child.on('exit', (code, signal) => {
        this.#die(onDeath);
        const why = this.#killedFor ?? deathOf(signal, this.#stderr);
        reject(new Error(`the isolation unit exited (${signal ?? code}) before it was ready: ${this.#lastLine()}`));
        this.#finish({
          kind: 'killed',
          why,
          detail: `the isolation unit exited (${signal ?? code}): ${this.#lastLine()}`,
        });
      });
    });
    this.ready.catch(() => {});
    // an idle unit never keeps the process alive; a busy one is ref'd by exec()
    this.#unref();
  }

  /** Runs one job; the unit is killed when it has not answered `killAfterMs` after the start. */
  exec(job: UnitJob, killAfterMs: number): Promise<UnitOutcome> {
    return new Promise<UnitOutcome>((resolve) => {
      const timer = setTimeout(() => this.kill('timeout'), killAfterMs);
      this.#settle = (o) => {
        clearTimeout(timer);
        this.#unref();
        resolve(o);
      };
      this.#ref();
      try {
        this.child.send(job);
      } catch (e) {
        this.kill('crashed');
        this.#finish({ kind: 'killed', why: 'crashed', detail: `the job could not be sent: ${(e as Error).message}` });
      }
    });
  }

  /** Kills the unit now (SIGKILL: nothing it runs can delay it). */
  kill(why: UnitDeath = 'crashed'): void {
    this.#killedFor ??= why;
    this.dead = true;
    clearTimeout(this.idleTimer);
    this.child.kill('SIGKILL');
    if (why === 'timeout') this.#finish({ kind: 'killed', why, detail: 'no answer before the deadline' });
  }

  // 'error' and 'exit' may both come: the pool hears of a death once
  #die(onDeath: (u: IsolatedUnit) => void): void {
    this.dead = true;
    if (this.#gone) return;
    this.#gone = true;
    onDeath(this);
  }

  #finish(o: UnitOutcome): void {
    const settle = this.#settle;
    this.#settle = undefined;
    settle?.(o);
  }

  // the process, its IPC channel and its stderr pipe each hold the event loop open
  #ref(): void {
    this.child.ref();
    (this.child.channel as { ref?: () => void } | undefined)?.ref?.();
    (this.child.stderr as { ref?: () => void } | null)?.ref?.();
  }

  #unref(): void {
    this.child.unref();
    (this.child.channel as { unref?: () => void } | undefined)?.unref?.();
    (this.child.stderr as { unref?: () => void } | null)?.unref?.();
  }

  /** Holds the event loop open while a caller waits for the unit to start (the pool's warm-up, a job). */
  hold(on: boolean): void {
    if (on) this.#ref();
    else this.#unref();
  }

  #lastLine(): string {
    const lines = this.#stderr.trim().split('\n');
    return (lines.find((l) => OUT_OF_MEMORY.test(l)) ?? lines.at(-1) ?? '').slice(0, 300);
  }
}

function deathOf(signal: NodeJS.Signals | null, stderr: string): UnitDeath {
  if (signal === 'SIGXCPU') return 'cpu_limit';
  if (signal === 'SIGXFSZ') return 'file_size_limit';
  if (OUT_OF_MEMORY.test(stderr)) return 'memory_limit';
  return 'crashed';
}
