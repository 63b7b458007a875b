import { docDate, mail, readMail, todoPart } from '../kit/builders.js';
import { type Check, mailRead, mailSent, type Step, tableCell, weights } from '../kit/checks.js';
import { at, dateOf } from '../kit/dates.js';
import type { GeneratorContext } from '../kit/generator.js';
import { definePreset, type Traces } from './define.js';
import { ids, shuffle } from '../kit/ids.js';
import { amountPattern, formatMoney, sumCents } from '../kit/money.js';
import type { Person } from '../kit/people.js';
import type { TaskSpecInput } from '../../schema/task-spec.js';

// finance reconciliation grounded in a PDF: read the invoice (line items, tax, total on page 1; remit-to on
// page 2), find the vendor's payment among the finance transactions (an older payment for the previous
// invoice and other vendors' payments are distractors), and write one reconciliation row per invoice:
// invoiced, paid, difference. medium: accounts payable asks by mail and gets the difference back; hard: two
// invoices, and the matching to-do is ticked off.

const ITEMS = [
  'Support hours',
  'Cloud hosting',
  'License seats',
  'Onboarding workshop',
  'Data migration',
  'Security review',
  'Training days',
];
const OUT = 'reconciliation/invoices.csv';
const COLUMNS = ['invoice', 'transaction_id', 'invoiced', 'paid', 'difference'];

type Company = { name: string; domain: string };
type Pay = (vendor: string, amount: number, daysAgo: number, description: string) => string;

interface Invoice {
  no: string;
  vendor: Company;
  path: string;
  issued: string;
  lines: { item: string; qty: number; price: number }[];
  subtotal: number;
  tax: number;
  total: number;
  paid: number;
  txn: string;
}

/** One drawn task: the invoices, every finance transaction, the people and the ids. */
interface Scenario {
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
}

const diff = (i: Invoice) => Math.round((i.total - i.paid) * 100) / 100;
const names = (s: Scenario) => s.invoices.map((i) => i.no).join(' and ');

// one invoice and its payment, plus the older payment of the previous invoice (a distractor)
function drawInvoice(ctx: GeneratorContext, vendor: Company, no: string, previous: string, pay: Pay): Invoice {
  const { rng, mockToday } = ctx;
  const lines = shuffle(rng, ITEMS)
    .slice(0, rng.int(2, 4))
    .map((item) => ({ item, qty: rng.int(1, 12), price: rng.int(4_000, 60_000) / 100 }));
  const subtotal = sumCents(lines.map((l) => l.qty * l.price));
  const tax = Math.round(subtotal * 10) / 100;
  const total = sumCents([subtotal, tax]);
  // short payments and overpayments both happen; some invoices are paid exactly
  const paid = rng.pick([
    total,
    sumCents([total, -rng.int(500, 9000) / 100]),
    sumCents([total, rng.int(100, 3000) / 100]),
  ]);
  const issued = dateOf(at(mockToday, { days: -rng.int(20, 35) }));
  const txn = pay(vendor.name, paid, rng.int(2, 12), `Payment ${no}`);
  pay(vendor.name, sumCents([total, rng.int(-20000, 20000) / 100]), rng.int(40, 70), `Payment ${previous}`);
  return { no, vendor, path: `invoices/${no}.pdf`, issued, lines, subtotal, tax, total, paid, txn };
}

// every random draw before the fixtures, in one fixed order (the spec of a seed never changes with the builders)
function draw(ctx: GeneratorContext): Scenario {
  const { rng, words, mockToday, difficulty } = ctx;
  const [medium, hard] = [difficulty !== 'easy', difficulty === 'hard'];
  const vendors = words.companies(4);
  const [ap, colleague] = words.people(2, 'acme.example') as [Person, Person];
  const txnIds = ids(rng, 'txn_', 12, 4);
  const txns: Record<string, unknown>[] = [];
  const pay: Pay = (vendor, amount, daysAgo, description) => {
    const id = txnIds[txns.length] as string;
    const date = dateOf(at(mockToday, { days: -daysAgo }));
    const category = 'vendor_payment';
    txns.push({
      transaction_id: id,
      date,
      amount,
      currency: 'USD',
      merchant: vendor,
      category,
      description,
      status: 'posted',
    });
    return id;
  };
  const invNos = ids(rng, 'INV-', 4, 4);
  const invoices = Array.from({ length: hard ? 2 : 1 }, (_, i) =>
    drawInvoice(ctx, vendors[i] as Company, invNos[i] as string, invNos[i + 2] as string, pay),
  );
  pay((vendors[3] as Company).name, rng.int(10_000, 90_000) / 100, rng.int(1, 15), 'Payment for services');
  const [askId, otherId] = ids(rng, 'msg_', 2, 4) as [string, string];
  const todo = todoPart(ctx, `Reconcile ${invoices.map((i) => i.no).join(' and ')}`, 0.05);
  return { ctx, medium, hard, ap, colleague, invoices, txns, askId, otherId, todo };
}

