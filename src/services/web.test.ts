import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createEpisode } from '../env/episode.js';
import { makeSpec } from '../schema/testing.js';

const spec = makeSpec({
  services: ['web'],
  fixtures: {
    web: {
      results: [
        {
          url: 'https://news.example/rates',
          title: 'Central bank holds rates',
          snippet: 'Rates unchanged in March.',
          source: 'News',
          published_at: '2026-03-05',
          keywords: ['interest', 'rates', 'bank'],
        },
        { url: 'https://blog.example/ai', title: 'AI agents in 2026', keywords: ['ai', 'agents'] },
        {
          url: 'https://wiki.example/bank',
          title: 'Bank',
          snippet: 'A bank is a financial institution.',
          keywords: ['bank'],
        },
        { url: 'https://cn.example/pay', title: '人工智能 发展', keywords: ['人工智能'] },
      ],
      pages: [
        {
          url: 'https://news.example/rates',
          title: 'Central bank holds rates',
          content: 'The central bank held rates at 4%.',
        },
        { url: 'https://docs.example/', title: 'Docs home', content: 'Welcome', content_type: 'text/plain' },
        { url: 'https://down.example/status', status_code: 503, error: 'Service Unavailable', content: null },
        { url: 'https://gone.example/x', status_code: 410 },
      ],
    },
  },
});
const ep = () => createEpisode(spec, { seed: 1 });
const body = (content: string) => JSON.parse(content);
const urls = (rows: { url: string }[]) => rows.map((r) => r.url);

