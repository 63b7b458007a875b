import { spawn, spawnSync } from 'node:child_process';
import { statfs } from 'node:fs';
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { ToolError } from '../tool-error.js';
import { maxEntries, tooManyFiles, type WorkspaceBudget, workspaceBudget, workspaceFull } from './limits.js';
import { dateText } from './mock-date.js';
import { ROOT } from './paths.js';
import { type ReadBack, readHost } from './readback.js';
import { shellPool } from './isolation-pool.js';
import type { ShellOptions, ShellResult, ShellStop, WsFile } from './shell-types.js';

// bwrap itself (PID 1 inside the sandbox, whose /proc/1/environ the command can read) starts with this
// environment and nothing of ours; the command gets --clearenv plus the --setenv values below
const BWRAP_ENV = Object.freeze({ PATH: '/usr/bin:/bin' });
// a command's address space (prlimit --as)
export const BWRAP_MEMORY_BYTES = 1024 * 1024 * 1024;
// tmpfs counts whole pages: each file may use one page beyond its bytes
const PAGE = 4096;
const POLL_MS = 100;

const statfsAsync = promisify(statfs);
const cap = (s: string, max: number) => (s.length > max ? `${s.slice(0, max)}\n...[truncated]` : s);

// the host's /usr seen as a merged-usr root, and fresh /proc and /dev: shared by the probe and the sandbox
const USR_LINKS = ['--symlink', 'usr/bin', '/bin', '--symlink', 'usr/lib', '/lib', '--symlink', 'usr/lib64', '/lib64'];
const PROC_DEV = ['--proc', '/proc', '--dev', '/dev'];

let bwrapState: { ok: boolean; reason: string } | undefined;

/** Whether bubblewrap with user namespaces works here (checked once per process). */
export function bubblewrapStatus(): { ok: boolean; reason: string } {
  if (!bwrapState) {
    const r = spawnSync(
      'bwrap',
      ['--unshare-all', '--die-with-parent', '--ro-bind', '/usr', '/usr', ...USR_LINKS, ...PROC_DEV, '--', '/bin/true'],
      {
        timeout: 5000,
        stdio: 'pipe',
        env: BWRAP_ENV,
      },
    );
    bwrapState = r.error
      ? { ok: false, reason: `bubblewrap is not installed (${(r.error as NodeJS.ErrnoException).code})` }
      : r.status === 0
        ? { ok: true, reason: 'bubblewrap available' }
        : {
            ok: false,
            reason: `bubblewrap cannot create namespaces here: ${r.stderr.toString().trim().slice(0, 200)}`,
          };
  }
  return bwrapState;
}

/**
 * Runs a command with real binaries inside bubblewrap. The workspace lives on a size-limited tmpfs inside
 * the sandbox (bytes enforced by the kernel while the command runs; files and directories counted every
 * 100 ms from outside), the command runs under prlimit (address space, processes, CPU, file size), the
 * sandbox starts with a fixed environment and no network, and the whole sandbox is killed at the timeout.
 * A helper inside copies the workspace in before the command and out after it. Workspace consistency: a
 * command stopped by the timeout or the file-count limit, or one that kills the helper, changes no file;
 * one stopped by prlimit (CPU, file size) keeps its changes, like a non-zero exit. Waits in the shell pool's line.
 * Messages never show the host's temporary directory: workspace paths appear relative to the workspace.
 */
export async function runBubblewrap(files: readonly WsFile[], command: string, o: ShellOptions): Promise<ShellResult> {
  return shellPool().slot(async () => {
    const tmp = await mkdtemp(join(tmpdir(), 'coworkenv-ws-'));
    const hide = (s: string) =>
      s
        .replaceAll(`${join(tmp, 'seed')}/`, '')
        .replaceAll(`${join(tmp, 'out')}/`, '')
        .replaceAll(tmp, '<sandbox>');
    try {
      return await sandboxed(tmp, hide, files, command, o, workspaceBudget());
    } catch (e) {
      if (e instanceof ToolError || !(e instanceof Error)) throw e;
      throw new Error(hide(e.message));
    } finally {
      await rm(tmp, { recursive: true, force: true });
    }
  });
}

// runs as the sandbox's first process: copy in, run the command under its limits, stop what it left
// running, copy out, and only then record the exit status
const HELPER = (limits: string) => `cp -a /seed/. ${ROOT}/ 2>/status/err || exit 125
cd ${ROOT} || exit 125
/usr/bin/prlimit ${limits} -- /bin/bash -c "$1"
rc=$?
kill -KILL -1 2>/dev/null
cp -a ${ROOT}/. /out/ 2>>/status/err || exit 125
echo "$rc" > /status/rc
exit "$rc"`;

