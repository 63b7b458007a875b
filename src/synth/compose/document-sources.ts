import { at, dateOf } from '../kit/dates.js';
import type { Person } from '../kit/people.js';
import { slug } from '../kit/text.js';
import { byEmail, colleague, cycle, pred } from './source-kit.js';
import type { SourcePart } from './types.js';

// document sources: text the agent reads rather than records of a business system — a CSV export in the
// workspace, the inbox and the news feed. sources.ts re-exports them, so the registry sees one list.

/** Rows of a CSV export in the workspace: the agent reads the file, no per-row tool. */
export const sheetRows: SourcePart = {
  name: 'sheet_rows',
  service: 'workspace',
  noun: ['order in the export', 'orders in the export'],
  idField: 'order_id',
  prefix: 'SO-',
  capabilities: ['File_Management', 'Data_Analysis'],
  measure: { field: 'amount', label: 'order value', unit: 'USD' },
  predicates: [
    pred('unpaid', 'still unpaid', (r, ok) => {
      r.status = ok ? 'unpaid' : 'paid';
    }),
    pred('north', 'from the North region', (r, ok) => {
      r.region = ok ? 'North' : 'South';
    }),
    pred('big', 'worth more than 1,000 USD', (r, ok, w) => {
      r.amount = ok ? w.rng.int(1_050, 9_000) : w.rng.int(120, 950);
    }),
  ],
  make: (w, id, i) => ({
    order_id: id,
    customer: cycle(w.vocab.companies, i),
    region: 'North',
    amount: 1500,
    status: 'unpaid',
    order_date: dateOf(at(w.today, { days: -w.rng.int(2, 40) })),
    owner: colleague(w, i).email,
  }),
  title: (r) => `${r.order_id} (${r.customer}, ${r.amount} USD)`,
  owner: (r, w) => byEmail(w, r.owner),
  ownerRole: 'sales owner',
  ownerField: 'owner',
  fixtures: (records) => ({
    workspace: {
      files: {
        [SHEET]: `${['order_id,customer,region,amount,status,order_date,owner', ...records.map((r) => [r.order_id, `"${r.customer}"`, r.region, r.amount, r.status, r.order_date, r.owner].join(','))].join('\n')}\n`,
      },
    },
  }),
  list: () => [{ call: 'fs_read', args: { path: SHEET } }],
};
export const SHEET = 'exports/orders.csv';

export const mails: SourcePart = {
  name: 'mails',
  service: 'gmail',
  noun: ['message', 'messages'],
  idField: 'message_id',
  prefix: 'msg_',
  capabilities: ['Email_Communication', 'Knowledge_Retrieval'],
  predicates: [
    pred('client', 'sent by a customer (not a colleague)', (r, ok, w) => {
      const c = slug(w.vocab.companies[Number(String(r.message_id).slice(-1))] ?? 'client');
      r.from = ok ? `orders@${c}.example` : (w.staff[3] as Person).email;
    }),
    pred('week', 'received in the last 7 days', (r, ok, w) => {
      r.date = at(w.today, { days: ok ? -w.rng.int(1, 6) : -w.rng.int(9, 25) });
    }),
    pred('invoice', 'asking about an invoice', (r, ok, w) => {
      r.subject = ok
        ? `Question about invoice ${w.rng.int(1000, 9999)}`
        : `Agenda for the ${w.rng.pick(w.vocab.topics)}`;
    }),
  ],
  make: (w, id, i) => ({
    message_id: id,
    from: 'orders@client.example',
    to: w.me.email,
    subject: 'Question about invoice',
    date: at(w.today, { days: -2 }),
    body: `Hello, could you confirm the status of our ${cycle(w.vocab.products, i)} invoice? Thanks.`,
    is_read: false,
  }),
  title: (r) => `"${r.subject}" from ${r.from} (${r.message_id})`,
  fixtures: (records) => ({ gmail: { messages: records } }),
  list: () => [{ call: 'gmail_list_messages', args: { days_back: 30, max_results: 50 } }],
  get: (r) => ({ call: 'gmail_get_message', args: { message_id: r.message_id } }),
};

export const feedArticles: SourcePart = {
  name: 'feed_articles',
  service: 'rss',
  noun: ['news article', 'news articles'],
  idField: 'article_id',
  prefix: 'art_',
  capabilities: ['Knowledge_Retrieval', 'Content_Generation'],
  measure: { field: 'word_count', label: 'words' },
  predicates: [
    pred('fresh', 'published in the last 3 days', (r, ok, w) => {
      r.published_at = at(w.today, { days: ok ? -w.rng.int(1, 2) - 0.5 : -w.rng.int(6, 20) });
    }),
    pred('industry', 'in the industry category', (r, ok) => {
      r.category = ok ? 'industry' : 'sports';
    }),
    pred('long', 'longer than 600 words', (r, ok, w) => {
      r.word_count = ok ? w.rng.int(620, 2400) : w.rng.int(120, 560);
    }),
  ],
  make: (w, id, i) => ({
    article_id: id,
    title: `${cycle(w.vocab.companies, i)} announces ${cycle(w.vocab.topics, i)} plans`,
    content: `${cycle(w.vocab.companies, i)} outlined its ${cycle(w.vocab.topics, i)} plans for the coming quarter.`,
    source: w.rng.pick(['Trade Journal', 'Business Wire Daily', 'Sector Weekly']),
    category: 'industry',
    published_at: at(w.today, { days: -1 }),
    word_count: 800,
    url: `https://news.example/${id}`,
  }),
  title: (r) => `"${r.title}" (${r.article_id})`,
  fixtures: (records) => ({ rss: { articles: records } }),
  list: () => [{ call: 'rss_list_articles', args: { max_results: 50 } }],
  get: (r) => ({ call: 'rss_get_article', args: { article_id: r.article_id } }),
};
