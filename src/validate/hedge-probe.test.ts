import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { makeSpec } from '../schema/testing.js';
import { hedged } from './hedge-probe.js';
import { checkProbes } from './probes.js';

// four products, two below their threshold (SKU-1 with 5 units, SKU-2 with 3): their combined stock is 8; with the
// exception waived SKU-4 (20) would count too (28), and over all four the total is 78
const products = [
  { product_id: 'SKU-1', name: 'Widget', current_stock: 5, min_stock_threshold: 10 },
  { product_id: 'SKU-2', name: 'Gadget', current_stock: 3, min_stock_threshold: 10 },
  { product_id: 'SKU-3', name: 'Sprocket', current_stock: 50, min_stock_threshold: 10 },
  { product_id: 'SKU-4', name: 'Flange', current_stock: 20, min_stock_threshold: 30 },
];

function spec(none?: string[]) {
  const figure = (v: number) => `(?<![\\d.,])${v}(?![\\d]|[.,]\\d)`;
  return makeSpec({
    id: 'hedge_probe',
    title: 'Low stock',
    family: 'knowledge',
    labels: { capabilities: ['Data_Analysis'], scenario: 'Office_Productivity', difficulty: 'easy' },
    request: 'Which products are below their minimum stock threshold? Tell me their combined units in stock.',
    services: ['inventory'],
    fixtures: { inventory: { products } },
    answer_ids: ['SKU-1', 'SKU-2'],
    checks: [
      { id: 'listed', kind: 'tool_called', tool: 'inventory_list_products', weight: 0.2 },
      {
        id: 'total',
        kind: 'response_matches',
        any: [figure(8)],
        ...(none ? { none: none.map(Number).map(figure) } : {}),
        weight: 0.8,
      },
    ],
    reference: [
      { call: 'inventory_list_products', args: {} },
      { say: 'SKU-1 and SKU-2 are below their threshold: 8 units in stock together.' },
    ],
    provenance: { generator: 'test', wrong_figures: ['28', '78'] },
  });
}

describe('hedge probe (issue 27)', () => {
  it('states the right figure with every wrong one the task sets up beside it', () => {
    const [v, more] = hedged(spec());
    assert.equal(more, undefined);
    assert.equal(
      (v?.steps.at(-1) as { say: string }).say,
      'SKU-1 and SKU-2 are below their threshold: 8 (or 28, or 78, depending on how they are counted) units in stock together.',
    );
  });

  it('passes where the figure check takes any reply holding the figure, and fails where it refuses the wrong ones', async () => {
    const loose = (await checkProbes(spec())).results.find((r) => r.probe === 'hedge');
    assert.equal(loose?.passed, true);
    const guarded = (await checkProbes(spec(['28', '78']))).results.find((r) => r.probe === 'hedge');
    assert.equal(guarded?.passed, false);
  });

  it('makes no variant where the task names no wrong figure', () => {
    const s = spec();
    assert.deepEqual(hedged({ ...s, provenance: { generator: 'test' } }), []);
  });
});
