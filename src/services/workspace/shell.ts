import { ToolError } from '../tool-error.js';
import { workspaceBudget } from './limits.js';
import { shellPool } from './isolation-pool.js';
import type { VirtualJob } from './virtual-exec.js';
import type { ShellOptions, ShellResult, ShellStop, WsFile } from './shell-types.js';

export type { ShellOptions, ShellResult, ShellStop, WsFile } from './shell-types.js';

/**
 * Runs a command in just-bash over a copy of the workspace, in an isolation unit of the process's shell pool
 * (isolation-pool.ts: a child process with OS limits): no network, no host files, never on the caller's event
 * loop, and its death never the server's. The unit is killed when the command outlives `timeoutMs` (plus a
 * short grace) or dies of its heap, address-space or CPU limit.
 *
 * Workspace consistency: the worker holds a copy, so a command stopped by its timeout or by the memory
 * limit changes no file: the result's `files` are the ones given. A command stopped by just-bash's own
 * execution limits keeps the changes it made, like any command that exits non-zero.
 */
export async function runVirtual(files: readonly WsFile[], command: string, o: ShellOptions): Promise<ShellResult> {
  const job: VirtualJob = {
    files: [...files],
    command,
    now: o.now,
    timeoutMs: o.timeoutMs,
    maxOutput: o.maxOutput,
    budget: workspaceBudget(),
  };
  const outcome = await shellPool().run({ kind: 'shell', job }, job.timeoutMs);
  if (outcome.kind === 'killed' || outcome.reply.kind !== 'shell') {
    const why = outcome.kind === 'killed' ? outcome.why : 'crashed';
    const stopped: ShellStop = why === 'crashed' ? 'sandbox' : why;
    const exitCode = stopped === 'timeout' ? 124 : 137;
    const stderr = stopped === 'sandbox' && outcome.kind === 'killed' ? outcome.detail : '';
    return { exitCode, stdout: '', stderr, files: [...files], skipped: [], stopped, sandbox: 'just-bash' };
  }
  const r = outcome.reply.reply;
  if (r.kind === 'tool_error') throw new ToolError(r.code, r.message, r.extra);
  if (r.kind === 'error') throw new Error(r.message);
  const removed = new Set(r.removed);
  const changed = new Map(r.changed.map((f) => [f.path, f]));
  const after: WsFile[] = [];
  for (const f of files) if (!removed.has(f.path)) after.push(changed.get(f.path) ?? f);
  const had = new Set(files.map((f) => f.path));
  for (const f of r.changed) if (!had.has(f.path)) after.push(f);
  return {
    exitCode: r.exitCode,
    stdout: r.stdout,
    stderr: r.stderr,
    files: after,
    skipped: r.skipped,
    ...(r.stopped ? { stopped: r.stopped } : {}),
    sandbox: 'just-bash',
  };
}

export { bubblewrapStatus, runBubblewrap } from './bubblewrap.js';
