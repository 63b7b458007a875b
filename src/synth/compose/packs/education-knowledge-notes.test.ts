import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createRng } from '../../../env/rng.js';
import { pastoralNote } from './education-knowledge-notes.js';

describe('a student’s pastoral note', () => {
  it('speaks of attendance falling away or picking up only where it is low', () => {
    const rng = createRng('pastoral');
    for (let i = 0; i < 400; i++) {
      const status = i % 2 ? 'enrolled' : 'withdrawn';
      const high = pastoralNote(rng, undefined, undefined, { status, attendance_pct: 96 });
      assert.doesNotMatch(high, /attendance (fell away|improving)/i, high);
    }
    const low = Array.from({ length: 200 }, (_, i) =>
      pastoralNote(rng, undefined, undefined, { status: i % 2 ? 'enrolled' : 'withdrawn', attendance_pct: 52 }),
    );
    assert.ok(low.some((n) => /attendance fell away/i.test(n)) && low.some((n) => /attendance improving/i.test(n)));
  });
});
