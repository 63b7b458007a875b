import { shuffle } from '../../kit/ids.js';
import type { Rec, World } from '../parts.js';
import { GROWTH_BANDS, SEGMENT_TITLES } from './information-retrieval-data.js';

// The reports on one segment forecast one market's growth: houses differ by a few points (their definitions and
// horizons differ), not by 2% against 35%. Drawn per report, two cybersecurity forecasts came out 2.3% and 25.8%,
// and the rule's growth threshold was decided by the implausible one (review 29 §4).

/** Whether a forecast is one its segment's market shows (online retail does not grow 31% a year). */
export const inBand = (segment: unknown, pct: number): boolean => {
  const band = GROWTH_BANDS[String(segment)];
  return !band || (pct >= band[0] && pct <= band[1]);
};

/**
 * Brings each report's forecast into its segment's band: to a segment whose band holds it where its part in the task
 * allows (`keep`: its figure may be what a rule's threshold reads), else to a figure inside its own segment's band.
 */
export function inBands(records: Rec[], w: World, keep: (rec: Rec, change: Rec) => boolean): void {
  for (const rec of records) {
    const pct = cagr(rec);
    if (!Number.isFinite(pct) || inBand(rec.segment, pct)) continue;
    const holding = shuffle(
      w.rng,
      Object.keys(GROWTH_BANDS).filter((s) => inBand(s, pct)),
    ).map((segment) => ({ segment }));
    const [lo, hi] = GROWTH_BANDS[String(rec.segment)] as readonly [number, number];
    // (the band's end nearest the figure first: a forecast above the band stays among the segment's higher ones)
    const steps = [0, 0.1, 0.2, 0.3, 0.5, 0.75].map((f) => (pct > hi ? hi - f * (hi - lo) : lo + f * (hi - lo)));
    const within = steps.map((v) => ({ cagr_pct: Math.round(v * 10) / 10 }));
    [...holding, ...within].some((c) => keep(rec, c));
  }
}

/** Whether two forecasts of one market's CAGR (in %) are a spread analysts publish: a few points, more on a fast one. */
export const plausibleSpread = (a: number, b: number): boolean => Math.abs(a - b) <= 4 + Math.min(a, b) / 4;

const cagr = (r: Rec) => Number(r.cagr_pct);
// how far a forecast moved to its segment's consensus may sit from it: two such are a plausible spread
const NEAR = 2;

/**
 * Brings each segment's reports to one consensus growth figure, a few points either side: a report out of spread
 * with another moves near the consensus where its part in the task allows (`keep`), else to a segment no report is
 * on. The consensus is the segment's median, then, where reports whose part fixes their figure are still out of
 * spread, the median of those.
 */
export function anchorGrowth(records: Rec[], w: World, keep: (rec: Rec, change: Rec) => boolean): Rec[] {
  inBands(records, w, keep);
  for (const segment of Object.keys(SEGMENT_TITLES)) {
    let fixedOnes: Rec[] = [];
    for (const pass of [0, 1]) {
      const group = records.filter((r) => r.segment === segment && Number.isFinite(cagr(r)));
      if (!spread(group)) break;
      const mid = median((pass ? fixedOnes : group).map(cagr));
      fixedOnes = [];
      for (const rec of group) {
        if (Math.abs(cagr(rec) - mid) <= NEAR) continue;
        const near = shuffle(w.rng, [0, 0.5, 1, 1.5, 2, -0.5, -1, -1.5, -2])
          .map((d) => Math.round((mid + d) * 10) / 10)
          .filter((v) => inBand(segment, v))
          .map((cagr_pct) => ({ cagr_pct }));
        const free = Object.keys(SEGMENT_TITLES)
          .filter((s) => !records.some((r) => r.segment === s) && inBand(s, cagr(rec)))
          .map((s) => ({ segment: s }));
        if (!near.some((m) => keep(rec, m)) && !free.some((m) => keep(rec, m))) fixedOnes.push(rec);
      }
      if (!fixedOnes.length) break;
    }
  }
  return records;
}

// whether two of a segment's reports are out of a plausible spread
const spread = (group: readonly Rec[]) => group.some((a) => group.some((b) => !plausibleSpread(cagr(a), cagr(b))));

const median = (xs: readonly number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return ((s[Math.floor((s.length - 1) / 2)] as number) + (s[Math.ceil((s.length - 1) / 2)] as number)) / 2;
};
