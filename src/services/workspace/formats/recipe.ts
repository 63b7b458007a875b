import { z } from 'zod';
import { writeDocx } from './docx.js';
import { renderWav, WavRecipe } from './audio.js';
import { PngRecipe } from './image-scenes.js';
import { EPOCH } from './meta.js';
import { writePdf } from './pdf-write.js';
import { renderPng } from './png.js';
import { writePptx } from './pptx.js';
import { writeXlsx } from './xlsx.js';

// declarative recipes for binary workspace fixtures: a spec stays readable and diffable, and the runtime
// renders the file; the same recipe always renders the same bytes (dates come from `modified`, never the clock).

const Scalar = z.union([z.string(), z.number(), z.boolean(), z.null()]);
const Cell = z.union([
  Scalar,
  z.strictObject({
    formula: z.string().min(1).describe('e.g. SUM(B2:B9)'),
    value: Scalar.describe('the cached result a reader sees'),
  }),
]);
const Modified = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?)?$/, 'an ISO date such as 2026-03-10')
  .optional()
  .describe('document date (zip timestamps, metadata); default 1980-01-01');

export const XlsxRecipe = z.strictObject({
  sheets: z
    .array(
      z.strictObject({
        name: z
          .string()
          .min(1)
          .max(31)
          .regex(/^[^\\/?*[\]:]+$/, 'a sheet name without \\ / ? * [ ] :'),
        rows: z.array(z.array(Cell)),
      }),
    )
    .min(1),
  modified: Modified,
});
export const DocxBlock = z.union([
  z.strictObject({ heading: z.string().min(1), level: z.number().int().min(1).max(6).default(1) }),
  z.strictObject({ paragraph: z.string() }),
  z.strictObject({ bullet: z.string().min(1) }),
  z.strictObject({ table: z.array(z.array(z.union([z.string(), z.number()]))).min(1) }),
]);
export const DocxRecipe = z.strictObject({
  blocks: z.array(DocxBlock).min(1),
  title: z.string().optional(),
  modified: Modified,
});
export const PdfRecipe = z.strictObject({
  pages: z
    .array(z.union([z.string(), z.array(z.string())]))
    .min(1)
    .describe('each page: text (lines split at newlines) or a list of lines'),
  title: z.string().optional(),
  modified: Modified,
});
export const PptxRecipe = z.strictObject({
  slides: z.array(z.strictObject({ title: z.string(), bullets: z.array(z.string()).default([]) })).min(1),
  modified: Modified,
});

/** The recipe keys a workspace fixture file may give instead of `content`. */
export const RECIPE_KINDS = ['xlsx', 'docx', 'pdf', 'pptx', 'png', 'wav'] as const;
export type RecipeKind = (typeof RECIPE_KINDS)[number];

export const RECIPES = {
  xlsx: XlsxRecipe,
  docx: DocxRecipe,
  pdf: PdfRecipe,
  pptx: PptxRecipe,
  png: PngRecipe,
  wav: WavRecipe,
} as const;
export type Recipe =
  | { xlsx: z.input<typeof XlsxRecipe> }
  | { docx: z.input<typeof DocxRecipe> }
  | { pdf: z.input<typeof PdfRecipe> }
  | { pptx: z.input<typeof PptxRecipe> }
  | { png: z.input<typeof PngRecipe> }
  | { wav: z.input<typeof WavRecipe> };

const iso = (d: string | undefined) => (d ? (d.length === 10 ? `${d}T00:00:00Z` : d) : EPOCH);

/** Renders a validated recipe to bytes. */
export function renderRecipe(kind: RecipeKind, input: unknown): Uint8Array {
  switch (kind) {
    case 'xlsx': {
      const r = XlsxRecipe.parse(input);
      return writeXlsx(r.sheets, { modified: iso(r.modified) });
    }
    case 'docx': {
      const r = DocxRecipe.parse(input);
      const blocks = r.blocks.map((b) =>
        'heading' in b
          ? { type: 'heading' as const, level: b.level, text: b.heading }
          : 'paragraph' in b
            ? { type: 'paragraph' as const, text: b.paragraph }
            : 'bullet' in b
              ? { type: 'bullet' as const, text: b.bullet }
              : { type: 'table' as const, rows: b.table.map((row) => row.map(String)) },
      );
      return writeDocx(blocks, { modified: iso(r.modified), ...(r.title ? { title: r.title } : {}) });
    }
    case 'pdf': {
      const r = PdfRecipe.parse(input);
      return writePdf(r.pages, { modified: iso(r.modified), ...(r.title ? { title: r.title } : {}) });
    }
    case 'pptx': {
      const r = PptxRecipe.parse(input);
      return writePptx(r.slides, { modified: iso(r.modified) });
    }
    case 'png':
      return renderPng(input);
    case 'wav':
      return renderWav(input);
  }
}

/** The recipe of a fixture row ({path, xlsx: {...}}), if it has exactly one. */
export function recipeOf(row: Record<string, unknown>): { kind: RecipeKind; value: unknown } | undefined {
  const kinds = RECIPE_KINDS.filter((k) => k in row);
  return kinds.length === 1 ? { kind: kinds[0] as RecipeKind, value: row[kinds[0] as RecipeKind] } : undefined;
}
