import type { Rec, World } from '../parts.js';

// How big a market a report sizes: one market per segment per task, which every house sizes within tens of
// percent of the others (their definitions differ, not their order of magnitude), growing year on year, and a
// regional report sizing its region's share. Drawn per record, two reports on payments were 16bn and 628bn apart.

// a segment's worldwide size in USD bn for the current year, as the houses' figures range
const SIZES: Readonly<Record<string, readonly [number, number]>> = {
  'cloud infrastructure': [250, 400],
  cybersecurity: [150, 230],
  payments: [90, 140],
  'EV batteries': [90, 160],
  'retail e-commerce': [4500, 6500],
  'digital health': [180, 320],
};
// a region's share of the worldwide market
const REGIONS: Readonly<Record<string, number>> = { Europe: 0.28, 'North America': 0.38, 'Asia-Pacific': 0.3 };
// how much a market grows a year, for a report of an earlier or later year
const GROWTH = 1.1;

// per task (world): each segment's size, and each house's view of it
const markets = new WeakMap<World, Map<string, number>>();
function drawn(w: World, key: string, draw: () => number): number {
  let m = markets.get(w);
  if (!m) markets.set(w, (m = new Map()));
  let v = m.get(key);
  if (v === undefined) m.set(key, (v = draw()));
  return v;
}

/** The market size in USD bn a report states: its segment's, as its publisher sizes it, for its year and region. */
export function marketSize(rec: Rec, w: World): number {
  const segment = String(rec.segment);
  const [lo, hi] = SIZES[segment] ?? [50, 200];
  const base = drawn(w, segment, () => lo + w.rng.next() * (hi - lo));
  // a house's definition of the market is wider or narrower than another's by tens of percent
  const house = drawn(w, `${segment}|${String(rec.publisher)}`, () => 0.85 + w.rng.next() * 0.3);
  const years = Number(String(rec.published_on).slice(0, 4)) - Number(w.today.slice(0, 4));
  const region = Object.keys(REGIONS).find((r) => String(rec.title ?? '').includes(r));
  const share = region ? (REGIONS[region] as number) : 1;
  // and one edition of a report revises its predecessor by a few percent
  const edition = 0.98 + w.rng.next() * 0.04;
  return Math.round(base * house * GROWTH ** (Number.isFinite(years) ? years : 0) * share * edition * 10) / 10;
}
