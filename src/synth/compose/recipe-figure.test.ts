import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createRng } from '../../env/rng.js';
import { SCENARIO_DOMAINS } from '../../schema/taxonomy.js';
import { chooseRecipe, figuresOf, OVER_SELECTION } from './recipe.js';
import { PARTS } from './registry.js';

// an easy task's figure is worked out over its whole selection (a total, an average) where its record type's team
// uses one: an extreme is one record's value read off, which left easy tasks a rule and a lookup

describe('recipe figure', () => {
  it('gives an easy task a total or an average where its team uses one, and extremes only where it uses neither', () => {
    let over = 0;
    let measured = 0;
    for (const domain of SCENARIO_DOMAINS)
      for (let i = 0; i < 12; i++) {
        const r = chooseRecipe(createRng('easy figure', domain, i), { domain, difficulty: 'easy' });
        if (!r.computation.needsMeasure) continue;
        measured++;
        const usable = figuresOf(PARTS, r.source).some((c) => OVER_SELECTION.has(c.name));
        if (OVER_SELECTION.has(r.computation.name)) over++;
        else assert.ok(!usable, `${r.source.name}: ${r.computation.name} where a total or an average fits`);
      }
    assert.ok(over / measured > 0.6, `${over} of ${measured}`);
  });
});
