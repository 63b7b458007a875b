import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createRng } from '../../../env/rng.js';
import type { Difficulty } from '../../../schema/taxonomy.js';
import { thinFor } from '../../rules/shape.js';
import type { Parts } from '../parts.js';
import { formsOf } from '../policy-acts.js';
import { chooseRecipe, type Recipe } from '../recipe.js';
import { PARTS } from '../registry.js';
import { makeWorld } from '../world.js';
import { fromStates } from './from-states.js';
import { sectionAndRule } from './task-section.js';

// a task's rule carries its floor of conditions wherever one of the work's forms on the record type gives it

const TODAY = '2026-03-10T09:00:00Z';
const cases = PARTS.actions.flatMap((action) =>
  PARTS.sources
    .filter((s) => action.sources.includes(s.name) || action.sources.includes('*'))
    .filter((s) => formsOf(s.name, action.name).length > 1)
    .map((src) => ({ action, src })),
);

function thinShare(difficulty: Difficulty): number {
  let thin = 0;
  let all = 0;
  cases.forEach(({ action, src }, k) => {
    for (const seed of [0]) {
      const only: Parts<string> = { ...PARTS, sources: [src], actions: [action] };
      const domain = src.domains?.[0] ?? 'Office_Productivity';
      const n = k * 13 + seed;
      const recipe: Recipe = { ...chooseRecipe(createRng('sec-recipe', n), { domain, difficulty }, only), action };
      const w = makeWorld(createRng('sec-world', n), domain, difficulty, TODAY);
      const writes = { ...recipe.action?.writes, ...recipe.branch?.writes };
      const { rule } = sectionAndRule(recipe, w, writes, fromStates(recipe));
      all++;
      if (thinFor(rule)) thin++;
    }
  });
  return thin / all;
}

describe('task section', () => {
  // (every difficulty's floor is three and tries the work's other forms: a hard rule is thin no more often than a
  // medium one, and either only where every form of the work is thin by nature)
  it('a rule drawn over a work with several forms is seldom thinner than three conditions, hard no more than medium', () => {
    assert.ok(cases.length > 0);
    const hard = thinShare('hard');
    const medium = thinShare('medium');
    assert.ok(hard <= medium && medium < 0.12, `hard ${hard.toFixed(3)} vs medium ${medium.toFixed(3)}`);
  });
});
