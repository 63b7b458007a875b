import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createRng } from '../../../env/rng.js';
import { PARTS } from '../registry.js';
import { recipeFor } from '../index.js';
import { makeWorld } from '../world.js';
import { programOf } from '../compile/index.js';
import { atomsOf } from '../../rules/rule.js';

// a fund sizes a holding by its weight in the fund (its market value), never by its share count: a rule and a figure
// over positions read the weight, and each record's shares, price, market value and weight agree

describe('the size of a position', () => {
  it('is its portfolio weight, never a count of shares', () => {
    const positions = PARTS.sources.find((s) => s.name === 'positions');
    assert.ok(positions);
    assert.ok(!positions.fields.some((f) => f.field === 'quantity'), 'no rule selects positions by shares held');
    assert.equal(positions.measure?.field, 'weight_pct');
  });

  it('agrees on every record: market value is shares times the last price, the weight its share of the fund', () => {
    let records = 0;
    let weighed = 0;
    for (let seed = 1; seed < 80 && records < 60; seed++) {
      const recipe = recipeFor({ seed, difficulty: 'medium', scenarioPath: 'Finance_Investment' });
      if (recipe.source.name !== 'positions') continue;
      const w = makeWorld(createRng('position-size', seed), 'Finance_Investment', 'medium', '2026-06-17T09:00:00Z');
      const p = programOf({ id: `size_${seed}`, w, recipe, scenario: 'Finance_Investment', lead: 'Data_Analysis' });
      if (atomsOf(p.rule).some((a) => a.field === 'weight_pct')) weighed++;
      const held = (p.fixtures.portfolio as { positions?: Record<string, unknown>[] } | undefined)?.positions ?? [];
      const navs: number[] = [];
      for (const rec of held) {
        records++;
        const [q, last, value, weight] = ['quantity', 'last_price', 'market_value', 'weight_pct'].map((k) =>
          Number(rec[k]),
        ) as [number, number, number, number];
        assert.ok(Number.isInteger(q) && q !== 0, `${rec.position_id}: ${q} shares`);
        assert.ok(Math.abs(q * last - value) < 0.01, `${rec.position_id}: ${q} × ${last} ≠ ${value}`);
        navs.push(value / weight);
      }
      // (one fund per task: every weight is of the same net assets, to the rounding of its tenth of a percent)
      if (navs.length) assert.ok(Math.max(...navs) / Math.min(...navs) < 1.01, `seed ${seed}: ${navs.join(', ')}`);
    }
    assert.ok(records >= 20, `only ${records} positions drawn`);
    assert.ok(weighed > 0, 'no rule over positions weighs them');
  });
});
