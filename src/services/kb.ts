import { z } from 'zod';
import { fieldsText, rankByQuery } from './text-search.js';
import { defineTool, type Rec, type ServiceDef } from './types.js';
import { IdArg, kinded, pick } from './util.js';

const Article = z.strictObject({
  article_id: kinded('id', z.string().min(1).describe('article id, e.g. KB-1401')),
  title: z.string().describe('article title'),
  content: z.string().describe('full article text'),
  category: z.string().optional().describe('knowledge-base section, e.g. troubleshooting'),
  tags: z.array(z.string()).default([]).describe('free labels'),
  last_updated: z.string().optional().describe('date of the last edit, YYYY-MM-DD'),
  views: z.number().int().min(0).max(1e12).default(0).describe('view count'),
  author: z.string().optional().describe('who wrote the article'),
});

const SNIPPET = 150;

const SUMMARY = ['article_id', 'title', 'category', 'tags', 'last_updated', 'views'] as const;

function summary(a: Rec): Record<string, unknown> {
  const content = String(a.content);
  return { ...pick(a, SUMMARY), snippet: content.length > SNIPPET ? `${content.slice(0, SNIPPET)}...` : content };
}

export const kb: ServiceDef = {
  name: 'kb',
  description: 'Knowledge base: search, read and edit help articles.',
  collections: {
    articles: { description: 'knowledge-base articles', id: 'article_id', label: 'Article', record: Article },
  },
  audit: {
    updates: {
      description: 'each kb_update_article, with the new content',
      fields: { article_id: 'article edited', title: 'article title', content: 'the new full content' },
      kinds: { article_id: 'id' },
    },
  },
  tools: [
    defineTool({
      name: 'kb_search',
      description:
        'Search articles by keywords over title, tags and content; best matches first, with a content snippet.',
      params: z.strictObject({
        query: z.string().min(1).describe('keywords'),
        category: z.string().optional().describe('exact category to search within'),
        max_results: z.number().int().min(1).max(50).default(5),
      }),
      mutates: false,
      handler(ctx, a) {
        const pool = ctx.list('articles').filter((r) => a.category === undefined || r.category === a.category);
        const articles = rankByQuery(pool, a.query, (r) => fieldsText(r, ['title', 'tags', 'content']))
          .slice(0, a.max_results)
          .map(summary);
        return { articles, total: articles.length };
      },
    }),
    defineTool({
      name: 'kb_get_article',
      description: 'Get the full article.',
      params: z.strictObject({ article_id: IdArg }),
      mutates: false,
      handler: (ctx, a) => ctx.get('articles', a.article_id),
    }),
    defineTool({
      name: 'kb_update_article',
      description: 'Replace the content of an article (sets last_updated to today).',
      params: z.strictObject({ article_id: IdArg, content: z.string().min(1).describe('the new full content') }),
      mutates: true,
      handler(ctx, a) {
        ctx.get('articles', a.article_id);
        const article = ctx.update('articles', a.article_id, { content: a.content, last_updated: ctx.today() });
        ctx.record('updates', { article_id: a.article_id, title: article.title, content: a.content });
        return { status: 'updated', article };
      },
    }),
  ],
};