// page 1: line items, tax and total; page 2: terms and remit-to
function pages(i: Invoice): string[][] {
  const line = (l: Invoice['lines'][number]) =>
    `${l.item}: ${l.qty} x ${formatMoney(l.price)} = ${formatMoney(Math.round(l.qty * l.price * 100) / 100)}`;
  return [
    [
      `${i.vendor.name}`,
      `Invoice ${i.no}`,
      `Issued: ${i.issued}`,
      '',
      ...i.lines.map(line),
      '',
      `Subtotal: ${formatMoney(i.subtotal)} USD`,
      `Tax (10%): ${formatMoney(i.tax)} USD`,
      `Total due: ${formatMoney(i.total)} USD`,
    ],
    [
      'Payment terms: net 30 days.',
      `Remit to: ${i.vendor.name}, account on file.`,
      `Questions: billing@${i.vendor.domain}`,
    ],
  ];
}

function fixtures(s: Scenario): NonNullable<TaskSpecInput['fixtures']> {
  const { rng, mockToday } = s.ctx;
  const pdfs = s.invoices.map((i) => [
    i.path,
    { pdf: { pages: pages(i), title: `Invoice ${i.no}`, modified: docDate(s.ctx) } },
  ]);
  const ask = `Hi, could you reconcile ${names(s)} against what we actually paid and send me the difference${s.hard ? 's' : ''}? Thanks, ${s.ap.first}`;
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

function reference(s: Scenario): Step[] {
  const { invoices, medium } = s;
  const rows = invoices.map((i) => [i.no, i.txn, i.total, i.paid, diff(i)]);
  const summary = invoices
    .map(
      (i) =>
        `${i.no}: invoiced ${formatMoney(i.total)}, paid ${formatMoney(i.paid)} (${i.txn}), difference ${formatMoney(diff(i))}`,
    )
    .join('; ');
  const subject = `Reconciliation ${invoices.map((i) => i.no).join(', ')}`;
  return [
    { call: 'fs_list', args: { path: 'invoices' } },
    ...(medium ? readMail(s.askId) : []),
    ...invoices.map((i) => ({ call: 'fs_read', args: { path: i.path } })),
    { call: 'finance_list_transactions', args: { category: 'vendor_payment' } },
    ...(medium ? [{ call: 'finance_get_transaction', args: { transaction_id: (invoices[0] as Invoice).txn } }] : []),
    { call: 'fs_write_table', args: { path: OUT, columns: COLUMNS, rows } },
    ...(medium
      ? [
          {
            call: 'gmail_send_message',
            args: { to: s.ap.email, subject, body: `Hi ${s.ap.first}, ${summary}. Details in ${OUT}.` },
          },
        ]
      : []),
    ...(s.hard ? s.todo.steps : []),
    { say: `Reconciled — ${summary}.` },
  ];
}

// check weights: four equal cells per invoice, the rest per part the level adds
function shares({ invoices, medium, hard }: Scenario): Record<string, number> {
  const perInvoice = (hard ? 0.6 : medium ? 0.65 : 0.9) / invoices.length;
  const cells = ['txn', 'invoiced', 'paid', 'diff'] as const;
  return weights([
    ...invoices.flatMap((i) => cells.map((c) => [`${i.no}_${c}`, perInvoice * 0.25] as const)),
    ['answer', medium ? 0.05 : 0.1],
    ...(medium
      ? ([
          ['asked', 0.1],
          ['mailed', 0.15],
        ] as const)
      : []),
    ...(hard ? ([['todo', 0.05]] as const) : []),
  ]) as Record<string, number>;
}

function checks(s: Scenario): Check[] {
  const w = shares(s);
  const cell = (i: Invoice, id: string, column: string, key: string, value: string | number) =>
    tableCell(
      `${i.no.toLowerCase()}_${id}`,
      OUT,
      { column, where: { invoice: i.no }, value, ...(typeof value === 'number' ? { tolerance: 0.01 } : {}) },
      w[`${i.no}_${key}`] as number,
    );
  const owed = amountPattern(Math.abs(diff(s.invoices[0] as Invoice)));
  return [
    ...s.invoices.flatMap((i) => [
      cell(i, 'payment', 'transaction_id', 'txn', i.txn),
      cell(i, 'invoiced', 'invoiced', 'invoiced', i.total),
      cell(i, 'paid', 'paid', 'paid', i.paid),
      cell(i, 'difference', 'difference', 'diff', diff(i)),
    ]),
    { id: 'difference_told', kind: 'response_matches', all: [owed], weight: w.answer as number },
    ...(s.medium
      ? [
          mailRead('request_read', s.askId, w.asked as number),
          mailSent('ap_told', { to: s.ap.email, body: { regex: owed } }, w.mailed as number),
        ]
      : []),
    ...(s.hard ? [{ ...s.todo.check, weight: w.todo as number }] : []),
  ];
}

// the request's clauses, each the demand of some checks (their traces)
const CLAUSES = {
  columns: `columns ${COLUMNS.join(', ')}`,
  difference: 'difference = invoiced − paid',
  asked: 'sent me a reconciliation request by mail',
  todo: 'mark the to-do done',
};
// one difference per invoice: hard has two
const differences = (s: Scenario) => `the difference${s.hard ? 's' : ''}`;

function request(s: Scenario): string {
  const c = CLAUSES;
  const d = differences(s);
  return s.medium
    ? `Accounts payable ${c.asked}. Please do it: match the invoice PDF${s.hard ? 's' : ''} in invoices/ with the payments in finance, write ${OUT} (${c.columns}; ${c.difference}), and reply to them with ${d}${s.hard ? `, then ${c.todo}` : ''}. Tell me ${d} as well.`
    : `Please reconcile invoice ${names(s)} (the PDF is in invoices/) with its payment in finance: write ${OUT} with ${c.columns} (${c.difference}) and tell me the difference.`;
}

// the demand of each check: the columns for the table's cells, its formula for the difference, the rest by clause
function traces(s: Scenario): Traces {
  const cells = s.invoices.flatMap((i) => {
    const no = i.no.toLowerCase();
    return [
      [`${no}_payment`, CLAUSES.columns],
      [`${no}_invoiced`, CLAUSES.columns],
      [`${no}_paid`, CLAUSES.columns],
      [`${no}_difference`, CLAUSES.difference],
    ] as const;
  });
  return {
    ...Object.fromEntries(cells),
    difference_told: `tell me ${differences(s)}`,
    request_read: CLAUSES.asked,
    ap_told: `reply to them with ${differences(s)}`,
    todo_completed: CLAUSES.todo,
  };
}

export const invoiceReconcile = definePreset({
  name: 'invoice_reconcile',
  description:
    'reconcile PDF invoices with the finance payments: write invoiced, paid and difference per invoice (distractor payments)',
  services: ['workspace', 'finance', 'gmail', 'todo'],
  capabilities: ['Data_Analysis', 'File_Management', 'Math_Scientific'],
  scenario: 'Finance_Investment/Financial_Report',
  build(ctx) {
    const s = draw(ctx);
    return {
      title: 'Reconcile PDF invoices with the payments in finance',
      spec: {
        request: request(s),
        services: ['workspace', 'finance', ...(s.medium ? ['gmail'] : []), ...(s.hard ? ['todo'] : [])],
        fixtures: fixtures(s),
        answer_ids: [],
        checks: checks(s),
        reference: reference(s),
      },
      traces: traces(s),
    };
  },
});
