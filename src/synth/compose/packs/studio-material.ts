import { createRng } from '../../../env/rng.js';
import { shuffle } from '../../kit/ids.js';
import type { Rec, World } from '../parts.js';
import { CHART_DATA } from './multimodal-generation-charts.js';
import { PAGE_SECTIONS, subjectOf } from './page-copy-data.js';

// the figures and copy a record's work is made from: drawn from the record itself (its id, title and size) and the
// task's day, so the file the team keeps and the work checked against it always agree

const recordRng = (id: unknown, w: World, what: string) => createRng(what, w.company, w.today.slice(0, 10), String(id));

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
// the `n` months up to last month, oldest first ("Mar 2026")
function monthsTo(today: string, n: number): string[] {
  const y = Number(today.slice(0, 4));
  const m = Number(today.slice(5, 7)) - 1;
  return Array.from({ length: n }, (_, i) => {
    const k = y * 12 + m - n + i;
    return `${MONTHS[k % 12]} ${Math.floor(k / 12)}`;
  });
}

/** Where a video edit's cover frame is kept: an 800×450 still from the edit. */
export const coverFramePath = (rec: Rec): string => `footage/${rec.edit_id}/cover-frame.png`;
/** The size of the still a cover is cut from. */
export const STILL = { width: 800, height: 450 } as const;

/** Where a chart request's figures are kept. */
export const chartDataPath = (rec: Rec): string => `data/charts/${rec.chart_id}.csv`;

/** A chart's figures: the category and value columns, and one row per data point (bar and line charts only). */
export interface ChartFigures {
  dim: string;
  measure: string;
  rows: [string, number][];
}

// the most points a bar or line chart holds (POINTS): a dataset is drawn this long, and each chart shows part of it
const SERIES_MONTHS = 24;

/**
 * One dataset per chart title in a task (the company's figures do not change with the request): two requests for
 * "Support backlog by month" (the report's and the social version) show the same number for the same month.
 */
function dataset(base: string, d: (typeof CHART_DATA)[string], w: World): Map<string, number> {
  const rng = createRng('chart dataset', w.company, w.today.slice(0, 10), base);
  const labels = d.labels ?? monthsTo(w.today, SERIES_MONTHS);
  const scale = 10 ** (d.dp ?? 0);
  const used = new Set<number>();
  // a monthly series drifts one way over its two years, with some noise (a trend a business figure shows: a plain
  // walk turned back on itself, and no two points alike then pushed a point far off it, review 56); categories
  // stand apart
  const span = d.hi - d.lo;
  const up = rng.chance(0.5);
  const trend = (up ? 1 : -1) * (0.02 + rng.next() * 0.012) * span;
  // (noise up to the trend itself either way: some months go against it)
  const start = (0.05 + rng.next() * 0.05) * span;
  let level = up ? d.lo + start : d.hi - start;
  const next = () => {
    if (d.labels) return d.lo + rng.next() * span;
    level = Math.min(d.hi, Math.max(d.lo, level + trend * (1 + 2 * (rng.next() - 0.5))));
    return level;
  };
  return new Map(
    labels.map((l): [string, number] => {
      let v = Math.round(next() * scale);
      // never a round figure an axis tick also prints, and no two alike: each value is found only where it is
      // labelled, so a chart with one of them wrong shows it
      if (v % 5 === 0) v += rng.pick([-2, -1, 1, 2]);
      // (the nearest free value, the trend's way first, and the series goes on from there: counting up past a run
      // of taken ones made a walk of NPS scores leap 52 → 34 → 53, review 56)
      v = nearestFree(v, used, up ? 1 : -1);
      used.add(v);
      if (!d.labels) level = v / scale;
      return [l, v / scale];
    }),
  );
}

// the value nearest `v` (the `way` side first) that no other point has and no axis tick prints (a multiple of 5)
function nearestFree(v: number, used: ReadonlySet<number>, way: 1 | -1): number {
  for (let k = 0; ; k++) for (const c of [v + way * k, v - way * k]) if (c > 0 && !used.has(c) && c % 5 !== 0) return c;
}

/** The figures of a bar or line chart request (none for a map or another kind the studio draws by hand). */
export function chartFigures(rec: Rec, w: World): ChartFigures | undefined {
  if (rec.chart_type !== 'bar' && rec.chart_type !== 'line') return undefined;
  const base = Object.keys(CHART_DATA).find((t) => String(rec.title).startsWith(t));
  const d = base ? CHART_DATA[base] : undefined;
  if (!base || !d) return undefined;
  const rng = recordRng(rec.chart_id, w, 'chart figures');
  const n = Number(rec.data_points);
  // (the market or period a title covers has figures of its own; a print or social version of it the same)
  const values = dataset(String(rec.title).replace(/, (print|social|slide) version$/, ''), d, w);
  // a bar chart shows some of the categories, a line chart the last n months
  const labels = d.labels ? shuffle(rng, d.labels).slice(0, n) : monthsTo(w.today, n);
  const rows = labels.map((l): [string, number] => [l, values.get(l) ?? 0]);
  return { dim: d.dim, measure: d.measure, rows };
}

/** Where a page build's copy deck is kept. */
export const copyDeckPath = (rec: Rec): string => `copy/${rec.build_id}.md`;

// (a title with no subject of its own is its own subject: titles are unique within a task)
const pageSubject = (title: string) => subjectOf(title) ?? `the ${title.toLowerCase()}`;

/**
 * A page's copy deck: its sections in page order, each with its heading and copy — the sections a page of its type
 * has, each line about the page's own subject (page-copy-data.ts), so no two pages of a task share a line.
 */
export function copyDeck(rec: Rec, w: World): [heading: string, copy: string][] {
  const title = String(rec.page_title);
  const all = (PAGE_SECTIONS[String(rec.template)] ?? PAGE_SECTIONS['landing page'] ?? []).filter(
    ([, , on]) => !on || on.test(title),
  );
  const it = pageSubject(title);
  const rng = recordRng(rec.build_id, w, 'copy deck');
  const keep = new Set(
    shuffle(
      rng,
      all.map((_, i) => i),
    ).slice(0, rng.int(3, Math.min(5, all.length))),
  );
  return all.filter((_, i) => keep.has(i)).map(([h, lines]) => [h, rng.pick(lines).replace('{it}', it)]);
}

/**
 * The deck as marketing sends it: the page title, a line about the deck (naming the page's subject, so no two decks
 * of a task share it), then the sections.
 */
export function copyDeckText(rec: Rec, w: World): string {
  const it = pageSubject(String(rec.page_title));
  const intro = createRng('deck intro', String(rec.build_id)).pick([
    `Copy on ${it}, signed off by marketing. Sections in page order.`,
    `Final copy on ${it} below, in the order the page runs.`,
    `Sections on ${it} as they appear on the page, top to bottom.`,
  ]);
  return `# ${rec.page_title}\n\n${intro}\n\n${copyDeck(rec, w)
    .map(([h, c]) => `## ${h}\n\n${c}\n`)
    .join('\n')}`;
}
