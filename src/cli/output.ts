import pc from 'picocolors';

/** Writes a line to stdout. */
export function out(line = ''): void {
  process.stdout.write(`${line}\n`);
}

/** Writes a line to stderr (progress, warnings) so stdout stays clean for --json. */
export function note(line = ''): void {
  process.stderr.write(`${line}\n`);
}

export function printJson(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}

/** Fixed-width text table. */
export function table(headers: readonly string[], rows: readonly (readonly unknown[])[]): string {
  const cells = rows.map((r) => r.map((c) => (c === null || c === undefined ? '-' : String(c))));
  const widths = headers.map((h, i) => Math.max(h.length, ...cells.map((r) => (r[i] ?? '').length)));
  const line = (r: readonly string[]) =>
    r
      .map((c, i) => c.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd();
  return [pc.bold(line(headers)), ...cells.map(line)].join('\n');
}

export function fmt(x: number | null | undefined, digits = 3): string {
  return x === null || x === undefined ? '-' : x.toFixed(digits);
}

export const color = pc;
