import { z } from 'zod';
import { ToolError } from './tool-error.js';
import { defineTool, type ServiceDef } from './types.js';
import { defined, IdArg, kindArg, kinded, mirrorList, pick } from './util.js';

const Customer = z.strictObject({
  customer_id: kinded('id', z.string().min(1).describe('customer id, e.g. CUS-1401')),
  name: z.string().describe('company name'),
  tier: z.string().min(1).describe('account tier, e.g. standard | premium | enterprise | vip'),
  status: z.string().min(1).describe('account status, e.g. active | at_risk | churned | prospect'),
  contact_person: z.string().optional().describe('main contact at the customer'),
  email: kinded('email', z.string().optional().describe("main contact's email")),
  phone: kinded('phone', z.string().optional().describe("main contact's phone")),
  industry: z.string().optional().describe('industry, e.g. retail'),
  annual_revenue: z.number().min(0).optional().describe('annual revenue from this customer'),
  sla: z.string().optional().describe('service level agreement, e.g. "4h response"'),
  last_contact_date: z.string().optional().describe('YYYY-MM-DD of the last contact'),
  contract_end_date: z.string().optional().describe('YYYY-MM-DD the contract ends'),
  account_manager: z.string().optional().describe('internal account manager'),
  account_manager_email: kinded('email', z.string().optional().describe("account manager's email")),
  health_score: z.number().optional().describe('account health score (higher is healthier)'),
  notes: z.string().optional().describe('free-text account notes'),
});

const Export = z.strictObject({
  report_id: kinded('id', z.string().min(1).describe('export id, e.g. EXP-001')),
  title: z.string().optional().describe('report title'),
  customer_ids: kinded('id', z.array(z.string()).optional().describe('customers the report covers')),
  summary: z.string().optional().describe('report summary text'),
  exported_at: z.string().optional().describe('ISO time of the export'),
});

const SUMMARY = ['customer_id', 'name', 'contact_person', 'tier', 'status', 'industry', 'annual_revenue'] as const;
const UPDATABLE =
  'status, tier, notes, contact_person, email, phone, account_manager, account_manager_email, last_contact_date';

export const crm: ServiceDef = {
  name: 'crm',
  description:
    'Customer relationship management: list, read and update customer accounts, and export customer reports.',
  collections: {
    customers: { description: 'customer accounts', id: 'customer_id', label: 'Customer', record: Customer },
    exports: {
      description: 'exported customer reports',
      id: 'report_id',
      refs: { customer_ids: { to: 'crm.customers' } },
      label: 'Export',
      newId: ['EXP-', 3],
      record: Export,
    },
  },
  audit: {
    exported_reports: {
      description: 'each crm_export_report',
      fields: {
        report_id: 'id of the exported report',
        title: 'report title',
        customer_ids: 'customers the report covers',
        summary: 'report summary text',
      },
      kinds: { report_id: 'id', customer_ids: 'id' },
    },
    updated_customers: mirrorList('full customer after each crm_update_customer', Customer),
  },
  tools: [
    defineTool({
      name: 'crm_list_customers',
      description:
        'List customers (summary fields). Filter by exact status ("all" for every status), tier or industry.',
      params: z.strictObject({
        status: z.string().optional().describe('exact status to match, or "all"'),
        tier: z.string().optional().describe('exact tier to match'),
        industry: z.string().optional().describe('exact industry to match'),
      }),
      mutates: false,
      handler(ctx, a) {
        const customers = ctx
          .list('customers')
          .filter(
            (c) =>
              (a.status === undefined || a.status === 'all' || c.status === a.status) &&
              (a.tier === undefined || c.tier === a.tier) &&
              (a.industry === undefined || c.industry === a.industry),
          )
          .map((c) => pick(c, SUMMARY));
        return { customers, total: customers.length };
      },
    }),
    defineTool({
      name: 'crm_get_customer',
      description: 'Get the full customer record (contacts, SLA, contract dates, account manager, notes).',
      params: z.strictObject({ customer_id: IdArg }),
      mutates: false,
      handler: (ctx, a) => ctx.get('customers', a.customer_id),
    }),
    defineTool({
      name: 'crm_export_report',
      description: 'Export a customer report covering the given customers.',
      params: z.strictObject({
        title: z.string().min(1),
        customer_ids: z.array(IdArg).min(1).describe('ids of the customers the report covers'),
        summary: z.string().min(1),
      }),
      mutates: true,
      handler(ctx, a) {
        for (const id of a.customer_ids) ctx.get('customers', id);
        const report = ctx.insert('exports', {
          report_id: ctx.nextId('exports'),
          title: a.title,
          customer_ids: a.customer_ids,
          summary: a.summary,
          exported_at: ctx.now(),
        });
        ctx.record('exported_reports', pick(report, ['report_id', 'title', 'customer_ids', 'summary']));
        return { status: 'exported', report };
      },
    }),
    defineTool({
      name: 'crm_update_customer',
      description: `Update a customer: any of ${UPDATABLE}. Only the given fields change.`,
      params: z.strictObject({
        customer_id: IdArg,
        status: z.string().min(1).optional(),
        tier: z.string().min(1).optional(),
        notes: z.string().optional().describe('replaces the notes ("" clears them)'),
        contact_person: z.string().optional(),
        email: kindArg('email').optional(),
        phone: kindArg('phone').optional(),
        account_manager: z.string().optional(),
        account_manager_email: kindArg('email').optional(),
        last_contact_date: z.iso.date({ error: 'expected a real date YYYY-MM-DD' }).optional().describe('YYYY-MM-DD'),
      }),
      mutates: true,
      handler(ctx, { customer_id, ...changes }) {
        ctx.get('customers', customer_id);
        const patch = defined(changes);
        if (Object.keys(patch).length === 0)
          throw new ToolError('invalid_argument', `nothing to update: give at least one of ${UPDATABLE}`);
        const customer = ctx.update('customers', customer_id, patch);
        ctx.record('updated_customers', customer);
        return { status: 'updated', customer };
      },
    }),
  ],
};
