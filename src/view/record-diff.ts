import { canonicalJson } from '../schema/canonical-json.js';

type Rec = Record<string, unknown>;

/** One collection's change over an episode: records added, removed, and changed field by field. */
export interface CollectionDiff {
  service: string;
  collection: string;
  id_field: string;
  added: Rec[];
  removed: Rec[];
  changed: { id: string; fields: { field: string; before: unknown; after: unknown }[] }[];
  unchanged: number;
}

const same = (a: unknown, b: unknown) => canonicalJson(a ?? null) === canonicalJson(b ?? null);

/** Before → after of one collection, matched by its id field (records without one are matched by content). */
export function diffCollection(
  service: string,
  collection: string,
  idField: string,
  before: readonly Rec[],
  after: readonly Rec[],
): CollectionDiff {
  const keyOf = (r: Rec, i: number) =>
    r[idField] === undefined ? `#content:${canonicalJson(r)}:${i}` : String(r[idField]);
  const old = new Map(before.map((r, i) => [keyOf(r, i), r]));
  const out: CollectionDiff = {
    service,
    collection,
    id_field: idField,
    added: [],
    removed: [],
    changed: [],
    unchanged: 0,
  };
  const seen = new Set<string>();
  for (const [i, r] of after.entries()) {
    const k = keyOf(r, i);
    seen.add(k);
    const prev = old.get(k);
    if (!prev) {
      out.added.push(r);
      continue;
    }
    // seq/timestamp are bookkeeping the services add to changed records
    const fields = [...new Set([...Object.keys(prev), ...Object.keys(r)])].filter((f) => !same(prev[f], r[f])).sort();
    if (fields.length)
      out.changed.push({ id: k, fields: fields.map((f) => ({ field: f, before: prev[f], after: r[f] })) });
    else out.unchanged++;
  }
  for (const [k, r] of old) if (!seen.has(k)) out.removed.push(r);
  return out;
}

export type DiffLine = { op: ' ' | '+' | '-'; text: string };

// past this many lines on either side the diff is shown as a whole replacement (the LCS table is n × m)
const MAX_LINES = 2000;

/** A line diff (longest common subsequence); very long texts are shown as removed then added. */
export function diffLines(before: string, after: string): DiffLine[] {
  const a = before.split('\n');
  const b = after.split('\n');
  if (a.length > MAX_LINES || b.length > MAX_LINES)
    return [...a.map((text) => ({ op: '-' as const, text })), ...b.map((text) => ({ op: '+' as const, text }))];
  const n = a.length;
  const m = b.length;
  const lcs = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1));
  for (let i = n - 1; i >= 0; i--) {
    const row = lcs[i] as Uint32Array;
    const next = lcs[i + 1] as Uint32Array;
    for (let j = m - 1; j >= 0; j--)
      row[j] = a[i] === b[j] ? (next[j + 1] as number) + 1 : Math.max(next[j] as number, row[j + 1] as number);
  }
  const out: DiffLine[] = [];
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (a[i] === b[j]) {
      out.push({ op: ' ', text: a[i] as string });
      i++;
      j++;
    } else if (((lcs[i + 1] as Uint32Array)[j] as number) >= ((lcs[i] as Uint32Array)[j + 1] as number))
      out.push({ op: '-', text: a[i++] as string });
    else out.push({ op: '+', text: b[j++] as string });
  }
  while (i < n) out.push({ op: '-', text: a[i++] as string });
  while (j < m) out.push({ op: '+', text: b[j++] as string });
  return out;
}
