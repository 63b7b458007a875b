import { ToolError } from '../tool-error.js';
import type { WsFile } from './shell.js';

/** Total bytes of regular files a workspace may hold (just-bash's in-memory limit uses the same number). */
export const MAX_WORKSPACE_BYTES = 50_000_000;
/** Regular files a workspace may hold. */
export const MAX_WORKSPACE_FILES = 10_000;
/** Entries of any kind (directories, links included) a read-back visits before giving up. */
export const MAX_WORKSPACE_ENTRIES = 2 * MAX_WORKSPACE_FILES;

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

export const TOO_MANY_BYTES = `more than ${MAX_WORKSPACE_BYTES / 1_000_000} MB of files (the workspace holds at most ${MAX_WORKSPACE_BYTES / 1_000_000} MB in total)`;
export const TOO_MANY_FILES = `more than ${MAX_WORKSPACE_FILES} files (the workspace holds at most ${MAX_WORKSPACE_FILES})`;

/** Why a workspace of this size is refused, or undefined when it fits. */
export function overLimit(bytes: number, files: number): string | undefined {
  if (files > MAX_WORKSPACE_FILES) return TOO_MANY_FILES;
  if (bytes > MAX_WORKSPACE_BYTES) return TOO_MANY_BYTES;
  return undefined;
}

/** The failed result of a shell command whose workspace is over a limit; the episode state is left unchanged. */
export function workspaceFull(why: string, extra: Record<string, unknown> = {}): ToolError {
  return new ToolError('command_failed', `workspace limit exceeded: the command left ${why}; none of its file changes were kept. Write less, or remove files in the same command`, {
    limit: 'workspace_size',
    ...extra,
  });
}
