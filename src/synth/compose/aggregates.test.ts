import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { lenient } from './aggregates.js';

describe('a name in a deliverable file', () => {
  it('matches as a person or an HTML page writes it: straight or curly apostrophe, entities, escaped "&"', () => {
    const re = new RegExp(lenient('Keeper\u2019s Field & Co (north)'));
    for (const written of [
      'Keeper\u2019s Field & Co (north)',
      "Keeper's Field & Co (north)",
      'Keeper&#39;s Field &amp; Co (north)',
      'Keeper&rsquo;s Field & Co (north)',
    ])
      assert.ok(re.test(written), written);
    assert.ok(!re.test('Keepers Field & Co (north)'));
    assert.ok(!re.test('Keeper\u2019s Field & Co north'));
  });
});
