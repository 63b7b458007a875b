import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createRng } from '../../env/rng.js';
import type { Difficulty } from '../../schema/taxonomy.js';
import { chooseRecipe } from './recipe.js';
import { PARTS } from './registry.js';

// an action is its section's work: a partner message is translated only as the Translation section's work, never
// as a reply round's or a hand-over's, nor as a branch of one ("for the Japanese ones, save a translation")
const desk = { ...PARTS, sources: PARTS.sources.filter((s) => s.name === 'partner_mails') };

describe('partner-message actions and their sections', () => {
  it('translate only where the main work is the Translation section', () => {
    let translating = 0;
    for (const difficulty of ['easy', 'medium', 'hard'] as Difficulty[])
      for (let seed = 0; seed < 150; seed++) {
        const r = chooseRecipe(
          createRng('language-sections', difficulty, seed),
          { domain: 'Office_Productivity', difficulty },
          desk,
        );
        const acts = [r.action, r.branch].filter((a) => a?.name === 'translate_message');
        if (!acts.length) continue;
        translating++;
        assert.equal(r.action?.name, 'translate_message', `seed ${seed}: a translation under ${r.action?.sections}`);
        assert.deepEqual(r.action?.sections, ['Translation']);
      }
    assert.ok(translating > 10, `${translating} recipes translate`);
  });
});
