import type { TaskSpecInput } from '../../schema/task-spec.js';
import { at, companies, dateOf, ids, LEVEL, shuffle, weights } from './kit.js';
import type { Family } from './types.js';

// reorder every product below its stock threshold (quantity = threshold × 2 − stock) from its supplier,
// unless finance has suspended that supplier. distractors: a below-threshold product of a suspended
// supplier, one exactly at its threshold (medium+), and (hard: only products that run out before a
// delivery ordered today would arrive) a slow seller and one whose stock lasts exactly the lead time.
// medium adds delivery to-dos and closes the weekly stock check; hard emails each supplier.

type Check = NonNullable<TaskSpecInput['checks']>[number];
type Step = NonNullable<TaskSpecInput['reference']>[number];
type Role = 'target' | 'suspended' | 'at_threshold' | 'slow_seller' | 'days_boundary' | 'filler';

const CATEGORIES = ['electronics', 'office', 'kitchen', 'cleaning', 'furniture', 'packaging'];
const BANKS = ['First Harbor Bank', 'Northwind Credit Union', 'Union Commerce Bank', 'Keystone Savings'];

interface Product {
  product_id: string;
  name: string;
  category: string;
  current_stock: number;
  min_stock_threshold: number;
  unit_price: number;
  daily_avg_sales: number;
  supplier: string;
  lead_time_days: number;
  location: string;
}

