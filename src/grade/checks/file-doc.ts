import {
  type CellValue,
  type Doc,
  docText,
  documentText,
  OFFICE_KINDS,
  parseRange,
  parseRef,
  sheetNames,
  type StoredFile,
  tableOf,
} from '../../services/workspace/formats/index.js';
import type { Rec } from '../../services/types.js';
import { readIsolated, transient } from '../../services/workspace/read-isolated.js';
import type { CheckOf } from '../../schema/check-kinds.js';
import type { Matcher } from '../../schema/matchers.js';
import { type MatchEnv, matchValue, matchWhere, numberOf, regexTests } from '../match.js';

// the format-aware clauses of file_matches: tables, cells, ranges and scoped text, read from the file's content

type FM = CheckOf<'file_matches'>;
type Table = NonNullable<FM['table']>;
export interface Clause {
  ok: boolean;
  evidence: Record<string, unknown>;
}

/** A file as the grader reads it; `transient`: the reader failed for a reason of the moment, not the file's. */
type Read = { doc?: Doc; error?: string; office: boolean; transient?: boolean };
// records are frozen: a file record's document is read once, however many episodes and checks share it
const read = new WeakMap<Rec, Read>();

/**
 * The document of a stored file, or why it cannot be read (office files only; text always reads). The parse
 * runs in a reader unit (a child process with limits): the file may be what an agent wrote.
 */
export async function docOf(f: Rec): Promise<Read> {
  let r = Object.isFrozen(f) ? read.get(f) : undefined;
  if (!r) {
    r = await readOf(f);
    if (Object.isFrozen(f) && !r.transient) read.set(f, r);
  }
  return r;
}

const texts = new WeakMap<Doc, string>();

/** documentText of a document, computed once per document object (documents are shared, never changed). */
export function docTextOf(doc: Doc): string {
  let t = texts.get(doc);
  if (t === undefined) {
    t = documentText(doc);
    texts.set(doc, t);
  }
  return t;
}

async function readOf(f: Rec): Promise<Read> {
  const file = {
    path: String(f.path),
    content: String(f.content ?? ''),
    encoding: String(f.encoding ?? 'utf8'),
  } satisfies StoredFile;
  const r = await readIsolated(file);
  const office = !!r.doc && (OFFICE_KINDS as readonly string[]).includes(r.doc.kind);
  return r.error !== undefined
    ? {
        error: r.error,
        office: /\.(xlsx|xlsm|docx|pptx|pdf)$/i.test(file.path),
        ...(transient(r) ? { transient: true } : {}),
      }
    : { doc: r.doc, office };
}

/** `value` matches `actual`, within ± tolerance for numbers when a tolerance is given. */
export function valueMatches(value: Matcher, actual: unknown, tolerance: number | undefined, env: MatchEnv): boolean {
  if (tolerance === undefined) return actual !== undefined && matchValue(value, actual, undefined, env);
  const want =
    typeof value === 'number'
      ? value
      : value && typeof value === 'object' && 'equals' in value && typeof value.equals === 'number'
        ? value.equals
        : undefined;
  const got = numberOf(actual);
  return want !== undefined && got !== undefined && Math.abs(got - want) <= tolerance + 1e-9;
}

const where = (t: { sheet?: string; table?: number }) => ({
  ...(t.sheet !== undefined ? { sheet: t.sheet } : {}),
  ...(t.table !== undefined ? { table: t.table } : {}),
});

function tableMissing(doc: Doc, t: { sheet?: string; table?: number }): Clause {
  const names = sheetNames(doc);
  const why = names.length
    ? `no sheet "${t.sheet}" (sheets: ${names.join(', ')})`
    : doc.kind === 'docx'
      ? `no table ${t.table ?? 1}`
      : `a ${doc.kind} file has no tables`;
  return { ok: false, evidence: { table_error: why } };
}

