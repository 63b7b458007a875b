import type { Rec } from '../parts.js';

// The ground truth a picture keeps beside it (the recipe's `truth`): its records' fields as drawn, the id first.
// The agent sees only the image; the gate's probes read these rows as they read a CSV's (validate/record-tables.ts),
// so a corpus of picture tasks is held to the same fixed-rule and any-candidate measures as every other.

type Cell = string | number | boolean;

/** One record as the picture's truth: its id field first, then every plain field it holds. */
export function truthOf(rec: Rec, idField: string): Record<string, Cell> {
  const out: Record<string, Cell> = {};
  const put = (k: string, v: unknown) => {
    if (typeof v === 'string' || typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v))) out[k] = v;
  };
  put(idField, rec[idField]);
  for (const [k, v] of Object.entries(rec)) if (k !== idField && !k.startsWith('_')) put(k, v);
  return out;
}
