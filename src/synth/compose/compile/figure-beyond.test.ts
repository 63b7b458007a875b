import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { stricter } from './figure-beyond.js';

// the line a "how many of those …" figure draws is one a person would draw, not one fitted to the records

const TODAY = '2026-06-10T10:00:00Z';

describe('a stricter line for a count', () => {
  it('is the roundest that splits the records: 40,000 shares, not 41,000', () => {
    const held = [{ quantity: 41_400 }, { quantity: 42_400 }, { quantity: 34_900 }];
    const line = stricter({ kind: 'at_least', field: 'quantity', value: 24_100 }, held, TODAY);
    assert.deepEqual(line, { kind: 'at_least', field: 'quantity', value: 40_000 });
    // where no one-digit line splits them, a half step does (45,000 splits 46,200 from 43,100)
    const close = [{ quantity: 46_200 }, { quantity: 43_100 }];
    assert.equal(
      (stricter({ kind: 'at_least', field: 'quantity', value: 20_000 }, close, TODAY) as { value: number }).value,
      45_000,
    );
  });

  it('keeps weeks and tens for small numbers', () => {
    const counts = [{ n: 3 }, { n: 8 }, { n: 12 }];
    assert.equal((stricter({ kind: 'at_least', field: 'n', value: 1 }, counts, TODAY) as { value: number }).value, 10);
    const ages = [{ d: '2026-05-01' }, { d: '2026-06-05' }];
    assert.equal((stricter({ kind: 'older', field: 'd', days: 3 }, ages, TODAY) as { days: number }).days, 14);
  });

  it('is none where every record falls on one side of every such line', () => {
    assert.equal(stricter({ kind: 'at_least', field: 'n', value: 1 }, [{ n: 5 }, { n: 5 }], TODAY), undefined);
  });
});
