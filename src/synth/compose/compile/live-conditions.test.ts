import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Rule } from '../../rules/rule.js';
import { conditionPattern, deadConditions, withoutDead } from './live-conditions.js';

const today = '2026-05-29';
// unacknowledged holds with three or more reminders, issued two weeks ago or more, unless released
const rule: Rule = {
  all: [
    { kind: 'flag', field: 'acknowledged', value: false },
    { kind: 'at_least', field: 'reminders_sent', value: 3 },
    { kind: 'older', field: 'issued_on', days: 14 },
  ],
  unless: { kind: 'in', field: 'status', values: ['released'] },
  why: 'a released hold needs nothing more',
};
const hold = (acknowledged: boolean, reminders_sent: number, issued_on: string, status = 'reminder sent') => ({
  acknowledged,
  reminders_sent,
  issued_on,
  status,
});

describe('live conditions', () => {
  it('writes which conditions a record meets', () => {
    assert.equal(conditionPattern(rule, hold(false, 4, '2026-05-01'), today), '111|-|0');
    assert.equal(conditionPattern(rule, hold(false, 1, '2026-05-01', 'released'), today), '101|-|1');
  });

  it('finds a condition no record fails alone, and an exception that keeps nothing out', () => {
    // every hold with three reminders is old: "issued 14 days ago" never leaves a record out by itself
    const records = [hold(false, 4, '2026-05-01'), hold(true, 4, '2026-05-01'), hold(false, 1, '2026-04-20')];
    assert.deepEqual(deadConditions(rule, records, today), { all: [2], any: false, unless: true });
  });

  it('drops dead conditions one at a time, keeping the records it selects', () => {
    // the third record fails both the reminders and the window: once the reminders are gone, the window keeps it out
    const records = [
      hold(false, 4, '2026-05-01'),
      hold(true, 4, '2026-05-01'),
      hold(false, 1, '2026-05-25'),
      hold(false, 4, '2026-05-01', 'released'),
    ];
    const stated = withoutDead(rule, records, today);
    assert.deepEqual(
      stated.all.map((a) => a.field),
      ['acknowledged', 'issued_on'],
    );
    assert.equal(stated.unless?.field, 'status');
    assert.equal(stated.why, rule.why);
  });

  it('keeps a rule whose every condition leaves some record out alone', () => {
    const records = [
      hold(false, 4, '2026-05-01'),
      hold(true, 4, '2026-05-01'),
      hold(false, 2, '2026-05-01'),
      hold(false, 4, '2026-05-25'),
      hold(false, 4, '2026-05-01', 'released'),
    ];
    assert.equal(withoutDead(rule, records, today), rule);
  });

  it('drops an exception with its reason', () => {
    const stated = withoutDead(rule, [hold(false, 4, '2026-05-01'), hold(true, 4, '2026-05-01')], today);
    assert.equal(stated.unless, undefined);
    assert.equal(stated.why, undefined);
  });
});
