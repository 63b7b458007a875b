import { readMail } from '../kit/builders.js';
import { type Check, mailRead, mailSent, type Step, tableCell, weights } from '../kit/checks.js';
import { amountPattern, formatMoney } from '../kit/money.js';
import { definePreset, type Traces } from './define.js';
import {
  COLUMNS,
  diff,
  draw,
  fixtures,
  type Invoice,
  names,
  OUT,
  type Scenario,
} from './invoice-reconcile-fixtures.js';

// finance reconciliation grounded in PDFs: read each invoice (line items, tax and total on page 1; the payment
// terms on page 2), find its payment among the finance transactions by the reference in the memo (amounts do
// not identify them: discounts, part payments, a recurring invoice's equal total, a payment for an invoice not
// in the folder), judge whether an early-payment discount was taken within its window, and write one row per
// invoice: invoiced, discount, paid, difference. medium: accounts payable asks by mail and gets the differences
// back; hard: three invoices, and the matching to-do is ticked off.

// the differences worth telling: the invoices not settled (every task has one: a late discount or a part payment)
const open = (s: Scenario) => s.invoices.filter((i) => diff(i) !== 0);

function reference(s: Scenario): Step[] {
  const { invoices, medium } = s;
  const rows = invoices.map((i) => [i.no, i.txn, i.total, i.discount, i.paid, diff(i)]);
  const note = (i: Invoice) =>
    i.kind === 'late'
      ? ` (the ${i.terms?.pct}% discount was taken after its ${i.terms?.days}-day window)`
      : i.kind === 'part'
        ? ' (part payment)'
        : '';
  const summary = invoices
    .map(
      (i) =>
        `${i.no}: invoiced ${formatMoney(i.total)}, discount ${formatMoney(i.discount)}, paid ${formatMoney(i.paid)} (${i.txn}), difference ${formatMoney(diff(i))}${note(i)}`,
    )
    .join('; ');
  const subject = `Reconciliation ${invoices.map((i) => i.no).join(', ')}`;
  return [
    { call: 'fs_list', args: { path: 'invoices' } },
    ...(medium ? readMail(s.askId) : []),
    ...invoices.map((i) => ({ call: 'fs_read', args: { path: i.path } })),
    { call: 'finance_list_transactions', args: { category: 'vendor_payment' } },
    // the payment that leaves something owed, looked at closely before it goes in the table
    ...(medium ? [{ call: 'finance_get_transaction', args: { transaction_id: (open(s)[0] as Invoice).txn } }] : []),
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

const CELLS = ['txn', 'invoiced', 'discount', 'paid', 'diff'] as const;

// check weights: five equal cells per invoice, the rest per part the level adds
function shares({ invoices, medium, hard }: Scenario): Record<string, number> {
  const perInvoice = (hard ? 0.6 : medium ? 0.65 : 0.9) / invoices.length;
  return weights([
    ...invoices.flatMap((i) => CELLS.map((c) => [`${i.no}_${c}`, perInvoice / CELLS.length] as const)),
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
  const owed = open(s).map((i) => amountPattern(Math.abs(diff(i))));
  return [
    ...s.invoices.flatMap((i) => [
      cell(i, 'payment', 'transaction_id', 'txn', i.txn),
      cell(i, 'invoiced', 'invoiced', 'invoiced', i.total),
      cell(i, 'discount', 'discount', 'discount', i.discount),
      cell(i, 'paid', 'paid', 'paid', i.paid),
      cell(i, 'difference', 'difference', 'diff', diff(i)),
    ]),
    { id: 'difference_told', kind: 'response_matches', all: owed, weight: w.answer as number },
    ...(s.medium
      ? [
          mailRead('request_read', s.askId, w.asked as number),
          mailSent('ap_told', { to: s.ap.email, body: { regex: owed[0] as string } }, w.mailed as number),
        ]
      : []),
    ...(s.hard ? [{ ...s.todo.check, weight: w.todo as number }] : []),
  ];
}

// the request's clauses, each the demand of some checks (their traces)
const CLAUSES = {
  columns: `columns ${COLUMNS.join(', ')}`,
  discount:
    "discount = the early-payment discount taken, where the invoice's terms allowed it on the payment date, otherwise 0",
  difference: 'difference = invoiced − discount − paid',
  asked: 'sent me a reconciliation request by mail',
  told: 'tell me the differences',
  replied: 'reply to them with the differences',
  todo: 'mark the to-do done',
};

// two wordings per level, drawn last
function request(s: Scenario): string {
  const c = CLAUSES;
  const table = `${OUT} (${c.columns}; ${c.discount}; ${c.difference})`;
  if (!s.medium)
    return s.framing === 0
      ? `Please reconcile the invoices in invoices/ with their payments in finance: write ${table}, and ${c.told}.`
      : `Could you match each invoice PDF in invoices/ to the payment for it in finance and write ${table}? Then ${c.told}.`;
  const todo = s.hard ? `, then ${c.todo}` : '';
  return s.framing === 0
    ? `Accounts payable ${c.asked}. Please do it: match the invoice PDFs in invoices/ with the payments in finance, write ${table}, and ${c.replied}${todo}. Also ${c.told}.`
    : `${s.ap.first} from accounts payable ${c.asked} — could you take it? Match each PDF in invoices/ to its payment in finance, write ${table}, ${c.replied}${todo}, and ${c.told} too.`;
}

// the demand of each check: the columns for the table's cells, its formulas for discount and difference
function traces(s: Scenario): Traces {
  const cells = s.invoices.flatMap((i) => {
    const no = i.no.toLowerCase();
    return [
      [`${no}_payment`, CLAUSES.columns],
      [`${no}_invoiced`, CLAUSES.columns],
      [`${no}_discount`, CLAUSES.discount],
      [`${no}_paid`, CLAUSES.columns],
      [`${no}_difference`, CLAUSES.difference],
    ] as const;
  });
  return {
    ...Object.fromEntries(cells),
    difference_told: CLAUSES.told,
    request_read: CLAUSES.asked,
    ap_told: CLAUSES.replied,
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
