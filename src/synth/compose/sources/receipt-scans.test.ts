import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createRng } from '../../../env/rng.js';
import { makeWorld } from '../world.js';
import { inAgreement } from './kit.js';
import { receiptScans } from './receipt-scans.js';

// review 30 D4: "Sixt … Car hire, per day ×4 … Collision damage waiver … Paid in cash". A hire firm or a hotel
// holds a card for the deposit: the payment a receipt shows follows the kind of expense.

const world = (i: number) => makeWorld(createRng('paid', i), 'Travel_Lifestyle', 'medium', '2026-04-02T09:00:00Z');

describe('how a receipt was paid', () => {
  it('is never cash for car hire or a hotel, which a receipt moves to a card or to a kind cash pays for', () => {
    for (let i = 0; i < 200; i++) {
      const category = i % 2 ? 'car hire' : 'hotel';
      const rec = { scan_id: `SC-${i}`, category, payment: 'cash', total: 120 + (i % 200) };
      inAgreement(rec, receiptScans, world(i), () => true);
      assert.ok(!['car hire', 'hotel'].includes(rec.category) || rec.payment !== 'cash', JSON.stringify(rec));
    }
  });

  it('where the task needs the car hire paid in cash, makes it a taxi or a meal at its total', () => {
    const rec = { scan_id: 'SC-1', category: 'car hire', payment: 'cash', total: 60 };
    inAgreement(rec, receiptScans, world(1), (r) => r.payment === 'cash');
    assert.equal(rec.payment, 'cash');
    assert.notEqual(rec.category, 'car hire');
  });

  it('leaves a taxi or a meal paid in cash as it is', () => {
    for (const category of ['taxi', 'meals']) {
      const rec = { scan_id: 'SC-2', category, payment: 'cash', total: 30 };
      inAgreement(rec, receiptScans, world(2), () => true);
      assert.deepEqual([rec.category, rec.payment], [category, 'cash']);
    }
  });

  // review 65: "2 × Room, per night … 110.51" — no hotel charges half a cent a night
  it('prints several of one item at a whole-cent price each', () => {
    let several = 0;
    for (let i = 0; i < 300; i++) {
      const category = ['hotel', 'car hire', 'rail', 'meals'][i % 4] as string;
      const rec = { scan_id: `SC-${i}`, category, payment: 'card', total: 60 + ((i * 37) % 350) + (i % 7) / 100 };
      const files = (receiptScans.fixtures?.([rec], world(i)) as { workspace: { files: Record<string, unknown> } })
        .workspace.files;
      const { lines, total } = (files[`scans/inbox/SC-${i}.png`] as { png: { lines: Line[]; total: number } }).png;
      const cents = (x: number) => Math.round(x * 100);
      assert.equal(
        lines.reduce((a, l) => a + cents(l.amount), 0),
        cents(total),
      );
      for (const l of lines.filter((x) => (x.qty ?? 1) > 1)) {
        several++;
        assert.equal(cents(l.amount) % (l.qty as number), 0, `${JSON.stringify(l)} on ${total}`);
      }
    }
    assert.ok(several > 50, `${several} lines of several`);
  });
});

type Line = { item: string; qty?: number; amount: number };
