import { andList } from '../kit/text.js';
import { PLACES } from '../kit/supply.js';
import { mailDomain } from '../kit/words.js';
import { docDate, mail, todoPart } from '../kit/builders.js';
import { at, dateOf } from '../kit/dates.js';
import type { GeneratorContext } from '../kit/generator.js';
import { distinct, ids, shuffle } from '../kit/ids.js';
import { formatMoney, sumCents } from '../kit/money.js';
import type { Person } from '../kit/people.js';
import type { TaskSpecInput } from '../../schema/task-spec.js';

// invoice_reconcile's world: invoice PDFs (line items, tax and total on page 1; the payment terms, perhaps an
// early-payment discount, on page 2) and the finance transactions paying them. No payment is found by its amount
// alone: a discounted payment matches no total, a discount taken after its window is still owed, a part payment
// says so only in its memo, two invoices of one vendor may share a total (the memos tell their payments apart),
// and a payment for an invoice not in the folder carries the total of one that is.

const ITEMS = [
  'Support hours',
  'Cloud hosting',
  'License seats',
  'Onboarding workshop',
  'Data migration',
  'Security review',
  'Training days',
];
export const OUT = 'reconciliation/invoices.csv';
export const COLUMNS = ['invoice', 'transaction_id', 'invoiced', 'discount', 'paid', 'difference'];

/**
 * How an invoice was paid: in full; with the early-payment discount inside its window (settled) or after it
 * (the discount is still owed); or in part.
 */
export type Kind = 'full' | 'discount' | 'late' | 'part';

type Company = { name: string; domain: string };

export interface Invoice {
  no: string;
  vendor: Company;
  path: string;
  issued: string;
  lines: { item: string; qty: number; price: number }[];
  subtotal: number;
  tax: number;
  total: number;
  /** the early-payment discount the terms offer (percent, within days of the invoice date); none for some */
  terms?: { pct: number; days: number };
  kind: Kind;
  paid: number;
  paidOn: string;
  memo: string;
  txn: string;
  /** the discount the terms allow for that payment's date */
  discount: number;
}

/** One drawn task: the invoices, every finance transaction, the people and the ids. */
export interface Scenario {
  ctx: GeneratorContext;
  medium: boolean;
  hard: boolean;
  ap: Person;
  colleague: Person;
  invoices: Invoice[];
  txns: Record<string, unknown>[];
  askId: string;
  otherId: string;
  todo: ReturnType<typeof todoPart>;
  /** the request's wording, drawn last */
  framing: number;
}

export const diff = (i: Invoice) => Math.round((i.total - i.discount - i.paid) * 100) / 100;

// the firms that bill support hours, hosting, seats and workshops: IT suppliers, never a foundry or a caterer
// (review 59: "Brennan Castings" billing cloud hosting)
const IT_TRADES = ['IT Services', 'Cloud Systems', 'Software', 'Data Services', 'Tech Consulting', 'Managed IT'];
function itVendors(words: GeneratorContext['words'], n: number): Company[] {
  const vendor = (name: string) => ({ name, domain: mailDomain(name) });
  // (each from a place of its own)
  return distinct(
    n,
    () => vendor(`${words.pick(PLACES)} ${words.pick(IT_TRADES)}`),
    (c) => c.name.split(' ')[0] ?? '',
  );
}

// what a vendor bills every month
const RECURRING = ['Cloud hosting', 'Support hours', 'License seats'];

// the lines and totals of one invoice (a recurring one repeats another's lines, so its total too)
function bill(ctx: GeneratorContext, items: readonly string[], like?: Invoice) {
  const { rng } = ctx;
  const lines =
    like?.lines ??
    shuffle(rng, items)
      .slice(0, rng.int(2, Math.min(4, items.length)))
      .map((item) => ({ item, qty: rng.int(1, 12), price: rng.int(4_000, 60_000) / 100 }));
  const subtotal = sumCents(lines.map((l) => l.qty * l.price));
  const tax = Math.round(subtotal * 10) / 100;
  return { lines, subtotal, tax, total: sumCents([subtotal, tax]) };
}

