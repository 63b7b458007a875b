import { PngRecipe, sceneSvg } from '../../services/workspace/formats/image-scenes.js';
import type { Matcher } from '../../schema/matchers.js';
import { escapeRegex } from '../../schema/text.js';
import type { ImageOp } from '../../schema/media.js';
import { lineDrawn } from './chart-lines.js';
import { chartFigures, copyDeck, coverFramePath, STILL } from './packs/studio-material.js';
import type { ActionContext, ActionPart } from './parts.js';
import type { SourceName } from './sources/index.js';

// a studio's work makes the thing its job is for: the chart drawn from the figures the requester sent, the page
// written from marketing's copy deck. The write's audit entry shows what was made, and its content is checked for
// what the request asks of it (the title, every bar with its value, every section in order with its copy), so a
// chart with one value wrong or one bar missing, or a page short of a section, fails.

// a figure printed on the chart where it stands alone: in a text, not a coordinate, and 412 not read inside 1412,
// 41.2 or 4,120
const figure = (v: number): Matcher => ({
  regex: `>[^<]*(?<![\\d.,])${escapeRegex(String(v))}(?![\\d]|[.,]\\d)[^<]*<`,
});

const chartPath = (x: ActionContext) => `charts/${x.rec.chart_id}.svg`;
const figuresOf = (x: ActionContext) =>
  chartFigures(x.rec, x.w) ?? { dim: 'Category', measure: 'Value', rows: [] as [string, number][] };

function chartSvg(x: ActionContext): string {
  const f = figuresOf(x);
  return sceneSvg(
    PngRecipe.parse({
      kind: x.rec.chart_type === 'line' ? 'line_chart' : 'bar_chart',
      title: String(x.rec.title),
      labels: f.rows.map(([l]) => l),
      values: f.rows.map(([, v]) => v),
      y_label: f.measure,
    }),
  );
}

export const drawChart: ActionPart<SourceName> = {
  name: 'draw_chart',
  // (a file in the user's workspace: nothing is published by making it)
  leftOut: 'wrong list',
  generates: true,
  // (the policy's "Chart production": charts due soon are drawn from the desk's figures)
  sections: ['Chart production', 'Drawing the charts'],
  service: 'workspace',
  tool: 'fs_write',
  sources: ['chart_requests'],
  // a bar or line chart from a sheet of figures (a map is drawn by hand); the section's reason picks the queued ones
  from: { chart_type: ['bar', 'line'] },
  capabilities: ['Data_Analysis', 'Content_Generation'],
  phrases: [
    'draw each one as an SVG from its figures in data/charts/<chart id>.csv and save it as charts/<chart id>.svg: the chart type asked for, the request title on top, the value column heading as the y-axis label, every bar or point labelled with its value',
    'make the charts: for each, read data/charts/<chart id>.csv and write charts/<chart id>.svg — a bar or line chart as the request says, titled with the request title, y axis labelled with the value column heading, each bar or point showing its value',
    'produce an SVG per request (charts/<chart id>.svg) from the figures in data/charts/<chart id>.csv, in the requested chart type, with the request title as the chart title, the value column heading on the y axis and a value label on every bar or point',
  ],
  args: (x) => ({ path: chartPath(x), content: chartSvg(x) }),
  proof: (x) => ({ service: 'workspace', record: 'writes', where: { path: chartPath(x) } }),
  exact: (x) => {
    const f = figuresOf(x);
    const n = f.rows.length;
    return {
      content: {
        all_of: [
          { regex: '<svg\\b' },
          { contains: String(x.rec.title) },
          { contains: f.measure },
          // a shape per figure for a bar chart (a rect, or a path for a rounded bar), a drawn line for a line chart
          x.rec.chart_type === 'line'
            ? lineDrawn(f.rows.map(([, v]) => v))
            : { regex: `(?:<(?:rect|path)\\b[\\s\\S]*?){${n}}` },
          ...f.rows.flatMap(([l, v]): Matcher[] => [{ contains: l }, figure(v)]),
        ],
      },
    };
  },
};

// (a page's figures of speech need no escaping: the copy decks hold no ampersand, apostrophe or angle bracket)
const pagePath = (x: ActionContext) => `pages/${x.rec.build_id}.html`;

function pageHtml(x: ActionContext): string {
  const title = String(x.rec.page_title);
  const body = copyDeck(x.rec, x.w)
    .map(([h, c]) => `<section>\n<h2>${h}</h2>\n<p>${c}</p>\n</section>`)
    .join('\n');
  return `<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>${title}</title>\n</head>\n<body>\n<h1>${title}</h1>\n${body}\n</body>\n</html>\n`;
}