/** A cell by header name in a table (CSV/TSV, an XLSX sheet, a DOCX table). */
export function tableClause(c: Table, doc: Doc, env: MatchEnv, key = 'table'): Clause {
  const grid = tableOf(doc, where(c));
  if (!grid) return tableMissing(doc, c);
  const [head = [], ...body] = grid;
  const names = head.map((h) => String(h ?? '').trim());
  const rows = body.map((r) => Object.fromEntries(names.map((n, i) => [n, r[i] ?? null])) as Record<string, CellValue>);
  if (!names.some((n) => n.toLowerCase() === c.column.toLowerCase()))
    return {
      ok: false,
      evidence: { table_error: `no column "${c.column}" (columns: ${names.filter(Boolean).join(', ')})` },
    };
  const col = names.find((n) => n.toLowerCase() === c.column.toLowerCase()) as string;
  const candidates = c.row !== undefined ? rows.slice(c.row, c.row + 1) : rows;
  const hits = candidates.filter(
    (r) =>
      matchWhere(c.where, r, undefined, env) &&
      valueMatches(c.value, r[col] ?? undefined, c.tolerance, { ...env, record: r }),
  );
  return {
    ok: hits.length > 0,
    evidence: {
      [`${key}_rows`]: rows.length,
      [`${key}_matching_rows`]: hits.slice(0, 3),
      ...(c.row !== undefined ? { [`${key}_row`]: rows[c.row] ?? null } : {}),
    },
  };
}

/** One cell by A1 address (a CSV's header is row 1). */
export function cellClause(c: NonNullable<FM['cell']>, doc: Doc, env: MatchEnv): Clause {
  const grid = tableOf(doc, where(c));
  if (!grid) return tableMissing(doc, c);
  const at = parseRef(c.ref) as { col: number; row: number };
  const actual = grid[at.row]?.[at.col] ?? null;
  return {
    ok: actual !== null && valueMatches(c.value, actual, c.tolerance, env),
    evidence: { cell: c.ref.toUpperCase(), cell_value: actual },
  };
}

/** An aggregate over a range of cells. */
export function rangeClause(c: NonNullable<FM['range']>, doc: Doc): Clause {
  const grid = tableOf(doc, where(c));
  if (!grid) return tableMissing(doc, c);
  const r = parseRange(c.ref) as { c0: number; r0: number; c1: number; r1: number };
  const cells: CellValue[] = [];
  for (let row = r.r0; row <= r.r1; row++)
    for (let col = r.c0; col <= r.c1; col++) cells.push(grid[row]?.[col] ?? null);
  const nums = cells.flatMap((v) => (typeof v === 'boolean' ? [] : (numberOf(v) ?? [])));
  const value =
    c.aggregate === 'count'
      ? cells.filter((v) => v !== null && v !== '').length
      : nums.length === 0
        ? undefined
        : c.aggregate === 'sum'
          ? nums.reduce((a, b) => a + b, 0)
          : c.aggregate === 'min'
            ? Math.min(...nums)
            : c.aggregate === 'max'
              ? Math.max(...nums)
              : nums.reduce((a, b) => a + b, 0) / nums.length;
  const ok = value !== undefined && Math.abs(value - c.value) <= (c.tolerance ?? 0) + 1e-9;
  return { ok, evidence: { range: c.ref.toUpperCase(), [c.aggregate]: value ?? null } };
}

/** Text in one part of a document (a PDF page, a slide, a section) or anywhere. */
export function textClause(c: NonNullable<FM['text']>, doc: Doc): Clause {
  const part = docText(doc, {
    ...(c.page !== undefined ? { page: c.page } : {}),
    ...(c.slide !== undefined ? { slide: c.slide } : {}),
    ...(c.heading !== undefined ? { heading: c.heading } : {}),
  });
  const label =
    c.page !== undefined
      ? `page ${c.page}`
      : c.slide !== undefined
        ? `slide ${c.slide}`
        : c.heading !== undefined
          ? `section "${c.heading}"`
          : 'anywhere';
  if (part === undefined)
    return { ok: false, evidence: { text_part: label, text_error: `${doc.kind} has no ${label}` } };
  return { ok: regexTests(c.regex, part), evidence: { text_part: label, text_excerpt: part.slice(0, 200) } };
}
