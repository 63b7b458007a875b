import { spawn, spawnSync } from 'node:child_process';
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Bash, defineCommand } from 'just-bash';
import { ToolError } from '../tool-error.js';
import { MAX_WORKSPACE_BYTES, TOO_MANY_BYTES, workspaceFull } from './limits.js';
import { ROOT } from './paths.js';
import { type ReadBack, readHost, readVirtual, type Skipped } from './readback.js';

/** A file as the workspace stores it. */
export interface WsFile {
  path: string;
  content: string;
  encoding: 'utf8' | 'base64';
}

/** Why a sandbox stopped a command before it finished (the command's own exit status is not one). */
export type ShellStop = 'timeout' | 'execution_limit' | 'cpu_limit' | 'file_size_limit' | 'sandbox';

export interface ShellResult {
  exitCode: number;
  stdout: string;
  stderr: string;
  /** the workspace after the command (regular files only) */
  files: WsFile[];
  /** links and special files the command left, which the workspace does not keep */
  skipped: Skipped[];
  /** set when a limit or the sandbox stopped the command */
  stopped?: ShellStop;
  /** which sandbox ran it */
  sandbox: 'just-bash' | 'bubblewrap';
}

export interface ShellOptions {
  /** mock time for `date` */
  now: string;
  timeoutMs: number;
  maxOutput: number;
}

const cap = (s: string, max: number) => (s.length > max ? `${s.slice(0, max)}\n...[truncated]` : s);

// `date`'s default format: Tue Mar 10 09:00:00 UTC 2026
function dateText(iso: string): string {
  const [wd, day, mon, year, time] = new Date(iso).toUTCString().replace(',', '').split(' ');
  return `${wd} ${mon} ${day} ${time} UTC ${year}\n`;
}

// just-bash reports its execution limits as exit 126 with one of these messages
const JUST_BASH_LIMIT = /(limit exceeded|too many commands executed|too many open file descriptors|maximum [a-z ]*depth \(\d+\) exceeded|output size exceeded)/;

/** Runs a command in just-bash over an in-memory copy of the workspace: no network, no host files. */
export async function runVirtual(files: readonly WsFile[], command: string, o: ShellOptions): Promise<ShellResult> {
  const initial: Record<string, string | Uint8Array> = {};
  for (const f of files) initial[`${ROOT}/${f.path}`] = f.encoding === 'base64' ? Buffer.from(f.content, 'base64') : f.content;
  const date = defineCommand('date', async (args) => {
    const fmt = args.find((a) => a.startsWith('+'));
    const d = new Date(o.now);
    const out = fmt === '+%Y-%m-%d' || fmt === '+%F' ? o.now.slice(0, 10) : fmt === '+%s' ? String(Math.floor(d.getTime() / 1000)) : dateText(o.now).trimEnd();
    return { stdout: `${out}\n`, stderr: '', exitCode: 0 };
  });
  // just-bash's own byte limit is a memory backstop only; the read-back applies the workspace limit, as in
  // bubblewrap mode, so both modes refuse the same commands
  const bash = new Bash({ files: initial, cwd: ROOT, customCommands: [date], executionLimits: { maxCommandCount: 10_000, maxLoopIterations: 10_000, maxFileSystemBytes: 2 * MAX_WORKSPACE_BYTES } });
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), o.timeoutMs);
  let r: { stdout: string; stderr: string; exitCode: number };
  try {
    r = await bash.exec(command, { signal: controller.signal });
  } catch (e) {
    // the in-memory filesystem refuses writes past its byte limit; some writes surface as a throw
    if (/\bENOSPC\b/.test(e instanceof Error ? e.message : '')) throw workspaceFull(TOO_MANY_BYTES);
    throw e;
  } finally {
    clearTimeout(timer);
  }
  const stdout = cap(r.stdout, o.maxOutput);
  const stderr = cap(r.stderr, o.maxOutput);
  const back = await withOutput(() => readVirtual(bash.fs), { exit_code: r.exitCode, stdout, stderr });
  const lastErr = r.stderr.trimEnd().split('\n').at(-1) ?? '';
  const stopped = controller.signal.aborted ? 'timeout' : r.exitCode === 126 && JUST_BASH_LIMIT.test(lastErr) ? 'execution_limit' : undefined;
  return { exitCode: stopped === 'timeout' ? 124 : r.exitCode, stdout, stderr, ...back, ...(stopped ? { stopped } : {}), sandbox: 'just-bash' };
}

// a workspace-limit error carries the command's output, which may explain what filled the workspace
async function withOutput(read: () => Promise<ReadBack>, output: Record<string, unknown>): Promise<ReadBack> {
  try {
    return await read();
  } catch (e) {
    if (e instanceof ToolError) throw new ToolError(e.code, e.message, { ...e.extra, ...output });
    throw e;
  }
}

let bwrapState: { ok: boolean; reason: string } | undefined;

