import { BoundedMap } from '../../../schema/bounded-map.js';
import { parse as parseCsv } from 'csv-parse/sync';
import { ParseBudget, ParseLimitError, type ParseLimits } from './budget.js';
import { type CellValue, colName } from './cells.js';
import { type Block, readDocx } from './docx.js';
import { readPdf } from './pdf-read.js';
import { decodeWav, durationOf, isWav } from './audio.js';
import { imageInfo, imageMime } from './png.js';
import { readPptx, type Slide } from './pptx.js';
import { readXlsx, type Sheet } from './xlsx.js';

export { DEFAULT_PARSE_LIMITS, ParseBudget, ParseLimitError, type ParseLimits } from './budget.js';
export { type CellValue, colName, parseRange, parseRef, refOf } from './cells.js';
export { type Block, writeDocx } from './docx.js';
export { writePdf } from './pdf-write.js';
export { type ImageMime, imageInfo, imageMime, imageSize, renderPng, svgToPng } from './png.js';
export { type Slide, writePptx } from './pptx.js';
export { RECIPE_KINDS, RECIPES, type Recipe, type RecipeKind, recipeOf, renderRecipe } from './recipe.js';
export { type CellInput, type Sheet, type SheetInput, writeXlsx } from './xlsx.js';

/** What a workspace file holds, by extension (and magic bytes for binaries). */
export type FormatKind =
  | 'xlsx'
  | 'docx'
  | 'pdf'
  | 'pptx'
  | 'csv'
  | 'tsv'
  | 'json'
  | 'markdown'
  | 'text'
  | 'code'
  | 'image'
  | 'audio'
  | 'binary';

/** A file's content as the agent and the grader see it. */
export type Doc =
  | { kind: 'xlsx'; sheets: Sheet[] }
  | { kind: 'docx'; blocks: Block[] }
  | { kind: 'pdf'; pages: string[] }
  | { kind: 'pptx'; slides: Slide[] }
  | { kind: 'csv' | 'tsv'; rows: string[][]; text: string }
  | { kind: 'json' | 'markdown' | 'text' | 'code'; text: string }
  | { kind: 'image'; mime: string; width: number; height: number; text: string }
  | { kind: 'audio'; text: string };

/** Office formats: stored as bytes, read through a parser. */
export const OFFICE_KINDS = ['xlsx', 'docx', 'pdf', 'pptx'] as const;
export type OfficeKind = (typeof OFFICE_KINDS)[number];

const IMAGE_EXT = new Set(['png', 'jpg', 'jpeg', 'gif', 'webp']);

const CODE =
  /\.(ts|tsx|js|mjs|cjs|py|rb|go|rs|java|kt|c|h|cc|cpp|hpp|cs|php|sh|bash|sql|ya?ml|toml|ini|cfg|conf|env|xml|html?|css|scss)$/i;

/** The format of a path (and, for binaries without a known extension, of its bytes). */
export function formatOf(path: string, bytes?: Uint8Array): FormatKind {
  const ext = /\.([a-z0-9]+)$/i.exec(path)?.[1]?.toLowerCase() ?? '';
  if (ext === 'xlsx' || ext === 'xlsm') return 'xlsx';
  if (ext === 'docx' || ext === 'pdf' || ext === 'pptx' || ext === 'csv' || ext === 'tsv' || ext === 'json') return ext;
  if (ext === 'md' || ext === 'markdown') return 'markdown';
  const mime = bytes && imageMime(bytes);
  if (IMAGE_EXT.has(ext) || mime) return bytes && !mime ? 'binary' : 'image';
  if (ext === 'wav' || (bytes && isWav(bytes))) return bytes && !isWav(bytes) ? 'binary' : 'audio';
  if (ext === 'txt' || ext === 'log' || ext === '') {
    if (bytes && Buffer.from(bytes.subarray(0, 5)).toString('latin1') === '%PDF-') return 'pdf';
    return ext === '' && bytes && bytes.includes(0) ? 'binary' : 'text';
  }
  if (CODE.test(path)) return 'code';
  return bytes && bytes.includes(0) ? 'binary' : 'text';
}

/** Which tool reads a binary of this format, for messages to the agent. */
export function readerHint(kind: FormatKind): string {
  if (kind === 'xlsx') return 'fs_read shows its sheets as tables with cell addresses';
  if (kind === 'docx') return 'fs_read shows it as Markdown-like text with its tables';
  if (kind === 'pdf') return 'fs_read shows its text page by page';
  if (kind === 'pptx') return 'fs_read shows its slides in order';
  if (kind === 'image') return 'fs_read shows the picture';
  if (kind === 'audio') return 'media_info gives its duration, rate and sounding sections';
  return 'fs_read returns it as base64';
}

/** A stored workspace file. */
export interface StoredFile {
  path: string;
  content: string;
  encoding?: 'utf8' | 'base64' | string;
}

