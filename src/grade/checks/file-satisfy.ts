import {
  type CellValue,
  formatOf,
  parseRange,
  parseRef,
  writeDocx,
  writePdf,
  writePptx,
  writeXlsx,
  type Block,
} from '../../services/workspace/formats/index.js';
import type { CheckOf } from '../../schema/check-kinds.js';
import type { SyntheticBuilder } from '../types.js';
import { regexOf } from '../match.js';
import { exampleValue, exampleWhere } from './examples.js';
import { normalPath } from './file-util.js';

// the consistency gate's synthetic complete record: a file, in the check's format, that satisfies every clause

type FM = CheckOf<'file_matches'>;

const scalar = (v: unknown): CellValue =>
  v === undefined || v === null ? null : typeof v === 'number' || typeof v === 'boolean' ? v : String(v);

function setAt(obj: Record<string, unknown>, path: string, value: unknown): Record<string, unknown> {
  const segs = path.match(/[^.[\]]+/g) ?? [];
  let cur: Record<string, unknown> = obj;
  segs.forEach((seg, i) => {
    if (i === segs.length - 1) cur[seg] = value;
    else cur = (cur[seg] ??= /^\d+$/.test(segs[i + 1] ?? '') ? [] : {}) as Record<string, unknown>;
  });
  return obj;
}

// the checks on one path seen so far by one builder: every file_matches check on the path renders one file
const seen = new WeakMap<SyntheticBuilder, Map<string, FM[]>>();

/** Content (and encoding) of a file that satisfies this check and every earlier one on the same path. */
export function satisfyFile(check: FM, b: SyntheticBuilder): { content: string; encoding: 'utf8' | 'base64' } {
  const byPath = seen.get(b) ?? new Map<string, FM[]>();
  seen.set(b, byPath);
  const key = normalPath(check.path);
  const all = [...(byPath.get(key) ?? []), check];
  byPath.set(key, all);
  return render(all, b);
}

type Grid = CellValue[][];

