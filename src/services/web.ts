import { z } from 'zod';
import { fieldsText, rankByQuery } from './text-search.js';
import { ToolError } from './tool-error.js';
import { defineTool, type Rec, type ServiceDef } from './types.js';
import { kindArg, pick } from './util.js';

const Result = z.strictObject({
  url: z.string().min(1).describe('result URL (also the page to web_fetch)'),
  title: z.string().describe('result title'),
  snippet: z.string().default('').describe('short excerpt shown in the results'),
  source: z.string().optional().describe('publisher or site name'),
  published_at: z.string().optional().describe('publication date, ISO 8601 or YYYY-MM-DD'),
  keywords: z.array(z.string()).default([]).describe('search terms this result should match'),
});

const Page = z.strictObject({
  url: z.string().min(1).describe('page URL, matched exactly (one trailing "/" ignored)'),
  status_code: z
    .number()
    .int()
    .min(100)
    .max(599)
    .default(200)
    .describe('HTTP status; >= 400 makes web_fetch fail with http_error'),
  title: z.string().optional().describe('page title'),
  content_type: z.string().default('text/html').describe('MIME type of the content'),
  content: z.string().nullable().optional().describe('page text as web_fetch returns it'),
  error: z.string().optional().describe('error reason of a failing page, e.g. "Service Unavailable"'),
});

const RESULT_VIEW = ['url', 'title', 'snippet', 'source', 'published_at'] as const;

const stripSlash = (url: string) => (url.endsWith('/') ? url.slice(0, -1) : url);

function findPage(pages: readonly Rec[], url: string): Rec | undefined {
  return pages.find((p) => p.url === url) ?? pages.find((p) => stripSlash(String(p.url)) === stripSlash(url));
}

export const web: ServiceDef = {
  name: 'web',
  description: 'Web access: search the web, fetch pages, and send notifications or reports.',
  collections: {
    results: { description: 'search results web_search can return', id: 'url', label: 'Result', record: Result },
    pages: { description: 'pages web_fetch can retrieve', id: 'url', label: 'Page', record: Page },
  },
  audit: {
    notifications: {
      description: 'each send_notification and send_report (channel "report")',
      fields: {
        channel: 'channel the message went to, e.g. slack, email; "report" for send_report',
        message: 'message text (the report body for send_report)',
        recipients: 'recipients of the message',
        subject: 'report subject (send_report only)',
      },
      kinds: { recipients: 'party' },
    },
  },
  tools: [
    defineTool({
      name: 'web_search',
      description: 'Search the web. Returns the best-matching results (url, title, snippet, source, published_at).',
      params: z.strictObject({
        query: z.string().min(1),
        max_results: z.number().int().min(1).max(50).default(10),
      }),
      mutates: false,
      handler(ctx, a) {
        const results = rankByQuery(ctx.list('results'), a.query, (r) =>
          fieldsText(r, ['keywords', 'title', 'snippet']),
        )
          .slice(0, a.max_results)
          .map((r) => pick(r, RESULT_VIEW));
        return { results, total: results.length, query: a.query };
      },
    }),
    defineTool({
      name: 'web_fetch',
      description: 'Fetch a web page by URL and return its text content.',
      params: z.strictObject({
        url: z.string().min(1).describe('full URL, e.g. https://example.com/page'),
        timeout_seconds: z.number().int().min(1).max(300).default(30),
      }),
      mutates: false,
      handler(ctx, a) {
        const page = findPage(ctx.list('pages'), a.url);
        if (!page) throw new ToolError('not_found', `Page ${a.url} not found`, { status_code: 404 });
        const code = page.status_code as number;
        if (code >= 400) {
          throw new ToolError(
            'http_error',
            `HTTP ${code} for ${String(page.url)}${page.error ? `: ${String(page.error)}` : ''}`,
            { status_code: code },
          );
        }
        return pick(page, ['status_code', 'url', 'title', 'content', 'content_type']);
      },
    }),
    defineTool({
      name: 'send_notification',
      description: 'Send a notification message to a channel (e.g. slack, email) and optional recipients.',
      params: z.strictObject({
        channel: z.string().min(1).describe('channel, e.g. slack, email, sms'),
        message: z.string().min(1),
        recipients: z.array(kindArg('party')).default([]),
      }),
      mutates: true,
      handler(ctx, a) {
        const notification = ctx.record('notifications', {
          channel: a.channel,
          message: a.message,
          recipients: a.recipients,
        });
        return { status: 'sent', notification };
      },
    }),
    defineTool({
      name: 'send_report',
      description: 'Send a report (subject and body) to one recipient.',
      params: z.strictObject({
        recipient: kindArg('party'),
        subject: z.string().min(1),
        body: z.string().min(1),
      }),
      mutates: true,
      handler(ctx, a) {
        const report = ctx.record('notifications', {
          channel: 'report',
          message: a.body,
          subject: a.subject,
          recipients: [a.recipient],
        });
        return { status: 'sent', report };
      },
    }),
  ],
};
