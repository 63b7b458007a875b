import { z } from 'zod';
import { ToolError } from './tool-error.js';
import { defineTool, type Rec, type ServiceDef } from './types.js';
import { IdArg, kindArg, kinded, pick } from './util.js';

const Article = z.strictObject({
  article_id: kinded('id', z.string().min(1).describe('article id, e.g. rss_001')),
  title: z.string().describe('headline'),
  content: z.string().describe("article text as the feed carries it (a brief in full, a longer piece's opening)"),
  source: z.string().optional().describe('publishing feed or outlet name; feeds are derived from it'),
  category: z.string().optional().describe('topic, e.g. ai or security'),
  published_at: z.string().optional().describe('ISO time of publication'),
  summary: z.string().optional().describe('short abstract'),
  relevance_tags: z.array(z.string()).default([]).describe('editorial relevance labels'),
  word_count: z.number().int().min(0).max(1e9).optional().describe('length of the published article in words'),
  url: z.string().optional().describe('link to the original article'),
});

const Publication = z.strictObject({
  publication_id: kinded('id', z.string().min(1).describe('publication id, e.g. PUB-001')),
  title: z.string().optional().describe('newsletter title'),
  content: z.string().optional().describe('newsletter body'),
  recipients: kinded('party', z.array(z.string()).default([]).describe('who it was sent to')),
  published_at: z.string().optional().describe('ISO time of publication'),
});

const SUMMARY = ['article_id', 'title', 'source', 'category', 'published_at', 'summary', 'word_count'] as const;

interface Feed {
  feed_id: string;
  source: string;
  categories: string[];
  article_count: number;
}

// lower-case slug; unicode letters and digits count as alphanumeric so non-latin sources keep a name
function slug(source: string): string {
  return (
    source
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-+|-+$/g, '') || 'feed'
  );
}

// feed ids come from every article (not a filtered view) so they stay stable; clashing slugs get -2, -3
function feedIds(articles: readonly Rec[]): Map<string, string> {
  const ids = new Map<string, string>();
  const taken = new Set<string>();
  for (const a of articles) {
    if (typeof a.source !== 'string' || ids.has(a.source)) continue;
    const base = slug(a.source);
    let id = base;
    for (let n = 2; taken.has(id); n++) id = `${base}-${n}`;
    taken.add(id);
    ids.set(a.source, id);
  }
  return ids;
}

/** Feeds in first-appearance order; with a category only that category's articles count. */
function deriveFeeds(articles: readonly Rec[], category?: string): Feed[] {
  const ids = feedIds(articles);
  const feeds = new Map<string, Feed>();
  for (const a of articles) {
    if (typeof a.source !== 'string') continue;
    if (category !== undefined && a.category !== category) continue;
    let f = feeds.get(a.source);
    if (!f) {
      f = { feed_id: ids.get(a.source) as string, source: a.source, categories: [], article_count: 0 };
      feeds.set(a.source, f);
    }
    if (typeof a.category === 'string' && !f.categories.includes(a.category)) f.categories.push(a.category);
    f.article_count++;
  }
  return [...feeds.values()];
}

export const rss: ServiceDef = {
  name: 'rss',
  description: 'RSS reader: browse feeds and articles, and publish a newsletter.',
  collections: {
    articles: { description: 'feed articles', id: 'article_id', label: 'Article', record: Article },
    publications: {
      description: 'published newsletters',
      id: 'publication_id',
      label: 'Publication',
      newId: ['PUB-', 3],
      record: Publication,
    },
  },
  audit: {
    published: {
      description: 'each rss_publish',
      fields: {
        publication_id: 'id of the new publication',
        title: 'newsletter title',
        content: 'newsletter body',
        recipients: 'who it was sent to',
      },
      kinds: { publication_id: 'id', recipients: 'party' },
    },
  },
  tools: [
    defineTool({
      name: 'rss_list_feeds',
      description:
        'List the feeds (sources) with their categories and article counts; a category counts only its articles.',
      params: z.strictObject({ category: z.string().optional().describe('exact article category') }),
      mutates: false,
      handler(ctx, a) {
        const feeds = deriveFeeds(ctx.list('articles'), a.category);
        return { feeds, total: feeds.length };
      },
    }),
    defineTool({
      name: 'rss_get_feed',
      description: 'Get one feed and summaries of its articles.',
      params: z.strictObject({
        feed_id: z.string().min(1).describe('feed id from rss_list_feeds, or the exact source name'),
      }),
      mutates: false,
      handler(ctx, a) {
        const all = ctx.list('articles');
        const feed = deriveFeeds(all).find((f) => f.feed_id === a.feed_id || f.source === a.feed_id);
        if (!feed) throw new ToolError('not_found', `Feed ${a.feed_id} not found`);
        const articles = all.filter((r) => r.source === feed.source).map((r) => pick(r, SUMMARY));
        return { ...feed, articles };
      },
    }),
    defineTool({
      name: 'rss_list_articles',
      description: 'List article summaries in feed order, optionally for one source and/or category.',
      params: z.strictObject({
        source: z.string().min(1).optional().describe('exact source name, or its feed id'),
        category: z.string().optional().describe('exact category'),
        max_results: z.number().int().min(1).max(500).default(20),
      }),
      mutates: false,
      handler(ctx, a) {
        const all = ctx.list('articles');
        const ids = feedIds(all);
        const articles = all
          .filter(
            (r) =>
              (a.source === undefined ||
                (typeof r.source === 'string' && (r.source === a.source || ids.get(r.source) === a.source))) &&
              (a.category === undefined || r.category === a.category),
          )
          .slice(0, a.max_results)
          .map((r) => pick(r, SUMMARY));
        return { articles, total: articles.length };
      },
    }),
    defineTool({
      name: 'rss_get_article',
      description: 'Get the full article, including its content.',
      params: z.strictObject({ article_id: IdArg }),
      mutates: false,
      handler: (ctx, a) => ctx.get('articles', a.article_id),
    }),
    defineTool({
      name: 'rss_publish',
      description: 'Publish a newsletter to the given recipients.',
      params: z.strictObject({
        title: z.string().min(1),
        content: z.string().min(1),
        recipients: z.array(kindArg('party')).default([]).describe('email addresses or list names'),
      }),
      mutates: true,
      handler(ctx, a) {
        const publication = ctx.insert('publications', {
          publication_id: ctx.nextId('publications'),
          title: a.title,
          content: a.content,
          recipients: a.recipients,
          published_at: ctx.now(),
        });
        ctx.record('published', pick(publication, ['publication_id', 'title', 'content', 'recipients']));
        return { status: 'published', publication };
      },
    }),
  ],
};
