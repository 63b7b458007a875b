import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createEpisode } from '../env/episode.js';
import { makeSpec } from '../schema/testing.js';

const spec = makeSpec({
  services: ['finance'],
  fixtures: {
    finance: {
      transactions: [
        {
          transaction_id: 'txn_001',
          date: '2026-02-20',
          amount: 328.0,
          currency: 'CNY',
          merchant: 'Didi',
          category: 'travel',
        },
        {
          transaction_id: 'txn_002',
          date: '2026-02-25',
          amount: 1200,
          merchant: 'Acme Supplies',
          vendor_id: 'VEN-001',
          category: 'supplies',
          account: 'ACCT-111',
        },
        { transaction_id: 'txn_003', date: '2026-03-01T14:30:00Z', amount: 45.5, merchant: 'Cafe', category: 'meals' },
        { transaction_id: 'txn_004', date: '2026-03-05', amount: 980, vendor_id: 'VEN-001', status: 'pending' },
      ],
      vendors: [
        {
          vendor_id: 'VEN-001',
          name: 'Acme Supplies',
          bank_account: '111-222',
          bank_name: 'First Bank',
          routing_number: '021000021',
          contact_email: 'billing@acme.test',
        },
        { vendor_id: 'VEN-002', name: 'Old Print Co', bank_account: '999-000', status: 'inactive' },
      ],
    },
  },
});
const ep = () => createEpisode(spec, { seed: 1 });
const body = (content: string) => JSON.parse(content);
const ids = (rows: { transaction_id: string }[]) => rows.map((t) => t.transaction_id);