/** Whether bubblewrap with user namespaces works here (checked once per process). */
export function bubblewrapStatus(): { ok: boolean; reason: string } {
  if (!bwrapState) {
    const r = spawnSync('bwrap', ['--unshare-all', '--die-with-parent', '--ro-bind', '/usr', '/usr', '--symlink', 'usr/bin', '/bin', '--symlink', 'usr/lib', '/lib', '--symlink', 'usr/lib64', '/lib64', '--proc', '/proc', '--dev', '/dev', '--', '/bin/true'], { timeout: 5000, stdio: 'pipe' });
    bwrapState = r.error
      ? { ok: false, reason: `bubblewrap is not installed (${(r.error as NodeJS.ErrnoException).code})` }
      : r.status === 0
        ? { ok: true, reason: 'bubblewrap available' }
        : { ok: false, reason: `bubblewrap cannot create namespaces here: ${r.stderr.toString().trim().slice(0, 200)}` };
  }
  return bwrapState;
}

/**
 * Runs a command with real binaries inside bubblewrap: a temporary copy of the workspace, no network,
 * rlimits via prlimit, the whole process group killed on timeout; the workspace is read back afterwards.
 * Messages never show the host's temporary directory: workspace paths appear relative to the workspace.
 */
export async function runBubblewrap(files: readonly WsFile[], command: string, o: ShellOptions): Promise<ShellResult> {
  const tmp = await mkdtemp(join(tmpdir(), 'coworkenv-ws-'));
  const ws = join(tmp, 'workspace');
  const hide = (s: string) => s.replaceAll(`${ws}/`, '').replaceAll(ws, '.').replaceAll(tmp, '<sandbox>');
  try {
    return await sandboxed(tmp, ws, hide, files, command, o);
  } catch (e) {
    if (e instanceof ToolError || !(e instanceof Error)) throw e;
    throw new Error(hide(e.message));
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
}

async function sandboxed(tmp: string, ws: string, hide: (s: string) => string, files: readonly WsFile[], command: string, o: ShellOptions): Promise<ShellResult> {
  const bin = join(tmp, 'mockbin');
  await mkdir(ws, { recursive: true });
  await mkdir(bin, { recursive: true });
  for (const f of files) {
    const file = join(ws, f.path);
    // defence in depth: fixtures are validated, but never write outside the temporary workspace
    if (!file.startsWith(`${ws}/`)) throw new Error(`workspace path ${f.path} leaves the workspace`);
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, f.encoding === 'base64' ? Buffer.from(f.content, 'base64') : f.content);
  }
  // `date` answers with the mock clock
  const secs = Math.floor(Date.parse(o.now) / 1000);
  await writeFile(
    join(bin, 'date'),
    `#!/bin/sh\ncase "$1" in\n  +%F|+%Y-%m-%d) echo '${o.now.slice(0, 10)}' ;;\n  +%s) echo '${secs}' ;;\n  *) echo '${dateText(o.now).trimEnd()}' ;;\nesac\n`,
  );
  await chmod(join(bin, 'date'), 0o755);
  const args = [
    '--unshare-all', '--unshare-user', '--uid', '1000', '--gid', '1000', '--die-with-parent', '--new-session', '--clearenv',
    '--ro-bind', '/usr', '/usr', '--ro-bind-try', '/etc/alternatives', '/etc/alternatives', '--symlink', 'usr/bin', '/bin', '--symlink', 'usr/lib', '/lib', '--symlink', 'usr/lib64', '/lib64',
    '--proc', '/proc', '--dev', '/dev', '--tmpfs', '/tmp', '--ro-bind', bin, '/mockbin', '--bind', ws, ROOT, '--chdir', ROOT,
    '--setenv', 'PATH', '/mockbin:/usr/bin:/bin', '--setenv', 'HOME', ROOT,
    '--', '/usr/bin/prlimit', '--as=1073741824', '--nproc=64', `--cpu=${Math.ceil(o.timeoutMs / 1000)}`, `--fsize=${MAX_WORKSPACE_BYTES}`, '--', '/bin/bash', '-c', command,
  ];
  const r = await new Promise<{ code: number; stdout: string; stderr: string; timedOut: boolean }>((resolve) => {
    const child = spawn('bwrap', args, { detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    child.stdout.on('data', (d: Buffer) => {
      if (stdout.length < o.maxOutput * 2) stdout += d.toString();
    });
    child.stderr.on('data', (d: Buffer) => {
      if (stderr.length < o.maxOutput * 2) stderr += d.toString();
    });
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        process.kill(-(child.pid as number), 'SIGKILL');
      } catch {
        // already gone
      }
    }, o.timeoutMs);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code: code ?? 137, stdout, stderr, timedOut });
    });
  });
  const stdout = hide(cap(r.stdout, o.maxOutput));
  const stderr = hide(cap(r.stderr, o.maxOutput));
  const exitCode = r.timedOut ? 124 : r.code;
  const back = await withOutput(() => readHost(ws), { exit_code: exitCode, stdout, stderr });
  // 152/153: killed by SIGXCPU/SIGXFSZ (prlimit); bwrap's own failures are prefixed "bwrap:"
  const stopped: ShellStop | undefined = r.timedOut ? 'timeout' : r.code === 152 ? 'cpu_limit' : r.code === 153 ? 'file_size_limit' : r.code !== 0 && r.stderr.startsWith('bwrap:') ? 'sandbox' : undefined;
  return { exitCode, stdout, stderr, ...back, ...(stopped ? { stopped } : {}), sandbox: 'bubblewrap' };
}
