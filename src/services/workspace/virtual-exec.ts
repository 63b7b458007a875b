import { Bash, defineCommand, InMemoryFs } from 'just-bash';
import { ToolError } from '../tool-error.js';
import { dateText } from './mock-date.js';
import { maxEntries, tooManyBytes, tooManyFiles, type WorkspaceBudget, workspaceFull } from './limits.js';
import { ROOT } from './paths.js';
import { readVirtual, type Skipped } from './readback.js';
import type { WsFile } from './shell-types.js';

// Runs one just-bash command over an in-memory copy of the workspace. It runs inside a shell isolation unit
// (unit-child.ts: a child process with OS limits), never on the server's event loop: just-bash's awk/sed/jq/bash loops do not yield.

/** One command for a worker: the workspace goes in as strings (structured clone copies them, no JSON). */
export interface VirtualJob {
  files: WsFile[];
  command: string;
  /** mock time for `date` */
  now: string;
  timeoutMs: number;
  maxOutput: number;
  budget: WorkspaceBudget;
}

/** A worker's answer: only changed and removed files come back, the caller keeps the rest. */
export type VirtualReply =
  | {
      kind: 'done';
      exitCode: number;
      stdout: string;
      stderr: string;
      changed: WsFile[];
      removed: string[];
      skipped: Skipped[];
      stopped?: 'timeout' | 'execution_limit';
    }
  | { kind: 'tool_error'; code: ToolError['code']; message: string; extra: Record<string, unknown> }
  | { kind: 'error'; message: string };

const cap = (s: string, max: number) => (s.length > max ? `${s.slice(0, max)}\n...[truncated]` : s);

// just-bash reports its execution limits as exit 126 with one of these messages
const JUST_BASH_LIMIT =
  /(limit exceeded|too many commands executed|too many open file descriptors|maximum [a-z ]*depth \(\d+\) exceeded|output size exceeded)/;
const TOO_MANY_ENTRIES = 'ENOSPC: too many files and directories in the workspace';
// just-bash's own files (/bin, /dev, /proc …): not part of the workspace's budget
const SYSTEM_BYTES = 1_000_000;

/**
 * just-bash's in-memory filesystem with the workspace budget enforced on every write, not only after the
 * command: bytes by InMemoryFs itself, entries (files, directories, links) here. Creations are counted
 * cheaply and recounted exactly only when the count passes the cap.
 */
class BudgetFs extends InMemoryFs {
  /** set once a creation was refused: the command is then refused as a whole, as the real shell's is */
  overflowed = false;
  #entries = 0;
  #cap = Number.POSITIVE_INFINITY;
  constructor(budget: WorkspaceBudget) {
    // bytes: a hard cap at twice the budget while the command runs (scratch space, as the sandbox's tmpfs
    // allows); the read-back then applies the budget itself, so both shells refuse the same commands
    super(undefined, { maxTotalBytes: 2 * budget.bytes + SYSTEM_BYTES });
  }
  /** Starts counting: just-bash's own entries (/bin, /dev, /proc …) are not part of the workspace's. */
  limitEntries(entries: number): void {
    this.#entries = this.getAllPaths().length;
    this.#cap = this.#entries + entries;
  }
  #admit(): void {
    if (++this.#entries <= this.#cap) return;
    this.#entries = this.getAllPaths().length + 1;
    if (this.#entries > this.#cap) {
      this.overflowed = true;
      throw new Error(TOO_MANY_ENTRIES);
    }
  }
  override writeFileSync(...a: Parameters<InMemoryFs['writeFileSync']>): void {
    this.#admit();
    super.writeFileSync(...a);
  }
  override async writeFile(...a: Parameters<InMemoryFs['writeFile']>): Promise<void> {
    this.#admit();
    await super.writeFile(...a);
  }
  override async appendFile(...a: Parameters<InMemoryFs['appendFile']>): Promise<void> {
    this.#admit();
    await super.appendFile(...a);
  }
  override mkdirSync(...a: Parameters<InMemoryFs['mkdirSync']>): void {
    this.#admit();
    super.mkdirSync(...a);
  }
  override async mkdir(...a: Parameters<InMemoryFs['mkdir']>): Promise<void> {
    this.#admit();
    await super.mkdir(...a);
  }
  override async cp(...a: Parameters<InMemoryFs['cp']>): Promise<void> {
    this.#admit();
    await super.cp(...a);
  }
  override async symlink(...a: Parameters<InMemoryFs['symlink']>): Promise<void> {
    this.#admit();
    await super.symlink(...a);
  }
  override async link(...a: Parameters<InMemoryFs['link']>): Promise<void> {
    this.#admit();
    await super.link(...a);
  }
}

interface Shell {
  bash: Bash;
  fs: BudgetFs;
  budget: WorkspaceBudget;
}

// the mock time `date` answers with: set per job, read by the one command instance of each Bash
let clock = '1970-01-01T00:00:00.000Z';
const date = defineCommand('date', async (args) => {
  const fmt = args.find((a) => a.startsWith('+'));
  const d = new Date(clock);
  const out =
    fmt === '+%Y-%m-%d' || fmt === '+%F'
      ? clock.slice(0, 10)
      : fmt === '+%s'
        ? String(Math.floor(d.getTime() / 1000))
        : dateText(clock).trimEnd();
  return { stdout: `${out}\n`, stderr: '', exitCode: 0 };
});

