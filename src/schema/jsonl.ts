import type { z } from 'zod';
import { canonicalJson } from './canonical-json.js';
import { zodDiagnostics } from './zod-diagnostics.js';

export interface JsonlProblem {
  line: number;
  message: string;
}

/** Parses JSONL rows against a schema; a malformed row is reported and skipped, never fatal. */
export function parseJsonl<S extends z.ZodType>(
  text: string,
  schema: S,
): { rows: z.output<S>[]; problems: JsonlProblem[] } {
  const rows: z.output<S>[] = [];
  const problems: JsonlProblem[] = [];
  const lines = text.split('\n');
  lines.forEach((raw, i) => {
    const line = raw.trim();
    if (!line) return;
    const r = jsonlRow(line, schema, i === lines.length - 1);
    if ('row' in r) rows.push(r.row);
    else problems.push({ line: i + 1, message: r.message });
  });
  return { rows, problems };
}

/** One JSONL row against a schema: the value, or what is wrong with it (`last`: it may be a cut-off final row). */
export function jsonlRow<S extends z.ZodType>(
  line: string,
  schema: S,
  last = false,
): { row: z.output<S> } | { message: string } {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch (e) {
    return {
      message: `not valid JSON (${e instanceof Error ? e.message : String(e)})${last ? '; the last row may be cut off' : ''}`,
    };
  }
  const res = schema.safeParse(value);
  if (res.success) return { row: res.data };
  const first = zodDiagnostics(res.error.issues, value, schema).slice(0, 3);
  return { message: first.map((d) => `${d.path}: ${d.message}`).join('; ') };
}

/** One canonical JSON line (sorted keys) with its newline. */
export function jsonlLine(value: unknown): string {
  return `${canonicalJson(value)}\n`;
}

/**
 * One line of a streamed file: its text, or only its size when it is over the limit (its bytes are dropped); `offset`
 * is the byte where it starts.
 */
export type StreamedLine =
  | { line: number; offset: number; text: string }
  | { line: number; offset: number; tooLong: number };

/**
 * Splits a byte stream into lines (1-based numbers, `\r\n` too) holding at most one line in memory; a line
 * longer than `maxBytes` is reported by size, never buffered, so a huge or endless line cannot exhaust the heap.
 */
export async function* streamLines(
  chunks: AsyncIterable<Uint8Array | string>,
  maxBytes: number,
): AsyncGenerator<StreamedLine> {
  let parts: Buffer[] = [];
  let size = 0;
  let line = 0;
  let offset = 0;
  const finish = (): StreamedLine => {
    line++;
    const out: StreamedLine =
      size > maxBytes
        ? { line, offset, tooLong: size }
        : { line, offset, text: Buffer.concat(parts).toString('utf8').replace(/\r$/, '') };
    offset += size + 1;
    parts = [];
    size = 0;
    return out;
  };
  const keep = (b: Buffer) => {
    size += b.length;
    if (size <= maxBytes) parts.push(b);
    else parts = [];
  };
  for await (const chunk of chunks) {
    const buf =
      typeof chunk === 'string'
        ? Buffer.from(chunk, 'utf8')
        : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    let start = 0;
    for (let nl = buf.indexOf(10, start); nl !== -1; nl = buf.indexOf(10, start)) {
      keep(buf.subarray(start, nl));
      yield finish();
      start = nl + 1;
    }
    if (start < buf.length) keep(buf.subarray(start));
  }
  if (size > 0) yield finish();
}
