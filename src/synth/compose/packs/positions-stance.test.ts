import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createRng } from '../../../env/rng.js';
import { CONCERNS } from '../concerns.js';
import { makeWorld } from '../world.js';
import { positions } from './finance-investment.js';

describe('a position on the restricted list', () => {
  it('holds no trading stance: its stance becomes one that keeps it, else it leaves the list', () => {
    const w = makeWorld(createRng('stance', 1), 'Finance_Investment', 'medium', '2026-06-17T09:00:00Z');
    for (const status of ['add', 'trim', 'exit']) {
      const changes = positions.agree?.({ position_id: 'POS-1', restricted: true, status }, w) ?? [];
      assert.ok(changes.length > 1, status);
      for (const c of changes.slice(0, -1)) assert.ok(['hold', 'core', 'on watch'].includes(String(c.status)), status);
      assert.deepEqual(changes.at(-1), { restricted: false });
    }
    for (const [restricted, status] of [
      [true, 'hold'],
      [false, 'add'],
    ] as const)
      assert.deepEqual(positions.agree?.({ position_id: 'POS-2', restricted, status }, w), []);
  });

  it('is no concern of every rule over positions: only the sections about the list select on it', () => {
    assert.equal(CONCERNS.positions?.restricted, undefined);
  });
});
