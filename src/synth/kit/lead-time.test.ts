import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { cadence, cadenceFloor, everySpan, leadTime } from './lead-time.js';
import { lintText } from './lint.js';

describe('lead times and rhythms', () => {
  it('reads a lead time stated in days, not a window behind', () => {
    assert.equal(leadTime('renewal terms reach the account owner 45 days before the end date'), 45);
    assert.equal(leadTime('photographers are booked 10 days ahead of publication'), 10);
    assert.equal(leadTime('installed today or in the 30 days before.'), 0);
    assert.equal(leadTime('installed today or in the 30 days before and with admin access'), 0);
    assert.equal(leadTime('a photographer needs a few days’ notice'), 3);
  });

  it('lints a lead time in days against the window it is stated with, not a superseded one', () => {
    const mail = (old: number) =>
      `This rule takes only the to-dos due today or in the next 21 days: one is started 21 days before it falls due.\n\nThis replaces what I sent round before, which said:\n- The to-do is due today or in the next ${old} days.`;
    assert.deepEqual(lintText(mail(7), '2026-06-17T09:00:00Z'), []);
    const short = 'The to-dos due today or in the next 7 days: one is started 21 days before it falls due.';
    assert.deepEqual(
      lintText(short, '2026-06-17T09:00:00Z').map((g) => g.rule),
      ['lead_time'],
    );
  });

  it('says a window as its rhythm and reads the rhythm back', () => {
    for (const days of [7, 10, 14, 21, 30, 45, 60, 90]) {
      const why = `the team sweeps ${everySpan(days)}, so one added since the last sweep is unseen`;
      assert.equal(cadence(why), days, why);
      assert.equal(cadenceFloor(why), days, why);
    }
    assert.equal(everySpan(30), 'every month');
    assert.equal(cadence('a story from the last few days'), 5);
    assert.equal(cadenceFloor('a story from the last few days'), 2);
    assert.equal(cadenceFloor('a briefing picks up what was published since the last one'), 0);
  });
});
