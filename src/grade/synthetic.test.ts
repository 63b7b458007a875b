import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { makeSpec } from '../schema/testing.js';
import { completeRecord } from './synthetic.js';

const replyOf = (spec: ReturnType<typeof makeSpec>) =>
  completeRecord(spec)
    .events.filter((e) => e.type === 'assistant')
    .map((e) => (e as { text: string }).text)
    .join('\n');

describe('completeRecord: the reply meeting a response check', () => {
  it('writes an example of a pattern randexp can write', () => {
    const spec = makeSpec({
      services: ['todo'],
      checks: [{ id: 'said', kind: 'response_matches', weight: 1, any: ['total of 4[0-9]'] }],
    });
    assert.match(replyOf(spec), /^total of 4[0-9]$/);
  });

  it("takes the reference's own reply for a pattern with lookbehinds, not the pattern's source", () => {
    const pattern = '(?<=\\btotal\\b[^.]{0,20})\\b42\\b';
    const spec = makeSpec({
      services: ['todo'],
      checks: [{ id: 'said', kind: 'response_matches', weight: 1, any: [pattern] }],
      reference: [{ say: 'Checked the list.' }, { say: 'The total comes to 42.' }],
    });
    assert.equal(replyOf(spec), 'The total comes to 42.');
  });

  it("falls back to the pattern's source when no reference text meets it", () => {
    const pattern = '(?<=\\btotal\\b[^.]{0,20})\\b42\\b';
    const spec = makeSpec({
      services: ['todo'],
      checks: [{ id: 'said', kind: 'response_matches', weight: 1, any: [pattern] }],
      reference: [{ say: 'The total comes to 41.' }],
    });
    assert.equal(replyOf(spec), pattern);
  });
});
