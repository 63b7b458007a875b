import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { TaskSpecInput } from '../../schema/task-spec.js';
import { LINES } from '../kit/supply.js';
import { presetContract, presetHarness } from './testing.js';

const FAMILY = 'inventory_reorder';
// odd seeds on 2026-05-04, even ones on New Year's Eve
const h = presetHarness(FAMILY, 15, ['2025-12-31T15:30:00Z', '2026-05-04']);

type Product = {
  product_id: string;
  current_stock: number;
  min_stock_threshold: number;
  daily_avg_sales: number;
  lead_time_days: number;
  supplier: string;
};
type Row = Record<string, unknown>;
const rows = (spec: TaskSpecInput, service: string, collection: string) =>
  (spec.fixtures?.[service]?.[collection] ?? []) as Row[];
const orderChecks = (spec: TaskSpecInput) =>
  (spec.checks ?? [])
    .filter((c) => c.id.startsWith('ordered_'))
    .map((c) => (c as unknown as { where: { product_id: string; quantity: number; supplier: string } }).where);

describe(FAMILY, () => {
  presetContract(h);

  for (const difficulty of ['easy', 'medium', 'hard'] as const) {
    it('a product comes from a supplier in its trade, filed under that trade (review 50: coffee beans as packaging from a software house)', () => {
      const categories = new Set<string>();
      for (const difficulty of ['easy', 'medium', 'hard'] as const)
        for (const seed of h.seeds) {
          const spec = h.parsed(difficulty, seed);
          for (const p of rows(spec, 'inventory', 'products')) {
            const line = LINES.find((l) => l.category === p.category);
            assert.ok(line?.goods.includes(String(p.name)), `${spec.id}: ${p.name} as ${p.category}`);
            assert.ok(
              line?.trade.some((t) => String(p.supplier).endsWith(` ${t}`)),
              `${spec.id}: ${p.name} from ${p.supplier}`,
            );
            // (and at a price of its trade's goods: review 67, an office chair at 5.95 beside stretch film at 237.51)
            const price = Number(p.unit_price);
            assert.ok(line && price >= line.prices[0] && price <= line.prices[1], `${spec.id}: ${p.name} at ${price}`);
            categories.add(String(p.category));
          }
        }
      assert.ok(categories.size >= 5, [...categories].join());
    });

    it(`${difficulty}: the checked orders are exactly what the rules select, and every rule excludes a product`, () => {
      for (const seed of h.seeds) {
        const spec = h.gen(difficulty, seed);
        const products = rows(spec, 'inventory', 'products') as Product[];
        const vendors = rows(spec, 'finance', 'vendors');
        const suspended = new Set(vendors.filter((v) => v.status === 'suspended').map((v) => v.name));
        const below = (p: Product) => p.current_stock < p.min_stock_threshold;
        const short = (p: Product) => difficulty !== 'hard' || p.current_stock / p.daily_avg_sales < p.lead_time_days;
        const selected = products.filter((p) => below(p) && short(p) && !suspended.has(p.supplier));
        const checked = orderChecks(spec);
        assert.deepEqual(
          checked.map((w) => w.product_id).sort(),
          selected.map((p) => p.product_id).sort(),
          `seed ${seed}`,
        );
        for (const w of checked) {
          const p = products.find((x) => x.product_id === w.product_id) as Product;
          assert.equal(w.quantity, 2 * p.min_stock_threshold - p.current_stock);
          assert.equal(w.supplier, p.supplier);
        }
        // forbidden orders cover every other product
        const banned = (spec.forbidden?.actions?.[0]?.where as { product_id: { in: string[] } }).product_id.in;
        assert.deepEqual(
          [...banned].sort(),
          products
            .filter((p) => !selected.includes(p))
            .map((p) => p.product_id)
            .sort(),
        );
        // a product that needs stock but whose supplier is suspended
        assert.ok(products.some((p) => below(p) && short(p) && suspended.has(p.supplier)));
        if (difficulty !== 'easy')
          assert.ok(
            products.some((p) => p.current_stock === p.min_stock_threshold),
            'one exactly at its threshold',
          );
        if (difficulty === 'hard') {
          const days = (p: Product) => p.current_stock / p.daily_avg_sales;
          assert.ok(
            products.some((p) => below(p) && !suspended.has(p.supplier) && days(p) > p.lead_time_days),
            'a slow seller',
          );
          assert.ok(
            products.some((p) => below(p) && days(p) === p.lead_time_days),
            'stock lasting exactly the lead time',
          );
          // each supplier is emailed at its finance contact address, never the suspended one
          const mails = (spec.checks ?? [])
            .filter((c) => c.id.startsWith('supplier_told_'))
            .map((c) => (c as unknown as { where: { to: string } }).where.to);
          assert.equal(mails.length, selected.length);
          for (const to of mails) assert.equal(vendors.find((v) => v.contact_email === to)?.status, 'active');
        }
        if (difficulty !== 'easy') {
          // delivery to-dos are due today + lead time
          const todos = (spec.checks ?? [])
            .filter((c) => c.id.startsWith('delivery_todo_'))
            .map((c) => (c as unknown as { where: { title: { contains: string }; due_date: string } }).where);
          for (const t of todos) {
            const p = products.find((x) => x.product_id === t.title.contains) as Product;
            assert.equal(
              Date.parse(t.due_date) - Date.parse(spec.mock_today.slice(0, 10)),
              p.lead_time_days * 86_400_000,
            );
          }
          assert.equal(todos.length, selected.length);
        }
      }
    });
  }

  it('keeps answer ids out of the request', () => {
    for (const d of ['easy', 'medium', 'hard'] as const) {
      const spec = h.gen(d, 2) as Required<TaskSpecInput>;
      for (const id of spec.answer_ids) assert.ok(!spec.request.includes(id));
    }
  });
});