export const buildPage: ActionPart<SourceName> = {
  name: 'build_page',
  leftOut: 'wrong list',
  generates: true,
  // (the policy's "Page build": pages launching soon are built from their copy deck)
  sections: ['Page build', 'Copy-deck build'],
  service: 'workspace',
  tool: 'fs_write',
  sources: ['web_page_builds'],
  // a page still to go live, built from its copy deck
  lean: { launch_on: 'ahead' },
  must: ['launch_on'],
  from: { status: ['build', 'QA', 'staging'] },
  capabilities: ['Content_Generation', 'File_Management'],
  phrases: [
    'build each page as HTML from its copy deck in copy/<build id>.md and save it as pages/<build id>.html: the page title as the one h1, then every section of the deck as an h2 in the same order, its copy as written',
    'write the HTML for each of them to pages/<build id>.html from copy/<build id>.md — page title in the h1, each deck section as an h2 in deck order, with its copy word for word',
    'turn each copy deck (copy/<build id>.md) into the page, pages/<build id>.html: an h1 with the page title and an h2 per section, in the order of the deck, each followed by its copy unchanged',
  ],
  args: (x) => ({ path: pagePath(x), content: pageHtml(x) }),
  proof: (x) => ({ service: 'workspace', record: 'writes', where: { path: pagePath(x) } }),
  exact: (x) => {
    const deck = copyDeck(x.rec, x.w);
    const h2 = (h: string) => `<h2\\b[^>]*>[^<]*${escapeRegex(h)}`;
    return {
      content: {
        all_of: [
          { regex: `<h1\\b[^>]*>[^<]*${escapeRegex(String(x.rec.page_title))}` },
          // every section, in the deck's order
          { regex: deck.map(([h]) => h2(h)).join('[\\s\\S]*') },
          ...deck.map(([, c]): Matcher => ({ contains: c })),
        ],
      },
    };
  },
};

// a video's cover: the edit's cover frame cut about its centre to the frame the platform shows (the record's aspect
// ratio) and scaled to the height the upload takes; media_matches compares the picture with the still so cut
// (288: from the 16:9 still every frame's width comes out whole or rounds the same however it is worked out — the
// tool scaling the crop by height alone, or the height times the frame's ratio, rounded or cut. At 360 a 9:16
// cover is 202.5 px wide: the tool gives 202, the check asked 203, and a right cover scored 0.44, review 41)
const COVER_HEIGHT = 288;
const SHAPES: Readonly<Record<string, readonly [number, number]>> = {
  '16:9 landscape': [16, 9],
  '9:16 vertical': [9, 16],
  '1:1 square': [1, 1],
  '4:5 portrait': [4, 5],
};
const coverPath = (x: ActionContext) => `covers/${x.rec.edit_id}.png`;
const shapeOf = (x: ActionContext) => SHAPES[String(x.rec.aspect_ratio)] ?? [16, 9];
const coverWidth = (x: ActionContext) => {
  const [a, b] = shapeOf(x);
  return Math.round((COVER_HEIGHT * a) / b);
};
function coverOps(x: ActionContext): ImageOp[] {
  const [a, b] = shapeOf(x);
  // the widest crop of that shape the still holds, centred (the still is 16:9: a landscape cover needs none)
  const cw = Math.min(STILL.width, Math.round((STILL.height * a) / b));
  const ch = Math.min(STILL.height, Math.round((STILL.width * b) / a));
  const crop: ImageOp[] =
    cw === STILL.width && ch === STILL.height
      ? []
      : [
          {
            op: 'crop',
            x: Math.round((STILL.width - cw) / 2),
            y: Math.round((STILL.height - ch) / 2),
            width: cw,
            height: ch,
          },
        ];
  return [...crop, { op: 'resize', width: coverWidth(x), height: COVER_HEIGHT }];
}

export const cutCover: ActionPart<SourceName> = {
  name: 'cut_cover',
  leftOut: 'wrong list',
  generates: true,
  // (the policy's "Cover images": an exported edit goes out with its cover)
  sections: ['Cover images', 'Cover stills'],
  service: 'workspace',
  tool: 'image_edit',
  sources: ['video_edits'],
  // (not Multimedia_Processing: the receipt scans host that capability for every domain's slot asking for it,
  // which a second record type giving it would keep at home; recipe.ts capableSources)
  capabilities: ['File_Management', 'Logic_Reasoning'],
  phrases: [
    `cut each one's cover from footage/<edit id>/cover-frame.png: cropped about the centre to the edit's frame (16:9, 9:16 or 1:1, as the job says), then scaled to ${COVER_HEIGHT} px tall, saved as covers/<edit id>.png`,
    `make the covers: for each, take footage/<edit id>/cover-frame.png, crop it around its centre to the edit's aspect ratio and scale it to ${COVER_HEIGHT} pixels high; save it as covers/<edit id>.png`,
    `prepare a cover image per edit in covers/<edit id>.png — the still in footage/<edit id>/cover-frame.png, centre-cropped to the frame the edit runs in and ${COVER_HEIGHT} px high`,
  ],
  args: (x) => ({ path: coverFramePath(x.rec), ops: coverOps(x), out: coverPath(x) }),
  proof: (x) => ({ service: 'workspace', record: 'writes', where: { path: coverPath(x) } }),
  made: (x) => [
    {
      kind: 'media_matches',
      path: coverPath(x),
      format: 'png',
      width: coverWidth(x),
      height: COVER_HEIGHT,
      // a crop a pixel or two off centre is the same cover; one taken from the side is not
      same_as: { path: coverFramePath(x.rec), ops: coverOps(x), tolerance: 0.06 },
    },
  ],
};
