import { at, dateOf } from '../../kit/dates.js';
import { roundCents } from '../../kit/money.js';
import { slug } from '../../kit/text.js';
import { byEmail, colleague, cycle, defineSource, pred } from './kit.js';

// sources: where the facts live. each declares its predicates (targets satisfy all; a distractor fails
// exactly one), the read tools that reach it, and where its records live. this file holds the records of the
// business systems (helpdesk, crm, inventory, finance, scheduler, config, todo); documents.ts the text the
// agent reads (CSV export, inbox, news feed).

export const tickets = defineSource({
  name: 'tickets',
  service: 'helpdesk',
  noun: ['ticket', 'tickets'],
  idField: 'ticket_id',
  prefix: 'TK-',
  collection: 'tickets',
  textField: 'description',
  capabilities: ['Logic_Reasoning', 'Tool_Calling'],
  predicates: [
    pred('open', 'still open', (rec, ok) => {
      rec.status = ok ? 'open' : 'resolved';
      if (!ok) rec.resolution = 'Resolved after a configuration change.';
    }),
    pred('stale', 'opened more than 3 days ago', (rec, ok, w) => {
      rec.created_at = at(w.today, { days: ok ? -w.rng.int(4, 12) : -w.rng.int(0, 2) - 0.25 });
    }),
    pred('urgent', 'marked high or critical priority', (rec, ok, w) => {
      rec.priority = ok ? w.rng.pick(['high', 'critical']) : w.rng.pick(['low', 'medium']);
    }),
  ],
  make: (w, id, i) => ({
    ticket_id: id,
    title: cycle(w.vocab.items, i),
    status: 'open',
    priority: 'high',
    description: `Reported by the ${w.rng.pick(['operations', 'finance', 'sales', 'support'])} team; affects daily work.`,
    reporter: colleague(w, i).email,
    created_at: at(w.today, { days: -5 }),
    tags: [],
  }),
  title: (rec) => `${rec.ticket_id} "${rec.title}"`,
  owner: (rec, w) => byEmail(w, rec.reporter),
  ownerRole: 'reporter',
  ownerFields: ['reporter'],
  list: () => [{ call: 'helpdesk_list_tickets', args: {} }],
  get: (rec) => ({ call: 'helpdesk_get_ticket', args: { ticket_id: rec.ticket_id } }),
});

export const customers = defineSource({
  name: 'customers',
  service: 'crm',
  noun: ['customer account', 'customer accounts'],
  idField: 'customer_id',
  prefix: 'CUS-',
  collection: 'customers',
  capabilities: ['Data_Analysis', 'Logic_Reasoning'],
  measure: { field: 'annual_revenue', label: 'annual revenue', unit: 'USD' },
  predicates: [
    pred('enterprise', 'on the enterprise tier', (rec, ok) => {
      rec.tier = ok ? 'enterprise' : 'standard';
    }),
    pred('renewing', 'with a contract ending within the next 30 days', (rec, ok, w) => {
      rec.contract_end_date = dateOf(at(w.today, { days: ok ? w.rng.int(3, 28) : w.rng.int(75, 200) }));
    }),
    pred('unhealthy', 'with a health score below 60', (rec, ok, w) => {
      rec.health_score = ok ? w.rng.int(25, 55) : w.rng.int(70, 95);
    }),
    pred('active', 'active (not churned)', (rec, ok) => {
      rec.status = ok ? 'active' : 'churned';
    }),
  ],
  make: (w, id, i) => {
    const m = colleague(w, i);
    return {
      customer_id: id,
      name: cycle(w.vocab.companies, i),
      tier: 'enterprise',
      status: 'active',
      industry: w.domain.toLowerCase().replace(/_/g, ' '),
      annual_revenue: w.rng.int(40, 900) * 1000,
      account_manager: m.name,
      account_manager_email: m.email,
      health_score: 50,
      contract_end_date: dateOf(at(w.today, { days: 20 })),
    };
  },
  title: (rec) => `${rec.name} (${rec.customer_id})`,
  owner: (rec, w) => byEmail(w, rec.account_manager_email ?? rec.account_manager),
  ownerRole: 'account manager',
  ownerFields: ['account_manager_email', 'account_manager'],
  list: () => [{ call: 'crm_list_customers', args: { status: 'all' } }],
  get: (rec) => ({ call: 'crm_get_customer', args: { customer_id: rec.customer_id } }),
});

