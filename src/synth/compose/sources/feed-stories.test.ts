import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createRng } from '../../../env/rng.js';
import { generateProcedural } from '../../generators.js';
import { headline, sectionWords } from './feed-stories.js';

// the length a feed states of a piece fits the piece: a sponsorship brief runs to a few hundred words, a regulator's
// ruling to more, and no piece is shorter than the text the feed holds of it

describe("a feed's articles", () => {
  it('tell a story that runs to their length', () => {
    const rng = createRng('feed-test', 1);
    assert.match(headline(rng, 'technology', 'Keller Analytics', new Set(), 300), /hires|app|outage/);
    assert.doesNotMatch(headline(rng, 'technology', 'Keller Analytics', new Set(), 1100), /hires|app|outage/);
    const [lo, hi] = sectionWords('sports');
    assert.ok(lo >= 100 && hi <= 600);
  });

  it("state a word count their section runs news to, and at least the feed's own text", () => {
    const failures: string[] = [];
    for (let seed = 0; seed < 24; seed++) {
      const spec = generateProcedural({
        generator: 'compose',
        id: `feed_${seed}`,
        seed: 900 + seed,
        difficulty: (['easy', 'medium', 'hard'] as const)[seed % 3] ?? 'easy',
        mockToday: '2026-03-10',
        capabilities: ['Knowledge_Retrieval'],
        scenarioPath: 'Information_Retrieval/News',
      });
      const rows = (spec.fixtures?.rss as { articles?: Record<string, unknown>[] } | undefined)?.articles ?? [];
      for (const a of rows) {
        if (a.word_count === undefined) continue;
        const [lo, hi] = sectionWords(a.category);
        const n = Number(a.word_count);
        if (n < lo || n > hi || n < String(a.content).split(/\s+/).length)
          failures.push(`${a.category} "${a.title}": ${n} words`);
      }
    }
    assert.deepEqual(failures, []);
  });
});