export const bytesOf = (f: StoredFile): Uint8Array =>
  f.encoding === 'base64' ? Buffer.from(f.content, 'base64') : Buffer.from(f.content, 'utf8');

/** A file read as a document, or why it cannot be read (`stop`: a limit ended the read, not the file's form). */
export type DocRead =
  | { doc: Doc; error?: undefined }
  | { doc?: undefined; error: string; stop?: ReadStop; parse_limit?: keyof ParseLimits };

/** What stopped a read: one of the parse limits, or the isolated reader's own limits. */
export type ReadStop = 'parse_limit' | 'memory_limit' | 'timeout' | 'cpu_limit' | 'file_size_limit' | 'crashed';

// parsing an office file costs milliseconds: keep the last few (graders read one file per check)
const cache = new BoundedMap<string, DocRead>(16);

/** The cache key of a stored file's read. */
export const readKey = (f: StoredFile): string => `${f.path}\0${f.encoding}\0${f.content}`;

/** Remembers a read (the isolated reader's answer) so that the next read of the same bytes is free. */
export function rememberRead(key: string, r: DocRead): DocRead {
  cache.set(key, r);
  return r;
}

/** A read already made of these bytes, if one is remembered. */
export const recalledRead = (key: string): DocRead | undefined => cache.get(key);

/**
 * Reads a file as a document in this process, within the parse budget; `error` says why an office file (or a
 * CSV) cannot be read. Bytes an agent or an imported package wrote go through `readIsolated` instead, which
 * runs this in a child process with OS limits.
 */
export function readDocument(f: StoredFile, limits?: Partial<ParseLimits>): DocRead {
  const key = readKey(f);
  const hit = cache.get(key);
  if (hit) return hit;
  return rememberRead(key, parseDocument(f, new ParseBudget(limits)));
}

/** Parses one file (no cache): what the isolated reader runs. */
export function parseDocument(f: StoredFile, budget: ParseBudget): DocRead {
  const bytes = f.encoding === 'base64' ? bytesOf(f) : undefined;
  const kind = formatOf(f.path, bytes);
  try {
    return { doc: parse(kind, f, bytes, budget) };
  } catch (e) {
    if (e instanceof ParseLimitError)
      return {
        error: `${f.path} cannot be read: ${e.message.slice(0, 200)}`,
        stop: 'parse_limit',
        parse_limit: e.limit,
      };
    // a stack overflow on hostile nesting is a broken file too, never a crash
    return { error: `${f.path} is not a readable ${kind.toUpperCase()} file (${(e as Error).message.slice(0, 200)})` };
  }
}

function parse(kind: FormatKind, f: StoredFile, bytes: Uint8Array | undefined, budget: ParseBudget): Doc {
  const b = () => bytes ?? bytesOf(f);
  const text = () => (f.encoding === 'base64' ? Buffer.from(b()).toString('utf8') : f.content);
  switch (kind) {
    case 'xlsx':
      return { kind, sheets: readXlsx(b(), budget) };
    case 'docx':
      return { kind, blocks: readDocx(b(), budget) };
    case 'pdf':
      return { kind, pages: readPdf(b(), budget) };
    case 'pptx':
      return { kind, slides: readPptx(b(), budget) };
    case 'csv':
    case 'tsv': {
      const t = text();
      const rows = parseCsv(t, {
        delimiter: kind === 'tsv' ? '\t' : ',',
        skip_empty_lines: true,
        trim: true,
        relax_column_count: true,
        relax_quotes: true,
        bom: true,
      }) as string[][];
      return { kind, rows, text: t };
    }
    case 'image': {
      const info = imageInfo(b());
      if (!info) throw new Error('no image header');
      return { kind, ...info, text: `[image ${info.width}×${info.height} ${info.mime}]` };
    }
    case 'audio': {
      const a = decodeWav(b());
      return {
        kind,
        text: `[audio ${durationOf(a).toFixed(3)} s, ${a.sampleRate} Hz, ${a.channels === 1 ? 'mono' : `${a.channels} channels`}]`,
      };
    }
    case 'binary':
      throw new Error('binary content of an unknown format');
    default:
      return { kind, text: text() };
  }
}

const cellText = (v: CellValue) => (v === null ? '' : String(v)).replace(/\|/g, '\\|').replace(/\n/g, ' ');

function mdTable(rows: readonly (readonly string[])[]): string[] {
  const width = Math.max(1, ...rows.map((r) => r.length));
  const line = (r: readonly string[]) =>
    `| ${Array.from({ length: width }, (_, i) => (r[i] ?? '').replace(/\|/g, '\\|').replace(/\n/g, ' ')).join(' | ')} |`;
  const [head = [], ...body] = rows;
  return [line(head), `|${' --- |'.repeat(width)}`, ...body.map(line)];
}

