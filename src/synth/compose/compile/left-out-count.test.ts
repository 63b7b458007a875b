import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createRng } from '../../../env/rng.js';
import { SCENARIOS, SCENARIO_DOMAINS } from '../../../schema/taxonomy.js';
import { recipeFor } from '../index.js';
import { taskDomain } from '../recipe.js';
import { makeWorld } from '../world.js';
import { compileRecipe } from './index.js';

// "how many you ruled out" is asked only of a list the records' own service holds: a floor plan shows taken places
// too, so "the beds you checked and left out" has no one answer (review 35: keyed over every bed on the plan)

const OUT = /\bthe number of [\w ]+ you (?:ruled out|checked and left out|looked at and left out)\b/;

describe('a left-out count', () => {
  it('is never asked of records only a picture or a file shows', () => {
    let pictured = 0;
    let asked = 0;
    const paths = SCENARIO_DOMAINS.flatMap((d) => SCENARIOS[d].map((s) => [d, `${d}/${s}`] as const));
    for (let i = 0; i < 700; i++) {
      const [domain, path] = paths[i % paths.length] as (typeof paths)[number];
      const recipe = recipeFor({ seed: 31 * i + 5, difficulty: 'easy', scenarioPath: path });
      const w = makeWorld(createRng('left-out', i), taskDomain(recipe, domain), 'easy', '2026-03-10T09:00:00Z');
      const spec = compileRecipe({ id: `l_${i}`, w, recipe, scenario: path, lead: 'Logic_Reasoning' });
      if (OUT.test(spec.request)) asked++;
      if (!recipe.source.seenIn) continue;
      pictured++;
      assert.doesNotMatch(spec.request, OUT, spec.id);
    }
    assert.ok(pictured >= 10, `${pictured} pictured lists`);
    assert.ok(asked >= 1, 'a left-out count is still asked of a service-held list');
  });
});
