import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createRng } from '../../../env/rng.js';
import type { Rec } from '../parts.js';
import { makeWorld } from '../world.js';
import { cycleApart, type Household, oneMandate, onePerCycle } from './household-cycles.js';

// one account of each kind: electricity and water monthly, property tax yearly
const home: Household = {
  line: (kind) => `${kind} account`,
  lines: () => 1,
  cycle: (kind) => (kind === 'property tax' ? 'annual' : 'monthly'),
};

const repeats = (records: Rec[]) =>
  records.filter((a, i) =>
    records.some(
      (b, j) => j !== i && a.provider === b.provider && !cycleApart(home.cycle(String(a.category)), a.due_on, b.due_on),
    ),
  );

describe('one bill per account per cycle', () => {
  it('a repeat that cannot move leaves the next repeat still moved a month on', () => {
    const w = makeWorld(createRng('cycles'), 'Travel_Lifestyle', 'medium', '2026-03-10T09:00:00Z');
    const records: Rec[] = [
      // two property tax bills a week apart: a yearly account, so neither can move (its part keeps its kind)
      { bill_id: 'B1', category: 'property tax', due_on: '2026-03-12' },
      { bill_id: 'B2', category: 'property tax', due_on: '2026-03-18' },
      // two electricity bills five days apart: the later one falls due a month after the other
      { bill_id: 'B3', category: 'electricity', due_on: '2026-03-14' },
      { bill_id: 'B4', category: 'electricity', due_on: '2026-03-19' },
    ];
    // no bill may change its kind; a date may move
    const keep = (rec: Rec, change: Rec) => {
      if ('category' in change) return false;
      Object.assign(rec, change);
      return true;
    };
    onePerCycle(records, w, home, ['property tax', 'electricity'], keep);
    assert.deepEqual(
      repeats(records).map((r) => r.bill_id),
      ['B1', 'B2'],
    );
    const [b3, b4] = records.slice(2);
    assert.ok(cycleApart('monthly', b3?.due_on, b4?.due_on), `${b3?.due_on} ${b4?.due_on}`);
  });
});

describe('one payment method per account', () => {
  // a bill's part in the task fixes its method where `fixed` says so
  const keeper = (fixed: ReadonlySet<string>) => (rec: Rec, change: Rec) => {
    if (fixed.has(String(rec.bill_id))) return false;
    Object.assign(rec, change);
    return true;
  };
  it('two bills of one account are both on direct debit or neither, the fixed one deciding', () => {
    const records: Rec[] = [
      { bill_id: 'B1', provider: 'EnBW (Strom)', direct_debit: true },
      { bill_id: 'B2', provider: 'EnBW (Strom)', direct_debit: false },
      { bill_id: 'B3', provider: 'EnBW (Gas)', direct_debit: true },
      { bill_id: 'B4', provider: 'Telekom', direct_debit: false },
    ];
    oneMandate(records, keeper(new Set(['B2'])));
    assert.deepEqual(
      records.map((r) => r.direct_debit),
      [false, false, true, false],
    );
  });
  it('leaves an account whose bills both fix their method (only the records can change)', () => {
    const records: Rec[] = [
      { bill_id: 'B1', provider: 'EnBW (Strom)', direct_debit: true },
      { bill_id: 'B2', provider: 'EnBW (Strom)', direct_debit: false },
    ];
    oneMandate(records, keeper(new Set(['B1', 'B2'])));
    assert.deepEqual(
      records.map((r) => r.direct_debit),
      [true, false],
    );
  });
});