describe('web', () => {
  it('ranks results by token overlap over keywords, title and snippet', () => {
    const e = ep();
    const r = body(e.call('web_search', { query: 'bank interest rates' }).content);
    assert.deepEqual(urls(r.results), ['https://news.example/rates', 'https://wiki.example/bank']);
    assert.equal(r.total, 2);
    assert.equal(r.query, 'bank interest rates');
    assert.deepEqual(r.results[0], {
      url: 'https://news.example/rates',
      title: 'Central bank holds rates',
      snippet: 'Rates unchanged in March.',
      source: 'News',
      published_at: '2026-03-05',
    });
    assert.deepEqual(urls(body(e.call('web_search', { query: '人工智能的发展' }).content).results), [
      'https://cn.example/pay',
    ]);
    assert.deepEqual(body(e.call('web_search', { query: 'quantum' }).content), {
      results: [],
      total: 0,
      query: 'quantum',
    });
  });

  it('truncates to max_results and rejects bad search arguments', () => {
    const e = ep();
    const r = body(e.call('web_search', { query: 'bank', max_results: 1 }).content);
    assert.deepEqual(urls(r.results), ['https://news.example/rates']);
    assert.equal(r.total, 1);
    assert.match(e.call('web_search', {}).error?.message ?? '', /query/);
    assert.equal(e.call('web_search', { query: 'bank', max_results: 0 }).error?.code, 'invalid_argument');
    assert.equal(e.call('web_search', { query: 'bank', max_results: 51 }).error?.code, 'invalid_argument');
    assert.equal(e.call('web_search', { query: 42 }).error?.code, 'invalid_argument');
    assert.equal(e.call('web_search', { query: 'bank', num_results: 3 }).error?.code, 'invalid_argument');
  });

  it('fetches a page by exact URL, ignoring one trailing slash', () => {
    const e = ep();
    assert.deepEqual(body(e.call('web_fetch', { url: 'https://news.example/rates' }).content), {
      status_code: 200,
      url: 'https://news.example/rates',
      title: 'Central bank holds rates',
      content: 'The central bank held rates at 4%.',
      content_type: 'text/html',
    });
    assert.equal(
      body(e.call('web_fetch', { url: 'https://news.example/rates/' }).content).title,
      'Central bank holds rates',
    );
    const docs = body(e.call('web_fetch', { url: 'https://docs.example', timeout_seconds: 5 }).content);
    assert.equal(docs.content_type, 'text/plain');
    assert.equal(docs.url, 'https://docs.example/');
    assert.equal(e.call('web_fetch', { url: 'https://news.example/rates//' }).error?.code, 'not_found');
    assert.equal(e.call('web_fetch', { url: 'https://NEWS.example/rates' }).error?.code, 'not_found');
  });

  it('turns failing pages into http_error and unknown URLs into not_found with a status code', () => {
    const e = ep();
    const down = e.call('web_fetch', { url: 'https://down.example/status' });
    assert.equal(down.ok, false);
    assert.deepEqual(down.error, {
      code: 'http_error',
      message: 'HTTP 503 for https://down.example/status: Service Unavailable',
      status_code: 503,
    });
    assert.deepEqual(e.call('web_fetch', { url: 'https://gone.example/x' }).error, {
      code: 'http_error',
      message: 'HTTP 410 for https://gone.example/x',
      status_code: 410,
    });
    const nf = e.call('web_fetch', { url: 'https://nowhere.example/' });
    assert.deepEqual(nf.error, {
      code: 'not_found',
      message: 'Page https://nowhere.example/ not found',
      status_code: 404,
    });
  });

  it('rejects bad fetch arguments', () => {
    const e = ep();
    assert.match(e.call('web_fetch', {}).error?.message ?? '', /url/);
    assert.equal(e.call('web_fetch', { url: ['https://news.example/rates'] }).error?.code, 'invalid_argument');
    assert.equal(
      e.call('web_fetch', { url: 'https://news.example/rates', timeout_seconds: 0 }).error?.code,
      'invalid_argument',
    );
    assert.equal(
      e.call('web_fetch', { url: 'https://news.example/rates', timeout_seconds: 301 }).error?.code,
      'invalid_argument',
    );
    assert.equal(
      e.call('web_fetch', { url: 'https://news.example/rates', method: 'GET' }).error?.code,
      'invalid_argument',
    );
  });

  it('sends a notification and audits it', () => {
    const e = ep();
    const r = e.call('send_notification', { channel: 'slack', message: 'Rates unchanged', recipients: ['#finance'] });
    assert.ok(r.ok);
    const res = body(r.content);
    assert.equal(res.status, 'sent');
    assert.equal(res.notification.channel, 'slack');
    assert.deepEqual(
      { ...e.audit().records.web?.notifications?.[0] },
      {
        channel: 'slack',
        message: 'Rates unchanged',
        recipients: ['#finance'],
        timestamp: '2026-03-10T09:00:00.000Z',
        seq: r.seq,
      },
    );
    const d = e.call('send_notification', { channel: 'email', message: 'hi' });
    assert.deepEqual(e.audit().records.web?.notifications?.[1]?.recipients, []);
    assert.equal(e.audit().records.web?.notifications?.[1]?.seq, d.seq);
  });

  it('rejects bad notification arguments', () => {
    const e = ep();
    assert.match(e.call('send_notification', { channel: 'slack' }).error?.message ?? '', /message/);
    assert.equal(
      e.call('send_notification', { channel: 'slack', message: 'm', recipients: 'ana' }).error?.code,
      'invalid_argument',
    );
    assert.equal(
      e.call('send_notification', { channel: 'slack', message: 'm', priority: 'high' }).error?.code,
      'invalid_argument',
    );
    assert.equal(e.audit().records.web?.notifications?.length, 0);
  });

  it('sends a report as a "report" notification', () => {
    const e = ep();
    const r = e.call('send_report', { recipient: 'cfo@corp.example', subject: 'Rates', body: 'Rates held at 4%.' });
    assert.ok(r.ok);
    const res = body(r.content);
    assert.equal(res.status, 'sent');
    assert.equal(res.report.subject, 'Rates');
    assert.deepEqual(
      { ...e.audit().records.web?.notifications?.[0] },
      {
        channel: 'report',
        message: 'Rates held at 4%.',
        subject: 'Rates',
        recipients: ['cfo@corp.example'],
        timestamp: '2026-03-10T09:00:00.000Z',
        seq: r.seq,
      },
    );
  });

  it('rejects bad report arguments', () => {
    const e = ep();
    assert.match(
      e.call('send_report', { recipient: 'cfo@corp.example', subject: 'Rates' }).error?.message ?? '',
      /body/,
    );
    assert.equal(
      e.call('send_report', { recipient: ['cfo@corp.example'], subject: 's', body: 'b' }).error?.code,
      'invalid_argument',
    );
    assert.match(e.call('send_report', { channel: 'email', message: 'm' }).error?.message ?? '', /unknown field/);
    assert.equal(e.audit().records.web?.notifications?.length, 0);
  });
});
