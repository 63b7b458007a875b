import { spawn, spawnSync } from 'node:child_process';
import { mkdtemp, mkdir, readdir, readFile, rm, writeFile, chmod } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { Bash, defineCommand } from 'just-bash';
import { ROOT } from './paths.js';

/** A file as the workspace stores it. */
export interface WsFile {
  path: string;
  content: string;
  encoding: 'utf8' | 'base64';
}

export interface ShellResult {
  exitCode: number;
  stdout: string;
  stderr: string;
  /** the workspace after the command */
  files: WsFile[];
  timedOut: boolean;
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
  const bash = new Bash({ files: initial, cwd: ROOT, customCommands: [date], executionLimits: { maxCommandCount: 10_000, maxLoopIterations: 10_000, maxFileSystemBytes: 50_000_000 } });
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), o.timeoutMs);
  let r: { stdout: string; stderr: string; exitCode: number };
  try {
    r = await bash.exec(command, { signal: controller.signal });
  } finally {
    clearTimeout(timer);
  }
  const out: WsFile[] = [];
  for (const p of bash.fs.getAllPaths().sort()) {
    if (!p.startsWith(`${ROOT}/`)) continue;
    const st = await bash.fs.stat(p);
    if (!st.isFile) continue;
    out.push(await readBack(p.slice(ROOT.length + 1), () => bash.fs.readFile(p, 'latin1')));
  }
  return { exitCode: r.exitCode, stdout: cap(r.stdout, o.maxOutput), stderr: cap(r.stderr, o.maxOutput), files: out, timedOut: controller.signal.aborted, sandbox: 'just-bash' };
}

// text stays text; bytes that are not valid UTF-8 come back as base64
async function readBack(path: string, latin1: () => Promise<string>): Promise<WsFile> {
  const bytes = Buffer.from(await latin1(), 'latin1');
  const text = bytes.toString('utf8');
  return Buffer.from(text, 'utf8').equals(bytes) ? { path, content: text, encoding: 'utf8' } : { path, content: bytes.toString('base64'), encoding: 'base64' };
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
 */
export async function runBubblewrap(files: readonly WsFile[], command: string, o: ShellOptions): Promise<ShellResult> {
  const tmp = await mkdtemp(join(tmpdir(), 'coworkenv-ws-'));
  const ws = join(tmp, 'workspace');
  const bin = join(tmp, 'mockbin');
  try {
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
      '--', '/usr/bin/prlimit', '--as=1073741824', '--nproc=64', `--cpu=${Math.ceil(o.timeoutMs / 1000)}`, '--fsize=52428800', '--', '/bin/bash', '-c', command,
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
    const out: WsFile[] = [];
    for (const file of (await walk(ws)).sort()) out.push(await readBack(relative(ws, file), async () => (await readFile(file)).toString('latin1')));
    return { exitCode: r.timedOut ? 124 : r.code, stdout: cap(r.stdout, o.maxOutput), stderr: cap(r.stderr, o.maxOutput), files: out, timedOut: r.timedOut, sandbox: 'bubblewrap' };
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
}

async function walk(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...(await walk(p)));
    else if (e.isFile()) out.push(p);
  }
  return out;
}
