import { at, dateOf } from '../../kit/dates.js';
import type { Person } from '../../kit/people.js';
import { slug } from '../../kit/text.js';
import { byEmail, colleague, cycle, defineSource, pred } from './kit.js';

// document sources: text the agent reads rather than records of a business system — a CSV export in the
// workspace, the inbox and the news feed.

/** Where the CSV export lives in the workspace. */
const SHEET = 'exports/orders.csv';

/** Rows of a CSV export in the workspace: the agent reads the file, no per-row tool. */
export const sheetRows = defineSource({
  name: 'sheet_rows',
  service: 'workspace',
  noun: ['order in the export', 'orders in the export'],
  idField: 'order_id',
  prefix: 'SO-',
  capabilities: ['File_Management', 'Data_Analysis'],
  measure: { field: 'amount', label: 'order value', unit: 'USD' },
  predicates: [
    pred('unpaid', 'still unpaid', (rec, ok) => {
      rec.status = ok ? 'unpaid' : 'paid';
    }),
    pred('north', 'from the North region', (rec, ok) => {
      rec.region = ok ? 'North' : 'South';
    }),
    pred('big', 'worth more than 1,000 USD', (rec, ok, w) => {
      rec.amount = ok ? w.rng.int(1_050, 9_000) : w.rng.int(120, 950);
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
  title: (rec) => `${rec.order_id} (${rec.customer}, ${rec.amount} USD)`,
  owner: (rec, w) => byEmail(w, rec.owner),
  ownerRole: 'sales owner',
  ownerFields: ['owner'],
  fixtures: (records) => ({
    workspace: {
      files: {
        [SHEET]: `${['order_id,customer,region,amount,status,order_date,owner', ...records.map((rec) => [rec.order_id, `"${rec.customer}"`, rec.region, rec.amount, rec.status, rec.order_date, rec.owner].join(','))].join('\n')}\n`,
      },
    },
  }),
  list: () => [{ call: 'fs_read', args: { path: SHEET } }],
});

export const mails = defineSource({
  name: 'mails',
  service: 'gmail',
  noun: ['message', 'messages'],
  idField: 'message_id',
  prefix: 'msg_',
  collection: 'messages',
  textField: 'body',
  capabilities: ['Email_Communication', 'Knowledge_Retrieval'],
  predicates: [
    pred('client', 'sent by a customer (not a colleague)', (rec, ok, w) => {
      const c = slug(w.vocab.companies[Number(String(rec.message_id).slice(-1))] ?? 'client');
      rec.from = ok ? `orders@${c}.example` : (w.staff[3] as Person).email;
    }),
    pred('week', 'received in the last 7 days', (rec, ok, w) => {
      rec.date = at(w.today, { days: ok ? -w.rng.int(1, 6) : -w.rng.int(9, 25) });
    }),
    pred('invoice', 'asking about an invoice', (rec, ok, w) => {
      rec.subject = ok
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
  title: (rec) => `"${rec.subject}" from ${rec.from} (${rec.message_id})`,
  list: () => [{ call: 'gmail_list_messages', args: { days_back: 30, max_results: 50 } }],
  get: (rec) => ({ call: 'gmail_get_message', args: { message_id: rec.message_id } }),
});

export const feedArticles = defineSource({
  name: 'feed_articles',
  service: 'rss',
  noun: ['news article', 'news articles'],
  idField: 'article_id',
  prefix: 'art_',
  collection: 'articles',
  textField: 'content',
  capabilities: ['Knowledge_Retrieval', 'Content_Generation'],
  measure: { field: 'word_count', label: 'words' },
  predicates: [
    pred('fresh', 'published in the last 3 days', (rec, ok, w) => {
      rec.published_at = at(w.today, { days: ok ? -w.rng.int(1, 2) - 0.5 : -w.rng.int(6, 20) });
    }),
    pred('industry', 'in the industry category', (rec, ok) => {
      rec.category = ok ? 'industry' : 'sports';
    }),
    pred('long', 'longer than 600 words', (rec, ok, w) => {
      rec.word_count = ok ? w.rng.int(620, 2400) : w.rng.int(120, 560);
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
  title: (rec) => `"${rec.title}" (${rec.article_id})`,
  list: () => [{ call: 'rss_list_articles', args: { max_results: 50 } }],
  get: (rec) => ({ call: 'rss_get_article', args: { article_id: rec.article_id } }),
});
