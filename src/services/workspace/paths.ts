import { posix } from 'node:path';
import { ToolError } from '../tool-error.js';

/** Where the workspace is mounted inside shells. */
export const ROOT = '/workspace';

/**
 * A workspace path as stored: relative, normalised, no leading "./". Accepts "a/b", "./a/b" and
 * "/workspace/a/b"; anything that resolves outside the workspace is an error.
 */
export function toWorkspacePath(input: string): string {
  const abs = posix.resolve(ROOT, input.trim() || '.');
  if (abs === ROOT) return '.';
  if (!abs.startsWith(`${ROOT}/`)) throw new ToolError('invalid_argument', `path "${input}" is outside the workspace; use a path under ${ROOT}`);
  return abs.slice(ROOT.length + 1);
}

/** Is `path` equal to or inside directory `dir` (both workspace paths)? */
export function within(path: string, dir: string): boolean {
  return dir === '.' || path === dir || path.startsWith(`${dir}/`);
}
