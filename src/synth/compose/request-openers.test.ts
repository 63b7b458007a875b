import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createRng } from '../../env/rng.js';
import type { Register } from '../kit/content.js';
import { composition } from './testing.js';
import { forwardIntro, forwarderOf, greetingOf, registerOf } from './request-openers.js';

const REGISTERS: readonly Register[] = ['terse', 'plain', 'chatty', 'formal'];
// the openers that size the job or announce it: never over a request that asks for several things
const SIZING = /^(?:Quick one|A small one|Quick favour|One small thing|Small job|One for you)\b/;

describe('how a request opens', () => {
  it('a person writes in one register, whatever the request', () => {
    const me = { name: 'Ana Li', first: 'Ana', email: 'ana.li@acme.example' };
    assert.equal(registerOf(me), registerOf({ ...me }));
    const seen = new Set(
      ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k', 'l'].map((x) =>
        registerOf({ name: x, first: x, email: `${x}.x@acme.example` }),
      ),
    );
    assert.ok(seen.size >= 3, [...seen].join(' '));
  });

  it('a "quick one" opens only a one-step request, and no greeting is said at the wrong time of day', () => {
    for (const register of REGISTERS)
      for (let k = 0; k < 300; k++) {
        const rng = createRng('openers', register, k);
        const hour = k % 24;
        const g = greetingOf({ register, small: false, informs: k % 2 === 0, hour, weekday: k % 7 }, rng);
        assert.doesNotMatch(g, SIZING, g);
        if (hour >= 12) assert.doesNotMatch(g, /morning/i, `${hour}: ${g}`);
        if (hour < 12) assert.doesNotMatch(g, /afternoon/i, `${hour}: ${g}`);
        if (k % 7 !== 5) assert.doesNotMatch(g, /Friday/, g);
      }
  });

  it('the forwarded note names its writer in a line the tests and the reader can both find', () => {
    for (let k = 0; k < 60; k++) {
      const line = forwardIntro('Ana Li', createRng('forward', k));
      assert.equal(forwarderOf(`Hi,\n\n${line}\n> The note.`), 'Ana Li', line);
    }
    assert.equal(forwarderOf('Hi,\n\nPlease go through the claims.'), undefined);
  });

  it('across a corpus no stock opener or sign-off is every request’s, and none sizes a long job', () => {
    const corpus = Array.from({ length: 200 }, (_, i) => composition(i, 61 + i));
    const first = new Map<string, number>();
    for (const t of corpus) {
      const lines = t.request.split('\n').filter((l) => l.trim() && !l.startsWith('Subject:'));
      const open = (lines[0] ?? '').split(/(?<=[:!.])\s/)[0] as string;
      first.set(open, (first.get(open) ?? 0) + 1);
      if (SIZING.test(open)) assert.doesNotMatch(t.request, /\n2\. |, and then /, t.request);
      assert.doesNotMatch(t.request, /\b(?:repeat|send me|give me|quote) the same figure\b/, t.request);
    }
    for (const phrase of [
      'Quick one:',
      'Heads up:',
      'Thanks a million!',
      'You are a star, thanks!',
      'Owe you a coffee.',
    ])
      assert.ok(
        corpus.filter((t) => t.request.includes(phrase)).length <= corpus.length * 0.02,
        `${phrase} in more than 2% of requests`,
      );
  });
});
