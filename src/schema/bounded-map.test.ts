import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { BoundedMap } from './bounded-map.js';

describe('BoundedMap', () => {
  it('holds at most its limit, dropping the key set longest ago; setting a held key drops nothing', () => {
    const m = new BoundedMap<string, number>(2);
    m.set('a', 1).set('b', 2);
    m.set('a', 10);
    assert.deepEqual(
      [...m],
      [
        ['a', 10],
        ['b', 2],
      ],
    );
    m.set('c', 3);
    assert.deepEqual(
      [...m],
      [
        ['b', 2],
        ['c', 3],
      ],
    );
    // delete and set again: the newest
    m.delete('b');
    m.set('b', 4);
    m.set('d', 5);
    assert.deepEqual(
      [...m],
      [
        ['b', 4],
        ['d', 5],
      ],
    );
    // undefined values are held like any other
    const u = new BoundedMap<string, undefined>(1);
    u.set('x', undefined);
    assert.ok(u.has('x'));
  });
});
