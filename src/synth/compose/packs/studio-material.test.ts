import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createRng } from '../../../env/rng.js';
import { makeWorld } from '../world.js';
import { CHART_DATA } from './multimodal-generation-charts.js';
import { chartFigures } from './studio-material.js';

// a chart request's figures (studio-material.ts): a monthly series moves from month to month as a business figure
// does, every value its own and none a multiple of 5

const world = (k: number) =>
  makeWorld(createRng('chart-figures', k), 'Multimodal_Generation', 'medium', '2026-06-17T09:00:00Z');

describe('a chart request’s figures', () => {
  it('walks a monthly series in steps of at most a tenth of its range and a few units, every value its own (review 56)', () => {
    let series = 0;
    for (const [title, d] of Object.entries(CHART_DATA)) {
      if (d.labels) continue;
      for (let k = 0; k < 12; k++) {
        const rec = { chart_id: `CHR-${2000 + k}`, chart_type: 'line', data_points: 24, title };
        const f = chartFigures(rec, world(k));
        assert.ok(f, title);
        const values = f.rows.map(([, v]) => v);
        const scale = 10 ** (d.dp ?? 0);
        assert.equal(new Set(values).size, values.length, `${title}: ${values.join(' ')}`);
        assert.ok(
          values.every((v) => Math.round(v * scale) % 5 !== 0),
          `${title}: a round value in ${values.join(' ')}`,
        );
        // (a walk's step is at most a tenth of the range; the nearest free value moves it a few units more)
        const most = 0.1 * (d.hi - d.lo) + 4 / scale;
        for (let i = 1; i < values.length; i++)
          assert.ok(
            Math.abs((values[i] as number) - (values[i - 1] as number)) <= most,
            `${title}: ${values[i - 1]} → ${values[i]} in ${values.join(' ')}`,
          );
        series++;
      }
    }
    assert.ok(series >= 24, `${series} series`);
  });
});
