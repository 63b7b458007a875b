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

  it('ends a question on a question mark, and adds no "Furthermore" or "Oh, and" to a fragment', () => {
    for (const register of ['terse', 'plain', 'chatty', 'formal'] as const)
      for (let i = 0; i < 200; i++) {
        const text = writePlan(
          createRng('ask', i),
          { facts: ['Can you send me your slides for the exam board', 'no rush, any time before the day is fine'] },
          register,
        );
        assert.match(
          text,
          /board\? (?:No rush|no rush)|rush, any time before the day is fine\. Can you send me your slides for the exam board\?$/,
          text,
        );
        assert.ok(!/(?:Furthermore|In addition|Also|Oh, and|By the way|and), no rush/.test(text), text);
      }
  });

  it('joins the facts of a plan, a set in no order, with no connective that says one adds to the last', () => {
    for (const register of ['terse', 'plain', 'chatty', 'formal'] as const)
      for (let i = 0; i < 200; i++) {
        const text = writePlan(
          createRng('adds', i),
          { facts: ['risks: FX and input costs', 'we model 9% revenue growth', 'the room is booked'] },
          register,
        );
        assert.doesNotMatch(text, /\b(?:Furthermore|In addition|Moreover|Also),/, text);
      }
  });
});
