import { z } from 'zod';
import { grouped } from '../../../schema/text.js';

// pictures a fixture describes (charts, receipts, floor plans, table screenshots), drawn as SVG and rendered to
// PNG by png.ts. The recipe is the ground truth the grader keeps; the agent sees only the picture, so the
// numbers and names a check needs are read off the image. Layout is pure arithmetic: same recipe, same SVG.

const Label = z.string().min(1).max(60);
const Title = z.string().max(90).default('');
// the records a picture draws, field by field as the generator drew them: the ground truth kept beside the image,
// which probes read as a table (validate/record-tables.ts); never drawn, so the agent still reads the picture
const Truth = {
  truth: z
    .array(z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])))
    .max(200)
    .optional(),
};

const Size = {
  width: z.number().int().min(120).max(1600).optional(),
  height: z.number().int().min(120).max(1600).optional(),
  turned: z
    .union([z.literal(0), z.literal(90), z.literal(180), z.literal(270)])
    .default(0)
    .describe('the picture as scanned or photographed: turned this many degrees clockwise'),
};

const Chart = z.strictObject({
  kind: z.enum(['bar_chart', 'line_chart']),
  title: Title,
  labels: z.array(Label).min(1).max(24),
  values: z.array(z.number().finite()).min(1).max(24),
  unit: z.string().max(12).default('').describe('printed after each value label, e.g. "k€" or "%"'),
  y_label: z.string().max(40).default(''),
  ...Size,
});
const Pie = z.strictObject({
  kind: z.literal('pie_chart'),
  title: Title,
  labels: z.array(Label).min(1).max(12),
  values: z.array(z.number().finite().min(0)).min(1).max(12),
  ...Size,
});
const Receipt = z.strictObject({
  kind: z.literal('receipt'),
  merchant: Label,
  date: z.string().max(30).default(''),
  lines: z
    .array(z.strictObject({ item: Label, qty: z.number().positive().optional(), amount: z.number().finite() }))
    .min(1)
    .max(30),
  tax: z.number().finite().optional(),
  total: z.number().finite(),
  currency: z.string().max(4).default(''),
  footer: z.string().max(80).default(''),
  ...Size,
  ...Truth,
});
const FloorPlan = z.strictObject({
  kind: z.literal('floor_plan'),
  title: Title,
  // four zones of seven window desks take 30 columns (a desk plan of 14)
  cols: z.number().int().min(1).max(32),
  rows: z.number().int().min(1).max(24),
  cells: z
    .array(
      z.strictObject({
        x: z.number().int().min(0),
        y: z.number().int().min(0),
        w: z.number().int().min(1).default(1),
        h: z.number().int().min(1).default(1),
        label: z.string().max(30),
        // (a place's count and up to four features, one line each)
        note: z.string().max(72).default(''),
        status: z.enum(['free', 'taken', 'blocked', 'room']).default('room'),
      }),
    )
    .min(1)
    .max(200),
  /** named regions drawn behind the cells (a zone, a wing, an aisle), labelled in their top-left corner */
  areas: z
    .array(
      z.strictObject({
        x: z.number().int().min(0),
        y: z.number().int().min(0),
        w: z.number().int().min(1),
        h: z.number().int().min(1),
        label: z.string().min(1).max(30),
      }),
    )
    .max(12)
    .default([]),
  /** the outer walls that have windows, drawn as a thick blue line with the word "windows" */
  windows: z
    .array(z.enum(['top', 'bottom', 'left', 'right']))
    .max(4)
    .default([]),
  /** what that wall is called on the plan (a loading dock, a glass front) */
  window_label: z.string().min(1).max(24).default('windows'),
  ...Size,
  ...Truth,
});
const TableShot = z.strictObject({
  kind: z.literal('table'),
  title: Title,
  rows: z
    .array(
      z
        .array(z.union([z.string().max(40), z.number()]))
        .min(1)
        .max(10),
    )
    .min(1)
    .max(30),
  ...Size,
  ...Truth,
});