function sheetText(s: Sheet): string[] {
  const width = Math.max(0, ...s.rows.map((r) => r.length));
  if (s.rows.length === 0 || width === 0) return [`## Sheet "${s.name}" (empty)`];
  const head = ['', ...Array.from({ length: width }, (_, i) => colName(i))];
  const rows = s.rows.map((r, i) => [
    String(i + 1),
    ...Array.from({ length: width }, (_, c) => {
      const f = s.formulas[`${colName(c)}${i + 1}`];
      const v = cellText(r[c] ?? null);
      return f ? `${v} (=${f})` : v;
    }),
  ]);
  return [`## Sheet "${s.name}" (A1:${colName(width - 1)}${s.rows.length})`, '', ...mdTable([head, ...rows])];
}

/** Readable text of a document: sheets as tables with cell addresses, DOCX as Markdown, PDF pages, slides. */
export function documentText(doc: Doc): string {
  switch (doc.kind) {
    case 'xlsx':
      return doc.sheets.map((s) => sheetText(s).join('\n')).join('\n\n');
    case 'docx':
      return doc.blocks
        .map((b) =>
          b.type === 'heading'
            ? `${'#'.repeat(b.level)} ${b.text}`
            : b.type === 'bullet'
              ? `- ${b.text}`
              : b.type === 'paragraph'
                ? b.text
                : mdTable(b.rows).join('\n'),
        )
        .join('\n\n');
    case 'pdf':
      return doc.pages.map((p, i) => `--- page ${i + 1} of ${doc.pages.length} ---\n${p}`).join('\n\n');
    case 'pptx':
      return doc.slides
        .map((s, i) => [`--- slide ${i + 1}: ${s.title} ---`, ...s.bullets.map((t) => `- ${t}`)].join('\n'))
        .join('\n\n');
    default:
      return doc.text;
  }
}

/** Parts of a document a check can point at: each a piece of text with its locator. */
export function docText(doc: Doc, at: { page?: number; slide?: number; heading?: string } = {}): string | undefined {
  if (at.page !== undefined) return doc.kind === 'pdf' ? doc.pages[at.page - 1] : undefined;
  if (at.slide !== undefined) {
    if (doc.kind !== 'pptx') return undefined;
    const s = doc.slides[at.slide - 1];
    return s ? [s.title, ...s.bullets].join('\n') : undefined;
  }
  if (at.heading !== undefined) {
    if (doc.kind !== 'docx' && doc.kind !== 'markdown') return undefined;
    return sectionText(doc, at.heading);
  }
  return documentText(doc);
}

// the text under the first heading containing `heading` (case-insensitive), up to the next heading of the same or a higher level
function sectionText(doc: Doc, heading: string): string | undefined {
  const want = heading.toLowerCase();
  if (doc.kind === 'markdown') {
    const lines = doc.text.split('\n');
    const i = lines.findIndex((l) => /^#{1,6}\s/.test(l) && l.toLowerCase().includes(want));
    if (i < 0) return undefined;
    const level = /^#+/.exec(lines[i] as string)?.[0].length ?? 1;
    const end = lines.findIndex((l, j) => j > i && /^#{1,6}\s/.test(l) && (/^#+/.exec(l)?.[0].length ?? 9) <= level);
    return lines.slice(i, end < 0 ? undefined : end).join('\n');
  }
  if (doc.kind !== 'docx') return undefined;
  const i = doc.blocks.findIndex((b) => b.type === 'heading' && b.text.toLowerCase().includes(want));
  if (i < 0) return undefined;
  const level = (doc.blocks[i] as { level: number }).level;
  const end = doc.blocks.findIndex((b, j) => j > i && b.type === 'heading' && b.level <= level);
  return documentText({ kind: 'docx', blocks: doc.blocks.slice(i, end < 0 ? undefined : end) });
}

/** A table of a document as rows of cells: a sheet (by name, default the first), a CSV/TSV, or the n-th DOCX table (1-based). */
export function tableOf(doc: Doc, at: { sheet?: string; table?: number } = {}): CellValue[][] | undefined {
  if (doc.kind === 'xlsx') {
    const s =
      at.sheet === undefined
        ? doc.sheets[0]
        : doc.sheets.find((x) => x.name.toLowerCase() === (at.sheet as string).toLowerCase());
    return s?.rows;
  }
  if (doc.kind === 'csv' || doc.kind === 'tsv') return doc.rows;
  if (doc.kind === 'docx')
    return doc.blocks.filter((b) => b.type === 'table')[(at.table ?? 1) - 1]?.rows as CellValue[][] | undefined;
  return undefined;
}

/** Sheet names of a workbook (for messages). */
export const sheetNames = (doc: Doc): string[] => (doc.kind === 'xlsx' ? doc.sheets.map((s) => s.name) : []);
