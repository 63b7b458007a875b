import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createRng } from '../../../env/rng.js';
import type { Rec } from '../parts.js';
import { makeWorld } from '../world.js';
import { positions } from './finance-investment.js';

// a restricted list holds a few of a book's names, not three of five (review 29 recount: restricted list saturated)
describe('the restricted list', () => {
  it('takes two of a task’s positions at most where the others may come off it, and trades none on it', () => {
    for (let i = 0; i < 30; i++) {
      const w = makeWorld(createRng('restricted', i), 'Finance_Investment', 'medium', '2026-06-03T10:00:00Z');
      const recs: Rec[] = [0, 1, 2, 3, 4].map((n) => ({
        position_id: `POS-${n}`,
        restricted: true,
        status: n % 2 ? 'add' : 'hold',
      }));
      // (each takes the first change it is offered, as a record free to change does)
      for (const r of recs) for (let round = 0; round < 3; round++) Object.assign(r, positions.agree?.(r, w)[0] ?? {});
      const on = recs.filter((r) => r.restricted);
      assert.ok(on.length <= 2, JSON.stringify(recs));
      for (const r of on) assert.ok(['hold', 'core', 'on watch'].includes(String(r.status)), JSON.stringify(r));
    }
  });
});
