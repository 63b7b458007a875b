import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createRng } from '../../env/rng.js';
import { wordsFrom } from './words.js';

// a customer's industry agrees with what its name says (review 43: "Larkspur Publishing" in food and beverage)
describe('words.industry', () => {
  it('takes the industry a company name says, whatever the draw', () => {
    for (let seed = 0; seed < 30; seed++) {
      const w = wordsFrom(createRng('industry', seed));
      assert.equal(w.industry('Larkspur Publishing'), 'media');
      assert.equal(w.industry('Harbour Dental Group'), 'healthcare');
      assert.equal(w.industry('Thornbury Bank'), 'financial services');
      assert.equal(w.industry('Blackwood Chambers'), 'professional services');
    }
  });

  it('draws one where the name says none, and draws either way (later draws stay where they were)', () => {
    const a = wordsFrom(createRng('industry-draws'));
    const b = wordsFrom(createRng('industry-draws'));
    const drawn = new Set(Array.from({ length: 40 }, () => a.industry('Marlow & Reid')));
    assert.ok(drawn.size >= 5, [...drawn].join());
    for (let i = 0; i < 40; i++) b.industry('Larkspur Publishing');
    assert.equal(a.firstName(), b.firstName());
  });
});
