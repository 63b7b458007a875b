import { z } from 'zod';
import { defineTool, type ServiceDef } from './types.js';
import { defined, IdArg, kinded, pick } from './util.js';

const Product = z.strictObject({
  product_id: kinded('id', z.string().min(1).describe('product id (SKU), e.g. SKU-001')),
  name: z.string().describe('product name'),
  category: z.string().optional().describe('product category, e.g. electronics'),
  current_stock: z.number().int().min(0).default(0).describe('units currently in stock'),
  min_stock_threshold: z
    .number()
    .int()
    .min(0)
    .optional()
    .describe('reorder point: stock below this needs a purchase order'),
  unit_price: z.number().min(0).optional().describe('price per unit'),
  daily_avg_sales: z.number().min(0).optional().describe('average units sold per day'),
  supplier: z.string().optional().describe('usual supplier of the product'),
  lead_time_days: z.number().int().min(0).optional().describe('days from order to delivery'),
  location: z.string().optional().describe('warehouse or shelf location'),
});

const Order = z.strictObject({
  order_id: kinded('id', z.string().min(1).describe('purchase order id, e.g. PO-0001')),
  product_id: kinded('id', z.string().optional().describe('product ordered')),
  product_name: z.string().optional().describe('name of the product ordered'),
  quantity: z.number().int().min(1).optional().describe('units ordered'),
  supplier: z.string().optional().describe('supplier the order goes to'),
  status: z.string().default('placed').describe('order status: placed on creation'),
  created_at: z.string().optional().describe('ISO time the order was placed'),
});

const ORDER_AUDIT = ['order_id', 'product_id', 'product_name', 'quantity', 'supplier'] as const;

export const inventory: ServiceDef = {
  name: 'inventory',
  description: 'Inventory management: list and read products with stock levels, and place purchase orders.',
  collections: {
    products: { description: 'products with stock levels', id: 'product_id', label: 'Product', record: Product },
    orders: {
      description: 'purchase orders placed with suppliers',
      id: 'order_id',
      refs: { product_id: { to: 'inventory.products' } },
      label: 'Order',
      newId: ['PO-', 4],
      record: Order,
    },
  },
  audit: {
    orders: {
      description: 'each inventory_create_order',
      fields: {
        order_id: 'id of the new purchase order',
        product_id: 'product ordered',
        product_name: 'name of the product ordered',
        quantity: 'units ordered',
        supplier: "supplier the order goes to (the product's supplier unless given)",
      },
      kinds: { order_id: 'id', product_id: 'id' },
    },
  },
  tools: [
    defineTool({
      name: 'inventory_list_products',
      aliases: ['inventory_list_items'],
      description:
        'List products with their full details (stock, threshold, price, supplier). Filter by exact category.',
      params: z.strictObject({ category: z.string().optional().describe('exact category to match') }),
      mutates: false,
      handler(ctx, a) {
        const products = ctx.list('products').filter((p) => a.category === undefined || p.category === a.category);
        return { products, total: products.length };
      },
    }),
    defineTool({
      name: 'inventory_get_product',
      aliases: ['inventory_get_item'],
      description: 'Get one product by id.',
      params: z.strictObject({ product_id: IdArg }),
      mutates: false,
      handler: (ctx, a) => ctx.get('products', a.product_id),
    }),
    defineTool({
      name: 'inventory_create_order',
      description:
        "Place a purchase order for a product (stock is not changed until delivery). The supplier defaults to the product's supplier.",
      params: z.strictObject({
        product_id: IdArg,
        quantity: z.number().int().min(1).max(1_000_000).describe('units to order'),
        supplier: z.string().min(1).optional().describe("supplier to order from; defaults to the product's supplier"),
      }),
      mutates: true,
      handler(ctx, a) {
        const product = ctx.get('products', a.product_id);
        const order = ctx.insert(
          'orders',
          defined({
            order_id: ctx.nextId('orders'),
            product_id: a.product_id,
            product_name: product.name,
            quantity: a.quantity,
            supplier: a.supplier ?? (product.supplier as string | undefined),
            status: 'placed',
            created_at: ctx.now(),
          }),
        );
        ctx.record('orders', pick(order, ORDER_AUDIT));
        return { status: 'created', order };
      },
    }),
  ],
};
