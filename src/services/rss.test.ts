import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createEpisode } from '../env/episode.js';
import { makeSpec } from '../schema/testing.js';

const spec = makeSpec({
  services: ['rss'],
  fixtures: {
    rss: {
      articles: [
        {
          article_id: 'rss_001',
          title: 'New LLM released',
          content: 'Full text 1',
          source: 'TechCrunch AI',
          category: 'ai',
          published_at: '2026-03-09T08:00:00Z',
          summary: 's1',
          word_count: 180,
          relevance_tags: ['llm'],
        },
        {
          article_id: 'rss_002',
          title: 'Zero-day in router',
          content: 'Full text 2',
          source: 'Krebs on Security',
          category: 'security',
          word_count: 420,
        },
        {
          article_id: 'rss_003',
          title: 'Chip export rules',
          content: 'Full text 3',
          source: 'TechCrunch AI',
          category: 'policy',
          url: 'https://example.test/3',
        },
        { article_id: 'rss_004', title: '大模型周报', content: '正文', source: '机器之心', category: 'ai' },
        {
          article_id: 'rss_005',
          title: 'Agents in production',
          content: 'Full text 5',
          source: 'TechCrunch AI',
          category: 'ai',
        },
        { article_id: 'rss_006', title: 'Untitled wire item', content: 'No source' },
      ],
    },
  },
});
const ep = () => createEpisode(spec, { seed: 1 });
const body = (content: string) => JSON.parse(content);
const ids = (rows: { article_id: string }[]) => rows.map((a) => a.article_id);

