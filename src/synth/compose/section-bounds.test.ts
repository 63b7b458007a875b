import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Rule } from '../rules/rule.js';
import { apartFrom, claimsBoundary, clashesOnScope, overlapsWindow, sharesThreshold } from './section-bounds.js';

const filing: Rule = { all: [{ kind: 'recent', field: 'receipt_date', days: 30 }] };
const late: Rule = { all: [{ kind: 'older', field: 'receipt_date', days: 30 }] };

describe('section bounds', () => {
  it('moves a window that ends where a shown opposite window ends one day off it', () => {
    assert.deepEqual(apartFrom(late, [filing]).all, [{ kind: 'older', field: 'receipt_date', days: 31 }]);
    assert.deepEqual(apartFrom(filing, [late]).all, [{ kind: 'recent', field: 'receipt_date', days: 29 }]);
  });

  it('moves a window past every shown boundary, not onto the next one', () => {
    const three: Rule = { all: [{ kind: 'recent', field: 'receipt_date', days: 3 }] };
    const two: Rule = { all: [{ kind: 'recent', field: 'receipt_date', days: 2 }] };
    const old: Rule = { all: [{ kind: 'older', field: 'receipt_date', days: 2 }] };
    assert.deepEqual(apartFrom(old, [three, two]).all, [{ kind: 'older', field: 'receipt_date', days: 4 }]);
  });

  it('leaves windows on other fields, other days or in working days as drawn', () => {
    const other: Rule = { all: [{ kind: 'older', field: 'submitted_on', days: 30 }] };
    const workdays: Rule = { all: [{ kind: 'older', field: 'receipt_date', days: 30, workdays: true }] };
    const longer: Rule = { all: [{ kind: 'older', field: 'receipt_date', days: 45 }] };
    for (const r of [other, workdays, longer]) assert.equal(apartFrom(r, [filing]), r);
  });

  it('finds a window that reaches into a shown opposite window, either way round', () => {
    const archive: Rule = { all: [{ kind: 'older', field: 'published_at', days: 3 }] };
    const briefing: Rule = { all: [{ kind: 'recent', field: 'published_at', days: 14 }] };
    const daily: Rule = { all: [{ kind: 'recent', field: 'published_at', days: 2 }] };
    assert.equal(overlapsWindow(archive, [briefing]), true);
    assert.equal(overlapsWindow(briefing, [archive]), true);
    assert.equal(overlapsWindow(daily, [archive]), false);
    assert.equal(overlapsWindow(archive, [daily]), false);
    // the same boundary day is moved apart (apartFrom), not redrawn
    assert.equal(overlapsWindow(late, [filing]), false);
  });

  it('finds a threshold two sections claim from both sides', () => {
    const high: Rule = { all: [{ kind: 'at_least', field: 'amount', value: 500 }] };
    const low: Rule = { all: [{ kind: 'at_most', field: 'amount', value: 500 }] };
    const lower: Rule = { all: [{ kind: 'at_most', field: 'amount', value: 400 }] };
    assert.equal(sharesThreshold(low, [high]), true);
    assert.equal(sharesThreshold(lower, [high]), false);
    assert.equal(sharesThreshold(high, [high]), false);
  });

  it('finds a superseded limit that claims the boundary day of a section in force', () => {
    assert.equal(claimsBoundary({ kind: 'recent', field: 'receipt_date', days: 30 }, [late]), true);
    assert.equal(claimsBoundary({ kind: 'recent', field: 'receipt_date', days: 21 }, [late]), false);
    assert.equal(claimsBoundary({ kind: 'older', field: 'receipt_date', days: 30 }, [late]), false);
  });

  it('finds a section that leaves out the value another is confined to, either way round', () => {
    const front = { kind: 'in', field: 'zone', values: ['Front block'] } as const;
    const register: Rule = { all: [front, { kind: 'in', field: 'status', values: ['taken'] }] };
    const allocation: Rule = { all: [{ kind: 'in', field: 'status', values: ['free'] }], unless: front };
    const back: Rule = {
      all: [{ kind: 'in', field: 'status', values: ['free'] }],
      unless: { ...front, values: ['Back block'] },
    };
    assert.equal(clashesOnScope(allocation, [register]), true);
    assert.equal(clashesOnScope(register, [allocation]), true);
    assert.equal(clashesOnScope(back, [register]), false);
  });
});
