import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createRng } from '../../env/rng.js';
import { matchValue } from '../../grade/match.js';
import type { Matcher } from '../../schema/matchers.js';
import type { ActionContext, ActionPart, Rec } from './parts.js';
import { uploadScan } from './media-actions.js';
import { askSignOff, csvAmount, keyExpenseLine } from './receipt-actions.js';
import { chooseRecipe } from './recipe.js';
import { PARTS } from './registry.js';
import { receiptScans } from './sources/receipt-scans.js';
import { makeWorld } from './world.js';

// the clerical work on a receipt is checked on what only the scan shows: an expense line or a sign-off request
// with the date, the merchant or the total wrong fails, however the line or the message is laid out

const w = makeWorld(createRng('receipt-actions'), 'Travel_Lifestyle', 'medium', '2026-07-13T09:00:00Z');
const rec: Rec = {
  scan_id: 'SC-9078',
  receipt_date: '2026-06-05T12:00:00Z',
  merchant: 'Hotel Meridian',
  total: 172.1,
  payment: 'personal card',
};
const x: ActionContext = { rec, src: receiptScans, w, owner: undefined, tag: 'Late claim', slot: 0, slots: 1 };
const passes = (a: ActionPart<string>, args: Rec) =>
  Object.entries(a.exact?.(x) ?? {}).every(([f, m]) => matchValue(m as Matcher, args[f]));

describe('receipt work', () => {
  it('reads a total in a CSV field however it is quoted, never inside another number', () => {
    const m = { regex: csvAmount(172.1) };
    for (const ok of [
      'SC-1,2026-06-05,Shop,172.10,EUR',
      'SC-1,2026-06-05,"Shop","172.1",EUR',
      'x;172.10;EUR',
      '172.10',
    ])
      assert.ok(matchValue(m, ok), ok);
    for (const no of ['SC-1,2026-06-05,Shop,1172.10,EUR', 'Shop,172.11,EUR', 'Shop,72.10,EUR', 'Shop,172.10.5'])
      assert.ok(!matchValue(m, no), no);
    assert.ok(
      matchValue({ regex: csvAmount(45) }, 'Shop,45,EUR') && matchValue({ regex: csvAmount(45) }, 'Shop,45.00'),
    );
  });

  it('keys in an expense line that passes its check, and fails on a wrong date, merchant or total', () => {
    const args = keyExpenseLine.args(x);
    assert.equal(args.path, 'expenses/import/SC-9078.csv');
    assert.ok(passes(keyExpenseLine, args));
    const line = String(args.content);
    for (const wrong of [
      line.replace('2026-06-05', '2026-06-06'),
      line.replace('Hotel Meridian', 'Harbour View Inn'),
      line.replace('172.10', '127.10'),
    ])
      assert.ok(!passes(keyExpenseLine, { ...args, content: wrong }), wrong);
  });

  it('asks the one line manager the request names for sign-off, with the receipt date and total', () => {
    const fill = askSignOff.fill?.(w) ?? {};
    const args = askSignOff.args(x);
    assert.ok(fill.signer?.includes(String(args.to)), 'the request names the address the mail goes to');
    assert.ok(passes(askSignOff, args));
    assert.ok(!passes(askSignOff, { ...args, body: String(args.body).replace('2026-06-05', '2026-05-06') }));
    assert.ok(!passes(askSignOff, { ...args, body: String(args.body).replace('172.10', '171.10') }));
    assert.ok(!passes(askSignOff, { ...args, to: w.me.email }));
  });

  it('sends every late receipt for sign-off: no further condition uploads some of them past it instead', () => {
    const parts = {
      ...PARTS,
      sources: PARTS.sources.filter((p) => p.name === 'receipt_scans'),
      actions: [askSignOff, uploadScan, keyExpenseLine],
    };
    const seen = { signOff: 0, branched: 0 };
    for (let i = 0; i < 160; i++) {
      const r = chooseRecipe(createRng('late-claims', i), { domain: 'Travel_Lifestyle', difficulty: 'hard' }, parts);
      if (r.action?.name === askSignOff.name) {
        seen.signOff++;
        assert.equal(r.branch, undefined, `recipe ${i}: a branch under the sign-off`);
      } else if (r.branch) seen.branched++;
    }
    assert.ok(seen.signOff > 0 && seen.branched > 0, JSON.stringify(seen));
  });
});