// a still exported from a video edit (the frame a cover is cut from): set dressing left and right, the subject in
// the middle, the title on a lower-third band
const VideoStill = z.strictObject({
  kind: z.literal('video_still'),
  title: Title,
  caption: z.string().max(60).default(''),
  layout: z
    .number()
    .int()
    .min(0)
    .max(99)
    .default(0)
    .describe('where the subject stands and how large: stills of different shots differ'),
  ...Size,
});

export const PngRecipe = z
  .discriminatedUnion('kind', [Chart, Pie, Receipt, FloorPlan, TableShot, VideoStill])
  .superRefine((r, ctx) => {
    if (
      (r.kind === 'bar_chart' || r.kind === 'line_chart' || r.kind === 'pie_chart') &&
      r.labels.length !== r.values.length
    )
      ctx.addIssue({
        code: 'custom',
        path: ['values'],
        message: `${r.labels.length} labels but ${r.values.length} values; give one value per label`,
      });
    if (r.kind === 'floor_plan')
      for (const key of ['cells', 'areas'] as const)
        r[key].forEach((c, i) => {
          if (c.x + c.w > r.cols || c.y + c.h > r.rows)
            ctx.addIssue({
              code: 'custom',
              path: [key, i],
              message: `the ${key === 'cells' ? 'cell' : 'area'} reaches past the ${r.cols}×${r.rows} grid`,
            });
        });
  });
export type PngScene = z.output<typeof PngRecipe>;

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const PALETTE = [
  '#4472c4',
  '#ed7d31',
  '#70ad47',
  '#ffc000',
  '#5b9bd5',
  '#a5a5a5',
  '#264478',
  '#9e480e',
  '#43682b',
  '#997300',
  '#636363',
  '#7cafdd',
];
// grouped as en-US writes it (one shared formatter: toLocaleString builds one per call)
const num = (v: number) => (Number.isInteger(v) ? grouped(v) : grouped(v, 0, 2));
const fix = (v: number) => Math.round(v * 10) / 10;

function text(
  x: number,
  y: number,
  s: string,
  o: { size?: number; anchor?: string; bold?: boolean; fill?: string } = {},
): string {
  return `<text x="${fix(x)}" y="${fix(y)}" font-size="${o.size ?? 13}"${o.anchor ? ` text-anchor="${o.anchor}"` : ''}${o.bold ? ' font-weight="bold"' : ''} fill="${o.fill ?? '#222'}">${esc(s)}</text>`;
}

function frame(w: number, h: number, body: string[]): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" font-family="DejaVu Sans"><rect width="${w}" height="${h}" fill="#ffffff"/>${body.join('')}</svg>`;
}

// a round axis maximum at or above the largest value: 1, 2 or 5 times a power of ten
function niceMax(v: number): number {
  if (v <= 0) return 1;
  const p = 10 ** Math.floor(Math.log10(v));
  return ([1, 2, 5, 10].find((m) => m * p >= v) ?? 10) * p;
}

