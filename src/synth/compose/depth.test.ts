import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SCENARIOS, SCENARIO_DOMAINS } from '../../schema/taxonomy.js';
import { deepens } from './depth.js';
import { recipeFor } from './index.js';

// every sub-scenario of every domain, the same seeds at each difficulty
const slots = (n: number) =>
  SCENARIO_DOMAINS.flatMap((d) => SCENARIOS[d].map((s) => `${d}/${s}`)).flatMap((path) =>
    Array.from({ length: n }, (_, i) => ({ path, seed: 104_729 * i + 17 })),
  );

describe('depth (depth.ts)', () => {
  it('a hard recipe works something out beyond its rule far more often than a medium one', () => {
    const share = (difficulty: 'medium' | 'hard') => {
      const all = slots(2).map(({ path, seed }) => recipeFor({ seed, difficulty, scenarioPath: path }));
      return all.filter(deepens).length / all.length;
    };
    const hard = share('hard');
    const medium = share('medium');
    // (0.87 before a hard draft took a change or a branch where it had none; 0.98 after)
    assert.ok(hard >= 0.95, `hard ${hard.toFixed(2)}`);
    assert.ok(hard >= medium + 0.15, `hard ${hard.toFixed(2)}, medium ${medium.toFixed(2)}`);
  });

  it('counts a cap on the total and a mid-task change, and a branch only where some field splits it', () => {
    const hard = slots(3).map(({ path, seed }) => recipeFor({ seed, difficulty: 'hard', scenarioPath: path }));
    const decide = hard.find((r) => r.decide);
    const change = hard.find((r) => r.interaction === 'change');
    assert.ok(decide && deepens(decide));
    assert.ok(change && deepens(change));
    const bare = hard.find((r) => !r.decide && r.interaction !== 'change' && !r.branch);
    assert.ok(bare && !deepens(bare), 'a recipe with no branch, cap or change is not deep');
    const branched = hard.find((r) => r.branch && !r.decide && r.interaction !== 'change');
    assert.ok(branched);
    // the same recipe with its branch's work swapped for the main one splits by nothing
    const same = { ...branched, branch: branched.action };
    assert.equal(deepens(same), false);
  });
});
