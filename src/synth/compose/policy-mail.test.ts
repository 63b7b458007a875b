import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createRng } from '../../env/rng.js';
import { opening } from './policy-mail.js';

// a colleague's mail opens with why the rule is written down, in many ways: no opening a reader of many spots
// (review 27: "Quick note on X, since it keeps coming up." opened a third of them)

const n = { singular: 'ticket', plural: 'tickets' };

describe('a policy mail’s opening', () => {
  it('varies: no opening starts more than 5% of mails, and none is the stock one', () => {
    const seen = new Map<string, number>();
    const N = 2000;
    for (let i = 0; i < N; i++) {
      const rng = createRng('mail-open', i);
      const text = opening({ n, rng, ...(i % 3 ? {} : { old: { lines: [], until: '1 May' } }) }, 'follow-up');
      assert.doesNotMatch(text, /keeps coming up|from now on/i, text);
      seen.set(text, (seen.get(text) ?? 0) + 1);
    }
    for (const [text, k] of seen) assert.ok(k / N <= 0.05, `${text}: ${k}`);
  });

  it('says the rule changed only where the mail replaces one, and a household’s has no audit or team', () => {
    for (let i = 0; i < 300; i++) {
      const plain = opening({ n, rng: createRng('mail-new', i) }, 'follow-up');
      assert.doesNotMatch(plain, /changed/, plain);
      const home = opening({ n, rng: createRng('mail-home', i), home: true }, 'bill payment');
      assert.doesNotMatch(home, /audit|team|starter|colleague|process review/i, home);
    }
  });
});