export const products = defineSource({
  name: 'products',
  service: 'inventory',
  noun: ['product', 'products'],
  idField: 'product_id',
  prefix: 'SKU-',
  collection: 'products',
  capabilities: ['Math_Scientific', 'Data_Analysis'],
  measure: { field: 'current_stock', label: 'units in stock' },
  predicates: [
    pred('low', 'below its minimum stock threshold', (rec, ok, w) => {
      const t = rec.min_stock_threshold as number;
      rec.current_stock = ok ? w.rng.int(0, t - 1) : w.rng.int(t + 5, t * 3);
    }),
    pred('fast', 'with a lead time of at most 10 days', (rec, ok, w) => {
      rec.lead_time_days = ok ? w.rng.int(2, 10) : w.rng.int(14, 35);
    }),
    pred('main', 'stored in the main warehouse', (rec, ok) => {
      rec.location = ok ? 'Main warehouse' : 'Overflow site';
    }),
  ],
  make: (w, id, i) => ({
    product_id: id,
    name: `${cycle(w.vocab.products, i)}${i >= w.vocab.products.length ? ` (${['large', 'regional', 'spare'][i % 3]})` : ''}`,
    category: slug(w.domain).split('-')[0],
    current_stock: 5,
    min_stock_threshold: w.rng.int(12, 40),
    unit_price: roundCents(w.rng.int(400, 40_000) / 100),
    daily_avg_sales: w.rng.int(1, 9),
    supplier: cycle(w.vocab.companies, i + 2),
    lead_time_days: 7,
    location: 'Main warehouse',
  }),
  title: (rec) => `${rec.name} (${rec.product_id})`,
  list: () => [{ call: 'inventory_list_products', args: {} }],
  get: (rec) => ({ call: 'inventory_get_product', args: { product_id: rec.product_id } }),
});

export const transactions = defineSource({
  name: 'transactions',
  service: 'finance',
  noun: ['transaction', 'transactions'],
  idField: 'transaction_id',
  prefix: 'TX-',
  collection: 'transactions',
  textField: 'description',
  capabilities: ['Math_Scientific', 'Data_Analysis'],
  measure: { field: 'amount', label: 'amount', unit: 'USD' },
  predicates: [
    pred('recent', 'booked in the last 30 days', (rec, ok, w) => {
      rec.date = dateOf(at(w.today, { days: ok ? -w.rng.int(1, 28) : -w.rng.int(40, 90) }));
    }),
    pred('travel', 'in the travel category', (rec, ok) => {
      rec.category = ok ? 'travel' : 'software';
    }),
    pred('large', 'over 500 USD', (rec, ok, w) => {
      rec.amount = ok ? roundCents(w.rng.int(50_100, 300_000) / 100) : roundCents(w.rng.int(2_000, 45_000) / 100);
    }),
    pred('pending', 'still pending (not yet posted)', (rec, ok) => {
      rec.status = ok ? 'pending' : 'posted';
    }),
  ],
  make: (w, id, i) => ({
    transaction_id: id,
    date: dateOf(at(w.today, { days: -3 })),
    amount: 600,
    currency: 'USD',
    merchant: cycle(w.vocab.companies, i),
    category: 'travel',
    description: `${cycle(w.vocab.topics, i)} costs`,
    account: 'corporate-card',
    status: 'pending',
  }),
  title: (rec) => `${rec.transaction_id} (${rec.merchant}, ${rec.amount} ${rec.currency})`,
  list: (w) => [
    {
      call: 'finance_list_transactions',
      args: { start_date: dateOf(at(w.today, { days: -120 })), end_date: dateOf(w.today) },
    },
  ],
  get: (rec) => ({ call: 'finance_get_transaction', args: { transaction_id: rec.transaction_id } }),
});

