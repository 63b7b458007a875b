import { ToolError } from '../tool-error.js';
import { workspaceBudget } from './limits.js';
import { shellPool } from './shell-pool.js';
import type { VirtualJob } from './virtual-exec.js';
import type { ShellOptions, ShellResult, ShellStop, WsFile } from './shell-types.js';

export type { ShellOptions, ShellResult, ShellStop, WsFile } from './shell-types.js';

/**
 * Runs a command in just-bash over a copy of the workspace, in a worker of the process's shell pool
 * (shell-pool.ts): no network, no host files, and never on the caller's event loop. The worker is
 * terminated when the command outlives `timeoutMs` (plus a short grace) or its heap limit.
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
  const outcome = await shellPool().run(job);
  if (outcome.kind === 'killed') {
    const stopped: ShellStop =
      outcome.why === 'timeout' ? 'timeout' : outcome.why === 'memory_limit' ? 'memory_limit' : 'sandbox';
    const exitCode = stopped === 'timeout' ? 124 : 137;
    const stderr = stopped === 'sandbox' ? outcome.detail : '';
    return { exitCode, stdout: '', stderr, files: [...files], skipped: [], stopped, sandbox: 'just-bash' };
  }
  const r = outcome.reply;
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
