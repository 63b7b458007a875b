// deterministic lexical search shared by kb, contacts, gmail and web: case-insensitive word tokens,
// CJK characters and CJK bigrams; ranked by distinct-token overlap, ties in fixture order.

const STOP = new Set([
  'a',
  'an',
  'and',
  'are',
  'as',
  'at',
  'be',
  'by',
  'for',
  'from',
  'in',
  'is',
  'it',
  'of',
  'on',
  'or',
  'the',
  'to',
  'with',
]);
const CJK = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]/u;
const WORD = /[\p{L}\p{N}]+/gu;

/** Distinct search tokens of a text. */
export function tokenize(text: string): Set<string> {
  const out = new Set<string>();
  for (const m of text.toLowerCase().matchAll(WORD)) {
    const w = m[0];
    if (!CJK.test(w)) {
      if (!STOP.has(w)) out.add(w);
      continue;
    }
    // split mixed runs: latin parts as words, cjk parts as chars + bigrams
    let run = '';
    const flush = () => {
      if (run && !STOP.has(run)) out.add(run);
      run = '';
    };
    const chars = [...w];
    for (let i = 0; i < chars.length; i++) {
      const c = chars[i] as string;
      if (CJK.test(c)) {
        flush();
        out.add(c);
        const next = chars[i + 1];
        if (next && CJK.test(next)) out.add(c + next);
      } else run += c;
    }
    flush();
  }
  return out;
}

/** Items sharing at least one token with the query, best overlap first (stable for ties). */
export function rankByQuery<T>(items: readonly T[], query: string, text: (item: T) => string): T[] {
  const q = tokenize(query);
  if (q.size === 0) return [];
  const scored: { item: T; score: number; i: number }[] = [];
  items.forEach((item, i) => {
    let score = 0;
    for (const t of tokenize(text(item))) if (q.has(t)) score++;
    if (score > 0) scored.push({ item, score, i });
  });
  scored.sort((a, b) => b.score - a.score || a.i - b.i);
  return scored.map((s) => s.item);
}

/** Joins the string-ish fields of a record for searching. */
export function fieldsText(rec: Readonly<Record<string, unknown>>, fields: readonly string[]): string {
  const parts: string[] = [];
  for (const f of fields) {
    const v = rec[f];
    if (typeof v === 'string') parts.push(v);
    else if (Array.isArray(v)) parts.push(v.filter((x) => typeof x === 'string').join(' '));
  }
  return parts.join(' ');
}