// Building a Bash (registering ~100 commands, writing their /bin stubs) costs more than running `echo`.
// One Bash is built per worker and each command gets a fresh filesystem: a copy of the one just-bash laid
// out at construction (/bin, /dev, /proc …; every entry copied, so a chmod or a planted /bin file of one
// command is never seen by the next). exec() copies the shell state (variables, functions, cwd) per call;
// only the command-path cache is shared, and it is cleared. This relies on just-bash 3.4.2 internals (the
// pin in package.json): InMemoryFs keeps its entries in a Map named `data` and Bash reads `this.fs` on each
// exec. When they are not as expected, every command builds its own Bash instead.
interface Internals {
  data?: unknown;
  state?: { hashTable?: unknown };
}
let base: { bash: Bash; layout: [string, object][] } | undefined | null;

function newBash(fs: BudgetFs): Bash {
  return new Bash({
    fs,
    cwd: ROOT,
    customCommands: [date],
    executionLimits: { maxCommandCount: 10_000, maxLoopIterations: 10_000 },
  });
}

function newShell(budget: WorkspaceBudget): Shell {
  const fs = new BudgetFs(budget);
  if (base === undefined) {
    const bash = newBash(fs);
    const data = (fs as unknown as Internals).data;
    const hash = (bash as unknown as Internals).state?.hashTable;
    base =
      data instanceof Map && hash instanceof Map && (bash as { fs: unknown }).fs === fs
        ? { bash, layout: [...(data as Map<string, object>)].map(([p, e]): [string, object] => [p, { ...e }]) }
        : null;
    if (!base) return finish(bash, fs, budget);
  }
  if (base === null) return finish(newBash(fs), fs, budget);
  (fs as unknown as { data: Map<string, object> }).data = new Map(base.layout.map(([p, e]) => [p, { ...e }]));
  const bash = base.bash;
  (bash as { fs: unknown }).fs = fs;
  ((bash as unknown as Internals).state?.hashTable as Map<unknown, unknown>).clear();
  return finish(bash, fs, budget);
}

function finish(bash: Bash, fs: BudgetFs, budget: WorkspaceBudget): Shell {
  fs.mkdirSync(ROOT, { recursive: true });
  fs.limitEntries(maxEntries(budget));
  return { bash, fs, budget };
}

// the next command's filesystem is prepared while the worker is idle
let spare: Shell | undefined;
const sameBudget = (a: WorkspaceBudget, b: WorkspaceBudget) => a.bytes === b.bytes && a.files === b.files;

/** Prepares the next command's shell ahead of time (called when a worker is idle). */
export function prepareShell(budget: WorkspaceBudget): void {
  if (!spare || !sameBudget(spare.budget, budget)) spare = newShell(budget);
}

function takeShell(budget: WorkspaceBudget): Shell {
  const s = spare && sameBudget(spare.budget, budget) ? spare : newShell(budget);
  spare = undefined;
  // the shared Bash runs on this shell's filesystem
  if (base) (base.bash as { fs: unknown }).fs = s.fs;
  return s;
}

/** Runs a command over a copy of the files; a timed-out command changes no file (see isolation-pool.ts). */
export async function execVirtual(job: VirtualJob): Promise<VirtualReply> {
  try {
    return await exec(job);
  } catch (e) {
    if (e instanceof ToolError) return { kind: 'tool_error', code: e.code, message: e.message, extra: { ...e.extra } };
    return { kind: 'error', message: e instanceof Error ? e.message : String(e) };
  }
}

async function exec(job: VirtualJob): Promise<VirtualReply> {
  const { bash, fs } = takeShell(job.budget);
  clock = job.now;
  for (const f of job.files)
    fs.writeFileSync(`${ROOT}/${f.path}`, f.encoding === 'base64' ? Buffer.from(f.content, 'base64') : f.content);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), job.timeoutMs);
  let r: { stdout: string; stderr: string; exitCode: number };
  try {
    r = await bash.exec(job.command, { signal: controller.signal });
  } catch (e) {
    // the filesystem refuses writes past the budget; some writes surface as a throw
    const msg = e instanceof Error ? e.message : '';
    if (msg.startsWith(TOO_MANY_ENTRIES)) throw workspaceFull(tooManyFiles(job.budget));
    if (/\bENOSPC\b/.test(msg)) throw workspaceFull(tooManyBytes(job.budget));
    throw e;
  } finally {
    clearTimeout(timer);
  }
  const stdout = cap(r.stdout, job.maxOutput);
  const stderr = cap(r.stderr, job.maxOutput);
  if (fs.overflowed) throw workspaceFull(tooManyFiles(job.budget), { exit_code: r.exitCode, stdout, stderr });
  if (controller.signal.aborted)
    return { kind: 'done', exitCode: 124, stdout, stderr, changed: [], removed: [], skipped: [], stopped: 'timeout' };
  let back: Awaited<ReturnType<typeof readVirtual>>;
  try {
    back = await readVirtual(fs, job.budget);
  } catch (e) {
    // a workspace-limit error carries the command's output, which may explain what filled the workspace
    if (e instanceof ToolError)
      throw new ToolError(e.code, e.message, { ...e.extra, exit_code: r.exitCode, stdout, stderr });
    throw e;
  }
  const lastErr = r.stderr.trimEnd().split('\n').at(-1) ?? '';
  const stopped = r.exitCode === 126 && JUST_BASH_LIMIT.test(lastErr) ? 'execution_limit' : undefined;
  const before = new Map(job.files.map((f) => [f.path, f]));
  const changed = back.files.filter((f) => {
    const old = before.get(f.path);
    return !old || old.content !== f.content || old.encoding !== f.encoding;
  });
  const after = new Set(back.files.map((f) => f.path));
  const removed = job.files.filter((f) => !after.has(f.path)).map((f) => f.path);
  return {
    kind: 'done',
    exitCode: r.exitCode,
    stdout,
    stderr,
    changed,
    removed,
    skipped: back.skipped,
    ...(stopped ? { stopped } : {}),
  };
}
