import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createRng } from '../../../env/rng.js';
import type { Rec } from '../parts.js';
import { makeWorld } from '../world.js';
import { householdBills } from './travel-lifestyle.js';

// a bill's provider line names what the household is billed for, under the kind of bill it is (review 29 §3): a
// council's waste, street-cleaning or rainwater fee is a municipal charge, not property tax
const FEES = /Abfall|Straßenreinigung|Niederschlag|afval|riool|waste|sewer/i;

describe('household bills under their own kind', () => {
  it('a property tax bill is a tax on the property, and the council’s fees are municipal charges', () => {
    let fees = 0;
    for (let i = 0; i < 80; i++) {
      const w = makeWorld(createRng('bills', i), 'Travel_Lifestyle', 'hard', '2026-06-03T10:00:00Z');
      const kinds = ['property tax', 'municipal charges', 'municipal charges', 'energy'];
      const recs: Rec[] = kinds.map((category, n) => ({ bill_id: `HHB-${n}`, category, due_on: '2026-06-10' }));
      householdBills.companions?.(
        recs,
        w,
        () => false,
        () => true,
      );
      // (one council bills both: its cashier is the same on the tax and on the fees)
      const council = new Set(
        recs.filter((r) => /tax|charges/.test(String(r.category))).map((r) => String(r.provider).split(' (')[0]),
      );
      assert.equal(council.size, 1, JSON.stringify(recs));
      for (const r of recs) {
        if (r.category === 'property tax') assert.doesNotMatch(String(r.provider), FEES, JSON.stringify(r));
        if (r.category === 'municipal charges') {
          assert.match(String(r.provider), FEES, JSON.stringify(r));
          fees++;
        }
      }
    }
    assert.ok(fees > 0);
  });

  it('three property tax bills in one quarter, their kind fixed, are three accounts (a flat, a parking space, a garage)', () => {
    for (let i = 0; i < 40; i++) {
      const w = makeWorld(createRng('bills-3', i), 'Travel_Lifestyle', 'hard', '2026-05-07T10:00:00Z');
      const dues = ['2026-05-13', '2026-05-07', '2026-05-07'];
      const recs: Rec[] = dues.map((due_on, n) => ({ bill_id: `HHB-${n}`, category: 'property tax', due_on }));
      householdBills.companions?.(
        recs,
        w,
        () => false,
        () => false,
      );
      assert.equal(new Set(recs.map((r) => r.provider)).size, 3, JSON.stringify(recs));
    }
  });
});