function chartSvg(r: Extract<PngScene, { kind: 'bar_chart' | 'line_chart' }>): string {
  const w = r.width ?? Math.max(480, 60 + r.labels.length * 56);
  const h = r.height ?? 360;
  const [left, top, right, bottom] = [64, 48, 20, 56];
  const pw = w - left - right;
  const ph = h - top - bottom;
  const lo = Math.min(0, ...r.values);
  const hi = niceMax(Math.max(...r.values.map(Math.abs), 1));
  const span = hi - lo || 1;
  const y = (v: number) => top + ph - ((v - lo) / span) * ph;
  const out = [text(w / 2, 28, r.title, { size: 16, anchor: 'middle', bold: true })];
  for (let i = 0; i <= 4; i++) {
    const v = lo + (span * i) / 4;
    out.push(`<line x1="${left}" y1="${fix(y(v))}" x2="${w - right}" y2="${fix(y(v))}" stroke="#e3e3e3"/>`);
    out.push(text(left - 6, y(v) + 4, num(v), { size: 11, anchor: 'end', fill: '#666' }));
  }
  out.push(`<line x1="${left}" y1="${fix(y(0))}" x2="${w - right}" y2="${fix(y(0))}" stroke="#888"/>`);
  if (r.y_label)
    out.push(
      `<text transform="translate(16 ${fix(top + ph / 2)}) rotate(-90)" font-size="11" text-anchor="middle" fill="#444">${esc(r.y_label)}</text>`,
    );
  const step = pw / r.labels.length;
  const pts: string[] = [];
  r.values.forEach((v, i) => {
    const cx = left + step * (i + 0.5);
    const label = `${num(v)}${r.unit}`;
    if (r.kind === 'bar_chart') {
      const bw = Math.min(48, step * 0.7);
      out.push(
        `<rect x="${fix(cx - bw / 2)}" y="${fix(Math.min(y(v), y(0)))}" width="${fix(bw)}" height="${fix(Math.abs(y(v) - y(0)))}" fill="${PALETTE[0]}"/>`,
      );
    } else {
      pts.push(`${fix(cx)},${fix(y(v))}`);
      out.push(`<circle cx="${fix(cx)}" cy="${fix(y(v))}" r="3.5" fill="${PALETTE[1]}"/>`);
    }
    out.push(text(cx, y(v) + (v < 0 ? 14 : -6), label, { size: 11, anchor: 'middle' }));
    out.push(text(cx, h - bottom + 18, r.labels[i] as string, { size: 11, anchor: 'middle' }));
  });
  if (pts.length)
    out.splice(1, 0, `<polyline points="${pts.join(' ')}" fill="none" stroke="${PALETTE[1]}" stroke-width="2"/>`);
  return frame(w, h, out);
}

function pieSvg(r: Extract<PngScene, { kind: 'pie_chart' }>): string {
  const w = r.width ?? 560;
  const h = r.height ?? 360;
  const total = r.values.reduce((a, b) => a + b, 0) || 1;
  const [cx, cy, rad] = [170, h / 2 + 12, Math.min(130, h / 2 - 40)];
  const out = [text(w / 2, 28, r.title, { size: 16, anchor: 'middle', bold: true })];
  let a0 = -Math.PI / 2;
  r.values.forEach((v, i) => {
    const a1 = a0 + (v / total) * Math.PI * 2;
    const p = (a: number) => `${fix(cx + rad * Math.cos(a))} ${fix(cy + rad * Math.sin(a))}`;
    const colour = PALETTE[i % PALETTE.length];
    out.push(
      v >= total
        ? `<circle cx="${cx}" cy="${fix(cy)}" r="${rad}" fill="${colour}"/>`
        : `<path d="M ${cx} ${fix(cy)} L ${p(a0)} A ${rad} ${rad} 0 ${a1 - a0 > Math.PI ? 1 : 0} 1 ${p(a1)} Z" fill="${colour}" stroke="#fff"/>`,
    );
    const ly = 70 + i * 22;
    out.push(`<rect x="330" y="${ly - 11}" width="12" height="12" fill="${colour}"/>`);
    out.push(text(350, ly, `${r.labels[i]}: ${num(v)} (${num(Math.round((v / total) * 1000) / 10)}%)`, { size: 12 }));
    a0 = a1;
  });
  return frame(w, h, out);
}

