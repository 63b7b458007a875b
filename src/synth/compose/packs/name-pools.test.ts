import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createRng } from '../../../env/rng.js';
import { makeWorld } from '../world.js';
import { FIELDS, PARTS, TAILS } from './manufacturing-engineering-data.js';
import { composed, outsider } from './name-pools.js';

const world = (k: number) => makeWorld(createRng('name-pools', k), 'Healthcare', 'medium', '2026-06-17T09:00:00Z');

describe('names are drawn from pools several times a task’s rows', () => {
  it('a composed pool holds every pairing once, in the same order each time', () => {
    const pool = composed('t', ['Church', 'Mill'], ['Field', 'Meadow', 'Piece']);
    assert.equal(new Set(pool).size, 6);
    assert.deepEqual(pool, composed('t', ['Church', 'Mill'], ['Field', 'Meadow', 'Piece']));
    for (const list of [FIELDS, PARTS, TAILS]) assert.ok(list.length >= 4 * 14, `${list[0]}: ${list.length}`);
  });

  it('the people a task’s records name are distinct, none of the staff’s family, and seldom another task’s', () => {
    const seen = new Map<string, number>();
    const tasks = 60;
    for (let k = 0; k < tasks; k++) {
      const w = world(k);
      const staff = new Set(w.staff.map((p) => p.name.split(' ').at(-1)));
      const names = Array.from({ length: 14 }, (_, i) => outsider(w, 'patients', ['Maria Lopez'], i));
      assert.equal(new Set(names).size, 14);
      for (const n of names) {
        assert.ok(!staff.has(n.split(' ').at(-1)), `${n} shares a family name with the staff`);
        seen.set(n, (seen.get(n) ?? 0) + 1);
      }
    }
    assert.ok(Math.max(...seen.values()) / tasks < 0.4, `${Math.max(...seen.values())} of ${tasks}`);
  });
});
