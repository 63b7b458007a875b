import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { dayPattern, daysIn, naturalText, statesValue, timesIn } from './natural.js';

describe('statesValue', () => {
  it('finds enum values and ids however they are spaced or cased', () => {
    assert.equal(statesValue('Please set it to In Progress today', 'in_progress'), true);
    assert.equal(statesValue('mark it in-progress', 'in_progress'), true);
    assert.equal(statesValue('a high priority ticket', 'high'), true);
    assert.equal(statesValue('highlight the row', 'high'), false);
    assert.equal(statesValue('see ticket TK 5521', 'TK-5521'), true);
    assert.equal(statesValue('see ticket TK-55210', 'TK-5521'), false);
    assert.equal(naturalText('In_Progress  now'), 'in progress now');
  });
  it('finds numbers and money in their written forms', () => {
    assert.equal(statesValue('refund $1,200.50 to her', 1200.5), true);
    assert.equal(statesValue('refund 1200.5', 1200.5), true);
    assert.equal(statesValue('pay €1,200 now', 1200), true);
    assert.equal(statesValue('pay 12,000 now', 1200), false);
    assert.equal(statesValue('it costs 1200.55', 1200.5), false);
    assert.equal(statesValue('set it to 42', '42'), true);
  });
  it('finds dates and date-times as people write them', () => {
    assert.equal(statesValue('move it to 20 March', '2026-03-20'), true);
    assert.equal(statesValue('move it to March 20th', '2026-03-20'), true);
    assert.equal(statesValue('move it to Mar. 20', '2026-03-20'), true);
    assert.equal(statesValue('move it to 21 March', '2026-03-20'), false);
    assert.equal(statesValue('on 20 March at 2:30 pm', '2026-03-20T14:30:00Z'), true);
    assert.equal(statesValue('on 20 March at 14:30 UTC', '2026-03-20T14:30:00Z'), true);
    assert.equal(statesValue('on 20 March at 10am', '2026-03-20T10:00:00Z'), true);
    assert.equal(statesValue('on 20 March at 11am', '2026-03-20T10:00:00Z'), false);
    assert.equal(statesValue('start 2026-03-20T10:00', '2026-03-20T10:00:00Z'), true);
  });
});

describe('timesIn / daysIn', () => {
  it('reads times of day, not bare numbers, durations or percentages', () => {
    assert.deepEqual(timesIn('at 10:00 UTC or 2:30 pm, not 9am'), [600, 870, 540]);
    assert.deepEqual(timesIn('we need 3 copies, 40% and 2.5 days, 12 hours'), []);
    assert.deepEqual(timesIn('12am and 12pm'), [0, 720]);
  });
  it('reads named days with their weekday', () => {
    assert.deepEqual(daysIn('the meeting on Friday 14 March'), [
      { month: 3, day: 14, weekday: 5, text: 'Friday 14 March' },
    ]);
    assert.deepEqual(
      daysIn('by March 3rd, 2026 or 2026-04-01').map((d) => [d.year, d.month, d.day]),
      [
        [2026, 3, 3],
        [2026, 4, 1],
      ],
    );
    assert.deepEqual(daysIn('we have 3 copies'), []);
  });
});

describe("dayPattern, ascii (a check's regex)", () => {
  it('matches the day however a message writes it, and never a neighbouring one', () => {
    const m = new RegExp(dayPattern('2026-05-01', true), 'i');
    for (const t of ['by 2026-05-01.', 'on 1 May', 'the 1st of May', 'May 1, 2026', 'may 01', 'Notice by May 1st'])
      assert.ok(m.test(t), t);
    for (const t of ['11 May', 'May 10', '2026-05-11', '21 May', 'May 12th', 'on 1 March']) assert.ok(!m.test(t), t);
  });
});