function receiptSvg(r: Extract<PngScene, { kind: 'receipt' }>): string {
  const w = r.width ?? 360;
  const rowsH = 22 * (r.lines.length + (r.tax !== undefined ? 1 : 0) + 1);
  const h = r.height ?? 150 + rowsH + (r.footer ? 30 : 0);
  const money = (v: number) => `${r.currency}${grouped(v, 2, 2)}`;
  const out = [
    `<rect x="8" y="8" width="${w - 16}" height="${h - 16}" fill="#fbfaf4" stroke="#cfcabb"/>`,
    text(w / 2, 40, r.merchant, { size: 17, anchor: 'middle', bold: true }),
  ];
  if (r.date) out.push(text(w / 2, 62, r.date, { size: 12, anchor: 'middle', fill: '#555' }));
  let yy = 96;
  const row = (l: string, v: string, bold = false) => {
    out.push(text(24, yy, l, { size: 12, bold }), text(w - 24, yy, v, { size: 12, anchor: 'end', bold }));
    yy += 22;
  };
  for (const l of r.lines) row(l.qty !== undefined ? `${num(l.qty)} × ${l.item}` : l.item, money(l.amount));
  out.push(`<line x1="24" y1="${yy - 14}" x2="${w - 24}" y2="${yy - 14}" stroke="#999" stroke-dasharray="4 3"/>`);
  if (r.tax !== undefined) row('Tax', money(r.tax));
  row('TOTAL', money(r.total), true);
  if (r.footer) out.push(text(w / 2, yy + 12, r.footer, { size: 11, anchor: 'middle', fill: '#666' }));
  return frame(w, h, out);
}

const STATUS_FILL = { free: '#d9f2d0', taken: '#f4c7c3', blocked: '#bfbfbf', room: '#dde7f5' } as const;

function floorSvg(r: Extract<PngScene, { kind: 'floor_plan' }>): string {
  // room for a label and two short note lines ("3 screens", "sit-stand") in every cell
  const cell = Math.max(64, Math.min(96, Math.floor(1100 / r.cols)));
  // (a place with more features than two note lines gets a taller row: each line stays inside its cell)
  const most = Math.max(0, ...r.cells.map((c) => (c.note ? c.note.split(' · ').length : 0)));
  const tall = Math.max(cell, 30 + most * 12);
  const w = r.width ?? r.cols * cell + 40;
  const legend = r.cells.some((c) => c.status !== 'room');
  // a bottom wall's name sits under the plan, above the legend
  const under = r.windows.includes('bottom') ? 18 : 0;
  const h = r.height ?? r.rows * tall + 70 + under + (legend ? 28 : 0);
  const out = [text(20, 28, r.title, { size: 15, bold: true })];
  out.push(
    `<rect x="20" y="44" width="${r.cols * cell}" height="${r.rows * tall}" fill="#fafafa" stroke="#333" stroke-width="2"/>`,
  );
  for (const a of r.areas) {
    const [x, y] = [20 + a.x * cell, 44 + a.y * tall];
    out.push(
      `<rect x="${x + 1}" y="${y + 1}" width="${a.w * cell - 2}" height="${a.h * tall - 2}" fill="#fff8e1" stroke="#b08d00" stroke-dasharray="6 4"/>`,
    );
  }
  for (const side of r.windows) {
    const walls: Record<typeof side, [number, number, number, number]> = {
      top: [20, 44, 20 + r.cols * cell, 44],
      bottom: [20, 44 + r.rows * tall, 20 + r.cols * cell, 44 + r.rows * tall],
      left: [20, 44, 20, 44 + r.rows * tall],
      right: [20 + r.cols * cell, 44, 20 + r.cols * cell, 44 + r.rows * tall],
    };
    const [x0, y0, x1, y1] = walls[side];
    out.push(`<line x1="${x0}" y1="${y0}" x2="${x1}" y2="${y1}" stroke="#3b82c4" stroke-width="6"/>`);
    const vertical = side === 'left' || side === 'right';
    if (!vertical)
      out.push(
        text((x0 + x1) / 2, side === 'top' ? y0 - 6 : y0 + 16, r.window_label, {
          size: 11,
          anchor: 'middle',
          fill: '#3b82c4',
        }),
      );
  }
  for (const c of r.cells) {
    const [x, y] = [20 + c.x * cell, 44 + c.y * tall];
    out.push(
      `<rect x="${x + 2}" y="${y + 2}" width="${c.w * cell - 4}" height="${c.h * tall - 4}" fill="${STATUS_FILL[c.status]}" stroke="#555"/>`,
    );
    // a note's parts (split at " · ") go on lines of their own under the label
    const lines = c.note ? c.note.split(' · ') : [];
    const cx = x + (c.w * cell) / 2;
    const top = y + (c.h * tall) / 2 + 4 - lines.length * 6;
    out.push(text(cx, top, c.label, { size: 11, anchor: 'middle', bold: true }));
    lines.forEach((l, i) => out.push(text(cx, top + 13 + i * 12, l, { size: 10, anchor: 'middle', fill: '#333' })));
  }
  for (const a of r.areas)
    out.push(text(24 + a.x * cell, 44 + a.y * tall + 12, a.label, { size: 10, bold: true, fill: '#8a6d00' }));
  if (legend) {
    const ly = 44 + r.rows * tall + 24 + under;
    (['free', 'taken', 'blocked'] as const).forEach((s, i) => {
      out.push(
        `<rect x="${20 + i * 110}" y="${ly - 11}" width="14" height="14" fill="${STATUS_FILL[s]}" stroke="#555"/>`,
      );
      out.push(text(40 + i * 110, ly, s, { size: 11 }));
    });
  }
  return frame(w, h, out);
}

