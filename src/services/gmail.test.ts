import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createEpisode } from '../env/episode.js';
import { makeSpec } from '../schema/testing.js';

const LONG = `Your invoice INV-77 is overdue. ${'Please arrange payment as soon as possible. '.repeat(5)}`;
const spec = makeSpec({
  services: ['gmail'],
  fixtures: {
    gmail: {
      messages: [
        {
          message_id: 'msg_1',
          from: 'alice@corp.com',
          to: 'me@corp.com',
          subject: 'Quarterly budget review',
          date: '2026-03-09T08:00:00Z',
          body: 'Please review the Q1 budget before Friday.',
          labels: ['INBOX', 'IMPORTANT'],
        },
        {
          message_id: 'msg_2',
          from: 'bob@vendor.com',
          subject: 'Invoice overdue',
          date: '2026-03-01T10:00:00Z',
          body: LONG,
        },
        {
          message_id: 'msg_3',
          from: 'carol@corp.com',
          subject: 'Team lunch',
          date: '2026-03-10T07:30:00+08:00',
          body: 'Lunch on Thursday?',
          is_read: true,
        },
        {
          message_id: 'msg_4',
          from: 'dan@corp.com',
          subject: 'Old budget note',
          date: '2025-12-01',
          body: 'Archived.',
        },
      ],
    },
  },
});
const ep = () => createEpisode(spec, { seed: 1 });
const body = (content: string) => JSON.parse(content);
const ids = (list: { message_id: string }[]) => list.map((m) => m.message_id);

