import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createRng } from '../../../env/rng.js';
import { SCENARIOS, SCENARIO_DOMAINS, type ScenarioDomain } from '../../../schema/taxonomy.js';
import { recipeFor } from '../index.js';
import { recipeServices, taskDomain } from '../recipe.js';
import { makeWorld } from '../world.js';
import { compileRecipe } from './index.js';

// A decision on the batch's total planned where its section cannot state the cap (a batch under any approver's
// limit, nobody free to sign it off) is dropped with the route (compile/index.ts compileRecipe): the task claims
// neither a mail to the approver nor the decision (seed 1 had 33 such tasks listing gmail and Logic_Reasoning for a
// decision with no route check), and keeps the services the planner promised (synth/plan/plan.test.ts).

describe('a planned decision without its route (compile/index.ts)', () => {
  it('claims no decision and keeps the planned services', () => {
    let routed = 0;
    let unrouted = 0;
    const paths = SCENARIO_DOMAINS.flatMap((d) => SCENARIOS[d].map((s) => [d, `${d}/${s}`] as const));
    for (let i = 0; i < 400 && (routed < 3 || unrouted < 1); i++) {
      const [domain, path] = paths[i % paths.length] as readonly [ScenarioDomain, string];
      const seed = 7_919 * i + 3;
      const recipe = recipeFor({ seed, difficulty: 'medium', scenarioPath: path });
      if (!recipe.decide) continue;
      const home = taskDomain(recipe, domain);
      const w = makeWorld(createRng('compose-world', domain, 'medium', seed), home, 'medium', '2026-03-10T09:00:00Z');
      const spec = compileRecipe({ id: `u_${i}`, w, recipe, scenario: path, lead: 'Tool_Calling' });
      const route = (spec.checks ?? []).some((c) => c.id?.startsWith('route_'));
      const { decide: _, ...plain } = recipe;
      if (route) routed++;
      else {
        unrouted++;
        assert.deepEqual([...spec.services].sort(), [...recipeServices(recipe)].sort(), spec.id);
        for (const s of Object.keys(spec.fixtures ?? {})) assert.ok(spec.services.includes(s), `${spec.id}: ${s}`);
        // nothing is sent to an approver, and the labels claim no mail work for it
        assert.ok(
          !(spec.reference ?? []).some(
            (r) => 'call' in r && r.call === 'gmail_send_message' && /approv/i.test(JSON.stringify(r.args)),
          ),
          spec.id,
        );
        assert.ok(recipeServices(plain).length <= spec.services.length, spec.id);
      }
    }
    assert.ok(routed >= 3 && unrouted >= 1, `${routed} routed, ${unrouted} not`);
  });
});
