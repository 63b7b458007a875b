import assert from 'node:assert/strict';
import { type ChildProcessByStdio, spawn } from 'node:child_process';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';

// test support for spawning the CLI the way a user runs it

/** The project root (where bin/coworkenv.js lives). */
export const ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The environment a spawned CLI gets in tests: no colours (CI sets `CI`, which turns them on), no debug stacks. */
export function cliEnv(extra: Readonly<Record<string, string>> = {}): Record<string, string> {
  const e: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined) e[k] = v;
  delete e.FORCE_COLOR;
  delete e.COWORKENV_DEBUG;
  delete e.NODE_TEST_CONTEXT;
  return { ...e, NO_COLOR: '1', ...extra };
}

/** Spawns `bin/coworkenv.js args…` from the project root with `cliEnv`: stdin closed, stdout and stderr piped. */
export function spawnCli(
  args: readonly string[],
  env: Readonly<Record<string, string>> = {},
): ChildProcessByStdio<null, Readable, Readable> {
  return spawn(process.execPath, ['bin/coworkenv.js', ...args], {
    cwd: ROOT,
    env: cliEnv(env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** Starts `bin/coworkenv.js args…` from the project root, without colours or debug stacks. */
export function startCli(
  args: readonly string[],
  env: Readonly<Record<string, string>> = {},
): { pid: number; done: Promise<CliResult> } {
  const child = spawnCli(args, env);
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
  child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  const done = new Promise<CliResult>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
  return { pid: child.pid as number, done };
}

/** Runs the CLI to completion. */
export function cli(...args: string[]): Promise<CliResult> {
  return startCli(args).done;
}

export const json = <T>(r: CliResult): T => JSON.parse(r.stdout) as T;
export const lines = (text: string): string[] => text.split('\n').filter((l) => l.trim() !== '');

/** A bad-input run: exit 1 and exactly one error line on stderr, no stack, nothing on stdout. */
export function badInput(r: CliResult, message: RegExp): void {
  assert.equal(r.code, 1, r.stderr);
  const err = r.stderr.split('\n').filter((l) => l.trim() !== '');
  assert.equal(err.length, 1, r.stderr);
  assert.match(err[0] ?? '', /^error: /);
  assert.match(err[0] ?? '', message);
  assert.doesNotMatch(r.stderr, /\n\s+at /);
  assert.equal(r.stdout, '');
}

/** A long-running CLI command (serve, proxy, mcp --http) started and read until its ready line. */
export interface Serving {
  /** What the process wrote to stderr up to its ready line (where a server prints its address). */
  ready: string;
  /** Sends `signal` and waits for the exit: the exit code, or null with the signal that killed it. */
  stop: (signal?: NodeJS.Signals) => Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }>;
}

/** Starts `bin/coworkenv.js args…` and resolves once stderr matches `ready` (rejects if it exits first). */
export function startServing(args: readonly string[], ready: RegExp): Promise<Serving> {
  const child = spawnCli(args);
  child.stdout.resume();
  let stderr = '';
  const closed = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('close', (code, signal) => resolve({ code, signal })),
  );
  return new Promise((resolve, reject) => {
    child.stderr.setEncoding('utf8').on('data', (d: string) => {
      stderr += d;
      if (ready.test(stderr)) {
        resolve({
          ready: stderr,
          stop: async (signal = 'SIGTERM') => {
            child.kill(signal);
            return { ...(await closed), stderr };
          },
        });
      }
    });
    void closed.then(({ code }) => reject(new Error(`exited (${code}) before its ready line: ${stderr}`)));
  });
}

/** What a command run in this process printed, the exit code it set (then restored) and what it threw. */
export interface InProcessResult {
  out: string;
  exitCode: typeof process.exitCode;
  error?: Error;
}

/**
 * Captures the text `fn` writes to stdout (and stderr with `stderr: true`) and the exit code it sets; the test
 * runner's own non-string writes pass through. `process.exitCode` is restored afterwards.
 */
export async function captureOutput(fn: () => unknown, opts: { stderr?: boolean } = {}): Promise<InProcessResult> {
  let out = '';
  const restore = [intercept(process.stdout, (s) => (out += s))];
  if (opts.stderr) restore.push(intercept(process.stderr, (s) => (out += s)));
  const before = process.exitCode;
  let error: Error | undefined;
  try {
    await fn();
  } catch (e) {
    error = e as Error;
  } finally {
    for (const r of restore) r();
  }
  const exitCode = process.exitCode;
  process.exitCode = before;
  return { out, exitCode, ...(error ? { error } : {}) };
}

// routes a stream's string writes to `sink`; the test runner's own (non-string) writes pass through
function intercept(stream: NodeJS.WriteStream, sink: (text: string) => void): () => void {
  const original = stream.write;
  stream.write = function (this: NodeJS.WriteStream, chunk: string | Uint8Array, ...rest: unknown[]) {
    if (typeof chunk !== 'string') return (original as (...a: unknown[]) => boolean).call(this, chunk, ...rest);
    sink(chunk);
    return true;
  } as typeof stream.write;
  return () => {
    stream.write = original;
  };
}

/**
 * Runs `coworkenv args…` through `main` in this process, the way `cli()` runs it in a child: the same
 * stdout, stderr (colours removed) and exit code, without the child's start-up. Use `cli()` only where a
 * real process matters (signals, kill -9, stdio protocols, locks held by another pid).
 */
export function runCli(...args: string[]): Promise<CliResult> {
  // stdout, stderr and the exit code are process-wide: concurrent calls take turns
  const run = queue.then(() => runMain(args));
  queue = run.catch(() => undefined);
  return run;
}
let queue: Promise<unknown> = Promise.resolve();

async function runMain(args: readonly string[]): Promise<CliResult> {
  const { main } = await import('./main.js');
  let stdout = '';
  let stderr = '';
  const restore = [intercept(process.stdout, (s) => (stdout += s)), intercept(process.stderr, (s) => (stderr += s))];
  const before = process.exitCode;
  process.exitCode = undefined;
  try {
    await main(['node', 'coworkenv', ...args]);
  } finally {
    for (const r of restore) r();
  }
  const code = typeof process.exitCode === 'number' ? process.exitCode : Number(process.exitCode ?? 0);
  process.exitCode = before;
  return { code, stdout: stripVTControlCharacters(stdout), stderr: stripVTControlCharacters(stderr) };
}

/** Runs `coworkenv <command> args…` in this process (no spawn, seconds saved each); resolves to what it printed, rejects with what it threw. */
export async function inProcess(command: string, ...args: string[]): Promise<string> {
  const { buildProgram } = await import('./main.js');
  const program = await buildProgram([command]);
  const r = await captureOutput(() => program.parseAsync(['node', 'coworkenv', command, ...args]));
  if (r.error) throw r.error;
  return r.out;
}
