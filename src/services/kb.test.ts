import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createEpisode } from '../env/episode.js';
import { makeSpec } from '../schema/testing.js';

const long = `Reset a forgotten VPN password from the self-service portal. ${'Follow each step carefully. '.repeat(8)}`;
const filler = Array.from({ length: 6 }, (_, i) => ({
  article_id: `KB-20${i}`,
  title: `Printer guide ${i}`,
  content: 'How to clear a printer jam.',
  category: 'hardware',
}));

const spec = makeSpec({
  services: ['kb'],
  fixtures: {
    kb: {
      articles: [
        {
          article_id: 'KB-101',
          title: 'VPN password reset',
          content: long,
          category: 'it',
          tags: ['vpn', 'password'],
          last_updated: '2026-01-05',
          views: 120,
          author: 'it-ops',
        },
        {
          article_id: 'KB-102',
          title: 'Expense policy',
          content: 'Meals are reimbursed up to $50 per day.',
          category: 'finance',
          tags: ['expenses'],
        },
        {
          article_id: 'KB-103',
          title: 'VPN setup on macOS',
          content: 'Install the client.',
          category: 'it',
          tags: ['vpn'],
        },
        { article_id: 'KB-104', title: '报销政策', content: '餐费每日上限五十美元。', category: 'finance' },
        ...filler,
      ],
    },
  },
});
const ep = () => createEpisode(spec, { seed: 1 });
const body = (content: string) => JSON.parse(content);
const ids = (rows: { article_id: string }[]) => rows.map((a) => a.article_id);

describe('kb', () => {
  it('searches title, tags and content, best overlap first, with summaries and snippets', () => {
    const e = ep();
    const r = body(e.call('kb_search', { query: 'VPN password' }).content);
    assert.deepEqual(ids(r.articles), ['KB-101', 'KB-103']);
    assert.equal(r.total, 2);
    // a better overlap outranks fixture order
    assert.deepEqual(ids(body(e.call('kb_search', { query: 'vpn macos' }).content).articles), ['KB-103', 'KB-101']);
    const first = r.articles[0];
    assert.deepEqual(Object.keys(first), [
      'article_id',
      'title',
      'category',
      'tags',
      'last_updated',
      'views',
      'snippet',
    ]);
    assert.equal(first.snippet, `${long.slice(0, 150)}...`);
    assert.equal(first.views, 120);
    // short content: no ellipsis; defaults applied
    const expense = body(e.call('kb_search', { query: 'meals reimbursed' }).content).articles[0];
    assert.equal(expense.snippet, 'Meals are reimbursed up to $50 per day.');
    assert.equal(expense.views, 0);
    assert.deepEqual(ids(body(e.call('kb_search', { query: '报销' }).content).articles), ['KB-104']);
    assert.equal(body(e.call('kb_search', { query: 'kubernetes' }).content).total, 0);
  });

  it('filters search by exact category and truncates to max_results (default 5)', () => {
    const e = ep();
    assert.deepEqual(ids(body(e.call('kb_search', { query: 'vpn', category: 'it' }).content).articles), [
      'KB-101',
      'KB-103',
    ]);
    assert.equal(body(e.call('kb_search', { query: 'vpn', category: 'IT' }).content).total, 0);
    assert.equal(body(e.call('kb_search', { query: 'printer' }).content).total, 5);
    assert.equal(body(e.call('kb_search', { query: 'printer', max_results: 6 }).content).total, 6);
    assert.equal(
      body(e.call('kb_search', { query: 'printer', max_results: 1 }).content).articles[0].article_id,
      'KB-200',
    );
  });

  it('rejects bad search arguments', () => {
    const e = ep();
    assert.match(e.call('kb_search', {}).error?.message ?? '', /query/);
    assert.equal(e.call('kb_search', { query: '' }).error?.code, 'invalid_argument');
    assert.equal(e.call('kb_search', { query: 'vpn', max_results: 0 }).error?.code, 'invalid_argument');
    assert.equal(e.call('kb_search', { query: 'vpn', max_results: 51 }).error?.code, 'invalid_argument');
    assert.equal(e.call('kb_search', { query: 'vpn', max_results: 2.5 }).error?.code, 'invalid_argument');
    assert.match(e.call('kb_search', { query: 'vpn', tags: ['x'] }).error?.message ?? '', /unknown field/);
  });

  it('gets the full article; a missing one is not_found', () => {
    const e = ep();
    const a = body(e.call('kb_get_article', { article_id: 'KB-101' }).content);
    assert.equal(a.content, long);
    assert.equal(a.author, 'it-ops');
    const r = e.call('kb_get_article', { article_id: 'KB-999' });
    assert.equal(r.error?.code, 'not_found');
    assert.equal(r.error?.message, 'Article KB-999 not found');
    assert.equal(e.call('kb_get_article', {}).error?.code, 'invalid_argument');
    assert.equal(e.call('kb_get_article', { article_id: 101 }).error?.code, 'invalid_argument');
    assert.equal(e.call('kb_get_article', { id: 'KB-101' }).error?.code, 'invalid_argument');
  });

  it('updates content, stamps last_updated with the mock date and audits the new content', () => {
    const e = ep();
    const r = e.call('kb_update_article', {
      article_id: 'KB-103',
      content: 'Install the client, then sign in with SSO.',
    });
    assert.ok(r.ok);
    const { status, article } = body(r.content);
    assert.equal(status, 'updated');
    assert.equal(article.content, 'Install the client, then sign in with SSO.');
    assert.equal(article.last_updated, '2026-03-10');
    assert.equal(article.title, 'VPN setup on macOS');
    const audited = e.audit().records.kb?.updates ?? [];
    assert.equal(audited.length, 1);
    assert.deepEqual(
      { ...audited[0] },
      {
        article_id: 'KB-103',
        title: 'VPN setup on macOS',
        content: 'Install the client, then sign in with SSO.',
        timestamp: '2026-03-10T09:00:00.000Z',
        seq: r.seq,
      },
    );
    assert.equal(
      body(e.call('kb_get_article', { article_id: 'KB-103' }).content).content,
      'Install the client, then sign in with SSO.',
    );
    assert.deepEqual(ids(body(e.call('kb_search', { query: 'SSO' }).content).articles), ['KB-103']);
  });

  it('rejects updates of missing articles and bad arguments', () => {
    const e = ep();
    assert.equal(e.call('kb_update_article', { article_id: 'KB-999', content: 'x' }).error?.code, 'not_found');
    assert.match(e.call('kb_update_article', { article_id: 'KB-101' }).error?.message ?? '', /content/);
    assert.equal(e.call('kb_update_article', { article_id: 'KB-101', content: '' }).error?.code, 'invalid_argument');
    assert.equal(e.call('kb_update_article', { article_id: 'KB-101', content: 42 }).error?.code, 'invalid_argument');
    assert.match(
      e.call('kb_update_article', { article_id: 'KB-101', content: 'x', title: 'y' }).error?.message ?? '',
      /unknown field/,
    );
    assert.equal(e.audit().records.kb?.updates?.length, 0);
  });
});