async function sandboxed(
  tmp: string,
  hide: (s: string) => string,
  files: readonly WsFile[],
  command: string,
  o: ShellOptions,
  budget: WorkspaceBudget,
): Promise<ShellResult> {
  const [seed, out, status, bin] = ['seed', 'out', 'status', 'mockbin'].map((d) => join(tmp, d)) as [
    string,
    string,
    string,
    string,
  ];
  for (const d of [seed, out, status, bin]) await mkdir(d, { recursive: true });
  for (const f of files) {
    const file = join(seed, f.path);
    // defence in depth: fixtures are validated, but never write outside the temporary workspace
    if (!file.startsWith(`${seed}/`)) throw new Error(`workspace path ${f.path} leaves the workspace`);
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
  const tmpfsBytes = String(budget.bytes + maxEntries(budget) * PAGE);
  const limits = `--as=${BWRAP_MEMORY_BYTES} --nproc=64 --cpu=${Math.ceil(o.timeoutMs / 1000)} --fsize=${budget.bytes}`;
  const args = [
    '--unshare-all',
    '--unshare-user',
    '--uid',
    '1000',
    '--gid',
    '1000',
    '--die-with-parent',
    '--new-session',
    '--clearenv',
    '--info-fd',
    '3',
    '--ro-bind',
    '/usr',
    '/usr',
    '--ro-bind-try',
    '/etc/alternatives',
    '/etc/alternatives',
    ...USR_LINKS,
    // /dev read-only: device nodes still work, but no file can be stored there
    ...PROC_DEV,
    '--remount-ro',
    '/dev',
    '--size',
    tmpfsBytes,
    '--tmpfs',
    '/tmp',
    '--size',
    tmpfsBytes,
    '--perms',
    '0755',
    '--tmpfs',
    ROOT,
    '--ro-bind',
    bin,
    '/mockbin',
    '--ro-bind',
    seed,
    '/seed',
    '--bind',
    out,
    '/out',
    '--bind',
    status,
    '/status',
    '--chdir',
    '/',
    '--setenv',
    'PATH',
    '/mockbin:/usr/bin:/bin',
    '--setenv',
    'HOME',
    ROOT,
    '--',
    '/bin/bash',
    '-c',
    HELPER(limits),
    'coworkenv-sandbox',
    command,
  ];
  const r = await new Promise<{ code: number; stdout: string; stderr: string; timedOut: boolean; tooMany: boolean }>(
    (resolve) => {
      const child = spawn('bwrap', args, { detached: true, stdio: ['ignore', 'pipe', 'pipe', 'pipe'], env: BWRAP_ENV });
      let stdout = '';
      let stderr = '';
      let info = '';
      let timedOut = false;
      let tooMany = false;
      const kill = () => {
        try {
          process.kill(-(child.pid as number), 'SIGKILL');
        } catch {
          // already gone
        }
      };
      child.stdout?.on('data', (d: Buffer) => {
        if (stdout.length < o.maxOutput * 2) stdout += d.toString();
      });
      child.stderr?.on('data', (d: Buffer) => {
        if (stderr.length < o.maxOutput * 2) stderr += d.toString();
      });
      child.stdio[3]?.on('data', (d: Buffer) => {
        if (info.length < 10_000) info += d.toString();
      });
      // tmpfs has no file-count option in bwrap: count inodes from outside through the sandbox's root
      const poll = setInterval(() => {
        const pid = /"child-pid":\s*(\d+)/.exec(info)?.[1];
        if (!pid) return;
        void Promise.all([statfsAsync(`/proc/${pid}/root${ROOT}`), statfsAsync(`/proc/${pid}/root/tmp`)]).then(
          (fss) => {
            // each tmpfs has its own root directory
            const used = fss.reduce((n, s) => n + s.files - s.ffree - 1, 0);
            if (used > maxEntries(budget)) {
              tooMany = true;
              kill();
            }
          },
          () => {},
        );
      }, POLL_MS);
      const timer = setTimeout(() => {
        timedOut = true;
        kill();
      }, o.timeoutMs);
      child.on('close', (code) => {
        clearTimeout(timer);
        clearInterval(poll);
        resolve({ code: code ?? 137, stdout, stderr, timedOut, tooMany });
      });
    },
  );
  const stdout = hide(cap(r.stdout, o.maxOutput));
  const stderr = hide(cap(r.stderr, o.maxOutput));
  const unchanged = { files: [...files], skipped: [], sandbox: 'bubblewrap' as const };
  if (r.timedOut) return { exitCode: 124, stdout, stderr, ...unchanged, stopped: 'timeout' };
  if (r.tooMany) throw workspaceFull(tooManyFiles(budget), { exit_code: 137, stdout, stderr });
  const rc = await readFile(join(status, 'rc'), 'utf8').catch(() => undefined);
  if (rc === undefined) {
    // bwrap failed, or the command stopped the helper before it copied the workspace out
    const why = r.stderr.startsWith('bwrap:')
      ? ''
      : (await readFile(join(status, 'err'), 'utf8').catch(() => '')).trim() ||
        'the command stopped the sandbox before its files were copied out; none of its file changes were kept';
    return {
      exitCode: r.code,
      stdout,
      stderr: [stderr, hide(why)].filter(Boolean).join('\n'),
      ...unchanged,
      stopped: 'sandbox',
    };
  }
  const exitCode = Number(rc);
  const back: ReadBack = await withOutput(() => readHost(out, budget), { exit_code: exitCode, stdout, stderr });
  // 152/153: killed by SIGXCPU/SIGXFSZ (prlimit)
  const stopped: ShellStop | undefined =
    exitCode === 152 ? 'cpu_limit' : exitCode === 153 ? 'file_size_limit' : undefined;
  return { exitCode, stdout, stderr, ...back, ...(stopped ? { stopped } : {}), sandbox: 'bubblewrap' };
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
