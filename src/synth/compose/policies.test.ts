import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createRng } from '../../env/rng.js';
import { policyMail } from './policies.js';
import { makeWorld } from './world.js';

// a household's rule comes from a flatmate's own address, a workplace's from a colleague's work address (review 20
// class 7)
describe('the rule mail', () => {
  it("comes from a personal address for a household's records, from work otherwise", () => {
    const w = makeWorld(createRng('mail', 1), 'Travel_Lifestyle', 'easy', '2026-06-03T10:00:00Z');
    const from = (home: boolean) => {
      const fx = policyMail.fixtures('House rules', 'body', w, home) as { gmail: { messages: { from: string }[] } };
      return fx.gmail.messages[0]?.from ?? '';
    };
    assert.match(from(true), /@homemail\.example$/);
    assert.equal(from(false), w.staff[4]?.email);
  });
});
