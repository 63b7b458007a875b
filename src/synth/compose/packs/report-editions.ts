import type { Rng } from '../../../env/rng.js';
import { shuffle } from '../../kit/ids.js';
import { daysFrom } from '../../rules/fields.js';
import type { Rec, World } from '../parts.js';
import { GROWTH_BANDS, REPORT_KINDS, SEGMENT_TITLES } from './information-retrieval-data.js';
import { addDays } from './table-source.js';

// A market report is superseded by a newer edition of it: the same publisher's report on the same segment,
// published later. Its `newer_edition` flag says whether the library holds one, and the library agrees: a report
// said to have one has it (made here where the task's records hold none, as the rule leaves it out), and a report
// said to have none has no later report of its series. A company filing has no editions: a later filing adds to
// it but never replaces it, and no market report replaces a filing.

const FILING = 'company filing';
const LIVE = ['purchased', 'summarised'];
const PUBLISHERS = ['Gartner', 'Forrester', 'IDC', 'McKinsey', 'Statista'];
const SEGMENTS = Object.keys(SEGMENT_TITLES);

const seriesOf = (r: Rec) => (r.publisher === FILING ? undefined : `${r.publisher}|${r.segment}`);

/** Whether `s` is a newer edition of `r`: the same publisher and segment (no filing), published later. */
export const newerEdition = (r: Rec, s: Rec): boolean =>
  s !== r &&
  seriesOf(r) !== undefined &&
  seriesOf(s) === seriesOf(r) &&
  String(s.published_on).slice(0, 10) > String(r.published_on).slice(0, 10);

// a revised forecast kept inside its segment's band (the widest field range where it has none)
const revised = (segment: unknown, pct: number): number => {
  const [lo, hi] = GROWTH_BANDS[String(segment)] ?? [4, 30];
  return Math.min(hi, Math.max(lo, pct));
};

/** The ways a report's own fields agree with its edition flag (a filing has none; a superseded report has one). */
export function editionAgree(rec: Rec, w: World): Rec[] {
  // (a filing the rule takes for its newer edition is a market report; nor has a report out today a newer one yet)
  if (rec.newer_edition && rec.publisher === FILING)
    return [{ newer_edition: false }, ...PUBLISHERS.map((publisher) => ({ publisher }))];
  if (rec.newer_edition && daysFrom(w.today, rec.published_on) >= 0) return [{ newer_edition: false }];
  if (rec.status === 'superseded' && !rec.newer_edition) return [{ newer_edition: true }, { status: 'summarised' }];
  return [];
}

// the newest edition of a report's series, published after it and by today, in the library's live states; the
// first of its drawn forms the task's rule leaves out
function edition(
  r: Rec,
  id: string,
  w: World,
  out: (rec: Rec) => boolean,
  findings: (rng: Rng) => string,
): Rec | undefined {
  const gap = -daysFrom(w.today, r.published_on);
  const after = gap >= 1 ? w.rng.int(Math.min(gap, 60), gap) : 0;
  // (its title follows from its own year: the source derives it)
  const { title: _title, ...kept } = r;
  const base = {
    ...kept,
    report_id: id,
    published_on: addDays(r.published_on, after),
    newer_edition: false,
    // (a revision of a point or two, inside what its segment's market shows: 2.8% revised to 0.8%, or online
    // retail revised past its band, is another market's story)
    cagr_pct: revised(r.segment, Math.round((Number(r.cagr_pct) + w.rng.int(-20, 20) / 10) * 10) / 10),
    market_size_bn: Math.round(Number(r.market_size_bn) * (1 + w.rng.int(2, 15) / 100) * 10) / 10,
    key_findings: findings(w.rng),
  };
  return [...shuffle(w.rng, LIVE), 'requested'].map((status) => ({ ...base, status })).find(out);
}

/**
 * The newer editions the task's reports imply, after making every report said to have none have none: its flag
 * set where its part in the task allows, else the later report moved to another publisher where its part allows.
 */
export function editions(
  records: Rec[],
  w: World,
  keep: (rec: Rec, change: Rec) => boolean,
  out: (rec: Rec) => boolean,
  findings: (rng: Rng) => string,
): Rec[] {
  for (const r of records) {
    const later = records.filter((s) => newerEdition(r, s));
    if (r.newer_edition || !later.length || keep(r, { newer_edition: true })) continue;
    // (to a publisher, else a segment, of which the task holds no report of the same series)
    const free = (x: Rec) => !records.some((y) => y !== x && seriesOf(y) === seriesOf(x));
    for (const s of later) {
      const moves = [
        ...shuffle(
          w.rng,
          PUBLISHERS.filter((p) => p !== r.publisher),
        ).map((publisher) => ({ publisher })),
        ...shuffle(
          w.rng,
          SEGMENTS.filter((g) => g !== r.segment),
        ).map((segment) => ({ segment })),
      ];
      moves.find((m) => free({ ...s, ...m }) && keep(s, m));
    }
  }
  const made: Rec[] = [];
  const numbers = records.map((r) => Number(String(r.report_id).replace(/\D/g, '')));
  let next = Math.max(...numbers) + 1;
  for (const r of records) {
    const all = [...records, ...made];
    if (!r.newer_edition || seriesOf(r) === undefined || all.some((s) => newerEdition(r, s))) continue;
    const e = edition(r, `MKR-${next}`, w, out, findings);
    if (e) {
      made.push(e);
      next++;
    } else keep(r, { newer_edition: false });
  }
  titled([...records, ...made]);
  return made;
}

// a series' reports of one year after its first are its updates, named for the season they came out in
const SEASONS = [
  'spring',
  'spring',
  'spring',
  'spring',
  'mid-year',
  'mid-year',
  'mid-year',
  'mid-year',
  'autumn',
  'autumn',
];
const seasonOf = (day: unknown) => SEASONS[Number(String(day).slice(5, 7)) - 1] ?? 'year-end';

// each report titled as the edition of its series it is: "Online Retail Wave, 2025", then "…, 2026", then
// "…, 2026 autumn update", so a title never reads as another region's report beside the edition it replaces
function titled(reports: Rec[]): void {
  const byDate = [...reports].sort(
    (a, b) =>
      String(a.published_on).localeCompare(String(b.published_on)) ||
      String(a.report_id).localeCompare(String(b.report_id)),
  );
  const taken = new Set<string>();
  for (const r of byDate) {
    const name = `${SEGMENT_TITLES[String(r.segment)] ?? 'Market'} ${REPORT_KINDS[String(r.publisher)] ?? 'Report'}`;
    const year = String(r.published_on).slice(0, 4);
    const forms = [`${name}, ${year}`, `${name}, ${year} ${seasonOf(r.published_on)} update`];
    for (let k = 2; k < 12; k++) forms.push(`${name}, ${year} update ${k}`);
    const title = forms.find((t) => !taken.has(t)) as string;
    taken.add(title);
    r.title = title;
  }
}