export const inventoryReorder: Family = {
  name: 'inventory_reorder',
  description:
    'reorder products below their stock threshold from non-suspended suppliers (threshold × 2 − stock), with delivery to-dos and supplier emails',
  services: ['inventory', 'finance', 'todo'],
  capabilities: ['Tool_Calling', 'Math_Scientific', 'Logic_Reasoning'],
  scenario: 'Office_Productivity/Task_Management/Stock_Replenishment',
  languages: ['en'],
  generate(ctx): TaskSpecInput {
    const { rng, faker: f, mockToday, difficulty } = ctx;
    const lv = LEVEL[difficulty];
    const hard = difficulty === 'hard';
    const tracked = difficulty !== 'easy';
    const today = dateOf(mockToday);
    const roles: Role[] = [
      ...Array.from({ length: lv.targets }, () => 'target' as const),
      ...(['suspended', 'at_threshold', 'slow_seller', 'days_boundary'] as const).slice(0, lv.distractors),
      ...Array.from({ length: lv.filler }, () => 'filler' as const),
    ];
    const sups = companies(f, hard ? 4 : 3);
    const active = sups.slice(0, -1);
    const banned = sups.at(-1) as (typeof sups)[number];
    const vendorIds = ids(rng, 'VEN-', sups.length, 3);
    const vendors = sups.map((s, i) => ({
      vendor_id: vendorIds[i] as string,
      name: s.name,
      bank_account: String(rng.int(10_000_000, 99_999_999)),
      bank_name: rng.pick(BANKS),
      contact_email: `orders@${s.domain}`,
      status: s === banned ? 'suspended' : 'active',
      ...(s === banned ? { notes: 'Suspended pending a compliance review: place no new orders.' } : {}),
    }));
    const emailOf = (supplier: string) => vendors.find((v) => v.name === supplier)?.contact_email as string;

    const skus = ids(rng, 'SKU-', roles.length, 3);
    const names = new Set<string>();
    const products: Product[] = roles.map((role, i) => {
      let name = f.commerce.productName();
      while (names.has(name)) name = f.commerce.productName();
      names.add(name);
      const threshold = rng.int(10, 60);
      let lead = rng.int(3, 14);
      let stock: number;
      let daily: number;
      if (role === 'at_threshold') stock = threshold;
      else if (role === 'filler') stock = threshold + rng.int(5, 60);
      else if (role === 'slow_seller') stock = rng.int(Math.ceil(threshold / 2), threshold - 1);
      else stock = rng.int(0, threshold - 1);
      // days of stock left: below the lead time for targets and the suspended one, at or above it otherwise
      if (role === 'slow_seller') daily = Math.max(0.1, Math.floor((stock / (lead + rng.int(3, 12))) * 10) / 10);
      else daily = Math.ceil((stock + 1) / lead) + rng.int(0, 2);
      let min = threshold;
      if (role === 'days_boundary') {
        daily = rng.int(2, 4);
        lead = rng.int(4, 8);
        stock = daily * lead;
        min = stock + rng.int(3, 15);
      }
      return {
        product_id: skus[i] as string,
        name,
        category: rng.pick(CATEGORIES),
        current_stock: stock,
        min_stock_threshold: min,
        unit_price: Math.round(rng.int(300, 25_000)) / 100,
        daily_avg_sales: daily,
        supplier: role === 'suspended' ? banned.name : rng.pick(active).name,
        lead_time_days: lead,
        location: `Aisle ${rng.int(1, 12)}-${rng.pick(['A', 'B', 'C'])}`,
      };
    });
    const targets = products.filter((_, i) => roles[i] === 'target');
    const skipped = products[roles.indexOf('suspended')] as Product;
    const qty = (p: Product) => 2 * p.min_stock_threshold - p.current_stock;
    const arrival = (p: Product) => dateOf(at(mockToday, { days: p.lead_time_days }));

    const taskIds = ids(rng, 'todo_', 3, 3);
    const weekly = {
      task_id: taskIds[0] as string,
      title: 'Weekly stock check',
      status: 'pending',
      priority: 'high' as const,
      due_date: today,
      tags: ['inventory'],
    };
    const tasks = [
      weekly,
      {
        task_id: taskIds[1] as string,
        title: 'Weekly stock check',
        status: 'completed',
        priority: 'high' as const,
        due_date: dateOf(at(mockToday, { days: -7 })),
        tags: ['inventory'],
      },
      {
        task_id: taskIds[2] as string,
        title: 'Renew the office plants contract',
        status: 'pending',
        priority: 'low' as const,
        due_date: dateOf(at(mockToday, { days: rng.int(10, 25) })),
      },
    ];
    const anySupplier = targets[0]?.supplier as string;
    const inbox = [
      {
        message_id: `msg_${rng.int(100, 499)}`,
        from: emailOf(anySupplier),
        to: 'purchasing@acme.example',
        subject: `${anySupplier} price list`,
        date: at(mockToday, { days: -2 }),
        body: 'Our prices and lead times are unchanged next quarter.',
      },
      {
        message_id: `msg_${rng.int(500, 999)}`,
        from: 'facilities@acme.example',
        to: 'purchasing@acme.example',
        subject: 'Loading dock closed Friday',
        date: at(mockToday, { days: -1 }),
        body: 'Deliveries on Friday go to the side entrance.',
      },
    ];

    const request =
      'Please do the stock check: for every product whose current stock is below its minimum threshold, order twice the threshold minus the current stock from its usual supplier' +
      (hard
        ? ', but only if it would run out before a delivery ordered today could arrive (fewer days of stock left, current stock ÷ average daily sales, than its lead time)'
        : '') +
      ". Never order from a supplier that finance has suspended (and don't change any vendor records); tell me which products you skipped for that reason." +
      (tracked
        ? " For each order, add a to-do to receive it, with the product's SKU in the title and due on the day it should arrive (today plus its lead time), then mark the weekly stock-check to-do as completed."
        : '') +
      (hard ? " Also email each supplier's contact address about its order (SKU and quantity)." : '') +
      ' Finally tell me what you ordered.';

    const reference: Step[] = [
      { call: 'inventory_list_products', args: {} },
      { call: 'finance_list_vendors', args: {} },
    ];
    for (const p of targets) {
      reference.push({ call: 'inventory_create_order', args: { product_id: p.product_id, quantity: qty(p) } });
      if (tracked)
        reference.push({
          call: 'todo_create_task',
          args: {
            title: `Receive ${p.product_id} (${p.name}) delivery`,
            due_date: arrival(p),
            priority: 'medium',
            tags: ['inventory'],
          },
        });
      if (hard) {
        reference.push({
          call: 'gmail_send_message',
          args: {
            to: emailOf(p.supplier),
            subject: `Purchase order for ${p.product_id}`,
            body: `Hello, we have placed a purchase order for ${qty(p)} units of ${p.name} (${p.product_id}). We expect delivery by ${arrival(p)}. Thank you!`,
          },
        });
      }
    }
    if (tracked)
      reference.push(
        { call: 'todo_list_tasks', args: { status: 'pending' } },
        { call: 'todo_update_task', args: { task_id: weekly.task_id, status: 'completed' } },
      );
    reference.push({
      say: `Ordered ${targets.map((p) => `${qty(p)} × ${p.product_id} (${p.name}) from ${p.supplier}`).join('; ')}. Skipped ${skipped.product_id} (${skipped.name}): its supplier ${skipped.supplier} is suspended.`,
    });

    const key = (p: Product) => p.product_id.toLowerCase().replace(/[^a-z0-9]+/g, '_');
    const w = weights([
      ['listed', 0.05],
      ...targets.map((p) => [`order_${p.product_id}`, 0.45 / targets.length] as const),
      ...(tracked ? targets.map((p) => [`todo_${p.product_id}`, 0.15 / targets.length] as const) : []),
      ...(hard ? targets.map((p) => [`mail_${p.product_id}`, 0.15 / targets.length] as const) : []),
      ...(tracked ? ([['weekly', 0.1]] as const) : []),
      ['reported', 0.15],
    ]) as Record<string, number>;
    const checks: Check[] = [
      { id: 'products_listed', kind: 'tool_called', tool: 'inventory_list_products', weight: w.listed as number },
      ...targets.map(
        (p): Check => ({
          id: `ordered_${key(p)}`,
          kind: 'audit_present',
          service: 'inventory',
          record: 'orders',
          where: { product_id: p.product_id, quantity: qty(p), supplier: p.supplier },
          weight: w[`order_${p.product_id}`] as number,
        }),
      ),
      ...(tracked
        ? targets.map(
            (p): Check => ({
              id: `delivery_todo_${key(p)}`,
              kind: 'audit_present',
              service: 'todo',
              record: 'created_tasks',
              where: { title: { contains: p.product_id }, due_date: arrival(p) },
              weight: w[`todo_${p.product_id}`] as number,
            }),
          )
        : []),
      ...(hard
        ? targets.map(
            (p): Check => ({
              id: `supplier_told_${key(p)}`,
              kind: 'audit_present',
              service: 'gmail',
              record: 'sent_messages',
              where: { to: emailOf(p.supplier), body: { contains: p.product_id } },
              weight: w[`mail_${p.product_id}`] as number,
            }),
          )
        : []),
      ...(tracked
        ? [
            {
              id: 'stock_check_done',
              kind: 'state_equals',
              service: 'todo',
              collection: 'tasks',
              record_id: weekly.task_id,
              field: 'status',
              value: 'completed',
              weight: w.weekly as number,
            } as Check,
          ]
        : []),
      {
        id: 'reported',
        kind: 'response_contains',
        all: [...targets.map((p) => p.product_id), skipped.product_id],
        weight: w.reported as number,
      },
    ];
    const others = products.filter((p) => !targets.includes(p)).map((p) => p.product_id);
    const services = ['inventory', 'finance', ...(tracked ? ['todo'] : []), ...(hard ? ['gmail'] : [])];

    return {
      spec_version: 1,
      id: ctx.id,
      title: 'Reorder products below their stock threshold',
      family: 'inventory_reorder',
      labels: {
        capabilities: [...this.capabilities, ...(hard ? (['Email_Communication'] as const) : [])],
        scenario: this.scenario,
        difficulty,
        language: 'en',
      },
      mock_today: mockToday,
      request,
      services,
      fixtures: {
        inventory: { products: shuffle(rng, products) },
        finance: { vendors: shuffle(rng, vendors) },
        ...(tracked ? { todo: { tasks: shuffle(rng, tasks) } } : {}),
        ...(hard ? { gmail: { messages: inbox } } : {}),
      },
      answer_ids: [
        ...targets.map((p) => p.product_id),
        ...(tracked ? [weekly.task_id] : []),
        ...(hard ? [...new Set(targets.map((p) => emailOf(p.supplier)))] : []),
      ],
      checks,
      forbidden: {
        tools: ['finance_update_vendor', ...(tracked ? ['todo_delete_task'] : [])],
        actions: [
          { service: 'inventory', record: 'orders', where: { product_id: { in: others } } },
          ...(hard ? [{ service: 'gmail', record: 'sent_messages', where: { recipients: emailOf(banned.name) } }] : []),
        ],
      },
      reference,
    };
  },
};
