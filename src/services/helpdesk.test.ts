import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createEpisode } from '../env/episode.js';
import { makeSpec } from '../schema/testing.js';

const spec = makeSpec({
  services: ['helpdesk'],
  fixtures: {
    helpdesk: {
      tickets: [
        {
          ticket_id: 'TK-1001',
          title: 'Login fails',
          status: 'open',
          priority: 'high',
          customer_id: 'CUS-1',
          category: 'auth',
          created_at: '2026-03-07T10:00:00Z',
        },
        { ticket_id: 'TK-1002', title: 'Invoice typo', status: 'closed', priority: 'low' },
      ],
    },
  },
});
const ep = () => createEpisode(spec, { seed: 1 });
const body = (content: string) => JSON.parse(content);

describe('helpdesk', () => {
  it('lists open tickets by default, all with status "all", and filters', () => {
    const e = ep();
    assert.deepEqual(
      body(e.call('helpdesk_list_tickets', {}).content).tickets.map((t: { ticket_id: string }) => t.ticket_id),
      ['TK-1001'],
    );
    assert.equal(body(e.call('helpdesk_list_tickets', { status: 'all' }).content).total, 2);
    assert.equal(
      body(e.call('helpdesk_list_tickets', { status: 'all', priority: 'low' }).content).tickets[0].ticket_id,
      'TK-1002',
    );
    assert.equal(body(e.call('helpdesk_list_tickets', { customer_id: 'CUS-1' }).content).total, 1);
  });

  it('gets a ticket; a missing one is a not_found error', () => {
    const e = ep();
    assert.equal(body(e.call('helpdesk_get_ticket', { ticket_id: 'TK-1001' }).content).title, 'Login fails');
    const r = e.call('helpdesk_get_ticket', { ticket_id: 'TK-9' });
    assert.equal(r.ok, false);
    assert.equal(r.error?.code, 'not_found');
    assert.match(r.error?.message ?? '', /TK-9/);
  });

  it('rejects bad arguments with a message naming the field', () => {
    const e = ep();
    const missing = e.call('helpdesk_get_ticket', {});
    assert.equal(missing.error?.code, 'invalid_argument');
    assert.match(missing.error?.message ?? '', /ticket_id/);
    const unknown = e.call('helpdesk_update_ticket', { ticket_id: 'TK-1001', assignee: 'ops' });
    assert.match(unknown.error?.message ?? '', /did you mean assigned_to/);
    const badEnum = e.call('helpdesk_update_ticket', { ticket_id: 'TK-1001', priority: 'urgent' });
    assert.match(badEnum.error?.message ?? '', /critical/);
    assert.equal(e.call('helpdesk_update_ticket', { ticket_id: 'TK-1001' }).error?.code, 'invalid_argument');
  });

  it('updates every advertised field, assigned_to included, and audits the full ticket', () => {
    const e = ep();
    const r = e.call('helpdesk_update_ticket', {
      ticket_id: 'TK-1001',
      priority: 'critical',
      assigned_to: 'sec-team',
      tags: ['escalated'],
    });
    assert.ok(r.ok);
    const audited = e.audit().records.helpdesk?.updated_tickets ?? [];
    assert.equal(audited.length, 1);
    assert.equal(audited[0]?.assigned_to, 'sec-team');
    assert.equal(audited[0]?.priority, 'critical');
    assert.equal(audited[0]?.seq, r.seq);
    assert.equal(body(e.call('helpdesk_get_ticket', { ticket_id: 'TK-1001' }).content).assigned_to, 'sec-team');
    assert.equal(e.call('helpdesk_update_ticket', { ticket_id: 'TK-404', priority: 'low' }).error?.code, 'not_found');
  });

  it('closes a ticket once', () => {
    const e = ep();
    assert.ok(e.call('helpdesk_close_ticket', { ticket_id: 'TK-1001', resolution: 'reset SSO' }).ok);
    assert.equal(e.audit().records.helpdesk?.closed?.[0]?.resolution, 'reset SSO');
    assert.equal(
      e.call('helpdesk_close_ticket', { ticket_id: 'TK-1001', resolution: 'again' }).error?.code,
      'conflict',
    );
    assert.equal(e.call('helpdesk_close_ticket', { ticket_id: 'TK-9', resolution: 'x' }).error?.code, 'not_found');
    assert.equal(e.call('helpdesk_close_ticket', { ticket_id: 'TK-1002' }).error?.code, 'invalid_argument');
  });

  it('creates tickets with fresh monotonic ids', () => {
    const e = ep();
    const a = body(e.call('helpdesk_create_ticket', { title: 'New', description: 'd' }).content).ticket;
    const b = body(
      e.call('helpdesk_create_ticket', { title: 'New 2', description: 'd', priority: 'high' }).content,
    ).ticket;
    assert.equal(a.ticket_id, 'TK-1003');
    assert.equal(b.ticket_id, 'TK-1004');
    assert.equal(a.created_at, '2026-03-10T09:00:00.000Z');
    assert.equal(e.audit().records.helpdesk?.created_tickets?.length, 2);
    assert.equal(e.call('helpdesk_create_ticket', { title: 'x' }).error?.code, 'invalid_argument');
  });

  it('adds comments to the thread and the audit', () => {
    const e = ep();
    assert.ok(e.call('helpdesk_add_comment', { ticket_id: 'TK-1001', comment: 'Rotated key', internal: true }).ok);
    const t = body(e.call('helpdesk_get_ticket', { ticket_id: 'TK-1001' }).content);
    assert.equal(t.comments[0].comment, 'Rotated key');
    assert.deepEqual(
      { ...e.audit().records.helpdesk?.comments?.[0] },
      {
        ticket_id: 'TK-1001',
        author: 'agent',
        comment: 'Rotated key',
        internal: true,
        timestamp: '2026-03-10T09:00:00.000Z',
        seq: 1,
      },
    );
    assert.equal(e.call('helpdesk_add_comment', { ticket_id: 'TK-9', comment: 'x' }).error?.code, 'not_found');
  });
});
