// A1-style cell addresses shared by the XLSX codec, the readable text and the grader's selectors

/** A cell's value as read: text, number, boolean or empty. */
export type CellValue = string | number | boolean | null;

/** 0 → A, 25 → Z, 26 → AA */
export function colName(i: number): string {
  let s = '';
  for (let n = i + 1; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
}

/** "B3" → {col: 1, row: 2} (0-based); undefined when not an A1 address. */
export function parseRef(ref: string): { col: number; row: number } | undefined {
  const m = /^\$?([A-Za-z]{1,3})\$?(\d{1,7})$/.exec(ref.trim());
  if (!m) return undefined;
  const col = [...(m[1] as string).toUpperCase()].reduce((n, c) => n * 26 + c.charCodeAt(0) - 64, 0) - 1;
  const row = Number(m[2]) - 1;
  return row >= 0 ? { col, row } : undefined;
}

/** "B2:C9" → its corners (0-based, inclusive); a single address is a 1×1 range. */
export function parseRange(ref: string): { c0: number; r0: number; c1: number; r1: number } | undefined {
  const [a, b = a] = ref.split(':');
  const p = parseRef(a ?? '');
  const q = parseRef(b ?? '');
  if (!p || !q) return undefined;
  return {
    c0: Math.min(p.col, q.col),
    r0: Math.min(p.row, q.row),
    c1: Math.max(p.col, q.col),
    r1: Math.max(p.row, q.row),
  };
}

export const refOf = (col: number, row: number): string => `${colName(col)}${row + 1}`;
