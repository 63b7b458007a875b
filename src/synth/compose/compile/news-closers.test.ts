import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { NEWS_CLOSERS } from './news-closers.js';

// the closers of news passed on mid-task: each register its own, none marking the corpus (review: " Just so you
// know." closing one news message in four)

// how often each register is an asker's (request-openers.ts registerOf: plain is two of five)
const SHARE = { terse: 0.2, plain: 0.4, chatty: 0.2, formal: 0.2 } as const;

describe('news closers', () => {
  it('no closer ends more than one news message in thirty', () => {
    const share = new Map<string, number>();
    for (const [register, closers] of Object.entries(NEWS_CLOSERS))
      for (const c of closers)
        if (c) share.set(c, (share.get(c) ?? 0) + SHARE[register as keyof typeof SHARE] / closers.length);
    for (const [c, s] of share) assert.ok(s <= 1 / 30, `${c}: ${(100 * s).toFixed(1)}%`);
    assert.ok(share.size >= 36, `${share.size} closers`);
  });

  it('each closes a sentence of its own after the news', () => {
    for (const c of Object.values(NEWS_CLOSERS).flat()) if (c) assert.match(c, /^ [A-Z].*[.?!]$/, c);
  });
});
