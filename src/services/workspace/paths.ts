import { WORKSPACE_ROOT, workspaceRelative } from '../../schema/canonical-values.js';
import { ToolError } from '../tool-error.js';

/** Where the workspace is mounted inside shells. */
export const ROOT = WORKSPACE_ROOT;

// NUL cannot reach a real filesystem at all; other control characters make names no shell can show
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/**
 * A workspace path as stored: relative, normalised, no leading "./". Accepts "a/b", "./a/b" and
 * "/workspace/a/b"; anything that resolves outside the workspace, or has a control character, is an error.
 */
export function toWorkspacePath(input: string): string {
  const trimmed = input.trim();
  const bad = CONTROL.exec(trimmed);
  if (bad) {
    const code = `U+${(bad[0].codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
    throw new ToolError(
      'invalid_argument',
      `path ${JSON.stringify(trimmed.slice(0, 200))} contains a control character (${code}); use printable characters only`,
    );
  }
  const rel = workspaceRelative(trimmed);
  if (rel === undefined)
    throw new ToolError('invalid_argument', `path "${input}" is outside the workspace; use a path under ${ROOT}`);
  return rel;
}

/** Is `path` equal to or inside directory `dir` (both workspace paths)? */
export function within(path: string, dir: string): boolean {
  return dir === '.' || path === dir || path.startsWith(`${dir}/`);
}