describe('finance', () => {
  it('lists all transactions (full records, defaults applied) and filters by inclusive date range, vendor and category', () => {
    const e = ep();
    const all = body(e.call('finance_list_transactions', {}).content);
    assert.equal(all.total, 4);
    assert.equal(all.transactions[1].currency, 'USD');
    assert.equal(all.transactions[1].account, 'ACCT-111');
    assert.equal(all.transactions[3].category, '');
    const range = body(
      e.call('finance_list_transactions', { start_date: '2026-02-25', end_date: '2026-03-01' }).content,
    );
    // both ends inclusive, also for a date-time on the end day
    assert.deepEqual(ids(range.transactions), ['txn_002', 'txn_003']);
    assert.equal(range.total, 2);
    assert.deepEqual(
      ids(body(e.call('finance_list_transactions', { start_date: '2026-03-01' }).content).transactions),
      ['txn_003', 'txn_004'],
    );
    assert.deepEqual(ids(body(e.call('finance_list_transactions', { end_date: '2026-02-20' }).content).transactions), [
      'txn_001',
    ]);
    assert.deepEqual(ids(body(e.call('finance_list_transactions', { vendor_id: 'VEN-001' }).content).transactions), [
      'txn_002',
      'txn_004',
    ]);
    assert.deepEqual(ids(body(e.call('finance_list_transactions', { category: 'meals' }).content).transactions), [
      'txn_003',
    ]);
  });

  it('rejects bad list arguments', () => {
    const e = ep();
    assert.match(e.call('finance_list_transactions', { start_date: '20/02/2026' }).error?.message ?? '', /YYYY-MM-DD/);
    assert.equal(e.call('finance_list_transactions', { end_date: '2026-02-31' }).error?.code, 'invalid_argument');
    const reversed = e.call('finance_list_transactions', { start_date: '2026-03-05', end_date: '2026-03-01' });
    assert.equal(reversed.error?.code, 'invalid_argument');
    assert.match(reversed.error?.message ?? '', /after end_date/);
    assert.equal(e.call('finance_list_transactions', { start_date: 20260220 }).error?.code, 'invalid_argument');
    assert.match(
      e.call('finance_list_transactions', { from_date: '2026-02-01' }).error?.message ?? '',
      /unknown field/,
    );
  });

  it('gets a transaction; a missing one is not_found', () => {
    const e = ep();
    assert.equal(body(e.call('finance_get_transaction', { transaction_id: 'txn_001' }).content).amount, 328);
    const r = e.call('finance_get_transaction', { transaction_id: 'txn_999' });
    assert.equal(r.error?.code, 'not_found');
    assert.equal(r.error?.message, 'Transaction txn_999 not found');
    assert.match(e.call('finance_get_transaction', {}).error?.message ?? '', /transaction_id/);
    assert.equal(e.call('finance_get_transaction', { transaction_id: 1 }).error?.code, 'invalid_argument');
    assert.equal(
      e.call('finance_get_transaction', { transaction_id: 'txn_001', id: 'x' }).error?.code,
      'invalid_argument',
    );
  });

  it('submits a report with a fresh id and audits it (also through the alias)', () => {
    const e = ep();
    const r = e.call('finance_submit_report', {
      title: 'Feb expenses',
      transactions: ['txn_001', 'txn_002'],
      total_amount: 1528,
    });
    assert.ok(r.ok);
    const { status, report } = body(r.content);
    assert.equal(status, 'submitted');
    assert.deepEqual(report, {
      report_id: 'RPT-001',
      title: 'Feb expenses',
      transactions: ['txn_001', 'txn_002'],
      total_amount: 1528,
      submitted_at: '2026-03-10T09:00:00.000Z',
    });
    const audited = e.audit().records.finance?.submitted_reports ?? [];
    assert.deepEqual(
      { ...audited[0] },
      {
        report_id: 'RPT-001',
        title: 'Feb expenses',
        transactions: ['txn_001', 'txn_002'],
        total_amount: 1528,
        timestamp: '2026-03-10T09:00:00.000Z',
        seq: r.seq,
      },
    );
    const alias = e.call('finance_report_submit', { title: 'Meals', transactions: ['txn_003'], total_amount: 45.5 });
    assert.equal(body(alias.content).report.report_id, 'RPT-002');
    assert.equal(e.audit().records.finance?.submitted_reports?.[1]?.seq, alias.seq);
    assert.equal(e.audit().calls.at(-1)?.called_as, 'finance_report_submit');
  });

  it('rejects reports with unknown, duplicate or missing transactions and bad arguments', () => {
    const e = ep();
    const missing = e.call('finance_submit_report', {
      title: 'X',
      transactions: ['txn_001', 'txn_404'],
      total_amount: 1,
    });
    assert.equal(missing.error?.code, 'not_found');
    assert.equal(missing.error?.message, 'Transaction txn_404 not found');
    const dup = e.call('finance_submit_report', { title: 'X', transactions: ['txn_001', 'txn_001'], total_amount: 1 });
    assert.equal(dup.error?.code, 'invalid_argument');
    assert.match(dup.error?.message ?? '', /twice/);
    assert.equal(
      e.call('finance_submit_report', { title: 'X', transactions: [], total_amount: 0 }).error?.code,
      'invalid_argument',
    );
    assert.match(
      e.call('finance_submit_report', { title: 'X', transactions: ['txn_001'] }).error?.message ?? '',
      /total_amount/,
    );
    assert.equal(
      e.call('finance_submit_report', { title: 'X', transactions: ['txn_001'], total_amount: '328' }).error?.code,
      'invalid_argument',
    );
    // the peer's drifted schema: content/report_type are not arguments
    assert.match(
      e.call('finance_report_submit', { title: 'X', transactions: ['txn_001'], total_amount: 1, content: 'c' }).error
        ?.message ?? '',
      /unknown field/,
    );
    assert.equal(e.audit().records.finance?.submitted_reports?.length, 0);
  });

  it('lists vendors without bank details, filters by status', () => {
    const e = ep();
    const all = body(e.call('finance_list_vendors', {}).content);
    assert.equal(all.total, 2);
    assert.deepEqual(all.vendors[0], {
      vendor_id: 'VEN-001',
      name: 'Acme Supplies',
      status: 'active',
      contact_email: 'billing@acme.test',
    });
    assert.deepEqual(all.vendors[1], { vendor_id: 'VEN-002', name: 'Old Print Co', status: 'inactive' });
    assert.deepEqual(
      body(e.call('finance_list_vendors', { status: 'inactive' }).content).vendors.map(
        (v: { vendor_id: string }) => v.vendor_id,
      ),
      ['VEN-002'],
    );
    assert.equal(e.call('finance_list_vendors', { status: 1 }).error?.code, 'invalid_argument');
    assert.equal(e.call('finance_list_vendors', { name: 'Acme' }).error?.code, 'invalid_argument');
  });

  it('gets a full vendor; a missing one is not_found', () => {
    const e = ep();
    const v = body(e.call('finance_get_vendor', { vendor_id: 'VEN-001' }).content);
    assert.equal(v.bank_account, '111-222');
    assert.equal(v.routing_number, '021000021');
    assert.equal(e.call('finance_get_vendor', { vendor_id: 'VEN-9' }).error?.message, 'Vendor VEN-9 not found');
    assert.equal(e.call('finance_get_vendor', {}).error?.code, 'invalid_argument');
    assert.equal(e.call('finance_get_vendor', { vendor_id: 'VEN-001', full: true }).error?.code, 'invalid_argument');
  });

  it('updates a vendor and audits the full vendor after the change', () => {
    const e = ep();
    const r = e.call('finance_update_vendor', {
      vendor_id: 'VEN-001',
      bank_account: '333-444',
      bank_name: 'Other Bank',
      notes: 'changed per email',
    });
    assert.ok(r.ok);
    const { status, vendor } = body(r.content);
    assert.equal(status, 'updated');
    assert.deepEqual(vendor, {
      vendor_id: 'VEN-001',
      name: 'Acme Supplies',
      bank_account: '333444',
      bank_name: 'Other Bank',
      routing_number: '021000021',
      contact_email: 'billing@acme.test',
      status: 'active',
      notes: 'changed per email',
    });
    const audited = e.audit().records.finance?.updated_vendors ?? [];
    assert.equal(audited.length, 1);
    assert.deepEqual({ ...audited[0] }, { ...vendor, timestamp: '2026-03-10T09:00:00.000Z', seq: r.seq });
    // stored canonical: the digits of the account, however it was written
    assert.equal(body(e.call('finance_get_vendor', { vendor_id: 'VEN-001' }).content).bank_account, '333444');
    const r2 = e.call('finance_update_vendor', {
      vendor_id: 'VEN-002',
      status: 'active',
      contact_email: 'ap@print.test',
      routing_number: '111000025',
    });
    assert.equal(body(r2.content).vendor.status, 'active');
    assert.equal(e.audit().records.finance?.updated_vendors?.[1]?.seq, r2.seq);
  });

  it('rejects vendor updates of missing vendors, empty updates and bad values', () => {
    const e = ep();
    assert.equal(
      e.call('finance_update_vendor', { vendor_id: 'VEN-404', status: 'inactive' }).error?.code,
      'not_found',
    );
    const empty = e.call('finance_update_vendor', { vendor_id: 'VEN-001' });
    assert.equal(empty.error?.code, 'invalid_argument');
    assert.match(empty.error?.message ?? '', /nothing to update/);
    assert.equal(e.call('finance_update_vendor', { status: 'inactive' }).error?.code, 'invalid_argument');
    assert.equal(
      e.call('finance_update_vendor', { vendor_id: 'VEN-001', bank_account: '' }).error?.code,
      'invalid_argument',
    );
    assert.match(
      e.call('finance_update_vendor', { vendor_id: 'VEN-001', contact_email: 'not-an-email' }).error?.message ?? '',
      /email/,
    );
    assert.match(
      e.call('finance_update_vendor', { vendor_id: 'VEN-001', iban: 'DE00' }).error?.message ?? '',
      /unknown field/,
    );
    assert.equal(e.audit().records.finance?.updated_vendors?.length, 0);
  });

  it('stores bank details canonically and looks ids up cleaned; refuses an account that is not one', () => {
    const e = ep();
    const r = e.call('finance_update_vendor', {
      vendor_id: ' VEN-001\u200b',
      bank_account: '\uff14\uff14\uff11\uff10\u20119921 0073\u200b',
      routing_number: '021-000-021',
      contact_email: 'Billing Team <AP+vendors@Acme.TEST.>',
    });
    assert.ok(r.ok, r.error?.message);
    const v = body(r.content).vendor;
    assert.deepEqual(
      [v.vendor_id, v.bank_account, v.routing_number, v.contact_email],
      ['VEN-001', '441099210073', '021000021', 'ap@acme.test'],
    );
    assert.equal(
      e.audit().calls.at(-1)?.args &&
        (e.audit().calls.at(-1)?.args as { bank_account: string }).bank_account.startsWith('\uff14'),
      true,
      'the raw argument stays in the audit',
    );
    const iban = body(
      e.call('finance_update_vendor', { vendor_id: 'VEN-001', bank_account: 'de89 3704 0044 0532 0130 00' }).content,
    ).vendor;
    assert.equal(iban.bank_account, 'DE89370400440532013000');
    const bad = e.call('finance_update_vendor', { vendor_id: 'VEN-001', bank_account: 'see email' });
    assert.equal(bad.error?.code, 'invalid_argument');
    assert.match(
      bad.error?.message ?? '',
      /bank_account: "see email" is not an account number \(it has no digits\), e\.g\. 4410-9921-0073/,
    );
    assert.equal(e.call('finance_get_transaction', { transaction_id: '\ufefftxn_002 ' }).ok, true);
    assert.equal(
      e.call('finance_submit_report', { title: 't', transactions: ['txn_001', 'txn_001\u200b'], total_amount: 1 }).error
        ?.message,
      'transactions lists txn_001 twice',
    );
  });
});
