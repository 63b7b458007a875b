import type { Rng } from '../../../env/rng.js';
import { at } from '../../kit/dates.js';
import { oneOf, writePlan } from '../../kit/content.js';
import { daysFrom, type FieldModel } from '../../rules/fields.js';
import { shuffle } from '../../kit/ids.js';
import { addDays, nth } from '../packs/table-source.js';
import { byEmail, colleague, cycle, defineSource, fresh } from './kit.js';
import { crmCompany } from './crm-companies.js';
import { incidentsOf } from './ticket-incidents.js';
import type { Rec, World } from '../parts.js';
import { TICKET_TERMS, ticketText, ticketTitle } from './ticket-texts.js';
import { MERCHANTS } from './merchants-data.js';
import { DEPARTMENTS } from '../owner-teams.js';

// sources: where the facts live. each declares the fields a rule may select by (every record draws them
// freely; the task's rule and its near misses are drawn per task), the read tools that reach it, and where its
// records live. this file holds the records of the business systems (helpdesk, crm, inventory, finance,
// scheduler, config and todo live in operations.ts); documents.ts the text the agent reads (CSV export, inbox, news feed).

export const tickets = defineSource({
  name: 'tickets',
  nameField: { field: 'title', label: 'title' },
  // a service desk's tickets (customers' and staff's problems): office work, not a repository's (GitHub's are
  // pull requests)
  domains: ['Office_Productivity'],
  service: 'helpdesk',
  noun: ['ticket', 'tickets'],
  idField: 'ticket_id',
  prefix: 'TK-',
  collection: 'tickets',
  textField: 'description',
  capabilities: ['Logic_Reasoning', 'Tool_Calling'],
  fields: [
    {
      kind: 'enum',
      field: 'status',
      label: 'status',
      values: ['open', 'in_progress', 'pending', 'resolved', 'closed'],
      weights: [4, 2, 2, 1, 1],
      say: { in_progress: 'in progress' },
    },
    {
      kind: 'enum',
      field: 'priority',
      label: 'priority',
      values: ['low', 'medium', 'high', 'critical'],
      weights: [3, 4, 3, 1],
    },
    { kind: 'date', field: 'created_at', label: 'opening date', from: -40, to: 0, verb: 'opened', time: true },
    {
      kind: 'enum',
      field: 'category',
      label: 'category',
      values: ['access', 'billing', 'hardware', 'network', 'software'],
    },
    {
      kind: 'text',
      field: 'description',
      label: 'description',
      terms: TICKET_TERMS,
      write: ticketText,
      ofRecord: true,
    },
  ] satisfies FieldModel[],
  make: (w, id, i) => ({
    ticket_id: id,
    // a stand-in until the ticket's category is final (settle)
    title: w.rng.pick(incidentsOf(w.domain, 'software')).title,
    reporter: colleague(w, i).email,
    tags: [],
  }),
  // the title is an incident of the ticket's final category (a rule may have set it)
  settle: (rec, w) => {
    rec.title = ticketTitle(w, String(rec.category));
  },
  title: (rec) => `${rec.ticket_id} "${rec.title}"`,
  owner: (rec, w) => byEmail(w, rec.reporter),
  ownerRole: 'reporter',
  ownerFields: ['reporter'],
  list: () => [{ call: 'helpdesk_list_tickets', args: { status: 'all' }, widening: ['status'] }],
  get: (rec) => ({ call: 'helpdesk_get_ticket', args: { ticket_id: rec.ticket_id } }),
});

