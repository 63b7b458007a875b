import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { stateMoves, toldBy } from './user.js';

// "it went to with requester": a state named with its own preposition reads as where the record is now

describe('how the user says a record moved', () => {
  it('says a prepositional state as where the record is now', () => {
    for (const s of stateMoves('with requester')) assert.doesNotMatch(s, /went to|moved to/, s);
    assert.ok(stateMoves('in design').includes('it is in design now'));
  });

  it('says any other state as a move', () => {
    assert.ok(stateMoves('on hold').every((s) => !/went to on/.test(s)));
    assert.ok(stateMoves('approved').includes('it went to approved'));
  });
});

// a mid-task message opened with one of four stock lines ("Quick one from …"), each a fifth of these messages
describe('how the user passes on news from a colleague', () => {
  it('has a dozen openers, none a stock "Quick one"', () => {
    const said = toldBy('Ana', 'the ticket "Login fails"');
    assert.ok(new Set(said).size >= 12, said.join(' | '));
    for (const s of said) {
      assert.match(s, /Ana/, s);
      assert.match(s, /the ticket "Login fails"/, s);
      assert.doesNotMatch(s, /^Quick one/, s);
    }
  });
});
