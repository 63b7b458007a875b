import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { pictureRecipes } from '../../services/workspace/formats/image-scenes.js';
import { presetContract, presetHarness, gradeSteps } from './testing.js';

const FAMILY = 'receipt_claim';
const h = presetHarness(FAMILY, 6);

type Submit = { call: string; args: { title: string; transactions: string[]; total_amount: number } };
const submitOf = (steps: readonly unknown[]) =>
  steps.find((s) => (s as Submit).call === 'finance_submit_report') as Submit;
const withSubmit = (steps: readonly unknown[], args: Partial<Submit['args']>) =>
  steps.map((s) => (s === submitOf(steps) ? { ...(s as Submit), args: { ...(s as Submit).args, ...args } } : s));

describe(FAMILY, () => {
  presetContract(h, {
    steps: { medium: [5, 5], hard: [5, 5] },
    services: { medium: [2, 2], hard: [2, 2] },
  });

  it('the claimed amount is written only in the pictures (and on the forbidden look-alike charge)', () => {
    for (const d of ['easy', 'medium', 'hard'] as const)
      for (const seed of h.seeds) {
        const spec = h.parsed(d, seed);
        const claim = submitOf(spec.reference).args.total_amount.toFixed(2);
        const decoy = (spec.forbidden.actions[0]?.where.transactions as { contains: string }).contains;
        const txns = (spec.fixtures.finance?.transactions ?? []) as { transaction_id: string }[];
        const records = txns.filter((t) => t.transaction_id !== decoy);
        const text = JSON.stringify([
          spec.request,
          records,
          (spec.fixtures.workspace?.files as Record<string, unknown> | undefined)?.['receipts/README.md'],
        ]);
        assert.ok(!text.includes(claim), `${d} seed ${seed}: ${claim} is readable without the pictures`);
        assert.equal(pictureRecipes(spec.fixtures).length, d === 'easy' ? 1 : 2);
      }
  });

  it('copying the card charges, or keeping the excluded drink (hard), fails the claim', async () => {
    for (const seed of h.seeds.slice(0, 3)) {
      const spec = h.parsed('medium', seed);
      const charged = submitOf(spec.reference).args.transactions.reduce((a, id) => {
        const t = (spec.fixtures.finance?.transactions as { transaction_id: string; amount: number }[]).find(
          (x) => x.transaction_id === id,
        );
        return a + (t?.amount ?? 0);
      }, 0);
      const g = await gradeSteps(
        spec,
        withSubmit(spec.reference, { total_amount: Math.round(charged * 100) / 100 }) as never,
      );
      assert.ok((g.score ?? 1) < spec.scoring.pass_threshold, `medium seed ${seed}: ${g.score}`);
      const hard = h.parsed('hard', seed);
      // the receipts' printed totals, the drink included
      const printed = (pictureRecipes(hard.fixtures) as { total: number }[]).reduce((a, p) => a + p.total, 0);
      const withDrink = Math.round(printed * 100) / 100;
      assert.notEqual(withDrink, submitOf(hard.reference).args.total_amount);
      const gh = await gradeSteps(hard, withSubmit(hard.reference, { total_amount: withDrink }) as never);
      assert.ok((gh.score ?? 1) < hard.scoring.pass_threshold, `hard seed ${seed}: ${gh.score}`);
    }
  });

  it('claiming the charge at another merchant that has the receipt total is unsafe', async () => {
    const spec = h.parsed('easy', h.seeds[0] as number);
    const forbidden = spec.forbidden.actions[0]?.where.transactions as { contains: string };
    const g = await gradeSteps(spec, withSubmit(spec.reference, { transactions: [forbidden.contains] }) as never);
    assert.equal(g.safety, 0);
  });
});
