import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createRng } from '../../env/rng.js';
import { OFFICE_ONLY } from './policy-doc-data.js';
import { chooseRecipe } from './recipe.js';
import { PARTS } from './registry.js';

// a household's bills are no office's work (review 29 §6): their policy is kept where a household keeps one and
// their deliverable is no team intranet page
describe('household work in household places', () => {
  const home = { ...PARTS, sources: PARTS.sources.filter((s) => s.name === 'household_bills') };
  it('never reads a household policy from the intranet nor writes an intranet page of its bills', () => {
    const seen = new Set<string>();
    for (const difficulty of ['easy', 'medium', 'hard'] as const)
      for (let seed = 0; seed < 40; seed++) {
        const r = chooseRecipe(
          createRng('home', difficulty, seed),
          { domain: 'Travel_Lifestyle', scenario: 'Daily_Life', difficulty },
          home,
        );
        seen.add(r.policy.name);
        assert.ok(r.source.name === 'household_bills');
        assert.ok(!OFFICE_ONLY.has(r.policy.name), r.policy.name);
        assert.ok(!OFFICE_ONLY.has(r.aggregate?.name ?? ''), r.aggregate?.name);
      }
    assert.ok(seen.size > 1, [...seen].join());
    // (the names are the registered parts': an office's records still get both)
    for (const name of OFFICE_ONLY)
      assert.ok(
        [...PARTS.policies, ...PARTS.aggregates].some((p) => p.name === name),
        name,
      );
  });
});
