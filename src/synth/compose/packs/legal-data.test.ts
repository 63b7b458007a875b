import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createRng } from '../../../env/rng.js';
import { makeWorld } from '../world.js';
import { notExtended, STEPS } from './legal-data.js';

// a court deadline said to be extended is one an extension can move: a step of the directions, never a hearing (the
// court vacates and relists it) or a limitation period (it runs whatever the parties agree)

describe('court deadlines', () => {
  const w = makeWorld(createRng('legal-data'), 'Legal', 'medium', '2026-06-17T09:00:00Z');
  const kinds = STEPS['Employment Tribunal'] as readonly string[];

  it('repairs an extended hearing or limitation period, to another status or a step that can be extended', () => {
    for (const deadline_kind of ['hearing', 'limitation period'])
      for (const status of ['extended', 'extension sought']) {
        const repairs = notExtended({ deadline_kind, status }, kinds, w);
        assert.ok(repairs.length > 0, `${deadline_kind} ${status}`);
        for (const r of repairs) {
          if ('status' in r) assert.doesNotMatch(String(r.status), /^extens|^extended/);
          if ('deadline_kind' in r) assert.ok(!['hearing', 'limitation period'].includes(String(r.deadline_kind)));
        }
      }
  });

  it('leaves an extended direction, and an unextended hearing, as they are', () => {
    assert.deepEqual(notExtended({ deadline_kind: 'disclosure', status: 'extended' }, kinds, w), []);
    assert.deepEqual(notExtended({ deadline_kind: 'hearing', status: 'upcoming' }, kinds, w), []);
  });
});
