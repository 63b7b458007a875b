import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Rule } from '../rules/rule.js';
import { sharesNarrowing } from './sibling-narrowings.js';

const bariatric = { kind: 'flag', field: 'bariatric', value: true } as const;
const admission: Rule = { all: [{ kind: 'in', field: 'status', values: ['reserved'] }, bariatric] };

describe('sibling narrowings', () => {
  it('finds a section narrowed by the flag a shown section already narrows by', () => {
    const release: Rule = { all: [{ kind: 'older', field: 'freed_on', days: 2 }, bariatric] };
    assert.equal(sharesNarrowing(release, { freed_on: 'stale' }, [admission]), true);
  });

  it('lets a section narrow by another field, or by the same window', () => {
    const hoist: Rule = { all: [{ kind: 'flag', field: 'hoist', value: true }] };
    const window: Rule = { all: [{ kind: 'older', field: 'freed_on', days: 2 }] };
    const shownWindow: Rule = { all: [{ kind: 'older', field: 'freed_on', days: 5 }] };
    assert.equal(sharesNarrowing(hoist, {}, [admission]), false);
    assert.equal(sharesNarrowing(window, {}, [shownWindow]), false);
  });

  it('finds a section narrowed to the very window a shown section counts', () => {
    const followUp: Rule = {
      all: [
        { kind: 'flag', field: 'at_risk', value: true },
        { kind: 'due_within', field: 'contract_end_date', days: 180 },
      ],
    };
    const review: Rule = {
      all: [
        { kind: 'at_least', field: 'annual_revenue', value: 300_000 },
        { kind: 'due_within', field: 'contract_end_date', days: 180 },
      ],
    };
    assert.equal(sharesNarrowing(followUp, { at_risk: true }, [review]), true);
    const nearer: Rule = {
      all: [
        { kind: 'flag', field: 'at_risk', value: true },
        { kind: 'due_within', field: 'contract_end_date', days: 60 },
      ],
    };
    assert.equal(sharesNarrowing(nearer, { at_risk: true }, [review]), false);
  });

  it('finds a section that selects by the very conditions of a shown one', () => {
    assert.equal(
      sharesNarrowing({ all: [...admission.all] }, { status: ['reserved'], bariatric: true }, [admission]),
      true,
    );
  });

  it('leaves a flag that is the section’s own reason alone', () => {
    const bariatricRelease: Rule = { all: [bariatric] };
    assert.equal(sharesNarrowing(bariatricRelease, { bariatric: true }, [admission]), false);
  });
});
