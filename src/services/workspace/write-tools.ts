import { z } from 'zod';
import { ToolError } from '../tool-error.js';
import { defineTool, type ToolContext, type ToolDef } from '../types.js';
import { kinded } from '../util.js';
import { type Block, type CellInput, refOf, type SheetInput, writeDocx, writeXlsx } from './formats/index.js';
import { DocxBlock } from './formats/recipe.js';
import { toWorkspacePath } from './paths.js';
import { readIsolated } from './read-isolated.js';

// structured writers, so an agent without a Python stack can still produce office files

/** The workspace's checked writer (path, directories, room), as the tools that write files get it. */
export type Write = (
  ctx: ToolContext,
  path: string,
  content: string,
  encoding: 'utf8' | 'base64',
) => { path: string; bytes: number; created: boolean };

const Scalar = z.union([z.string(), z.number(), z.boolean(), z.null()]);
const extOf = (p: string) => /\.([a-z0-9]+)$/i.exec(p)?.[1]?.toLowerCase() ?? '';

function csvCell(v: unknown, sep: string): string {
  const s = v === null || v === undefined ? '' : String(v);
  if (sep === '\t') return s.replace(/[\t\r\n]+/g, ' ');
  return /[",\r\n]/.test(s) || /^\s|\s$/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** fs_write_table: rows (and an optional header) → CSV, TSV or one sheet of an XLSX workbook. */
export function tableWriteTool(write: Write): ToolDef {
  return defineTool({
    name: 'fs_write_table',
    description:
      'Write a table to a .csv, .tsv or .xlsx file: columns (the header row) and rows of values. For .xlsx, `sheet` names the sheet (default Sheet1); the other sheets of an existing workbook are kept. Cells hold values (numbers stay numbers); formulas are not evaluated.',
    params: z.strictObject({
      path: kinded('path', z.string().min(1).describe('ends in .csv, .tsv or .xlsx')),
      columns: z.array(z.string()).optional().describe('header row'),
      rows: z.array(z.array(Scalar)).max(100_000),
      sheet: z
        .string()
        .min(1)
        .max(31)
        .regex(/^[^\\/?*[\]:]+$/, 'a sheet name without \\ / ? * [ ] :')
        .optional(),
    }),
    mutates: true,
    // an existing workbook is read (its other sheets kept) in a reader unit
    async: true,
    async handler(ctx, a) {
      const ext = extOf(a.path);
      const grid: CellInput[][] = [...(a.columns ? [a.columns] : []), ...a.rows];
      if (ext === 'csv' || ext === 'tsv') {
        if (a.sheet)
          throw new ToolError(
            'invalid_argument',
            `sheet applies to .xlsx files only; ${a.path} is ${ext.toUpperCase()}`,
          );
        const sep = ext === 'tsv' ? '\t' : ',';
        const text = grid.map((r) => r.map((v) => csvCell(v, sep)).join(sep)).join('\n') + (grid.length ? '\n' : '');
        const w = write(ctx, a.path, text, 'utf8');
        return { status: w.created ? 'created' : 'updated', path: w.path, bytes: w.bytes, rows: a.rows.length };
      }
      if (ext !== 'xlsx')
        throw new ToolError(
          'invalid_argument',
          `fs_write_table writes .csv, .tsv or .xlsx files; ${a.path} ends in ${ext ? `.${ext}` : 'no extension'}`,
        );
      const name = a.sheet ?? 'Sheet1';
      const sheets: SheetInput[] = [];
      const old = ctx.find('files', toWorkspacePath(a.path));
      if (old && old.encoding === 'base64') {
        const r = await readIsolated(old as { path: string; content: string; encoding: string });
        if (r.doc?.kind === 'xlsx')
          for (const s of r.doc.sheets)
            sheets.push({
              name: s.name,
              rows: s.rows.map((row, i) =>
                row.map((v, c) => {
                  const f = s.formulas[refOf(c, i)];
                  return f ? { formula: f, value: v } : v;
                }),
              ),
            });
      }
      const at = sheets.findIndex((s) => s.name.toLowerCase() === name.toLowerCase());
      if (at >= 0) sheets[at] = { name, rows: grid };
      else sheets.push({ name, rows: grid });
      const bytes = writeXlsx(sheets, { modified: ctx.now() });
      const w = write(ctx, a.path, Buffer.from(bytes).toString('base64'), 'base64');
      return {
        status: w.created ? 'created' : 'updated',
        path: w.path,
        bytes: w.bytes,
        sheet: name,
        sheets: sheets.map((s) => s.name),
        rows: a.rows.length,
      };
    },
  });
}

function markdown(blocks: readonly Block[]): string {
  const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');
  return `${blocks
    .map((b) => {
      if (b.type === 'heading') return `${'#'.repeat(b.level)} ${b.text}`;
      if (b.type === 'bullet') return `- ${b.text}`;
      if (b.type === 'paragraph') return b.text;
      const width = Math.max(1, ...b.rows.map((r) => r.length));
      const line = (r: readonly string[]) =>
        `| ${Array.from({ length: width }, (_, i) => cell(r[i] ?? '')).join(' | ')} |`;
      const [head = [], ...body] = b.rows;
      return [line(head), `|${' --- |'.repeat(width)}`, ...body.map(line)].join('\n');
    })
    .join('\n\n')}\n`;
}

/** fs_write_doc: headings, paragraphs, bullets and tables → DOCX or Markdown. */
export function docWriteTool(write: Write): ToolDef {
  return defineTool({
    name: 'fs_write_doc',
    description:
      'Write a document to a .docx or .md file from blocks, in order: {heading, level?} (level 1-6, default 1), {paragraph}, {bullet}, {table: rows of cells, the first row is the header}.',
    params: z.strictObject({
      path: kinded('path', z.string().min(1).describe('ends in .docx or .md')),
      blocks: z.array(DocxBlock).min(1).max(10_000),
    }),
    mutates: true,
    handler(ctx, a) {
      const ext = extOf(a.path);
      const blocks: Block[] = a.blocks.map((b) =>
        'heading' in b
          ? { type: 'heading', level: b.level, text: b.heading }
          : 'paragraph' in b
            ? { type: 'paragraph', text: b.paragraph }
            : 'bullet' in b
              ? { type: 'bullet', text: b.bullet }
              : { type: 'table', rows: b.table.map((r) => r.map(String)) },
      );
      let w: ReturnType<Write>;
      if (ext === 'md' || ext === 'markdown') w = write(ctx, a.path, markdown(blocks), 'utf8');
      else if (ext === 'docx')
        w = write(ctx, a.path, Buffer.from(writeDocx(blocks, { modified: ctx.now() })).toString('base64'), 'base64');
      else
        throw new ToolError(
          'invalid_argument',
          `fs_write_doc writes .docx or .md files; ${a.path} ends in ${ext ? `.${ext}` : 'no extension'}`,
        );
      return { status: w.created ? 'created' : 'updated', path: w.path, bytes: w.bytes, blocks: blocks.length };
    },
  });
}
