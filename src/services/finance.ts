import { z } from 'zod';
import { ToolError } from './tool-error.js';
import { defineTool, type ServiceDef } from './types.js';
import { dateOf, defined, IdArg, kindArg, kinded, mirrorList, pick } from './util.js';

// short pattern keeps the model-facing json schema readable; the refine rejects 2026-02-30
const Day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'expected a date YYYY-MM-DD')
  .refine(
    (s) => !Number.isNaN(Date.parse(s)) && new Date(s).toISOString().startsWith(s),
    'not a real calendar date (YYYY-MM-DD)',
  )
  .describe('YYYY-MM-DD');

const Transaction = z.strictObject({
  transaction_id: kinded('id', z.string().min(1).describe('transaction id, e.g. txn_001')),
  date: z.string().min(1).describe('booking date, YYYY-MM-DD'),
  amount: z.number().describe('amount in `currency` (negative for refunds)'),
  currency: z.string().default('USD').describe('ISO 4217 currency code'),
  merchant: z.string().optional().describe('merchant or payee name'),
  vendor_id: kinded('id', z.string().optional().describe('vendor id of the payee, when it is a known vendor')),
  category: z.string().default('').describe('expense category, e.g. travel ("" = uncategorised)'),
  description: z.string().optional().describe('free-text description'),
  receipt_url: z.string().optional().describe('link to the receipt'),
  account: kinded('account', z.string().optional().describe('bank account the payment was paid into')),
  status: z.string().optional().describe('e.g. posted | pending | flagged'),
});

const Vendor = z.strictObject({
  vendor_id: kinded('id', z.string().min(1).describe('vendor id, e.g. VEN-001')),
  name: z.string().describe('vendor name'),
  bank_account: kinded('account', z.string().min(1).describe('bank account number payments go to')),
  bank_name: z.string().optional().describe('name of the vendor bank'),
  routing_number: kinded('account', z.string().optional().describe('bank routing number')),
  contact_email: kinded('email', z.string().optional().describe('billing contact email')),
  status: z.string().default('active').describe('active | inactive | suspended'),
  notes: z.string().optional().describe('internal notes'),
});

const Report = z.strictObject({
  report_id: kinded('id', z.string().min(1).describe('report id, e.g. RPT-001')),
  title: z.string().optional().describe('report title'),
  transactions: kinded('id', z.array(z.string()).default([]).describe('transaction ids the report covers')),
  total_amount: z.number().optional().describe('total amount claimed by the submitter'),
  submitted_at: z.string().optional().describe('ISO time of submission'),
});

const VENDOR_SUMMARY = ['vendor_id', 'name', 'status', 'contact_email'] as const;

