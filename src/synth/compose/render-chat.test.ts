import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createRng } from '../../env/rng.js';
import { SCENARIO_DOMAINS } from '../../schema/taxonomy.js';
import { compileRecipe } from './compile/index.js';
import { recipeFor } from './index.js';
import { taskDomain } from './recipe.js';
import { makeWorld } from './world.js';

// a chat line asks for the work ("hi — can you take the seats that …?"); the records as a bare topic with a colon
// ("hi — the seats that …: raise a ticket") only now and then (review 35: one request in ten opened with it)

const TOPIC = /^(?:[^\n—]{0,30}— )?(?:the|whichever) [^\n:]{10,}: /;
const ASK = /^(?:[^\n—]{0,30}— )?(?:can you take|could you go through|mind taking|can you pick up|could you handle) /;

describe('a chat-line request', () => {
  it('mostly asks; a bare topic line stays rare', () => {
    let topic = 0;
    let asked = 0;
    let n = 0;
    for (let seed = 1; seed <= 420; seed++) {
      const domain = SCENARIO_DOMAINS[seed % SCENARIO_DOMAINS.length] as (typeof SCENARIO_DOMAINS)[number];
      const recipe = recipeFor({ seed, difficulty: 'medium', scenarioPath: domain });
      const w = makeWorld(createRng('chat', seed), taskDomain(recipe, domain), 'medium', '2026-03-10T09:00:00Z');
      const text = compileRecipe({ id: `c_${seed}`, w, recipe, scenario: domain, lead: 'Tool_Calling' }).request;
      n++;
      if (TOPIC.test(text)) topic++;
      if (ASK.test(text)) asked++;
    }
    assert.ok(asked >= 20, `${asked} chat asks of ${n}`);
    assert.ok(topic <= asked / 2, `${topic} topic lines, ${asked} asks`);
    assert.ok(topic / n <= 0.05, `${topic} of ${n}`);
  });
});