function tableSvg(r: Extract<PngScene, { kind: 'table' }>): string {
  const cols = Math.max(...r.rows.map((x) => x.length));
  const widths = Array.from({ length: cols }, (_, c) =>
    Math.max(60, ...r.rows.map((x) => String(x[c] ?? '').length * 7.6 + 16)),
  );
  const w = r.width ?? Math.ceil(widths.reduce((a, b) => a + b, 0) + 40);
  const h = r.height ?? 60 + r.rows.length * 26 + 20;
  const out = [text(20, 30, r.title, { size: 15, bold: true })];
  r.rows.forEach((row, i) => {
    const y = 48 + i * 26;
    out.push(
      `<rect x="20" y="${y}" width="${w - 40}" height="26" fill="${i === 0 ? '#e8edf5' : i % 2 ? '#ffffff' : '#f6f6f6'}" stroke="#d0d0d0"/>`,
    );
    let x = 20;
    row.forEach((v, c) => {
      out.push(text(x + 8, y + 17, typeof v === 'number' ? num(v) : v, { size: 12, bold: i === 0 }));
      x += widths[c] as number;
    });
  });
  return frame(w, h, out);
}

// a still is a preview of the frame, not the master: 800×450 keeps every edit (crop, scale) and comparison fast
function stillSvg(r: Extract<PngScene, { kind: 'video_still' }>): string {
  const w = r.width ?? 800;
  const h = r.height ?? 450;
  // the shot: the subject left of centre to right of it, nearer or further, the set dressing moving with it
  const shift = ([-0.12, -0.06, 0, 0.06, 0.12][r.layout % 5] as number) * w;
  const [cx, cy, rad] = [w / 2 + shift, h * 0.4, h * ([0.26, 0.2, 0.31][Math.floor(r.layout / 5) % 3] as number)];
  const out = [
    `<rect width="${w}" height="${h}" fill="#ece7dc"/>`,
    `<rect x="${fix(w * 0.05 + shift / 2)}" y="${fix(h * 0.08)}" width="${fix(w * 0.09)}" height="${fix(h * 0.58)}" fill="#2b2d42"/>`,
    `<rect x="${fix(w * 0.83)}" y="${fix(h * 0.1)}" width="${fix(w * 0.11)}" height="${fix(h * 0.16)}" fill="#b23a48"/>`,
    `<circle cx="${fix(cx)}" cy="${fix(cy)}" r="${fix(rad)}" fill="#1d3557"/>`,
    `<polygon points="${fix(cx - rad * 0.3)},${fix(cy - rad * 0.45)} ${fix(cx - rad * 0.3)},${fix(cy + rad * 0.45)} ${fix(cx + rad * 0.5)},${fix(cy)}" fill="#ffffff"/>`,
    `<rect x="0" y="${fix(h * 0.76)}" width="${w}" height="${fix(h * 0.15)}" fill="#14213d"/>`,
    text(w / 2, h * 0.85, r.title, { size: Math.round(h * 0.05), anchor: 'middle', bold: true, fill: '#ffffff' }),
  ];
  if (r.caption)
    out.push(text(w / 2, h * 0.96, r.caption, { size: Math.round(h * 0.025), anchor: 'middle', fill: '#444' }));
  return frame(w, h, out);
}