export const finance: ServiceDef = {
  name: 'finance',
  description: 'Finance system: transactions, expense report submission and vendor (payee) records.',
  collections: {
    transactions: {
      description: 'booked transactions',
      id: 'transaction_id',
      label: 'Transaction',
      record: Transaction,
      refs: { vendor_id: { to: 'finance.vendors' } },
    },
    vendors: {
      description: 'vendors (payees) with their bank details',
      id: 'vendor_id',
      label: 'Vendor',
      record: Vendor,
    },
    reports: {
      description: 'submitted expense reports',
      id: 'report_id',
      label: 'Report',
      newId: ['RPT-', 3],
      record: Report,
      refs: { transactions: { to: 'finance.transactions' } },
    },
  },
  audit: {
    submitted_reports: {
      description: 'each finance_submit_report',
      fields: {
        report_id: 'id of the new report',
        title: 'report title',
        transactions: 'transaction ids the report covers',
        total_amount: 'total amount claimed by the submitter',
      },
      kinds: { report_id: 'id', transactions: 'id' },
    },
    updated_vendors: mirrorList('full vendor after each finance_update_vendor', Vendor),
  },
  tools: [
    defineTool({
      name: 'finance_list_transactions',
      description:
        'List transactions (full records), optionally within an inclusive date range, for one vendor or in one category.',
      params: z.strictObject({
        start_date: Day.optional().describe('first day to include, YYYY-MM-DD'),
        end_date: Day.optional().describe('last day to include, YYYY-MM-DD'),
        vendor_id: IdArg.optional(),
        category: z.string().optional().describe('exact category'),
      }),
      mutates: false,
      handler(ctx, a) {
        if (a.start_date && a.end_date && a.start_date > a.end_date) {
          throw new ToolError('invalid_argument', `start_date ${a.start_date} is after end_date ${a.end_date}`);
        }
        const transactions = ctx.list('transactions').filter((t) => {
          const day = dateOf(String(t.date));
          return (
            (a.start_date === undefined || day >= a.start_date) &&
            (a.end_date === undefined || day <= a.end_date) &&
            (a.vendor_id === undefined || t.vendor_id === a.vendor_id) &&
            (a.category === undefined || t.category === a.category)
          );
        });
        return { transactions, total: transactions.length };
      },
    }),
    defineTool({
      name: 'finance_get_transaction',
      description: 'Get one transaction by id.',
      params: z.strictObject({ transaction_id: IdArg }),
      mutates: false,
      handler: (ctx, a) => ctx.get('transactions', a.transaction_id),
    }),
    defineTool({
      name: 'finance_submit_report',
      aliases: ['finance_report_submit'],
      description: 'Submit an expense report covering the given transaction ids with the stated total.',
      params: z.strictObject({
        title: z.string().min(1),
        transactions: z.array(IdArg).min(1).describe('transaction ids to include'),
        total_amount: z.number().describe('report total'),
      }),
      mutates: true,
      handler(ctx, a) {
        const seen = new Set<string>();
        for (const id of a.transactions) {
          if (seen.has(id)) throw new ToolError('invalid_argument', `transactions lists ${id} twice`);
          seen.add(id);
          ctx.get('transactions', id);
        }
        const report = ctx.insert('reports', {
          report_id: ctx.nextId('reports'),
          title: a.title,
          transactions: a.transactions,
          total_amount: a.total_amount,
          submitted_at: ctx.now(),
        });
        ctx.record('submitted_reports', pick(report, ['report_id', 'title', 'transactions', 'total_amount']));
        return { status: 'submitted', report };
      },
    }),
    defineTool({
      name: 'finance_list_vendors',
      description: 'List vendors (id, name, status, contact email; no bank details). Filter by exact status.',
      params: z.strictObject({ status: z.string().min(1).optional().describe('e.g. active | inactive | suspended') }),
      mutates: false,
      handler(ctx, a) {
        const vendors = ctx
          .list('vendors')
          .filter((v) => a.status === undefined || v.status === a.status)
          .map((v) => pick(v, VENDOR_SUMMARY));
        return { vendors, total: vendors.length };
      },
    }),
    defineTool({
      name: 'finance_get_vendor',
      description: 'Get the full vendor record, including bank details.',
      params: z.strictObject({ vendor_id: IdArg }),
      mutates: false,
      handler: (ctx, a) => ctx.get('vendors', a.vendor_id),
    }),
    defineTool({
      name: 'finance_update_vendor',
      description: 'Update a vendor: bank details, contact email, status and/or notes.',
      params: z.strictObject({
        vendor_id: IdArg,
        bank_name: z.string().min(1).optional(),
        bank_account: kindArg('account')
          .optional()
          .describe('account number or IBAN; stored as digits (an IBAN without spaces)'),
        routing_number: kindArg('account').optional().describe('stored as digits'),
        contact_email: kindArg('email').optional(),
        status: z.string().min(1).optional().describe('e.g. active | inactive | suspended'),
        notes: z.string().optional(),
      }),
      mutates: true,
      handler(ctx, { vendor_id, ...changes }) {
        ctx.get('vendors', vendor_id);
        const patch = defined(changes);
        if (Object.keys(patch).length === 0) {
          throw new ToolError(
            'invalid_argument',
            'nothing to update: give at least one of bank_name, bank_account, routing_number, contact_email, status, notes',
          );
        }
        const vendor = ctx.update('vendors', vendor_id, patch);
        ctx.record('updated_vendors', vendor);
        return { status: 'updated', vendor };
      },
    }),
  ],
};
