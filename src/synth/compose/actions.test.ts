import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { draftOwner, mailOwner } from './actions.js';

// review 36: "Give every sales owner a heads-up by email with the order id in the subject, naming its customer": a
// heads-up about what? The body asks the owner to look into the record, and the request says so

describe('a mail to a record owner', () => {
  it('is asked for with what it asks of the owner, in every wording', () => {
    for (const p of [...mailOwner.phrases, ...draftOwner.phrases].filter((x) => !/\bdraft\b/.test(x)))
      assert.match(p, /\b(?:ask(?:ing)? (?:them|where)|needs their attention|look into)\b/, p);
  });
});
