import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createRng } from '../../env/rng.js';
import { writePlan } from './content.js';

// a content plan written out reads as one desk wrote it: its connectives never double a fact's own words
describe('writePlan', () => {
  it('never joins a fact that opens with "also" with a second "also"', () => {
    for (let i = 0; i < 300; i++) {
      const text = writePlan(createRng('also', i), {
        facts: ['logs every call', 'also writes to the CRM', 'pilot first'],
      });
      assert.ok(!/\balso,? also\b/i.test(text), text);
    }
  });
});
