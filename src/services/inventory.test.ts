import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createEpisode } from '../env/episode.js';
import { makeSpec } from '../schema/testing.js';

const spec = makeSpec({
  services: ['inventory'],
  fixtures: {
    inventory: {
      products: [
        {
          product_id: 'SKU-001',
          name: 'Wireless Mouse',
          category: 'electronics',
          current_stock: 3,
          min_stock_threshold: 20,
          unit_price: 29.9,
          supplier: 'Acme',
          lead_time_days: 7,
        },
        { product_id: 'SKU-002', name: 'Desk Lamp', category: 'furniture', current_stock: 40 },
        { product_id: 'SKU-003', name: 'USB Cable' },
      ],
    },
  },
});
const ep = () => createEpisode(spec, { seed: 1 });
const body = (content: string) => JSON.parse(content);
const ids = (rows: { product_id: string }[]) => rows.map((r) => r.product_id);

describe('inventory', () => {
  it('lists full products, filtered by exact category', () => {
    const e = ep();
    const all = body(e.call('inventory_list_products', {}).content);
    assert.equal(all.total, 3);
    assert.equal(all.products[0].unit_price, 29.9);
    assert.equal(all.products[2].current_stock, 0);
    assert.deepEqual(ids(body(e.call('inventory_list_products', { category: 'furniture' }).content).products), [
      'SKU-002',
    ]);
    assert.equal(body(e.call('inventory_list_products', { category: 'Furniture' }).content).total, 0);
  });

  it('answers to the list alias and rejects bad list arguments', () => {
    const e = ep();
    const r = e.call('inventory_list_items', { category: 'electronics' });
    assert.deepEqual(ids(body(r.content).products), ['SKU-001']);
    assert.equal(e.audit().calls[0]?.called_as, 'inventory_list_items');
    const unknown = e.call('inventory_list_products', { status: 'low' });
    assert.equal(unknown.error?.code, 'invalid_argument');
    assert.match(unknown.error?.message ?? '', /status/);
    assert.equal(e.call('inventory_list_products', { category: 5 }).error?.code, 'invalid_argument');
  });

  it('gets a product by id or alias; a missing one is not_found', () => {
    const e = ep();
    assert.equal(body(e.call('inventory_get_product', { product_id: 'SKU-001' }).content).name, 'Wireless Mouse');
    assert.equal(body(e.call('inventory_get_item', { product_id: 'SKU-002' }).content).name, 'Desk Lamp');
    const r = e.call('inventory_get_product', { product_id: 'SKU-999' });
    assert.equal(r.error?.code, 'not_found');
    assert.equal(r.error?.message, 'Product SKU-999 not found');
  });

  it('rejects bad get arguments', () => {
    const e = ep();
    const missing = e.call('inventory_get_product', {});
    assert.equal(missing.error?.code, 'invalid_argument');
    assert.match(missing.error?.message ?? '', /product_id/);
    assert.equal(e.call('inventory_get_product', { product_id: 1 }).error?.code, 'invalid_argument');
    assert.equal(e.call('inventory_get_product', { product_id: 'SKU-001', sku: 'x' }).error?.code, 'invalid_argument');
  });

  it("creates an order with the product's supplier by default, audits it and leaves stock unchanged", () => {
    const e = ep();
    const r = e.call('inventory_create_order', { product_id: 'SKU-001', quantity: 50 });
    assert.ok(r.ok);
    const res = body(r.content);
    assert.equal(res.status, 'created');
    assert.deepEqual(res.order, {
      order_id: 'PO-0001',
      product_id: 'SKU-001',
      product_name: 'Wireless Mouse',
      quantity: 50,
      supplier: 'Acme',
      status: 'placed',
      created_at: '2026-03-10T09:00:00.000Z',
    });
    const audited = e.audit().records.inventory?.orders ?? [];
    assert.deepEqual(
      { ...audited[0] },
      {
        order_id: 'PO-0001',
        product_id: 'SKU-001',
        product_name: 'Wireless Mouse',
        quantity: 50,
        supplier: 'Acme',
        timestamp: '2026-03-10T09:00:00.000Z',
        seq: r.seq,
      },
    );
    assert.equal(body(e.call('inventory_get_product', { product_id: 'SKU-001' }).content).current_stock, 3);
    assert.equal(e.snapshot().inventory?.orders?.length, 1);
  });

  it('uses a given supplier, numbers orders monotonically and omits an unknown supplier', () => {
    const e = ep();
    const a = body(
      e.call('inventory_create_order', { product_id: 'SKU-001', quantity: 5, supplier: 'Globex' }).content,
    ).order;
    const b = body(e.call('inventory_create_order', { product_id: 'SKU-003', quantity: 1 }).content).order;
    assert.equal(a.supplier, 'Globex');
    assert.equal(b.order_id, 'PO-0002');
    assert.equal('supplier' in b, false);
    assert.equal('supplier' in (e.audit().records.inventory?.orders?.[1] ?? {}), false);
  });

  it('rejects orders for unknown products and bad quantities without recording anything', () => {
    const e = ep();
    const nf = e.call('inventory_create_order', { product_id: 'SKU-404', quantity: 1 });
    assert.equal(nf.error?.code, 'not_found');
    assert.equal(nf.error?.message, 'Product SKU-404 not found');
    assert.equal(e.call('inventory_create_order', { product_id: 'SKU-001' }).error?.code, 'invalid_argument');
    assert.equal(
      e.call('inventory_create_order', { product_id: 'SKU-001', quantity: 0 }).error?.code,
      'invalid_argument',
    );
    assert.equal(
      e.call('inventory_create_order', { product_id: 'SKU-001', quantity: 2.5 }).error?.code,
      'invalid_argument',
    );
    assert.equal(
      e.call('inventory_create_order', { product_id: 'SKU-001', quantity: '10' }).error?.code,
      'invalid_argument',
    );
    assert.equal(
      e.call('inventory_create_order', { product_id: 'SKU-001', quantity: 1, urgent: true }).error?.code,
      'invalid_argument',
    );
    assert.equal(e.audit().records.inventory?.orders?.length, 0);
  });
});
