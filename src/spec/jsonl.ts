import type { z } from 'zod';
import { canonicalJson } from './canonical-json.js';
import { zodDiagnostics } from './zod-diagnostics.js';

export interface JsonlProblem {
  line: number;
  message: string;
}

/** Parses JSONL rows against a schema; a malformed row is reported and skipped, never fatal. */
export function parseJsonl<S extends z.ZodType>(text: string, schema: S): { rows: z.output<S>[]; problems: JsonlProblem[] } {
  const rows: z.output<S>[] = [];
  const problems: JsonlProblem[] = [];
  const lines = text.split('\n');
  lines.forEach((raw, i) => {
    const line = raw.trim();
    if (!line) return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (e) {
      problems.push({ line: i + 1, message: `not valid JSON (${e instanceof Error ? e.message : String(e)})${i === lines.length - 1 ? '; the last row may be cut off' : ''}` });
      return;
    }
    const res = schema.safeParse(value);
    if (res.success) rows.push(res.data);
    else {
      const first = zodDiagnostics(res.error.issues, value, schema).slice(0, 3);
      problems.push({ line: i + 1, message: first.map((d) => `${d.path}: ${d.message}`).join('; ') });
    }
  });
  return { rows, problems };
}

/** One canonical JSON line (sorted keys) with its newline. */
export function jsonlLine(value: unknown): string {
  return `${canonicalJson(value)}\n`;
}
