import type { TaskSpecInput } from '../../schema/task-spec.js';
import { at, companies, dateOf, ids, type Person, people, shuffle, weights } from './kit.js';
import { amountRegex, type Check, docDate, mail, money, type Step, sum, todoPart } from './file-kit.js';
import type { Family } from './types.js';

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

interface Invoice {
  no: string;
  vendor: string;
  path: string;
  total: number;
  paid: number;
  txn: string;
  pages: string[][];
}

export const invoiceReconcile: Family = {
  name: 'invoice_reconcile',
  description:
    'reconcile PDF invoices with the finance payments: write invoiced, paid and difference per invoice (distractor payments)',
  services: ['workspace', 'finance', 'gmail', 'todo'],
  capabilities: ['Data_Analysis', 'File_Management', 'Math_Scientific'],
  scenario: 'Finance_Investment/Financial_Report',
  languages: ['en'],
  generate(ctx): TaskSpecInput {
    const { rng, faker: f, mockToday, difficulty } = ctx;
    const medium = difficulty !== 'easy';
    const hard = difficulty === 'hard';
    const vendors = companies(f, 4);
    const [ap, colleague] = people(f, 2, 'acme.example') as [Person, Person];
    const txnIds = ids(rng, 'txn_', 12, 4);
    let t = 0;
    const txns: Record<string, unknown>[] = [];
    const pay = (vendor: string, amount: number, daysAgo: number, description: string) => {
      const id = txnIds[t++] as string;
      txns.push({
        transaction_id: id,
        date: dateOf(at(mockToday, { days: -daysAgo })),
        amount,
        currency: 'USD',
        merchant: vendor,
        category: 'vendor_payment',
        description,
        status: 'posted',
      });
      return id;
    };
    const invNos = ids(rng, 'INV-', 4, 4);
    const invoices: Invoice[] = [];
    for (let i = 0; i < (hard ? 2 : 1); i++) {
      const vendor = (vendors[i] as { name: string }).name;
      const lines = shuffle(rng, ITEMS)
        .slice(0, rng.int(2, 4))
        .map((item) => ({ item, qty: rng.int(1, 12), price: rng.int(4_000, 60_000) / 100 }));
      const subtotal = sum(lines.map((l) => l.qty * l.price));
      const tax = Math.round(subtotal * 10) / 100;
      const total = sum([subtotal, tax]);
      // short payments and overpayments both happen; some invoices are paid exactly
      const paid = rng.pick([total, sum([total, -rng.int(500, 9000) / 100]), sum([total, rng.int(100, 3000) / 100])]);
      const no = invNos[i] as string;
      const issued = dateOf(at(mockToday, { days: -rng.int(20, 35) }));
      const txn = pay(vendor, paid, rng.int(2, 12), `Payment ${no}`);
      pay(vendor, sum([total, rng.int(-20000, 20000) / 100]), rng.int(40, 70), `Payment ${invNos[i + 2]}`);
      invoices.push({
        no,
        vendor,
        path: `invoices/${no}.pdf`,
        total,
        paid,
        txn,
        pages: [
          [
            `${vendor}`,
            `Invoice ${no}`,
            `Issued: ${issued}`,
            '',
            ...lines.map(
              (l) => `${l.item}: ${l.qty} x ${money(l.price)} = ${money(Math.round(l.qty * l.price * 100) / 100)}`,
            ),
            '',
            `Subtotal: ${money(subtotal)} USD`,
            `Tax (10%): ${money(tax)} USD`,
            `Total due: ${money(total)} USD`,
          ],
          [
            'Payment terms: net 30 days.',
            `Remit to: ${vendor}, account on file.`,
            `Questions: billing@${(vendors[i] as { domain: string }).domain}`,
          ],
        ],
      });
    }
    pay((vendors[3] as { name: string }).name, rng.int(10_000, 90_000) / 100, rng.int(1, 15), 'Payment for services');
    const [askId, otherId] = ids(rng, 'msg_', 2, 4) as [string, string];
    const todo = todoPart(ctx, `Reconcile ${invoices.map((i) => i.no).join(' and ')}`, 0.05);
    const diff = (i: Invoice) => Math.round((i.total - i.paid) * 100) / 100;

    const perInvoice = (hard ? 0.6 : medium ? 0.65 : 0.9) / invoices.length;
    const w = weights([
      ...invoices.flatMap(
        (i) =>
          [
            [`${i.no}_txn`, perInvoice * 0.25],
            [`${i.no}_invoiced`, perInvoice * 0.25],
            [`${i.no}_paid`, perInvoice * 0.25],
            [`${i.no}_diff`, perInvoice * 0.25],
          ] as const,
      ),
      ['answer', medium ? 0.05 : 0.1],
      ...(medium
        ? ([
            ['asked', 0.1],
            ['mailed', 0.15],
          ] as const)
        : []),
      ...(hard ? ([['todo', 0.05]] as const) : []),
    ]) as Record<string, number>;
    const rows = invoices.map((i) => [i.no, i.txn, i.total, i.paid, diff(i)]);
    const reference: Step[] = [{ call: 'fs_list', args: { path: 'invoices' } }];
    if (medium)
      reference.push(
        { call: 'gmail_list_messages', args: {} },
        { call: 'gmail_get_message', args: { message_id: askId } },
      );
    for (const i of invoices) reference.push({ call: 'fs_read', args: { path: i.path } });
    reference.push({ call: 'finance_list_transactions', args: { category: 'vendor_payment' } });
    if (medium)
      reference.push({ call: 'finance_get_transaction', args: { transaction_id: (invoices[0] as Invoice).txn } });
    reference.push({ call: 'fs_write_table', args: { path: OUT, columns: COLUMNS, rows } });
    const summary = invoices
      .map((i) => `${i.no}: invoiced ${money(i.total)}, paid ${money(i.paid)} (${i.txn}), difference ${money(diff(i))}`)
      .join('; ');
    if (medium)
      reference.push({
        call: 'gmail_send_message',
        args: {
          to: ap.email,
          subject: `Reconciliation ${invoices.map((i) => i.no).join(', ')}`,
          body: `Hi ${ap.first}, ${summary}. Details in ${OUT}.`,
        },
      });
    if (hard) reference.push(...todo.steps);
    reference.push({ say: `Reconciled — ${summary}.` });

    const checks: Check[] = invoices.flatMap((i) => [
      {
        id: `${i.no.toLowerCase()}_payment`,
        kind: 'file_matches' as const,
        path: OUT,
        table: { column: 'transaction_id', where: { invoice: i.no }, value: i.txn },
        weight: w[`${i.no}_txn`] as number,
      },
      {
        id: `${i.no.toLowerCase()}_invoiced`,
        kind: 'file_matches' as const,
        path: OUT,
        table: { column: 'invoiced', where: { invoice: i.no }, value: i.total, tolerance: 0.01 },
        weight: w[`${i.no}_invoiced`] as number,
      },
      {
        id: `${i.no.toLowerCase()}_paid`,
        kind: 'file_matches' as const,
        path: OUT,
        table: { column: 'paid', where: { invoice: i.no }, value: i.paid, tolerance: 0.01 },
        weight: w[`${i.no}_paid`] as number,
      },
      {
        id: `${i.no.toLowerCase()}_difference`,
        kind: 'file_matches' as const,
        path: OUT,
        table: { column: 'difference', where: { invoice: i.no }, value: diff(i), tolerance: 0.01 },
        weight: w[`${i.no}_diff`] as number,
      },
    ]);
    const first = invoices[0] as Invoice;
    checks.push({
      id: 'difference_told',
      kind: 'response_matches',
      all: [amountRegex(Math.abs(diff(first)))],
      weight: w.answer as number,
    });
    if (medium)
      checks.push(
        {
          id: 'request_read',
          kind: 'tool_arg',
          tool: 'gmail_get_message',
          arg: 'message_id',
          accept: [askId],
          weight: w.asked as number,
        },
        {
          id: 'ap_told',
          kind: 'audit_present',
          service: 'gmail',
          record: 'sent_messages',
          where: { to: ap.email, body: { regex: amountRegex(Math.abs(diff(first))) } },
          weight: w.mailed as number,
        },
      );
    if (hard) checks.push({ ...todo.check, weight: w.todo as number });
    const names = invoices.map((i) => i.no).join(' and ');
    return {
      spec_version: 1,
      id: ctx.id,
      title: 'Reconcile PDF invoices with the payments in finance',
      family: 'invoice_reconcile',
      labels: { capabilities: [...this.capabilities], scenario: this.scenario, difficulty, language: 'en' },
      mock_today: mockToday,
      request: medium
        ? `Accounts payable sent me a reconciliation request by mail. Please do it: match the invoice PDF${hard ? 's' : ''} in invoices/ with the payments in finance, write ${OUT} (columns ${COLUMNS.join(', ')}; difference = invoiced − paid), reply to them with the differences${hard ? ' and mark the to-do done' : ''}.`
        : `Please reconcile invoice ${names} (the PDF is in invoices/) with its payment in finance: write ${OUT} with columns ${COLUMNS.join(', ')} (difference = invoiced − paid) and tell me the difference.`,
      services: ['workspace', 'finance', ...(medium ? ['gmail'] : []), ...(hard ? ['todo'] : [])],
      fixtures: {
        workspace: {
          files: Object.fromEntries([
            ...invoices.map((i) => [
              i.path,
              { pdf: { pages: i.pages, title: `Invoice ${i.no}`, modified: docDate(ctx) } },
            ]),
            ['invoices/README.txt', 'Scanned and digital vendor invoices, one PDF per invoice.'],
          ]),
        },
        finance: { transactions: shuffle(rng, txns) },
        ...(medium
          ? {
              gmail: {
                messages: shuffle(rng, [
                  mail(
                    askId,
                    ap,
                    `Please reconcile ${names}`,
                    `Hi, could you reconcile ${names} against what we actually paid and send me the difference${hard ? 's' : ''}? Thanks, ${ap.first}`,
                    at(mockToday, { hours: -6 }),
                  ),
                  mail(
                    otherId,
                    colleague,
                    'Offsite agenda',
                    'Draft agenda for the offsite attached.',
                    at(mockToday, { days: -1 }),
                  ),
                ]),
              },
            }
          : {}),
        ...(hard ? { todo: { tasks: todo.tasks } } : {}),
      },
      answer_ids: [],
      checks,
      reference,
    };
  },
};