describe('gmail', () => {
  it('lists the last 7 days newest first by default, as summaries with defaults applied', () => {
    const e = ep();
    const r = body(e.call('gmail_list_messages', {}).content);
    assert.deepEqual(ids(r.messages), ['msg_3', 'msg_1']);
    assert.equal(r.total, 2);
    assert.deepEqual(r.messages[1], {
      message_id: 'msg_1',
      from: 'alice@corp.com',
      subject: 'Quarterly budget review',
      date: '2026-03-09T08:00:00Z',
      is_read: false,
      labels: ['INBOX', 'IMPORTANT'],
    });
    assert.equal(r.messages[0].body, undefined);
  });

  it('honours days_back and max_results', () => {
    const e = ep();
    assert.deepEqual(ids(body(e.call('gmail_list_messages', { days_back: 10 }).content).messages), [
      'msg_3',
      'msg_1',
      'msg_2',
    ]);
    assert.deepEqual(ids(body(e.call('gmail_list_messages', { days_back: 3650 }).content).messages), [
      'msg_3',
      'msg_1',
      'msg_2',
      'msg_4',
    ]);
    const one = body(e.call('gmail_list_messages', { days_back: 3650, max_results: 1 }).content);
    assert.deepEqual(ids(one.messages), ['msg_3']);
    assert.equal(one.total, 1);
  });

  it('rejects bad list arguments', () => {
    const e = ep();
    assert.equal(e.call('gmail_list_messages', { days_back: 0 }).error?.code, 'invalid_argument');
    assert.equal(e.call('gmail_list_messages', { days_back: '7' }).error?.code, 'invalid_argument');
    assert.equal(e.call('gmail_list_messages', { max_results: 1.5 }).error?.code, 'invalid_argument');
    assert.match(e.call('gmail_list_messages', { label: 'INBOX' }).error?.message ?? '', /unknown field/);
  });

  it('gets a full message; a missing one is not_found', () => {
    const e = ep();
    assert.equal(
      body(e.call('gmail_get_message', { message_id: 'msg_1' }).content).body,
      'Please review the Q1 budget before Friday.',
    );
    const r = e.call('gmail_get_message', { message_id: 'msg_9' });
    assert.equal(r.error?.code, 'not_found');
    assert.equal(r.error?.message, 'Message msg_9 not found');
    assert.match(e.call('gmail_get_message', {}).error?.message ?? '', /message_id/);
    assert.equal(e.call('gmail_get_message', { message_id: 1 }).error?.code, 'invalid_argument');
  });

  it('searches sender, recipients, subject and body with a 150-character snippet', () => {
    const e = ep();
    const r = body(e.call('gmail_search_messages', { query: 'budget' }).content);
    assert.deepEqual(ids(r.messages), ['msg_1', 'msg_4']);
    assert.equal(r.messages[0].snippet, 'Please review the Q1 budget before Friday.');
    const inv = body(e.call('gmail_search_messages', { query: 'overdue invoice vendor.com' }).content);
    assert.equal(inv.messages[0].message_id, 'msg_2');
    assert.equal(inv.messages[0].snippet, LONG.slice(0, 150));
    assert.deepEqual(
      ids(body(e.call('gmail_search_messages', { query: 'me@corp.com', max_results: 1 }).content).messages),
      ['msg_1'],
    );
    assert.deepEqual(ids(body(e.call('gmail_search_messages', { query: 'Thursday LUNCH' }).content).messages), [
      'msg_3',
    ]);
    assert.equal(body(e.call('gmail_search_messages', { query: 'zebra' }).content).total, 0);
  });

  it('rejects bad search arguments', () => {
    const e = ep();
    assert.equal(e.call('gmail_search_messages', {}).error?.code, 'invalid_argument');
    assert.equal(e.call('gmail_search_messages', { query: 'x', max_results: 101 }).error?.code, 'invalid_argument');
    assert.match(e.call('gmail_search_messages', { q: 'budget' }).error?.message ?? '', /unknown field/);
  });

  it('sends mail to the outbox (not the inbox) and audits it', () => {
    const e = ep();
    const r = e.call('gmail_send_message', {
      to: 'dave@corp.com, erin@corp.com',
      subject: 'Budget',
      body: 'Approved.',
      cc: ['frank@corp.com'],
    });
    assert.ok(r.ok);
    const out = body(r.content);
    assert.equal(out.status, 'sent');
    assert.deepEqual(out.message, {
      message_id: 'sent_001',
      to: 'dave@corp.com, erin@corp.com',
      subject: 'Budget',
      body: 'Approved.',
      cc: ['frank@corp.com'],
      date: '2026-03-10T09:00:00.000Z',
    });
    assert.deepEqual(
      { ...e.audit().records.gmail?.sent_messages?.[0] },
      {
        message_id: 'sent_001',
        to: 'dave@corp.com, erin@corp.com',
        cc: ['frank@corp.com'],
        recipients: ['dave@corp.com', 'erin@corp.com', 'frank@corp.com'],
        subject: 'Budget',
        body: 'Approved.',
        timestamp: '2026-03-10T09:00:00.000Z',
        seq: r.seq,
      },
    );
    const second = body(
      e.call('gmail_send_message', { to: 'gina@corp.com', subject: 'Hi', body: 'x' }).content,
    ).message;
    assert.equal(second.message_id, 'sent_002');
    assert.deepEqual(second.cc, []);
    assert.equal(e.snapshot().gmail?.outbox?.length, 2);
    assert.equal(e.snapshot().gmail?.messages?.length, 4);
  });

  it('rejects sends with bad addresses or arguments and audits nothing', () => {
    const e = ep();
    const bad = e.call('gmail_send_message', { to: 'dave@corp.com, erin', subject: 's', body: 'b' });
    assert.equal(bad.error?.code, 'invalid_argument');
    assert.match(bad.error?.message ?? '', /"erin"/);
    assert.equal(e.call('gmail_send_message', { to: ' , ', subject: 's', body: 'b' }).error?.code, 'invalid_argument');
    assert.equal(
      e.call('gmail_send_message', { to: 'a@b.com', subject: 's', body: 'b', cc: ['nobody'] }).error?.code,
      'invalid_argument',
    );
    assert.match(e.call('gmail_send_message', { to: 'a@b.com', subject: 's' }).error?.message ?? '', /body/);
    assert.equal(
      e.call('gmail_send_message', { to: ['a@b.com'], subject: 's', body: 'b' }).error?.code,
      'invalid_argument',
    );
    assert.match(
      e.call('gmail_send_message', { to: 'a@b.com', subject: 's', body: 'b', bcc: 'c@d.com' }).error?.message ?? '',
      /unknown field/,
    );
    assert.equal(e.audit().records.gmail?.sent_messages?.length, 0);
  });

  it('records bare addresses however the agent wrote them, and every recipient (to and cc) in recipients', () => {
    const e = ep();
    e.call('gmail_send_message', {
      to: 'Dave Li <dave@corp.com>; erin@corp.com',
      subject: 's',
      body: 'b',
      cc: ['Frank <frank@corp.com>'],
    });
    const entry = e.audit().records.gmail?.sent_messages?.[0];
    assert.equal(entry?.to, 'dave@corp.com, erin@corp.com');
    assert.deepEqual(entry?.cc, ['frank@corp.com']);
    assert.deepEqual(entry?.recipients, ['dave@corp.com', 'erin@corp.com', 'frank@corp.com']);
    assert.match(
      e.call('gmail_send_message', { to: 'Dave <dave>', subject: 's', body: 'b' }).error?.message ?? '',
      /to: "Dave <dave>" is not an e-mail address/,
    );
  });

  it('saves drafts, checks the replied-to message and audits them', () => {
    const e = ep();
    const r = e.call('gmail_save_draft', {
      to: 'alice@corp.com',
      subject: 'Re: Quarterly budget review',
      body: 'Looks good.',
      reply_to_message_id: 'msg_1',
    });
    const out = body(r.content);
    assert.equal(out.status, 'draft_saved');
    assert.deepEqual(out.draft, {
      draft_id: 'draft_001',
      to: 'alice@corp.com',
      subject: 'Re: Quarterly budget review',
      body: 'Looks good.',
      reply_to_message_id: 'msg_1',
      date: '2026-03-10T09:00:00.000Z',
    });
    assert.deepEqual(
      { ...e.audit().records.gmail?.drafts?.[0] },
      {
        draft_id: 'draft_001',
        to: 'alice@corp.com',
        recipients: ['alice@corp.com'],
        subject: 'Re: Quarterly budget review',
        body: 'Looks good.',
        reply_to_message_id: 'msg_1',
        timestamp: '2026-03-10T09:00:00.000Z',
        seq: r.seq,
      },
    );
    const plain = e.call('gmail_save_draft', { to: 'bob@vendor.com', subject: 'Payment', body: 'Paying today.' });
    assert.equal(body(plain.content).draft.draft_id, 'draft_002');
    assert.equal(e.audit().records.gmail?.drafts?.[1]?.reply_to_message_id, null);
    const missing = e.call('gmail_save_draft', {
      to: 'x@y.com',
      subject: 's',
      body: 'b',
      reply_to_message_id: 'msg_9',
    });
    assert.equal(missing.error?.code, 'not_found');
    assert.equal(missing.error?.message, 'Message msg_9 not found');
    assert.match(e.call('gmail_save_draft', { subject: 's', body: 'b' }).error?.message ?? '', /to/);
    assert.match(
      e.call('gmail_save_draft', { to: 'x@y.com', subject: 's', body: 'b', in_reply_to: 'msg_1' }).error?.message ?? '',
      /unknown field/,
    );
    assert.equal(e.call('gmail_save_draft', { to: 'x@y.com', subject: 5, body: 'b' }).error?.code, 'invalid_argument');
    assert.equal(e.audit().records.gmail?.drafts?.length, 2);
  });

  it('rejects fixtures with a non-ISO date or unknown field', () => {
    const bad = makeSpec({
      services: ['gmail'],
      fixtures: {
        gmail: { messages: [{ message_id: 'm', from: 'a@b.c', subject: 's', date: 'yesterday', body: 'b' }] },
      },
    });
    assert.throws(() => createEpisode(bad), /date/);
    const extra = makeSpec({
      services: ['gmail'],
      fixtures: {
        gmail: {
          messages: [{ message_id: 'm', from: 'a@b.c', subject: 's', date: '2026-03-01', body: 'b', starred: true }],
        },
      },
    });
    assert.throws(() => createEpisode(extra), /starred/);
  });

  it('records the canonical mailbox of every spelling and refuses what is not an address', () => {
    const e = ep();
    const to =
      '"Park, Lena" <"Lena.Park"+x@ACME.example.>, dana\u200b@acme.example; \uff4f\uff4d\uff41\uff52@acme.example';
    const r = e.call('gmail_send_message', { to, cc: ['mailto:Erin+cc@Corp.com'], subject: 's', body: 'b' });
    assert.ok(r.ok, r.error?.message);
    const entry = e.audit().records.gmail?.sent_messages?.[0];
    assert.deepEqual(entry?.recipients, [
      'lena.park@acme.example',
      'dana@acme.example',
      'omar@acme.example',
      'erin@corp.com',
    ]);
    assert.equal(entry?.to, 'lena.park@acme.example, dana@acme.example, omar@acme.example');
    for (const bad of ['lena.park@acme', 'lena park@acme.example', '@acme.example', ' , ']) {
      const res = e.call('gmail_save_draft', { to: bad, subject: 's', body: 'b' });
      assert.equal(res.error?.code, 'invalid_argument', bad);
      assert.match(res.error?.message ?? '', /^to: /, bad);
    }
    assert.equal(e.audit().records.gmail?.drafts?.length, 0);
  });
});
