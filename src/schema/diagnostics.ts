/** Which role must fix a problem (Cowork-Gym ownership routing): the task builder or the check writer. */
export type Owner = 'builder' | 'verifier';

/** One validation problem with a stable `code` and the spec path it is about. */
export interface Diagnostic {
  code: string;
  path: string;
  message: string;
  owner?: Owner;
  severity?: 'error' | 'warning';
  line?: number;
  col?: number;
}

export type PathSegment = string | number;

/** `["checks", 2, "tool"]` → `checks[2].tool`; the empty path is `(root)`. */
export function formatPath(path: readonly PathSegment[]): string {
  let out = '';
  for (const seg of path) {
    if (typeof seg === 'number') out += `[${seg}]`;
    else if (/^[A-Za-z_][A-Za-z0-9_]*$/.test(seg)) out += out ? `.${seg}` : seg;
    else out += `[${JSON.stringify(seg)}]`;
  }
  return out || '(root)';
}

/** `file:line:col code at path: message` — the one-line form the CLI prints. */
export function formatDiagnostic(d: Diagnostic, file?: string): string {
  const where = file ? `${file}${d.line ? `:${d.line}:${d.col ?? 1}` : ''} ` : '';
  return `${where}${d.code} at ${d.path}: ${d.message}`;
}

export function isError(d: Diagnostic): boolean {
  return (d.severity ?? 'error') === 'error';
}