// the payment of an invoice of kind `kind`: its amount, date, memo and the discount it earned
function payment(ctx: GeneratorContext, no: string, issuedAgo: number, total: number, kind: Kind, pct: number) {
  const { rng, mockToday } = ctx;
  const off = Math.round(total * pct) / 100;
  const day = (after: number) => dateOf(at(mockToday, { days: after - issuedAgo }));
  if (kind === 'discount' || kind === 'late') {
    const paidOn = kind === 'discount' ? day(rng.int(2, 8)) : day(rng.int(13, 24));
    const memo = rng.pick([
      `${no} less ${pct}% early payment discount`,
      `Payment ${no}, ${pct}% prompt-payment discount taken`,
    ]);
    return { paid: sumCents([total, -off]), paidOn, memo, discount: kind === 'discount' ? off : 0 };
  }
  if (kind === 'part') {
    const paid = sumCents([total, -rng.int(20, 60) * 10]);
    const memo = rng.pick([`Part payment ${no}`, `${no} partial, balance to follow`]);
    return { paid, paidOn: day(rng.int(12, 25)), memo, discount: 0 };
  }
  // after any discount window: a full payment never leaves a discount it could have taken
  return { paid: total, paidOn: day(rng.int(12, 25)), memo: rng.pick([`Payment ${no}`, `Invoice ${no}`]), discount: 0 };
}

// how many invoices each level reconciles, and their kinds: one has a discount to judge, one is not settled
function kindsOf(ctx: GeneratorContext): Kind[] {
  const { rng, difficulty } = ctx;
  const first = rng.pick<Kind>(['discount', 'late']);
  const second = rng.pick<Kind>(first === 'discount' ? ['late', 'part'] : ['full', 'part', 'discount']);
  const third = rng.pick((['full', 'part', 'discount', 'late'] as Kind[]).filter((k) => k !== first && k !== second));
  return shuffle(rng, [first, second, ...(difficulty === 'hard' ? [third] : [])]);
}

// every random draw before the fixtures, in one fixed order (the spec of a seed never changes with the builders)
export function draw(ctx: GeneratorContext): Scenario {
  const { rng, words, mockToday, difficulty } = ctx;
  const [medium, hard] = [difficulty !== 'easy', difficulty === 'hard'];
  const vendors = itVendors(words, 4);
  const [ap, colleague] = words.people(2, 'acme.example') as [Person, Person];
  const txnIds = ids(rng, 'txn_', 8, 4);
  const invNos = ids(rng, 'INV-', 5, 4).sort();
  const kinds = kindsOf(ctx);
  // a recurring invoice: the second bills the first's vendor the same lines a month later (hard always)
  let recurring = hard || rng.chance(0.5);
  // (never one paid with its discount beside its twin paid late with it: the one's discount would be the other's
  // difference, a figure with two meanings, review 53)
  const twins = (a: Kind | undefined, b: Kind | undefined) =>
    `${a}/${b}` === 'discount/late' || `${a}/${b}` === 'late/discount';
  if (recurring && twins(kinds[0], kinds[1]))
    if (kinds.length > 2) [kinds[1], kinds[2]] = [kinds[2] as Kind, kinds[1] as Kind];
    else recurring = false;
  const invoices: Invoice[] = [];
  kinds.forEach((kind, i) => {
    const like = recurring && i === 1 ? invoices[0] : undefined;
    const vendor = like?.vendor ?? (vendors[i] as Company);
    const issuedAgo = like ? rng.int(28, 31) : rng.int(30, 40) + (recurring && i === 0 ? 30 : 0);
    const b = bill(ctx, recurring && i === 0 ? RECURRING : ITEMS, like);
    // a vendor's terms carry over to its recurring invoice; a discount kind needs some
    const drawn = rng.chance(0.5) ? { pct: rng.pick([2, 3]), days: 10 } : undefined;
    const needs = kind === 'discount' || kind === 'late';
    const terms = like?.terms ?? (needs ? (drawn ?? { pct: 2, days: 10 }) : drawn);
    const no = invNos[i] as string;
    const p = payment(ctx, no, issuedAgo, b.total, kind, terms?.pct ?? 0);
    invoices.push({
      no,
      vendor,
      path: `invoices/${no}.pdf`,
      issued: dateOf(at(mockToday, { days: -issuedAgo })),
      ...b,
      ...(terms ? { terms } : {}),
      kind,
      ...p,
      txn: txnIds[i] as string,
    });
  });
  // a payment for an invoice not in the folder, to the first vendor, of a total in the folder no payment has
  const unpaidTotal = invoices.find((i) => i.paid !== i.total) as Invoice;
  const stray = {
    vendor: unpaidTotal.vendor,
    no: invNos[4] as string,
    amount: unpaidTotal.total,
    date: dateOf(at(mockToday, { days: -rng.int(3, 20) })),
    memo: `Payment ${invNos[4]}`,
  };
  const otherVendor = vendors[3] as Company;
  const other = { amount: rng.int(10_000, 90_000) / 100, date: dateOf(at(mockToday, { days: -rng.int(1, 15) })) };
  const txn = (id: string, vendor: string, amount: number, date: string, description: string) => ({
    transaction_id: id,
    date,
    amount,
    currency: 'USD',
    merchant: vendor,
    category: 'vendor_payment',
    description,
    status: 'posted',
  });
  const n = invoices.length;
  const txns = [
    ...invoices.map((i) => txn(i.txn, i.vendor.name, i.paid, i.paidOn, i.memo)),
    txn(txnIds[n] as string, stray.vendor.name, stray.amount, stray.date, stray.memo),
    txn(txnIds[n + 1] as string, otherVendor.name, other.amount, other.date, 'Payment for services'),
  ];
  const [askId, otherId] = ids(rng, 'msg_', 2, 4) as [string, string];
  const todo = todoPart(ctx, `Reconcile ${invoices.map((i) => i.no).join(', ')}`, 0.05);
  const framing = rng.int(0, 1);
  return { ctx, medium, hard, ap, colleague, invoices, txns, askId, otherId, todo, framing };
}

