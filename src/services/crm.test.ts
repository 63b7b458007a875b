import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createEpisode } from '../env/episode.js';
import { makeSpec } from '../schema/testing.js';

const spec = makeSpec({
  services: ['crm'],
  fixtures: {
    crm: {
      customers: [
        {
          customer_id: 'CUS-001',
          name: 'Northwind',
          tier: 'vip',
          status: 'active',
          contact_person: 'Ana Ruiz',
          email: 'ana@northwind.example',
          industry: 'retail',
          annual_revenue: 1200000,
          sla: '4h response',
          notes: 'renewal due',
        },
        {
          customer_id: 'CUS-002',
          name: 'Globex',
          tier: 'standard',
          status: 'at_risk',
          industry: 'manufacturing',
          annual_revenue: 300000,
        },
        { customer_id: 'CUS-003', name: 'Initech', tier: 'vip', status: 'churned', industry: 'retail' },
      ],
    },
  },
});
const ep = () => createEpisode(spec, { seed: 1 });
const body = (content: string) => JSON.parse(content);
const ids = (rows: { customer_id: string }[]) => rows.map((r) => r.customer_id);

describe('crm', () => {
  it('lists customer summaries without private fields', () => {
    const e = ep();
    const r = body(e.call('crm_list_customers', {}).content);
    assert.equal(r.total, 3);
    assert.deepEqual(r.customers[0], {
      customer_id: 'CUS-001',
      name: 'Northwind',
      contact_person: 'Ana Ruiz',
      tier: 'vip',
      status: 'active',
      industry: 'retail',
      annual_revenue: 1200000,
    });
  });

  it('filters by exact status ("all" matches every status), tier and industry', () => {
    const e = ep();
    const list = (args: object) => ids(body(e.call('crm_list_customers', args).content).customers);
    assert.deepEqual(list({ status: 'at_risk' }), ['CUS-002']);
    assert.deepEqual(list({ status: 'all' }), ['CUS-001', 'CUS-002', 'CUS-003']);
    assert.deepEqual(list({ tier: 'vip' }), ['CUS-001', 'CUS-003']);
    assert.deepEqual(list({ tier: 'vip', industry: 'retail', status: 'churned' }), ['CUS-003']);
    assert.deepEqual(list({ tier: 'VIP' }), []);
  });

  it('rejects bad list arguments', () => {
    const e = ep();
    const r = e.call('crm_list_customers', { region: 'emea' });
    assert.equal(r.error?.code, 'invalid_argument');
    assert.match(r.error?.message ?? '', /region/);
    assert.equal(e.call('crm_list_customers', { tier: 1 }).error?.code, 'invalid_argument');
  });

  it('gets the full customer; a missing one is not_found; bad arguments are rejected', () => {
    const e = ep();
    const c = body(e.call('crm_get_customer', { customer_id: 'CUS-001' }).content);
    assert.equal(c.sla, '4h response');
    assert.equal(c.email, 'ana@northwind.example');
    const nf = e.call('crm_get_customer', { customer_id: 'CUS-404' });
    assert.equal(nf.error?.code, 'not_found');
    assert.equal(nf.error?.message, 'Customer CUS-404 not found');
    assert.match(e.call('crm_get_customer', {}).error?.message ?? '', /customer_id/);
    assert.equal(e.call('crm_get_customer', { customer_id: ['CUS-001'] }).error?.code, 'invalid_argument');
    assert.equal(e.call('crm_get_customer', { customer_id: 'CUS-001', id: 'x' }).error?.code, 'invalid_argument');
  });

  it('exports a report, stores it and audits it', () => {
    const e = ep();
    const r = e.call('crm_export_report', {
      title: 'VIP review',
      customer_ids: ['CUS-001', 'CUS-003'],
      summary: 'two VIP accounts',
    });
    assert.ok(r.ok);
    const res = body(r.content);
    assert.equal(res.status, 'exported');
    assert.deepEqual(res.report, {
      report_id: 'EXP-001',
      title: 'VIP review',
      customer_ids: ['CUS-001', 'CUS-003'],
      summary: 'two VIP accounts',
      exported_at: '2026-03-10T09:00:00.000Z',
    });
    assert.deepEqual(
      { ...e.audit().records.crm?.exported_reports?.[0] },
      {
        report_id: 'EXP-001',
        title: 'VIP review',
        customer_ids: ['CUS-001', 'CUS-003'],
        summary: 'two VIP accounts',
        timestamp: '2026-03-10T09:00:00.000Z',
        seq: r.seq,
      },
    );
    const second = body(e.call('crm_export_report', { title: 't', customer_ids: ['CUS-002'], summary: 's' }).content);
    assert.equal(second.report.report_id, 'EXP-002');
  });

  it('refuses an export naming an unknown customer, and bad export arguments', () => {
    const e = ep();
    const nf = e.call('crm_export_report', { title: 't', customer_ids: ['CUS-001', 'CUS-404'], summary: 's' });
    assert.equal(nf.error?.code, 'not_found');
    assert.equal(nf.error?.message, 'Customer CUS-404 not found');
    assert.equal(
      e.call('crm_export_report', { title: 't', customer_ids: [], summary: 's' }).error?.code,
      'invalid_argument',
    );
    assert.equal(
      e.call('crm_export_report', { title: 't', customer_ids: 'CUS-001', summary: 's' }).error?.code,
      'invalid_argument',
    );
    assert.match(
      e.call('crm_export_report', { title: 't', customer_ids: ['CUS-001'] }).error?.message ?? '',
      /summary/,
    );
    assert.equal(
      e.call('crm_export_report', { title: 't', customer_ids: ['CUS-001'], summary: 's', format: 'csv' }).error?.code,
      'invalid_argument',
    );
    assert.equal(e.audit().records.crm?.exported_reports?.length, 0);
  });

  it('updates only the given fields and audits the full customer', () => {
    const e = ep();
    const r = e.call('crm_update_customer', {
      customer_id: 'CUS-001',
      status: 'at_risk',
      account_manager_email: 'kim@corp.example',
      last_contact_date: '2026-03-09',
    });
    assert.ok(r.ok);
    const res = body(r.content);
    assert.equal(res.status, 'updated');
    assert.equal(res.customer.status, 'at_risk');
    assert.equal(res.customer.notes, 'renewal due');
    const audited = e.audit().records.crm?.updated_customers ?? [];
    assert.equal(audited.length, 1);
    assert.equal(audited[0]?.customer_id, 'CUS-001');
    assert.equal(audited[0]?.name, 'Northwind');
    assert.equal(audited[0]?.account_manager_email, 'kim@corp.example');
    assert.equal(audited[0]?.last_contact_date, '2026-03-09');
    assert.equal(audited[0]?.seq, r.seq);
    assert.equal(body(e.call('crm_get_customer', { customer_id: 'CUS-001' }).content).status, 'at_risk');
    assert.ok(e.call('crm_update_customer', { customer_id: 'CUS-001', notes: '' }).ok);
    assert.equal(body(e.call('crm_get_customer', { customer_id: 'CUS-001' }).content).notes, '');
  });

  it('rejects empty, unknown-customer and malformed updates', () => {
    const e = ep();
    const empty = e.call('crm_update_customer', { customer_id: 'CUS-001' });
    assert.equal(empty.error?.code, 'invalid_argument');
    assert.match(empty.error?.message ?? '', /nothing to update/);
    assert.equal(e.call('crm_update_customer', { customer_id: 'CUS-404', status: 'active' }).error?.code, 'not_found');
    assert.equal(e.call('crm_update_customer', { status: 'active' }).error?.code, 'invalid_argument');
    assert.equal(e.call('crm_update_customer', { customer_id: 'CUS-001', status: 5 }).error?.code, 'invalid_argument');
    assert.match(
      e.call('crm_update_customer', { customer_id: 'CUS-001', email: 'not-an-email' }).error?.message ?? '',
      /email: "not-an-email" is not an e-mail address/,
    );
    assert.match(
      e.call('crm_update_customer', { customer_id: 'CUS-001', last_contact_date: '03/09/2026' }).error?.message ?? '',
      /YYYY-MM-DD/,
    );
    assert.equal(
      e.call('crm_update_customer', { customer_id: 'CUS-001', last_contact_date: '2026-02-30' }).error?.code,
      'invalid_argument',
    );
    assert.equal(e.call('crm_update_customer', { customer_id: 'CUS-001', tier: '' }).error?.code, 'invalid_argument');
    assert.match(
      e.call('crm_update_customer', { customer_id: 'CUS-001', industry: 'tech' }).error?.message ?? '',
      /industry/,
    );
    assert.equal(e.audit().records.crm?.updated_customers?.length, 0);
  });
});