export const customers = defineSource({
  name: 'customers',
  nameField: { field: 'name', label: 'company name' },
  // a sales office's accounts, kept by account managers, and read by the analysts for revenue figures: a task is
  // labelled by the work done on them (packs/scenarios.ts BY_WORK)
  domains: ['Office_Productivity', 'Data_Science'],
  service: 'crm',
  noun: ['customer account', 'customer accounts'],
  idField: 'customer_id',
  prefix: 'CUS-',
  collection: 'customers',
  capabilities: ['Data_Analysis', 'Logic_Reasoning'],
  measure: { field: 'annual_revenue', label: 'annual revenue', unit: 'USD', mean: true },
  fields: [
    {
      kind: 'enum',
      field: 'tier',
      label: 'tier',
      values: ['standard', 'premium', 'enterprise', 'vip'],
      weights: [4, 3, 2, 1],
    },
    // an account here has signed: its contract end date and annual revenue are its own. A prospect has neither
    // (it is a lead in the pipeline), so it is no status of these records: a renewal window or a revenue bar never
    // meets one, and no note has to carve prospects out
    {
      kind: 'enum',
      field: 'status',
      label: 'account status',
      values: ['active', 'at_risk', 'churned'],
      weights: [5, 2, 1],
      say: { at_risk: 'at risk' },
    },
    {
      kind: 'date',
      field: 'contract_end_date',
      label: 'contract end date',
      from: -30,
      to: 200,
      verb: 'whose contract ends',
      past: 'whose contract ended',
    },
    { kind: 'number', field: 'health_score', label: 'health score', min: 10, max: 99, step: 1 },
    {
      kind: 'number',
      field: 'annual_revenue',
      label: 'annual revenue',
      min: 20_000,
      max: 900_000,
      step: 1000,
      currency: 'USD',
    },
  ] satisfies FieldModel[],
  // (no tense: an account is marked churned when the customer gives notice, and its contract runs to its end date,
  // so "unless churned" leaves out a contract ending in the window, not only one already ended)
  // an account at risk or lost does not score as healthy; a contract past its end date was either not renewed (the
  // account churned) or renewed, and a renewed contract runs another year from the old end: no account still live on
  // a contract that ended
  agree: (rec, w) => {
    const ended = daysFrom(w.today, rec.contract_end_date) < 0;
    if (ended && rec.status !== 'churned') {
      const renewed = { contract_end_date: addDays(rec.contract_end_date, 365) };
      return w.rng.chance(0.5) ? [renewed, { status: 'churned' }] : [{ status: 'churned' }, renewed];
    }
    return ['at_risk', 'churned'].includes(String(rec.status)) && Number(rec.health_score) > 70
      ? [{ health_score: w.rng.int(15, 55) }, { status: 'active' }]
      : [];
  },
  make: (w, id, i) => {
    const m = colleague(w, i);
    const { name, industry } = crmCompany(w);
    return {
      customer_id: id,
      name,
      industry,
      account_manager: m.name,
      account_manager_email: m.email,
    };
  },
  title: (rec) => `${rec.name} (${rec.customer_id})`,
  owner: (rec, w) => byEmail(w, rec.account_manager_email ?? rec.account_manager),
  ownerRole: 'account manager',
  ownerFields: ['account_manager_email', 'account_manager'],
  list: () => [{ call: 'crm_list_customers', args: { status: 'all' }, widening: ['status'] }],
  get: (rec) => ({ call: 'crm_get_customer', args: { customer_id: rec.customer_id } }),
});

// a retailer's stock lines, each with the span of unit prices it sells at (from a few to a few hundred dollars,
// overlapping, so any drawn price has lines that fit it), and the wholesalers who supply them
const CATALOGUE: readonly (readonly [string, string, number, number])[] = [
  ['Running socks, 3-pack', 'apparel', 4, 25],
  ['LED bulb, 4-pack', 'hardware', 5, 24],
  ['Insulated water bottle', 'sports', 12, 45],
  ['USB-C charger 65 W', 'electronics', 15, 70],
  ['Garden hose 25 m', 'garden', 15, 75],
  ['Yoga mat', 'sports', 15, 90],
  ['Desk lamp', 'home', 18, 120],
  ['Electric kettle 1.7 L', 'kitchen', 20, 90],
  ['Bath towel set', 'home', 20, 110],
  ['Cast-iron frying pan', 'kitchen', 25, 130],
  ['Bluetooth speaker', 'electronics', 30, 220],
  ['Rain jacket', 'apparel', 45, 300],
  ['Hiking boots', 'footwear', 70, 260],
  ['Cordless drill 18 V', 'hardware', 60, 280],
  ['Noise-cancelling headphones', 'electronics', 80, 400],
  ['Air purifier', 'home', 90, 400],
  ['Espresso machine', 'kitchen', 120, 400],
  ['Robot vacuum', 'home', 150, 400],
  ['Standing desk frame', 'home', 180, 400],
  // (enough lines in each band that a task's thirteen products at high or low prices each find one that sells there)
  ['A5 notebooks, 5-pack', 'stationery', 4, 22],
  ['Phone case', 'electronics', 6, 40],
  ['Kitchen scissors', 'kitchen', 5, 30],
  ['Blender', 'kitchen', 35, 250],
  ['Carry-on suitcase', 'luggage', 60, 320],
  ['Pressure washer', 'garden', 90, 350],
  ['Three-person tent', 'sports', 90, 400],
  ['Office chair', 'home', 120, 400],
  ['Stand mixer', 'kitchen', 150, 400],
  ['27-inch monitor', 'electronics', 150, 400],
  ['Smartwatch', 'electronics', 150, 400],
  ['Petrol lawn mower', 'garden', 160, 400],
];
/** The stock line a product of this price is: one whose price span holds it, not yet taken in the task. */
function lineFor(price: number, taken: Set<string>, w: World): readonly [string, string] {
  const fits = CATALOGUE.filter(([name, , lo, hi]) => price >= lo && price <= hi && !taken.has(name));
  const free = CATALOGUE.filter(([name]) => !taken.has(name));
  // none fits and free: the free line whose span is nearest the price
  const gap = ([, , lo, hi]: (typeof CATALOGUE)[number]) => Math.max(lo - price, price - hi, 0);
  const [name, category] = fits.length
    ? w.rng.pick(fits)
    : ([...(free.length ? free : CATALOGUE)].sort((x, y) => gap(x) - gap(y))[0] as (typeof CATALOGUE)[number]);
  taken.add(name);
  return [name, category];
}
const SUPPLIERS = [
  'Harbour Wholesale',
  'Linwood Trading',
  'Brightline Distribution',
  'Oakfield Supply Co',
  'Marlow Imports',
];

