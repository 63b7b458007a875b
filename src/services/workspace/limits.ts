import { ToolError } from '../tool-error.js';
import type { WsFile } from './shell-types.js';

/** Default total bytes of regular files a workspace may hold. */
export const MAX_WORKSPACE_BYTES = 50_000_000;
/** Default number of regular files a workspace may hold. */
export const MAX_WORKSPACE_FILES = 10_000;

/** What one episode's workspace may hold; enforced by the file tools, while a command runs, and on read-back. */
export interface WorkspaceBudget {
  bytes: number;
  files: number;
}

export const DEFAULT_WORKSPACE_BUDGET: Readonly<WorkspaceBudget> = Object.freeze({
  bytes: MAX_WORKSPACE_BYTES,
  files: MAX_WORKSPACE_FILES,
});

// one budget per process: `serve` lowers it at start so that every live session fits in memory together
let current: Readonly<WorkspaceBudget> = DEFAULT_WORKSPACE_BUDGET;

/** The workspace budget of every episode of this process. */
export function workspaceBudget(): Readonly<WorkspaceBudget> {
  return current;
}

/** Sets the process-wide workspace budget (undefined restores the default); returns the previous one. */
export function setWorkspaceBudget(budget: WorkspaceBudget | undefined): Readonly<WorkspaceBudget> {
  const previous = current;
  if (
    budget &&
    (!Number.isSafeInteger(budget.bytes) || budget.bytes < 1 || !Number.isSafeInteger(budget.files) || budget.files < 1)
  ) {
    throw new RangeError(`workspace budget must be positive integers, got ${JSON.stringify(budget)}`);
  }
  current = budget ? Object.freeze({ ...budget }) : DEFAULT_WORKSPACE_BUDGET;
  return previous;
}

/** Entries of any kind (directories, links included) a workspace may hold while a command runs. */
export const maxEntries = (b: WorkspaceBudget): number => 2 * b.files;

/** 4.3 GB, 50 MB, 2.5 MB, 300 KB: how budgets are shown to agents and operators. */
export function formatBytes(n: number): string {
  if (n >= 1_000_000_000) return `${Number((n / 1_000_000_000).toFixed(1))} GB`;
  if (n >= 1_000_000) return `${Number((n / 1_000_000).toFixed(1))} MB`;
  if (n >= 1_000) return `${Number((n / 1_000).toFixed(1))} KB`;
  return `${n} bytes`;
}

/** Size in bytes of a stored file, without decoding it. */
export function fileBytes(f: Pick<WsFile, 'content' | 'encoding'>): number {
  if (f.encoding === 'utf8') return Buffer.byteLength(f.content);
  const n = f.content.length;
  const pad = f.content.endsWith('==') ? 2 : f.content.endsWith('=') ? 1 : 0;
  return Math.floor((n * 3) / 4) - pad;
}

/** Total bytes and file count of a workspace. */
export function usage(files: readonly Pick<WsFile, 'content' | 'encoding'>[]): { bytes: number; files: number } {
  let bytes = 0;
  for (const f of files) bytes += fileBytes(f);
  return { bytes, files: files.length };
}

export const tooManyBytes = (b: WorkspaceBudget) =>
  `more than ${formatBytes(b.bytes)} of files (the workspace holds at most ${formatBytes(b.bytes)} in total)`;
export const tooManyFiles = (b: WorkspaceBudget) =>
  `more than ${b.files} files (the workspace holds at most ${b.files})`;

/** Why a workspace of this size is refused, or undefined when it fits. */
export function overLimit(bytes: number, files: number, b: WorkspaceBudget = current): string | undefined {
  if (files > b.files) return tooManyFiles(b);
  if (bytes > b.bytes) return tooManyBytes(b);
  return undefined;
}

/** The failed result of a shell command whose workspace is over a limit; the episode state is left unchanged. */
export function workspaceFull(why: string, extra: Record<string, unknown> = {}): ToolError {
  return new ToolError(
    'command_failed',
    `workspace limit exceeded: the command left ${why}; none of its file changes were kept. Write less, or remove files in the same command`,
    {
      limit: 'workspace_size',
      ...extra,
    },
  );
}
