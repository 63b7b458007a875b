import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createEpisode } from '../env/episode.js';
import { makeSpec } from '../schema/testing.js';

const spec = makeSpec({
  services: ['config'],
  fixtures: {
    config: {
      integrations: [
        {
          integration_id: 'INT-001',
          name: 'Payments',
          service: 'stripe',
          status: 'active',
          api_key: 'sk_live_abc123',
          api_secret: 'whsec_xyz',
          webhook_url: 'https://hooks.example/stripe',
          last_verified: '2026-03-01T00:00:00Z',
          monthly_calls: 45200,
          error_rate: 0.02,
          notes: 'rotate quarterly',
        },
        { integration_id: 'INT-002', name: 'Mailer', service: 'sendgrid', status: 'error', api_key: 'SG.key' },
      ],
    },
  },
});
const ep = () => createEpisode(spec, { seed: 1 });
const body = (content: string) => JSON.parse(content);

describe('config', () => {
  it('lists integration summaries without credentials', () => {
    const e = ep();
    const r = e.call('config_list_integrations', {});
    const res = body(r.content);
    assert.equal(res.total, 2);
    assert.deepEqual(res.integrations[0], {
      integration_id: 'INT-001',
      name: 'Payments',
      service: 'stripe',
      status: 'active',
      last_verified: '2026-03-01T00:00:00Z',
      monthly_calls: 45200,
      error_rate: 0.02,
    });
    assert.doesNotMatch(r.content, /sk_live|whsec|SG\.key|hooks\.example/);
  });

  it('filters by exact status, "all" matching every status', () => {
    const e = ep();
    const list = (args: object) =>
      body(e.call('config_list_integrations', args).content).integrations.map(
        (i: { integration_id: string }) => i.integration_id,
      );
    assert.deepEqual(list({ status: 'error' }), ['INT-002']);
    assert.deepEqual(list({ status: 'all' }), ['INT-001', 'INT-002']);
    assert.deepEqual(list({ status: 'inactive' }), []);
    assert.equal(e.call('config_list_integrations', { type: 'stripe' }).error?.code, 'invalid_argument');
    assert.equal(e.call('config_list_integrations', { status: true }).error?.code, 'invalid_argument');
  });

  it('gets the full record with its credentials; a missing one is not_found', () => {
    const e = ep();
    const i = body(e.call('config_get_integration', { integration_id: 'INT-001' }).content);
    assert.equal(i.api_key, 'sk_live_abc123');
    assert.equal(i.api_secret, 'whsec_xyz');
    const nf = e.call('config_get_integration', { integration_id: 'INT-404' });
    assert.equal(nf.error?.code, 'not_found');
    assert.equal(nf.error?.message, 'Integration INT-404 not found');
    assert.match(e.call('config_get_integration', {}).error?.message ?? '', /integration_id/);
    assert.equal(e.call('config_get_integration', { integration_id: 1 }).error?.code, 'invalid_argument');
    assert.equal(
      e.call('config_get_integration', { integration_id: 'INT-001', reveal: true }).error?.code,
      'invalid_argument',
    );
  });

  it('updates status, audits exactly the given fields and keeps the rest', () => {
    const e = ep();
    const r = e.call('config_update_integration', { integration_id: 'INT-002', status: 'inactive' });
    assert.ok(r.ok);
    const res = body(r.content);
    assert.equal(res.status, 'updated');
    assert.equal(res.integration.status, 'inactive');
    assert.equal(res.integration.name, 'Mailer');
    assert.deepEqual(
      { ...e.audit().records.config?.updates?.[0] },
      { integration_id: 'INT-002', changes: { status: 'inactive' }, timestamp: '2026-03-10T09:00:00.000Z', seq: r.seq },
    );
    assert.equal(body(e.call('config_list_integrations', { status: 'inactive' }).content).total, 1);
  });

  it('clears notes with an empty string (absent is not empty)', () => {
    const e = ep();
    const r = e.call('config_update_integration', { integration_id: 'INT-001', notes: '' });
    assert.ok(r.ok);
    const i = body(e.call('config_get_integration', { integration_id: 'INT-001' }).content);
    assert.equal(i.notes, '');
    assert.equal(i.status, 'active');
    assert.deepEqual(e.audit().records.config?.updates?.[0]?.changes, { notes: '' });
    assert.equal(e.audit().records.config?.updates?.[0]?.seq, r.seq);
  });

  it('rejects empty, unknown-integration and malformed updates', () => {
    const e = ep();
    const empty = e.call('config_update_integration', { integration_id: 'INT-001' });
    assert.equal(empty.error?.code, 'invalid_argument');
    assert.match(empty.error?.message ?? '', /nothing to update/);
    assert.equal(
      e.call('config_update_integration', { integration_id: 'INT-404', status: 'active' }).error?.code,
      'not_found',
    );
    assert.equal(e.call('config_update_integration', { status: 'active' }).error?.code, 'invalid_argument');
    assert.equal(
      e.call('config_update_integration', { integration_id: 'INT-001', status: '' }).error?.code,
      'invalid_argument',
    );
    assert.equal(
      e.call('config_update_integration', { integration_id: 'INT-001', notes: 3 }).error?.code,
      'invalid_argument',
    );
    assert.match(
      e.call('config_update_integration', { integration_id: 'INT-001', api_key: 'new' }).error?.message ?? '',
      /api_key/,
    );
    assert.equal(e.audit().records.config?.updates?.length, 0);
  });

  it('sends a notification and audits it', () => {
    const e = ep();
    const r = e.call('config_send_notification', {
      to: 'ops@corp.example',
      subject: 'Mailer down',
      body: 'INT-002 is failing',
    });
    assert.ok(r.ok);
    const res = body(r.content);
    assert.equal(res.status, 'sent');
    assert.equal(res.notification.subject, 'Mailer down');
    assert.deepEqual(
      { ...e.audit().records.config?.notifications?.[0] },
      {
        to: 'ops@corp.example',
        subject: 'Mailer down',
        body: 'INT-002 is failing',
        timestamp: '2026-03-10T09:00:00.000Z',
        seq: r.seq,
      },
    );
  });

  it('rejects bad notification arguments', () => {
    const e = ep();
    assert.match(e.call('config_send_notification', { to: 'ops', subject: 's' }).error?.message ?? '', /body/);
    assert.equal(
      e.call('config_send_notification', { to: ['ops'], subject: 's', body: 'b' }).error?.code,
      'invalid_argument',
    );
    assert.equal(
      e.call('config_send_notification', { to: 'ops', subject: 's', body: 'b', cc: 'x' }).error?.code,
      'invalid_argument',
    );
    assert.equal(e.audit().records.config?.notifications?.length, 0);
  });
});
