import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { stateMoves } from './user.js';

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
