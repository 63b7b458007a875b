import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createRng } from '../../../env/rng.js';
import type { Rec } from '../parts.js';
import { makeWorld } from '../world.js';
import { GROWTH_BANDS } from './information-retrieval-data.js';
import { anchorGrowth, inBand, plausibleSpread } from './market-growth.js';

// one segment's reports forecast one market's growth a few points apart (review 29 §4: 2.3% beside 25.8%)

// a change a report may take where its part allows: the rule keys on growth of 20% or more, and no report crosses it
const keep = (r: Rec, c: Rec) => {
  if (c.cagr_pct !== undefined && Number(c.cagr_pct) >= 20 !== Number(r.cagr_pct) >= 20) return false;
  Object.assign(r, c);
  return true;
};

describe('one market, one growth story', () => {
  it('moves a sibling report near the others, or to a free segment, where its part allows', () => {
    for (let i = 0; i < 40; i++) {
      const w = makeWorld(createRng('growth', i), 'Information_Retrieval', 'hard', '2026-06-03T10:00:00Z');
      const recs: Rec[] = [2.3, 25.8, 24.1, 9].map((cagr_pct, n) => ({
        report_id: `MKR-${n}`,
        segment: 'cybersecurity',
        cagr_pct,
      }));
      anchorGrowth(recs, w, keep);
      for (const a of recs)
        for (const b of recs)
          if (a.segment === b.segment)
            assert.ok(plausibleSpread(Number(a.cagr_pct), Number(b.cagr_pct)), JSON.stringify(recs));
      assert.equal(recs.filter((r) => Number(r.cagr_pct) >= 20).length, 2, JSON.stringify(recs));
    }
  });

  it('leaves a report whose part fixes it', () => {
    const w = makeWorld(createRng('growth', 1), 'Information_Retrieval', 'hard', '2026-06-03T10:00:00Z');
    const recs: Rec[] = [
      { segment: 'payments', cagr_pct: 3 },
      { segment: 'payments', cagr_pct: 30 },
    ];
    anchorGrowth(recs, w, () => false);
    assert.deepEqual(
      recs.map((r) => r.cagr_pct),
      [3, 30],
    );
  });

  it("puts each forecast in its segment's band: online retail at 28% becomes a faster market, or a retail figure", () => {
    for (let i = 0; i < 40; i++) {
      const w = makeWorld(createRng('bands', i), 'Information_Retrieval', 'hard', '2026-06-03T10:00:00Z');
      const recs: Rec[] = [28, 6.5, 12, 3].map((cagr_pct, n) => ({
        report_id: `MKR-${n}`,
        segment: n % 2 ? 'payments' : 'retail e-commerce',
        cagr_pct,
      }));
      anchorGrowth(recs, w, keep);
      for (const r of recs) assert.ok(inBand(r.segment, Number(r.cagr_pct)), JSON.stringify(recs));
      assert.equal(recs.filter((r) => Number(r.cagr_pct) >= 20).length, 1, JSON.stringify(recs));
    }
    // (the bands span the growth field's range, 4–30%: a threshold drawn inside it is one some segment reaches)
    const ends = Object.values(GROWTH_BANDS).flat();
    assert.deepEqual([Math.min(...ends), Math.max(...ends)], [4, 30]);
  });
});
