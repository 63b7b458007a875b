import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { matchValue } from '../../grade/match.js';
import { addWorkdays, at, atInstant, dayMonth } from './dates.js';

describe('at', () => {
  it('adds days, hours and minutes to the mock clock, seconds precision unless the offset has milliseconds', () => {
    assert.equal(at('2026-03-10T09:00:00Z', { days: -1, hours: 2 }), '2026-03-09T11:00:00Z');
    assert.equal(at('2026-03-10T09:00:00Z', { minutes: 0.0125 }), '2026-03-10T09:00:00.750Z');
    assert.equal(at('2026-12-31T23:30:00Z', { minutes: 45 }), '2027-01-01T00:15:00Z');
  });
  it('reads each task clock afresh when tasks alternate', () => {
    const a = '2026-03-10T09:00:00Z';
    const b = '2026-07-01T12:15:00Z';
    assert.equal(at(a, { days: 1 }), '2026-03-11T09:00:00Z');
    assert.equal(at(b, { days: 1 }), '2026-07-02T12:15:00Z');
    assert.equal(at(a, {}), a);
    assert.equal(dayMonth(at(b, { days: -1 })), '30 June');
  });
  it('refuses a clock that is not a date', () => {
    assert.throws(() => at('not a date', { days: 1 }), RangeError);
  });
});

describe('addWorkdays', () => {
  it('counts Monday to Friday only, forwards and back', () => {
    // Friday 2026-03-13 + 1 is Monday 16; Monday 16 − 1 is Friday 13; Wednesday 11 ± 0 is itself
    assert.equal(addWorkdays('2026-03-13', 1), '2026-03-16');
    assert.equal(addWorkdays('2026-03-16', -1), '2026-03-13');
    assert.equal(addWorkdays('2026-03-16', -6), '2026-03-06');
    assert.equal(addWorkdays('2026-03-11', 0), '2026-03-11');
  });
});

describe('atInstant', () => {
  it('takes a slot however its time is written, in any offset, and no other minute', () => {
    const m = atInstant('2026-11-09', [600, 630]);
    for (const t of [
      '2026-11-09T10:00:00Z',
      '2026-11-09T10:00',
      '2026-11-09T10:30:00+00:00',
      '2026-11-09T11:00:00+01:00',
    ])
      assert.ok(matchValue(m, t), t);
    for (const t of ['2026-11-09T10:15:00Z', '2026-11-09T10:00:00+01:00', '2026-11-10T10:00:00Z'])
      assert.ok(!matchValue(m, t), t);
  });
});
