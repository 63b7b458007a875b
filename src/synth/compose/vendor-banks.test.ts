import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createRng } from '../../env/rng.js';
import { vendorContact } from './joins.js';
import { transactions } from './sources/records.js';
import { vendorBank } from './vendor-banks.js';
import { makeWorld } from './world.js';

// a supplier list spreads over its country's banks: one bank for every vendor makes a changed bank unremarkable

describe('vendor banks', () => {
  it('each vendor of a joined list has its own draw, a dozen vendors more than one bank', () => {
    for (let k = 0; k < 20; k++) {
      const w = makeWorld(createRng('vendor-banks', k), 'Finance_Investment', 'medium', '2026-06-17T09:00:00Z');
      const records = Array.from({ length: 12 }, (_, i) => ({
        transaction_id: `TX-${i}`,
        currency: 'USD',
        merchant: `Merchant ${i}`,
      }));
      const { fixtures } = vendorContact.attach(records, transactions, w);
      const vendors = (fixtures.finance as { vendors: { bank_name: string }[] }).vendors;
      assert.ok(new Set(vendors.map((v) => v.bank_name)).size > 1, vendors.map((v) => v.bank_name).join(', '));
      assert.ok(vendors.every((v) => v.bank_name !== 'First Federal'));
    }
  });

  it('a UK merchant banks in the UK, an unknown vendor in its currency’s country', () => {
    const rng = createRng('vendor-bank-currency', 1);
    const uk = ['Barclays', 'HSBC UK', 'Lloyds Bank', 'NatWest', 'Santander UK', 'Metro Bank'];
    for (let i = 0; i < 50; i++) {
      assert.ok(uk.includes(vendorBank(rng, 'Pret A Manger', 'USD')));
      assert.ok(uk.includes(vendorBank(rng, 'Ashby Retail Analytics', 'GBP')));
      assert.ok(!uk.includes(vendorBank(rng, 'Ashby Retail Analytics', 'USD')));
    }
  });
});
