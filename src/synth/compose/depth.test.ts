import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SCENARIOS, SCENARIO_DOMAINS } from '../../schema/taxonomy.js';
import { branchPresses, pressKindOf } from './branch-routes.js';
import { type Recipe, recipeFor } from './index.js';

// What a task works out beyond its rule's conditions. A hard task differs from a medium one by more than the count
// of its records (reviews 31–32: 132 of 333 hard tasks weighed three conditions with no branch, cap or mid-task
// change, and read like easy ones): where its work allows, it branches on what a record holds, decides on the
// batch's total against a cap, or meets a record that a coworker changes mid-task.

// the fields a branch may split by (compile/branch.ts `branchFieldOf`, before the task's actions take theirs)
const splittable = (r: Recipe) =>
  r.source.fields.filter((f) => f.rule !== false && f.use !== 'detail' && f.kind !== 'text');

// whether the recipe has a step beyond its rule: a branch some field splits, a cap on its total, a change
function deepens(r: Recipe): boolean {
  if (r.decide || r.interaction === 'change') return true;
  const { action, branch } = r;
  if (!action || !branch) return false;
  const pool = splittable(r);
  return (
    pool.length >= 2 &&
    pool.some((f) => {
      const kind = pressKindOf(f);
      return kind !== undefined && branchPresses(action.name, branch.name, kind) !== undefined;
    })
  );
}

// every sub-scenario of every domain, the same seeds at each difficulty
const slots = (n: number) =>
  SCENARIO_DOMAINS.flatMap((d) => SCENARIOS[d].map((s) => `${d}/${s}`)).flatMap((path) =>
    Array.from({ length: n }, (_, i) => ({ path, seed: 104_729 * i + 17 })),
  );

describe('depth of a hard recipe (recipe.ts)', () => {
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

  it('an easy recipe points at a document wherever its record type has one: the rule is never handed over in the request', () => {
    const easy = slots(4).map(({ path, seed }) => recipeFor({ seed, difficulty: 'easy', scenarioPath: path }));
    // (review 38: a rule stated in full was a filter handed over, no judgement left)
    assert.ok(easy.length > 100);
    for (const r of easy)
      assert.notEqual(r.policy.service, null, `${r.source.name}: the rule is stated in the request`);
  });
});