describe('rss', () => {
  it('derives feeds with slug ids in first-appearance order; a category counts only its articles', () => {
    const e = ep();
    const all = body(e.call('rss_list_feeds', {}).content);
    assert.deepEqual(all.feeds, [
      { feed_id: 'techcrunch-ai', source: 'TechCrunch AI', categories: ['ai', 'policy'], article_count: 3 },
      { feed_id: 'krebs-on-security', source: 'Krebs on Security', categories: ['security'], article_count: 1 },
      { feed_id: '机器之心', source: '机器之心', categories: ['ai'], article_count: 1 },
    ]);
    assert.equal(all.total, 3);
    const ai = body(e.call('rss_list_feeds', { category: 'ai' }).content);
    assert.deepEqual(ai.feeds, [
      { feed_id: 'techcrunch-ai', source: 'TechCrunch AI', categories: ['ai'], article_count: 2 },
      { feed_id: '机器之心', source: '机器之心', categories: ['ai'], article_count: 1 },
    ]);
    assert.equal(body(e.call('rss_list_feeds', { category: 'sports' }).content).total, 0);
    assert.equal(e.call('rss_list_feeds', { category: 5 }).error?.code, 'invalid_argument');
    assert.match(e.call('rss_list_feeds', { feed_name: 'x' }).error?.message ?? '', /unknown field/);
  });

  it('gives clashing slugs distinct feed ids', () => {
    const clash = makeSpec({
      services: ['rss'],
      fixtures: {
        rss: {
          articles: [
            { article_id: 'a1', title: 't', content: 'c', source: 'AI News' },
            { article_id: 'a2', title: 't', content: 'c', source: 'AI-News' },
          ],
        },
      },
    });
    const e = createEpisode(clash, { seed: 1 });
    assert.deepEqual(
      body(e.call('rss_list_feeds', {}).content).feeds.map((f: { feed_id: string }) => f.feed_id),
      ['ai-news', 'ai-news-2'],
    );
    assert.equal(body(e.call('rss_get_feed', { feed_id: 'ai-news-2' }).content).source, 'AI-News');
  });

  it('gets a feed by slug or exact source name with its article summaries', () => {
    const e = ep();
    const f = body(e.call('rss_get_feed', { feed_id: 'techcrunch-ai' }).content);
    assert.equal(f.feed_id, 'techcrunch-ai');
    assert.equal(f.source, 'TechCrunch AI');
    assert.deepEqual(f.categories, ['ai', 'policy']);
    assert.equal(f.article_count, 3);
    assert.deepEqual(ids(f.articles), ['rss_001', 'rss_003', 'rss_005']);
    assert.deepEqual(f.articles[0], {
      article_id: 'rss_001',
      title: 'New LLM released',
      source: 'TechCrunch AI',
      category: 'ai',
      published_at: '2026-03-09T08:00:00Z',
      summary: 's1',
      word_count: 180,
    });
    assert.equal(body(e.call('rss_get_feed', { feed_id: 'Krebs on Security' }).content).feed_id, 'krebs-on-security');
    const r = e.call('rss_get_feed', { feed_id: 'feed_01' });
    assert.equal(r.error?.code, 'not_found');
    assert.equal(r.error?.message, 'Feed feed_01 not found');
    assert.equal(e.call('rss_get_feed', {}).error?.code, 'invalid_argument');
    assert.equal(e.call('rss_get_feed', { feed_id: 1 }).error?.code, 'invalid_argument');
    assert.equal(e.call('rss_get_feed', { feed_id: 'techcrunch-ai', limit: 2 }).error?.code, 'invalid_argument');
  });

  it('lists article summaries in feed order, filtered by source (name or feed id) and category, truncated', () => {
    const e = ep();
    const all = body(e.call('rss_list_articles', {}).content);
    assert.deepEqual(ids(all.articles), ['rss_001', 'rss_002', 'rss_003', 'rss_004', 'rss_005', 'rss_006']);
    assert.equal(all.articles[0].content, undefined);
    assert.deepEqual(all.articles[1], {
      article_id: 'rss_002',
      title: 'Zero-day in router',
      source: 'Krebs on Security',
      category: 'security',
      word_count: 420,
    });
    assert.deepEqual(ids(body(e.call('rss_list_articles', { source: 'TechCrunch AI' }).content).articles), [
      'rss_001',
      'rss_003',
      'rss_005',
    ]);
    assert.deepEqual(
      ids(body(e.call('rss_list_articles', { source: 'techcrunch-ai', category: 'ai' }).content).articles),
      ['rss_001', 'rss_005'],
    );
    assert.deepEqual(ids(body(e.call('rss_list_articles', { category: 'ai' }).content).articles), [
      'rss_001',
      'rss_004',
      'rss_005',
    ]);
    const two = body(e.call('rss_list_articles', { max_results: 2 }).content);
    assert.deepEqual(ids(two.articles), ['rss_001', 'rss_002']);
    assert.equal(two.total, 2);
    assert.equal(body(e.call('rss_list_articles', { source: 'Nobody' }).content).total, 0);
  });

  it('rejects bad list_articles arguments', () => {
    const e = ep();
    assert.equal(e.call('rss_list_articles', { max_results: 0 }).error?.code, 'invalid_argument');
    assert.equal(e.call('rss_list_articles', { max_results: 501 }).error?.code, 'invalid_argument');
    assert.equal(e.call('rss_list_articles', { max_results: '5' }).error?.code, 'invalid_argument');
    // the peer silently ignored feed_name; here it is a visible error
    assert.match(e.call('rss_list_articles', { feed_name: 'TechCrunch AI' }).error?.message ?? '', /unknown field/);
  });

  it('gets the full article; a missing one is not_found', () => {
    const e = ep();
    const a = body(e.call('rss_get_article', { article_id: 'rss_003' }).content);
    assert.equal(a.content, 'Full text 3');
    assert.equal(a.url, 'https://example.test/3');
    assert.deepEqual(a.relevance_tags, []);
    const r = e.call('rss_get_article', { article_id: 'rss_999' });
    assert.equal(r.error?.code, 'not_found');
    assert.equal(r.error?.message, 'Article rss_999 not found');
    assert.equal(e.call('rss_get_article', {}).error?.code, 'invalid_argument');
    assert.equal(e.call('rss_get_article', { article_id: ['rss_001'] }).error?.code, 'invalid_argument');
    assert.equal(e.call('rss_get_article', { article_id: 'rss_001', full: true }).error?.code, 'invalid_argument');
  });

  it('publishes with fresh ids and audits the full publication', () => {
    const e = ep();
    const r = e.call('rss_publish', {
      title: 'Weekly AI digest',
      content: 'Top stories...',
      recipients: ['team@corp.test'],
    });
    assert.ok(r.ok);
    const { status, publication } = body(r.content);
    assert.equal(status, 'published');
    assert.deepEqual(publication, {
      publication_id: 'PUB-001',
      title: 'Weekly AI digest',
      content: 'Top stories...',
      recipients: ['team@corp.test'],
      published_at: '2026-03-10T09:00:00.000Z',
    });
    const audited = e.audit().records.rss?.published ?? [];
    assert.deepEqual(
      { ...audited[0] },
      {
        publication_id: 'PUB-001',
        title: 'Weekly AI digest',
        content: 'Top stories...',
        recipients: ['team@corp.test'],
        timestamp: '2026-03-10T09:00:00.000Z',
        seq: r.seq,
      },
    );
    const r2 = e.call('rss_publish', { title: 'Draft', content: 'x' });
    const second = body(r2.content).publication;
    assert.equal(second.publication_id, 'PUB-002');
    assert.deepEqual(second.recipients, []);
    assert.equal(e.audit().records.rss?.published?.[1]?.seq, r2.seq);
  });

  it('rejects bad publish arguments', () => {
    const e = ep();
    assert.match(e.call('rss_publish', { title: 'T' }).error?.message ?? '', /content/);
    assert.equal(e.call('rss_publish', { title: '', content: 'c' }).error?.code, 'invalid_argument');
    assert.equal(
      e.call('rss_publish', { title: 'T', content: 'c', recipients: 'all@corp.test' }).error?.code,
      'invalid_argument',
    );
    assert.equal(e.call('rss_publish', { title: 'T', content: 'c', recipients: [''] }).error?.code, 'invalid_argument');
    assert.match(
      e.call('rss_publish', { title: 'T', content: 'c', channel: 'email' }).error?.message ?? '',
      /unknown field/,
    );
    assert.equal(e.audit().records.rss?.published?.length, 0);
  });
});
