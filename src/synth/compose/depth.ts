import { branchPresses, pressKindOf } from './branch-routes.js';
import type { Recipe } from './recipe.js';

// What a task works out beyond its rule's conditions. A hard task differs from a medium one by more than the count
// of its records (reviews 31–32: 132 of 333 hard tasks weighed three conditions with no branch, cap or mid-task
// change, and read like easy ones): where its work allows, it branches on what a record holds, decides on the
// batch's total against a cap, or meets a record that a coworker changes mid-task.

// the fields a branch may split by (compile/branch.ts `branchFieldOf`, before the task's actions take theirs)
const splittable = (r: Recipe) =>
  r.source.fields.filter((f) => f.rule !== false && f.use !== 'detail' && f.kind !== 'text');

/** Whether the recipe has a step beyond its rule: a branch some field splits, a cap on its total, a change. */
export function deepens(r: Recipe): boolean {
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