// page 1: line items, tax and total; page 2: terms and remit-to
function pages(i: Invoice): string[][] {
  const line = (l: Invoice['lines'][number]) =>
    `${l.item}: ${l.qty} x ${formatMoney(l.price)} = ${formatMoney(Math.round(l.qty * l.price * 100) / 100)}`;
  const terms = i.terms
    ? `Payment terms: ${i.terms.pct}% discount if paid within ${i.terms.days} days of the invoice date; otherwise net 30 days.`
    : 'Payment terms: net 30 days, no early-payment discount.';
  return [
    [
      `${i.vendor.name}`,
      `Invoice ${i.no}`,
      `Invoice date: ${i.issued}`,
      '',
      ...i.lines.map(line),
      '',
      `Subtotal: ${formatMoney(i.subtotal)} USD`,
      `Tax (10%): ${formatMoney(i.tax)} USD`,
      `Total due: ${formatMoney(i.total)} USD`,
    ],
    [terms, `Remit to: ${i.vendor.name}, account on file.`, `Questions: billing@${i.vendor.domain}`],
  ];
}

export const names = (s: Scenario) => {
  const nos = s.invoices.map((i) => i.no);
  return andList(nos);
};

export function fixtures(s: Scenario): NonNullable<TaskSpecInput['fixtures']> {
  const { rng, mockToday } = s.ctx;
  const pdfs = s.invoices.map((i) => [
    i.path,
    { pdf: { pages: pages(i), title: `Invoice ${i.no}`, modified: docDate(s.ctx) } },
  ]);
  const ask = `Hi, could you reconcile ${names(s)} against what we actually paid and send me the differences? Thanks, ${s.ap.first}`;
  return {
    workspace: {
      files: Object.fromEntries([
        ...pdfs,
        ['invoices/README.txt', 'Scanned and digital vendor invoices, one PDF per invoice.'],
      ]),
    },
    finance: { transactions: shuffle(rng, s.txns) },
    ...(s.medium
      ? {
          gmail: {
            messages: shuffle(rng, [
              mail(s.askId, s.ap, `Please reconcile ${names(s)}`, ask, at(mockToday, { hours: -6 })),
              mail(
                s.otherId,
                s.colleague,
                'Offsite agenda',
                'Draft agenda for the offsite attached.',
                at(mockToday, { days: -1 }),
              ),
            ]),
          },
        }
      : {}),
    ...(s.hard ? { todo: { tasks: s.todo.tasks } } : {}),
  };
}