function render(checks: readonly FM[], b: SyntheticBuilder): { content: string; encoding: 'utf8' | 'base64' } {
  const path = (checks[0] as FM).path;
  const kind = formatOf(path);
  const texts: string[] = [];
  const scoped: { page?: number; slide?: number; heading?: string; text: string }[] = [];
  const sheets = new Map<string, Grid>();
  const gridOf = (name: string | undefined) => {
    const k = name ?? '';
    if (!sheets.has(k)) sheets.set(k, []);
    return sheets.get(k) as Grid;
  };
  const put = (g: Grid, ref: { col: number; row: number }, v: CellValue) => {
    const row = (g[ref.row] ??= []);
    row[ref.col] = v;
  };
  let json: Record<string, unknown> | undefined;
  for (const check of checks) {
    if (check.regex) texts.push(b.example(check.regex));
    if (check.text) {
      const t = b.example(check.text.regex);
      if (check.text.page === undefined && check.text.slide === undefined && check.text.heading === undefined)
        texts.push(t);
      else
        scoped.push({
          ...(check.text.page !== undefined ? { page: check.text.page } : {}),
          ...(check.text.slide !== undefined ? { slide: check.text.slide } : {}),
          ...(check.text.heading !== undefined ? { heading: check.text.heading } : {}),
          text: t,
        });
    }
    if (check.json) json = setAt(json ?? {}, check.json.path, exampleValue(check.json.value, b));
    for (const table of [check.table, check.csv]) {
      if (!table) continue;
      // one row per clause, under a header that is the union of the columns named so far
      const g = gridOf(table.sheet ?? (table.table !== undefined ? `#${table.table}` : undefined));
      const row = { ...exampleWhere(table.where, b), [table.column]: exampleValue(table.value, b) };
      const head = (g[0] ??= []) as CellValue[];
      for (const c of Object.keys(row))
        if (!head.some((h) => String(h).toLowerCase() === c.toLowerCase())) head.push(c);
      const at = Math.max(g.length, (table.row ?? -1) + 1);
      const line = head.map((h) =>
        scalar(Object.entries(row).find(([k]) => k.toLowerCase() === String(h).toLowerCase())?.[1]),
      );
      g[at] = line;
    }
    if (check.cell)
      put(
        gridOf(check.cell.sheet),
        parseRef(check.cell.ref) as { col: number; row: number },
        scalar(exampleValue(check.cell.value, b)),
      );
  }
  // ranges last: a count tops up the cells other clauses already filled
  for (const check of checks) {
    if (!check.range) continue;
    const r = parseRange(check.range.ref) as { c0: number; r0: number; c1: number; r1: number };
    const g = gridOf(check.range.sheet);
    if (check.range.aggregate === 'count') {
      let left = check.range.value;
      for (let row = r.r0; row <= r.r1; row++)
        for (let col = r.c0; col <= r.c1; col++)
          if (g[row]?.[col] !== undefined && g[row]?.[col] !== null && g[row]?.[col] !== '') left--;
      for (let row = r.r0; row <= r.r1 && left > 0; row++) {
        for (let col = r.c0; col <= r.c1 && left > 0; col++) {
          if (g[row]?.[col] !== undefined && g[row]?.[col] !== null && g[row]?.[col] !== '') continue;
          put(g, { col, row }, 'x');
          left--;
        }
      }
    } else put(g, { col: r.c0, row: r.r0 }, check.range.value);
  }
  const dense = (g: Grid) => {
    const width = Math.max(0, ...g.map((r) => r?.length ?? 0));
    return Array.from({ length: g.length }, (_, i) => Array.from({ length: width }, (_, c) => g[i]?.[c] ?? null));
  };
  const base64 = (u: Uint8Array) => ({ content: Buffer.from(u).toString('base64'), encoding: 'base64' as const });
  const modified = '1980-01-01T00:00:00Z';
  const tables = [...sheets.entries()].map(([name, g]) => ({ name, rows: dense(g) }));
  if (kind === 'xlsx') {
    const list = tables.length
      ? tables.map((t, i) => ({ name: t.name || `Sheet${i + 1}`, rows: t.rows }))
      : [{ name: 'Sheet1', rows: [] as Grid }];
    // free text goes to a sheet of its own, after the others: it must not shift the cells and ranges checked
    if (texts.length) list.push({ name: 'Notes', rows: texts.map((t) => [t]) });
    return base64(writeXlsx(list, { modified }));
  }
  if (kind === 'docx' || kind === 'markdown') {
    const blocks: Block[] = [];
    for (const s of scoped)
      if (s.heading !== undefined)
        blocks.push({ type: 'heading', level: 1, text: s.heading }, { type: 'paragraph', text: s.text });
    blocks.push(...texts.map((t) => ({ type: 'paragraph' as const, text: t })));
    for (const t of tables.sort((x, y) => (x.name < y.name ? -1 : 1)))
      blocks.push({ type: 'table', rows: t.rows.map((r) => r.map((v) => (v === null ? '' : String(v)))) });
    if (kind === 'docx')
      return base64(writeDocx(blocks.length ? blocks : [{ type: 'paragraph', text: 'x' }], { modified }));
    return {
      content: blocks
        .map((x) =>
          x.type === 'heading'
            ? `# ${x.text}`
            : x.type === 'table'
              ? x.rows.map((r) => `| ${r.join(' | ')} |`).join('\n')
              : x.type === 'bullet'
                ? `- ${x.text}`
                : x.text,
        )
        .join('\n\n'),
      encoding: 'utf8',
    };
  }
  if (kind === 'pdf') {
    const n = Math.max(1, ...scoped.map((s) => s.page ?? 1));
    const pages = Array.from({ length: n }, () => [] as string[]);
    (pages[0] as string[]).push(...texts);
    for (const s of scoped) if (s.page !== undefined) (pages[s.page - 1] as string[]).push(s.text);
    return base64(writePdf(pages, { modified }));
  }
  if (kind === 'pptx') {
    const n = Math.max(1, ...scoped.map((s) => s.slide ?? 1));
    const slides = Array.from({ length: n }, () => ({ title: '', bullets: [] as string[] }));
    (slides[0] as { bullets: string[] }).bullets.push(...texts);
    for (const s of scoped)
      if (s.slide !== undefined) (slides[s.slide - 1] as { bullets: string[] }).bullets.push(s.text);
    return base64(writePptx(slides, { modified }));
  }
  if (json) return { content: JSON.stringify(json), encoding: 'utf8' };
  const sep = kind === 'tsv' ? '\t' : ',';
  const grid = tables[0]?.rows ?? [];
  const table = grid.map((r) => r.map((v) => (v === null ? '' : String(v))).join(sep)).join('\n');
  // a table already matching a pattern (e.g. "no test account anywhere") needs no extra line; a needed one
  // is one quoted field, so it adds at most a row with column A filled
  const patterns = checks
    .flatMap((c) => [
      c.regex,
      c.text && c.text.page === undefined && c.text.slide === undefined && c.text.heading === undefined
        ? c.text.regex
        : undefined,
    ])
    .filter((p): p is string => !!p);
  const extra = grid.length
    ? texts.filter((_, i) => !regexOf(patterns[i] as string)?.test(table)).map((t) => `"${t.replace(/"/g, '""')}"`)
    : texts;
  return { content: [table, ...extra].filter((x) => x !== '').join('\n'), encoding: 'utf8' };
}
