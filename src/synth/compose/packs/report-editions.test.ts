import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createRng } from '../../../env/rng.js';
import { makeWorld } from '../world.js';
import type { Rec } from '../parts.js';
import { editionAgree, editions, newerEdition } from './report-editions.js';

const world = (k: number) =>
  makeWorld(createRng('editions', k), 'Information_Retrieval', 'medium', '2026-06-17T09:00:00Z');
const report = (id: number, over: Rec): Rec => ({
  report_id: `MKR-${id}`,
  publisher: 'IDC',
  segment: 'payments',
  published_on: '2026-01-10',
  cagr_pct: 12,
  market_size_bn: 40,
  status: 'purchased',
  newer_edition: false,
  ...over,
});

describe('market report editions', () => {
  it('hold a newer edition for every report said to have one, and none for a report said to have none', () => {
    for (let k = 0; k < 20; k++) {
      const w = world(k);
      const records = [
        report(100, { newer_edition: true }),
        report(101, { segment: 'cybersecurity', published_on: '2025-09-01' }),
        report(102, { segment: 'cybersecurity', published_on: '2026-03-01' }),
        report(103, { publisher: 'company filing', segment: 'EV batteries' }),
      ];
      // the rule leaves out the edition made, and a task record may take its side
      const made = editions(
        records,
        w,
        (r, c) => Boolean(Object.assign(r, c)),
        () => true,
        () => 'findings',
      );
      const all = [...records, ...made];
      for (const r of all)
        assert.equal(
          Boolean(r.newer_edition),
          all.some((s) => newerEdition(r, s)),
          String(r.report_id),
        );
      assert.equal(made.length, 1);
      // titled as the next edition of its series, not another region's report
      assert.match(String(made[0]?.title), /^Digital Payments Worldwide Forecast, 2026 (?:spring|mid-year) update$/);
      assert.equal(records[0]?.title, 'Digital Payments Worldwide Forecast, 2026');
      assert.ok(made.every((e) => !e.newer_edition && String(e.published_on) <= '2026-06-17'));
    }
  });

  it('never supersede a company filing, nor by a market report', () => {
    const filing = report(1, { publisher: 'company filing' });
    assert.ok(!newerEdition(filing, report(2, { publisher: 'company filing', published_on: '2026-05-01' })));
    assert.ok(!newerEdition(report(3, {}), report(4, { publisher: 'Gartner', published_on: '2026-05-01' })));
    // a filing said to have a newer edition is set right, or is a market report where the rule takes it for one
    assert.deepEqual(editionAgree({ ...filing, newer_edition: true }, world(0))[0], { newer_edition: false });
    assert.ok(
      editionAgree({ ...filing, newer_edition: true }, world(0)).every((c) => c.publisher !== 'company filing'),
    );
  });

  it('revises its predecessor’s growth by a point or two, never outside what its segment’s market shows', () => {
    for (let k = 0; k < 40; k++) {
      // (a payments forecast near the bottom of its 7–14% band)
      const records = [report(100, { newer_edition: true, cagr_pct: 7.4 })];
      const [e] = editions(
        records,
        world(k),
        (r, c) => Boolean(Object.assign(r, c)),
        () => true,
        () => 'findings',
      );
      assert.ok(e && Number(e.cagr_pct) >= 7 && Number(e.cagr_pct) <= 9.4, JSON.stringify(e));
    }
  });
});
