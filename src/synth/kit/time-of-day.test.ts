import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { timeOfDayRegex } from './checks.js';

const says = (hour: number, minute: number, text: string) => new RegExp(timeOfDayRegex(hour, minute), 'i').test(text);

describe('timeOfDayRegex', () => {
  it('accepts the usual ways a morning hour is written', () => {
    for (const t of [
      '06:00',
      '6:00',
      'at 6.00',
      '06h00',
      '6am',
      '6 am',
      '6 a.m.',
      '6:00 AM',
      '06:00 UTC',
      'daily at 6am UTC',
    ])
      assert.ok(says(6, 0, `It now runs ${t}.`), t);
  });
  it('accepts an afternoon hour on either clock', () => {
    for (const t of ['18:00', '6pm', '6 p.m.', '6:00 PM', '18.00 UTC']) assert.ok(says(18, 0, `at ${t}`), t);
  });
  it('accepts minutes past the hour', () => {
    for (const t of ['09:30', '9:30', '9.30am', '9:30 a.m.']) assert.ok(says(9, 30, `from ${t}`), t);
    for (const t of ['2:30 pm', '14:30']) assert.ok(says(14, 30, `at ${t}`), t);
  });
  it('rejects another time', () => {
    for (const t of ['16:00', '6:30', '6pm', '6:00 pm', '26:00', '6:00:30', '5:59', '18:00', '7am', '36am'])
      assert.ok(!says(6, 0, `It now runs at ${t}.`), t);
    for (const t of ['6am', '06:00', '8pm']) assert.ok(!says(18, 0, `at ${t}`), t);
    assert.ok(!says(9, 30, 'at 9am'));
  });
  it('names noon and midnight', () => {
    assert.ok(says(12, 0, 'at noon'));
    assert.ok(says(12, 0, 'at 12pm'));
    assert.ok(says(0, 0, 'at midnight'));
    assert.ok(says(0, 0, 'at 12am'));
    assert.ok(!says(0, 0, 'at 12pm'));
  });
});