export const products = defineSource({
  name: 'products',
  nameField: { field: 'name', label: 'product name' },
  domains: ['Data_Science'],
  service: 'inventory',
  noun: ['product', 'products'],
  idField: 'product_id',
  prefix: 'SKU-',
  collection: 'products',
  capabilities: ['Math_Scientific', 'Data_Analysis'],
  measure: { field: 'current_stock', label: 'stock on hand', additive: false },
  fields: [
    // never 0: a reorder up to the request's level would then be that very number, the answer stated in the request
    { kind: 'number', field: 'current_stock', label: 'stock on hand', min: 1, max: 240, step: 1, unit: 'units' },
    { kind: 'number', field: 'lead_time_days', label: 'lead time', min: 2, max: 45, step: 1, unit: 'days' },
    {
      kind: 'enum',
      field: 'location',
      label: 'location',
      values: ['Main warehouse', 'Overflow site', 'Store room B', 'Returns cage'],
    },
    { kind: 'number', field: 'daily_avg_sales', label: 'average daily sales', min: 0, max: 30, step: 1, unit: 'units' },
    { kind: 'number', field: 'unit_price', label: 'unit price', min: 4, max: 400, step: 0.01, currency: 'USD' },
  ] satisfies FieldModel[],
  // a BI team reads a retail client's catalogue: goods on shelves and in warehouses, from their suppliers —
  // not the team's own notebook seats and compute credits
  make: (w, id, i) => {
    const [name, category] = nth(w, CATALOGUE, i);
    return {
      product_id: id,
      name,
      category,
      min_stock_threshold: w.rng.int(12, 40),
      supplier: cycle(SUPPLIERS, i + 2),
    };
  },
  // once prices are drawn (a rule's price line falls anywhere from $4 to $400), each product is a line sold at
  // its price: no $300 pair of socks
  fixtures: (records, w) => {
    const taken = new Set<string>();
    for (const rec of records) {
      const [name, category] = lineFor(Number(rec.unit_price), taken, w);
      Object.assign(rec, { name, category });
    }
    return { inventory: { products: records } };
  },
  title: (rec) => `${rec.name} (${rec.product_id})`,
  list: () => [{ call: 'inventory_list_products', args: {} }],
  get: (rec) => ({ call: 'inventory_get_product', args: { product_id: rec.product_id } }),
});

// the most a petty-cash payment comes to
const PETTY_CASH_MAX = 250;
const MEAL_MAX = 600;
const CARD_PENDING_DAYS = 7;

const TX_TERMS = ['conference', 'refund', 'annual plan', 'client dinner', 'hardware'];

