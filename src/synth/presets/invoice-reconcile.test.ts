import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { TaskSpec } from '../../schema/task-spec.js';
import { DIFFICULTIES } from '../../schema/taxonomy.js';
import { gradeSteps, presetContract, presetHarness } from './testing.js';

const FAMILY = 'invoice_reconcile';
const h = presetHarness(FAMILY, 6);

type Row = [string, string, number, number, number, number];
type Write = { call: string; args: { path: string; columns: string[]; rows: Row[] } };
type Txn = { transaction_id: string; merchant: string; amount: number; description: string; date: string };

const writeOf = (spec: TaskSpec) => spec.reference.find((s) => 'call' in s && s.call === 'fs_write_table') as Write;
const txnsOf = (spec: TaskSpec) => spec.fixtures.finance?.transactions as Txn[];
const round = (n: number) => Math.round(n * 100) / 100;
// the reference with its table written as `rows`
const withRows = (spec: TaskSpec, rows: Row[]) => {
  const write = writeOf(spec);
  return spec.reference.map((s) => (s === write ? { ...write, args: { ...write.args, rows } } : s));
};

describe(FAMILY, () => {
  presetContract(h);

  it('every level reconciles at least two invoices, and some payment matches no invoice total', () => {
    for (const difficulty of DIFFICULTIES)
      for (const seed of h.seeds) {
        const spec = h.parsed(difficulty, seed);
        const rows = writeOf(spec).args.rows;
        assert.ok(rows.length >= (difficulty === 'hard' ? 3 : 2), `${difficulty} seed ${seed}`);
        const totals = new Set(rows.map((r) => r[2]));
        assert.ok(
          rows.some((r) => !totals.has(r[4])),
          `${difficulty} seed ${seed}: every payment equals an invoice total`,
        );
        // something is still owed, and every payment's memo names its invoice
        assert.ok(rows.some((r) => r[5] !== 0));
        for (const [no, txn] of rows)
          assert.ok(
            txnsOf(spec)
              .find((t) => t.transaction_id === txn)
              ?.description.includes(no),
          );
      }
  });

  it('the firms billing hosting, support hours and seats are IT suppliers (review 59: a foundry billed cloud hosting)', () => {
    for (const difficulty of DIFFICULTIES)
      for (const seed of h.seeds)
        for (const t of txnsOf(h.parsed(difficulty, seed)))
          assert.match(t.merchant, /(?:IT Services|Cloud Systems|Software|Data Services|Tech Consulting|Managed IT)$/);
  });

  it("no invoice's difference is another's discount: the figure told has one meaning (review 53)", () => {
    const hp = presetHarness(FAMILY, 24);
    for (const difficulty of DIFFICULTIES)
      for (const seed of hp.seeds) {
        const rows = writeOf(hp.parsed(difficulty, seed)).args.rows;
        const discounts = rows.map((r) => r[3]).filter((x) => x !== 0);
        for (const r of rows) if (r[5] !== 0) assert.ok(!discounts.includes(r[5]), `${difficulty} ${seed}: ${r[5]}`);
      }
  });

  it('matching payments by amount fails: the closest payment of the vendor is often the wrong one', async () => {
    let failed = 0;
    for (const seed of h.seeds) {
      const spec = h.parsed('easy', seed);
      const txns = txnsOf(spec);
      const rows = writeOf(spec).args.rows.map(([no, txn, total]): Row => {
        const vendor = txns.find((t) => t.transaction_id === txn)?.merchant;
        const [best] = txns
          .filter((t) => t.merchant === vendor)
          .sort((a, b) => Math.abs(a.amount - total) - Math.abs(b.amount - total));
        const paid = (best as Txn).amount;
        return [no, (best as Txn).transaction_id, total, 0, paid, round(total - paid)];
      });
      const g = await gradeSteps(spec, withRows(spec, rows));
      if ((g.score ?? 1) < spec.scoring.pass_threshold) failed++;
    }
    assert.equal(failed, h.seeds.length);
  });

  it("a discount taken after the terms' window is owed: counting it as earned fails the task", async () => {
    let seen = 0;
    for (const difficulty of DIFFICULTIES)
      for (const seed of h.seeds) {
        const spec = h.parsed(difficulty, seed);
        const txns = txnsOf(spec);
        const rows = writeOf(spec).args.rows;
        // every discount a memo claims, taken as earned
        const naive = rows.map(([no, txn, total, discount, paid, difference]): Row => {
          const memo = txns.find((t) => t.transaction_id === txn)?.description ?? '';
          return /discount/.test(memo)
            ? [no, txn, total, round(total - paid), paid, 0]
            : [no, txn, total, discount, paid, difference];
        });
        if (JSON.stringify(naive) === JSON.stringify(rows)) continue;
        seen++;
        const g = await gradeSteps(spec, withRows(spec, naive));
        assert.ok((g.score ?? 1) < spec.scoring.pass_threshold, `${difficulty} seed ${seed}: ${g.score}`);
      }
    assert.ok(seen >= 6, `${seen} tasks with a late discount`);
  });
});
