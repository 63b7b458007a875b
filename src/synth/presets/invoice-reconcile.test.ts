import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { presetContract, presetHarness, gradeSteps } from './testing.js';

const FAMILY = 'invoice_reconcile';
const h = presetHarness(FAMILY, 6);

describe(FAMILY, () => {
  // below the band by the step the final answer takes
  presetContract(h, { steps: { hard: [11, 11] } });

  it("the old payment to the same vendor is a distractor: reconciling against it fails the invoice's checks", async () => {
    for (const seed of h.seeds.slice(0, 3)) {
      const spec = h.parsed('easy', seed);
      const write = spec.reference.find((s) => 'call' in s && s.call === 'fs_write_table') as {
        call: string;
        args: { rows: (string | number)[][] };
      };
      const [no, txn] = write.args.rows[0] as [string, string];
      const txns = spec.fixtures.finance?.transactions as {
        transaction_id: string;
        merchant: string;
        amount: number;
        description: string;
      }[];
      const mine = txns.find((t) => t.transaction_id === txn) as { merchant: string };
      const old = txns.find((t) => t.merchant === mine.merchant && t.transaction_id !== txn) as {
        transaction_id: string;
        amount: number;
      };
      const [, , invoiced] = write.args.rows[0] as [string, string, number];
      const wrong = {
        call: 'fs_write_table',
        args: {
          ...write.args,
          rows: [[no, old.transaction_id, invoiced, old.amount, Math.round((invoiced - old.amount) * 100) / 100]],
        },
      };
      const g = await gradeSteps(
        spec,
        spec.reference.map((s) => (s === write ? wrong : s)),
      );
      assert.ok((g.score ?? 1) < 0.5, `seed ${seed}: ${g.score}`);
    }
  });
});