export const transactions = defineSource({
  name: 'transactions',
  nameField: { field: 'merchant', label: 'merchant' },
  domains: ['Finance_Investment', 'Data_Science'],
  service: 'finance',
  noun: ['transaction', 'transactions'],
  idField: 'transaction_id',
  prefix: 'TX-',
  collection: 'transactions',
  textField: 'description',
  capabilities: ['Math_Scientific', 'Data_Analysis'],
  measure: { field: 'amount', label: 'amount', unit: 'USD', mean: true },
  // the card or account a payment went through, and the bank's description of it, do not change afterwards
  fixed: ['account', 'description'],
  fields: [
    { kind: 'date', field: 'date', label: 'booking date', from: -100, to: 0, verb: 'booked' },
    {
      kind: 'enum',
      field: 'category',
      label: 'category',
      values: ['travel', 'software', 'office', 'meals', 'marketing', 'training'],
    },
    { kind: 'number', field: 'amount', label: 'amount', min: 20, max: 3000, step: 0.01, currency: 'USD' },
    { kind: 'enum', field: 'status', label: 'status', values: ['pending', 'posted', 'flagged'], weights: [3, 5, 1] },
    { kind: 'enum', field: 'account', label: 'account', values: ['corporate-card', 'petty-cash', 'bank-transfer'] },
    {
      kind: 'text',
      field: 'description',
      label: 'description',
      terms: TX_TERMS,
      write: (rng, term, v) =>
        writePlan(
          rng,
          {
            // what was bought is the merchant's and the category's: the description says what it was for
            // and who booked it, which fits any of them
            first: oneOf(
              rng,
              `for the ${rng.pick(v.topics)} project`,
              `charged to the ${rng.pick(v.topics)} work`,
              // (a team of the company's directory: a workstream such as "forecast sign-off" is no team)
              `booked by ${oneOf(rng, 'the office manager', 'our assistant', 'the project lead')} for the ${rng.pick(DEPARTMENTS)} team`,
              // (no other company's invoice: the merchant is the record's own)
              oneOf(rng, 'invoice from the supplier', 'one-off purchase', 'as per the quote'),
            ),
            facts: [
              ...(term ? [oneOf(rng, `related to the ${term}`, `this is the ${term} line`, `${term} as agreed`)] : []),
              oneOf(
                rng,
                'receipt is in the shared drive',
                'cost centre to be confirmed',
                'split across two teams',
                'approved by the budget holder',
                'matched to the statement',
              ),
            ],
          },
          'terse',
        ),
    },
  ] satisfies FieldModel[],
  make: (w, id, i) => ({ transaction_id: id, currency: 'USD', merchant: cycle(w.vocab.companies, i) }),
  // the merchant is one that sells what the category says (no travel bought at a credit union)
  agree: (rec, w) => {
    const sellers = MERCHANTS[String(rec.category)];
    const out: Rec[] =
      !sellers || sellers.includes(String(rec.merchant))
        ? []
        : [{ merchant: fresh(w, 'merchant', sellers, w.rng.int(0, sellers.length - 1)) }];
    // a card payment stays pending a few days, until the merchant settles it; one weeks old has posted (or went by
    // transfer, which may wait on an approval)
    if (
      rec.account === 'corporate-card' &&
      rec.status === 'pending' &&
      -daysFrom(w.today, rec.date) > CARD_PENDING_DAYS
    )
      out.push({ status: 'posted' }, { account: 'bank-transfer' });
    // petty cash is the float in the office tin: small sums only, a larger one went on the card or by transfer
    if (rec.account === 'petty-cash' && Number(rec.amount) > PETTY_CASH_MAX)
      out.push(
        ...shuffle(w.rng, ['corporate-card', 'bank-transfer']).map((account) => ({ account })),
        ...[0, 1, 2, 3].map(() => ({ amount: Math.round(w.rng.int(2000, PETTY_CASH_MAX * 100)) / 100 })),
      );
    // a meal is a team lunch or a client dinner, not a four-figure bill (review 52: $2,342.62 at Wagamama)
    if (rec.category === 'meals' && Number(rec.amount) > MEAL_MAX)
      out.push(
        ...shuffle(w.rng, ['travel', 'training', 'marketing']).map((category) => ({ category })),
        ...[0, 1, 2, 3].map(() => ({ amount: Math.round(w.rng.int(2000, MEAL_MAX * 100)) / 100 })),
      );
    return out;
  },
  title: (rec) => `${rec.transaction_id} (${rec.merchant}, ${rec.amount} ${rec.currency})`,
  list: (w) => [
    {
      call: 'finance_list_transactions',
      args: { start_date: at(w.today, { days: -120 }).slice(0, 10), end_date: w.today.slice(0, 10) },
      widening: ['start_date', 'end_date'],
    },
  ],
  get: (rec) => ({ call: 'finance_get_transaction', args: { transaction_id: rec.transaction_id } }),
});
