import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Rule } from '../rules/rule.js';
import { apartFrom, sharesThreshold } from './section-bounds.js';

const filing: Rule = { all: [{ kind: 'recent', field: 'receipt_date', days: 30 }] };
const late: Rule = { all: [{ kind: 'older', field: 'receipt_date', days: 30 }] };

describe('section bounds', () => {
  it('moves a window that ends where a shown opposite window ends one day off it', () => {
    assert.deepEqual(apartFrom(late, [filing]).all, [{ kind: 'older', field: 'receipt_date', days: 31 }]);
    assert.deepEqual(apartFrom(filing, [late]).all, [{ kind: 'recent', field: 'receipt_date', days: 29 }]);
  });

  it('leaves windows on other fields, other days or in working days as drawn', () => {
    const other: Rule = { all: [{ kind: 'older', field: 'submitted_on', days: 30 }] };
    const workdays: Rule = { all: [{ kind: 'older', field: 'receipt_date', days: 30, workdays: true }] };
    const longer: Rule = { all: [{ kind: 'older', field: 'receipt_date', days: 45 }] };
    for (const r of [other, workdays, longer]) assert.equal(apartFrom(r, [filing]), r);
  });

  it('finds a threshold two sections claim from both sides', () => {
    const high: Rule = { all: [{ kind: 'at_least', field: 'amount', value: 500 }] };
    const low: Rule = { all: [{ kind: 'at_most', field: 'amount', value: 500 }] };
    const lower: Rule = { all: [{ kind: 'at_most', field: 'amount', value: 400 }] };
    assert.equal(sharesThreshold(low, [high]), true);
    assert.equal(sharesThreshold(lower, [high]), false);
    assert.equal(sharesThreshold(high, [high]), false);
  });
});