export const jobs = defineSource({
  name: 'jobs',
  service: 'scheduler',
  noun: ['scheduled job', 'scheduled jobs'],
  idField: 'job_id',
  prefix: 'JOB-',
  collection: 'jobs',
  textField: 'action',
  capabilities: ['Agent_Self_Config', 'Logic_Reasoning'],
  predicates: [
    pred('failed', 'whose last run failed', (rec, ok) => {
      rec.last_status = ok ? 'failed' : 'success';
    }),
    pred('enabled', 'still enabled', (rec, ok) => {
      rec.enabled = ok;
    }),
    pred('nightly', 'tagged nightly', (rec, ok) => {
      rec.tags = ok ? ['nightly'] : ['weekly'];
    }),
  ],
  make: (w, id, i) => ({
    job_id: id,
    name: `${slug(cycle(w.vocab.items, i)).slice(0, 24)}-check`,
    cron_expression: `${w.rng.int(0, 59)} ${w.rng.int(0, 5)} * * *`,
    action: `run ${slug(cycle(w.vocab.topics, i))} sync`,
    enabled: true,
    last_run: at(w.today, { days: -1 }),
    last_status: 'failed',
    created_by: colleague(w, i).email,
    tags: ['nightly'],
    created_at: at(w.today, { days: -90 }),
  }),
  title: (rec) => `${rec.name} (${rec.job_id})`,
  owner: (rec, w) => byEmail(w, rec.created_by),
  ownerRole: 'owner',
  ownerFields: ['created_by'],
  list: () => [{ call: 'scheduler_list_jobs', args: { status: 'all' } }],
  get: (rec) => ({ call: 'scheduler_get_job', args: { job_id: rec.job_id } }),
});

export const integrations = defineSource({
  name: 'integrations',
  service: 'config',
  noun: ['integration', 'integrations'],
  idField: 'integration_id',
  prefix: 'INT-',
  collection: 'integrations',
  capabilities: ['Agent_Self_Config', 'Security_Awareness'],
  measure: { field: 'monthly_calls', label: 'monthly calls' },
  predicates: [
    pred('erroring', 'with an error rate above 5%', (rec, ok, w) => {
      rec.error_rate = ok ? w.rng.int(6, 30) / 100 : w.rng.int(0, 3) / 100;
    }),
    pred('active', 'still active', (rec, ok) => {
      rec.status = ok ? 'active' : 'inactive';
    }),
    pred('unverified', 'not verified for more than 90 days', (rec, ok, w) => {
      rec.last_verified = at(w.today, { days: ok ? -w.rng.int(95, 300) : -w.rng.int(3, 40) });
    }),
  ],
  make: (w, id, i) => ({
    integration_id: id,
    name: `${cycle(w.vocab.products, i)} connector`,
    status: 'active',
    service: slug(cycle(w.vocab.companies, i)),
    webhook_url: `https://hooks.${w.company}.example/${slug(cycle(w.vocab.products, i))}`,
    last_verified: at(w.today, { days: -100 }),
    monthly_calls: w.rng.int(2, 90) * 1000,
    error_rate: 0.1,
    owner: colleague(w, i).email,
  }),
  title: (rec) => `${rec.name} (${rec.integration_id})`,
  owner: (rec, w) => byEmail(w, rec.owner),
  ownerRole: 'owner',
  ownerFields: ['owner'],
  list: () => [{ call: 'config_list_integrations', args: { status: 'all' } }],
  get: (rec) => ({ call: 'config_get_integration', args: { integration_id: rec.integration_id } }),
});

export const tasks = defineSource({
  name: 'tasks',
  service: 'todo',
  noun: ['to-do', 'to-dos'],
  idField: 'task_id',
  prefix: 'T-',
  collection: 'tasks',
  textField: 'description',
  capabilities: ['Logic_Reasoning', 'Calendar_Scheduling'],
  predicates: [
    pred('pending', 'not done yet', (rec, ok) => {
      rec.status = ok ? 'pending' : 'completed';
    }),
    pred('due', 'due within the next 7 days', (rec, ok, w) => {
      rec.due_date = dateOf(at(w.today, { days: ok ? w.rng.int(1, 6) : w.rng.int(12, 40) }));
    }),
    pred('important', 'marked high or urgent priority', (rec, ok, w) => {
      rec.priority = ok ? w.rng.pick(['high', 'urgent']) : w.rng.pick(['low', 'medium']);
    }),
  ],
  make: (w, id, i) => ({
    task_id: id,
    title: `${cycle(w.vocab.items, i)}: follow up`,
    status: 'pending',
    description: `Raised in the ${cycle(w.vocab.topics, i)} meeting.`,
    priority: 'high',
    due_date: dateOf(at(w.today, { days: 3 })),
    tags: [],
    created_at: at(w.today, { days: -10 }),
  }),
  title: (rec) => `"${rec.title}" (${rec.task_id})`,
  list: () => [{ call: 'todo_list_tasks', args: { status: 'all' } }],
  get: (rec) => ({ call: 'todo_get_task', args: { task_id: rec.task_id } }),
});