/** The SVG of a parsed scene. */
export function sceneSvg(r: PngScene): string {
  return turn(uprightSvg(r), r.turned);
}

// the drawing turned clockwise about its frame (a receipt scanned sideways): the outer frame swaps its sides
function turn(svg: string, degrees: 0 | 90 | 180 | 270): string {
  if (!degrees) return svg;
  const m = /^<svg [^>]*width="(\d+)" height="(\d+)"[^>]*>([\s\S]*)<\/svg>$/.exec(svg);
  if (!m) return svg;
  const [w, h] = [Number(m[1]), Number(m[2])];
  const [W, H] = degrees === 180 ? [w, h] : [h, w];
  const move = degrees === 90 ? `translate(${h} 0)` : degrees === 180 ? `translate(${w} ${h})` : `translate(0 ${w})`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="DejaVu Sans"><g transform="${move} rotate(${degrees})">${m[3]}</g></svg>`;
}

function uprightSvg(r: PngScene): string {
  switch (r.kind) {
    case 'bar_chart':
    case 'line_chart':
      return chartSvg(r);
    case 'pie_chart':
      return pieSvg(r);
    case 'receipt':
      return receiptSvg(r);
    case 'floor_plan':
      return floorSvg(r);
    case 'table':
      return tableSvg(r);
    case 'video_still':
      return stillSvg(r);
  }
}

/** The picture files (`png:` recipes) among a spec's workspace fixtures, path and recipe as written. */
export function pictureFiles(fixtures: Record<string, Record<string, unknown>>): { path: string; png: unknown }[] {
  const files = fixtures.workspace?.files;
  if (!files || typeof files !== 'object') return [];
  // fixtures give files as {path: file} or as [{path, …}]
  const rows = Array.isArray(files)
    ? (files as { path?: unknown }[]).map((f) => [f?.path, f] as const)
    : Object.entries(files as Record<string, unknown>);
  return rows.flatMap(([path, f]) =>
    typeof path === 'string' && f && typeof f === 'object' && 'png' in f
      ? [{ path, png: (f as { png: unknown }).png }]
      : [],
  );
}

/** The pictures (`png:` recipes) among a spec's workspace fixtures, as written: the facts only they show. */
export const pictureRecipes = (fixtures: Record<string, Record<string, unknown>>): unknown[] =>
  pictureFiles(fixtures).map((f) => f.png);

/** Every number a picture recipe draws (values, amounts, totals), for checks grounded in a picture. */
export function pictureNumbers(recipe: unknown): number[] {
  if (typeof recipe === 'number') return [recipe];
  if (Array.isArray(recipe)) return recipe.flatMap(pictureNumbers);
  if (recipe && typeof recipe === 'object') return Object.values(drawnPart(recipe)).flatMap(pictureNumbers);
  return [];
}

/** A recipe without its ground truth (`truth` is kept beside the image, never drawn in it). */
export function drawnPart(recipe: object): Record<string, unknown> {
  const { truth: _, ...drawn } = recipe as Record<string, unknown>;
  return drawn;
}

/** A picture recipe's ground-truth records (`truth`), or none. */
export function pictureTruth(recipe: unknown): Record<string, unknown>[] {
  const t = recipe && typeof recipe === 'object' ? (recipe as { truth?: unknown }).truth : undefined;
  return Array.isArray(t) ? t.filter((r): r is Record<string, unknown> => !!r && typeof r === 'object') : [];
}
