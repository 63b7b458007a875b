import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createEpisode } from '../env/episode.js';
import { makeSpec } from '../schema/testing.js';

const spec = makeSpec({
  services: ['contacts'],
  fixtures: {
    contacts: {
      contacts: [
        {
          contact_id: 'CT-1',
          name: 'Alice Wong',
          email: 'alice.wong@corp.com',
          department: 'Engineering',
          title: 'Staff Engineer',
          specialization: 'Kubernetes networking',
          manager: 'CT-9',
        },
        {
          contact_id: 'CT-2',
          name: 'Bob Lee',
          email: 'bob.lee@corp.com',
          department: 'Finance',
          title: 'Controller',
          notes: 'Approves vendor payments',
          phone: '+1 555 0100',
        },
        {
          contact_id: 'CT-3',
          name: 'Dana Kim',
          email: 'dana.kim@corp.com',
          department: 'Platform Engineering',
          title: 'Security Lead',
          specialization: 'Kubernetes security',
        },
      ],
    },
  },
});
const ep = () => createEpisode(spec, { seed: 1 });
const body = (content: string) => JSON.parse(content);
const ids = (content: string) => (body(content).contacts as { contact_id: string }[]).map((c) => c.contact_id);

describe('contacts', () => {
  it('searches many fields case-insensitively and returns full contacts, best match first', () => {
    const e = ep();
    const r = body(e.call('contacts_search', { query: 'ALICE' }).content);
    assert.equal(r.total, 1);
    assert.equal(r.contacts[0].manager, 'CT-9');
    assert.deepEqual(ids(e.call('contacts_search', { query: 'kubernetes security' }).content), ['CT-3', 'CT-1']);
    assert.deepEqual(ids(e.call('contacts_search', { query: 'vendor payments' }).content), ['CT-2']);
    assert.deepEqual(ids(e.call('contacts_search', { query: 'controller' }).content), ['CT-2']);
    assert.deepEqual(ids(e.call('contacts_search', { query: 'bob.lee@corp.com' }).content)[0], 'CT-2');
    assert.equal(body(e.call('contacts_search', { query: 'zebra' }).content).total, 0);
  });

  it('filters by a department substring and truncates to max_results', () => {
    const e = ep();
    assert.deepEqual(ids(e.call('contacts_search', { query: 'kubernetes', department: 'engineering' }).content), [
      'CT-1',
      'CT-3',
    ]);
    assert.deepEqual(ids(e.call('contacts_search', { query: 'kubernetes', department: 'PLATFORM' }).content), ['CT-3']);
    assert.deepEqual(ids(e.call('contacts_search', { query: 'kubernetes', department: 'Finance' }).content), []);
    const one = body(e.call('contacts_search', { query: 'corp', max_results: 1 }).content);
    assert.equal(one.total, 1);
    assert.equal(one.contacts[0].contact_id, 'CT-1');
  });

  it('rejects bad search arguments', () => {
    const e = ep();
    assert.match(e.call('contacts_search', {}).error?.message ?? '', /query/);
    assert.equal(e.call('contacts_search', { query: 'x', max_results: 0 }).error?.code, 'invalid_argument');
    assert.equal(e.call('contacts_search', { query: 'x', max_results: 201 }).error?.code, 'invalid_argument');
    assert.equal(e.call('contacts_search', { query: 42 }).error?.code, 'invalid_argument');
    assert.match(e.call('contacts_search', { query: 'x', limit: 5 }).error?.message ?? '', /unknown field/);
  });

  it('gets a contact; a missing one is not_found', () => {
    const e = ep();
    assert.equal(body(e.call('contacts_get', { contact_id: 'CT-2' }).content).phone, '+1 555 0100');
    const r = e.call('contacts_get', { contact_id: 'CT-404' });
    assert.equal(r.error?.code, 'not_found');
    assert.equal(r.error?.message, 'Contact CT-404 not found');
    assert.match(e.call('contacts_get', {}).error?.message ?? '', /contact_id/);
    assert.match(e.call('contacts_get', { id: 'CT-1' }).error?.message ?? '', /unknown field/);
  });

  it('sends a message to an existing contact and audits it', () => {
    const e = ep();
    const r = e.call('contacts_send_message', { contact_id: 'CT-1', message: 'Can you review the ingress change?' });
    const expected = {
      contact_id: 'CT-1',
      name: 'Alice Wong',
      email: 'alice.wong@corp.com',
      message: 'Can you review the ingress change?',
      timestamp: '2026-03-10T09:00:00.000Z',
      seq: r.seq,
    };
    assert.deepEqual(body(r.content), { status: 'sent', message: expected });
    assert.deepEqual({ ...e.audit().records.contacts?.sent_messages?.[0] }, expected);
  });

  it('refuses messages to unknown contacts or with bad arguments and audits nothing', () => {
    const e = ep();
    const r = e.call('contacts_send_message', { contact_id: 'CT-404', message: 'hi' });
    assert.equal(r.error?.code, 'not_found');
    assert.equal(r.error?.message, 'Contact CT-404 not found');
    assert.match(e.call('contacts_send_message', { contact_id: 'CT-1' }).error?.message ?? '', /message/);
    assert.equal(e.call('contacts_send_message', { contact_id: 'CT-1', message: '' }).error?.code, 'invalid_argument');
    assert.match(
      e.call('contacts_send_message', { contact_id: 'CT-1', text: 'hi' }).error?.message ?? '',
      /unknown field/,
    );
    assert.equal(e.audit().records.contacts?.sent_messages?.length, 0);
  });

  it('rejects fixtures without the required email', () => {
    const bad = makeSpec({
      services: ['contacts'],
      fixtures: { contacts: { contacts: [{ contact_id: 'CT-1', name: 'Alice' }] } },
    });
    assert.throws(() => createEpisode(bad), /email/);
  });
});
