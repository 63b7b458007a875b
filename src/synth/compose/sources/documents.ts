import type { Rng } from '../../../env/rng.js';
import { oneOf, writePlan } from '../../kit/content.js';
import type { DomainVocab } from '../../kit/domains/types.js';
import type { Person } from '../../kit/people.js';
import { slug } from '../../kit/text.js';
import { articleText, companyOf, headline, sectionWords } from './feed-stories.js';
import type { FieldModel } from '../../rules/fields.js';
import type { Rec, World } from '../parts.js';
import { byEmail, colleague, cycle, defineSource } from './kit.js';

// document sources: text the agent reads rather than records of a business system — a CSV export in the
// workspace, the inbox and the news feed.

/** Where the CSV export lives in the workspace. */
const SHEET = 'exports/orders.csv';

/**
 * What an order record is, wherever the agent sees it (a CSV export here, a dashboard screenshot in pictures.ts):
 * its rule fields, measure, people and names. A source adds its place: name, noun, capabilities, fixtures, reads.
 */
export const ORDERS = {
  fixed: ['region'],
  nameField: { field: 'customer', label: 'customer' },
  service: 'workspace',
  idField: 'order_id',
  prefix: 'SO-',
  measure: { field: 'amount', label: 'order value', unit: 'USD', mean: true },
  fields: [
    {
      kind: 'enum',
      field: 'status',
      label: 'payment status',
      values: ['unpaid', 'paid', 'part-paid', 'disputed'],
      weights: [3, 4, 1, 1],
    },
    { kind: 'enum', field: 'region', label: 'region', values: ['North', 'South', 'East', 'West', 'Central'] },
    { kind: 'number', field: 'amount', label: 'order value', min: 120, max: 9000, step: 1, currency: 'USD' },
    // an order book keeps half a year of orders: the aged debt a write-off review weighs is in it
    { kind: 'date', field: 'order_date', label: 'order date', from: -180, to: 0, verb: 'placed' },
  ] satisfies FieldModel[],
  make: (w: World, id: string, i: number) => ({
    order_id: id,
    customer: cycle(w.vocab.companies, i),
    owner: colleague(w, i).email,
  }),
  title: (rec: Rec) => `${rec.order_id} (${rec.customer}, ${rec.amount} USD)`,
  owner: (rec: Rec, w: World) => byEmail(w, rec.owner),
  ownerRole: 'sales owner',
  ownerFields: ['owner'],
} as const;

/** Rows of a CSV export in the workspace: the agent reads the file, no per-row tool. */
export const sheetRows = defineSource({
  ...ORDERS,
  name: 'sheet_rows',
  // one home: the order book's credit control is financial analysis (no investment work)
  domains: ['Data_Science', 'Finance_Investment'],
  noun: ['order', 'orders'],
  capabilities: ['File_Management', 'Data_Analysis'],
  // the rows are only in the file: the request says where it is, as a colleague would
  seenIn: (w) =>
    w.rng.pick([
      `They are all in the sales export, ${SHEET}.`,
      `The orders are in last night's export, ${SHEET} (one row per order).`,
      `Everything you need is in ${SHEET}, the export from the order system.`,
    ]),
  fixtures: (records) => ({
    workspace: {
      files: {
        [SHEET]: `${['order_id,customer,region,amount,status,order_date,owner', ...records.map((rec) => [rec.order_id, `"${rec.customer}"`, rec.region, rec.amount, rec.status, rec.order_date, rec.owner].join(','))].join('\n')}\n`,
      },
    },
  }),
  list: () => [{ call: 'fs_read', args: { path: SHEET } }],
});

const MAIL_TERMS = ['invoice', 'contract renewal', 'delivery date', 'price increase', 'complaint'];

function mailBody(rng: Rng, term: string | undefined, v: DomainVocab): string {
  const product = rng.pick(v.products);
  return writePlan(rng, {
    lead: oneOf(rng, 'Hello,', 'Hi there,', 'Good morning,', 'Dear team,'),
    facts: [
      oneOf(
        rng,
        `we are reviewing our ${product} order`,
        `following up on our call about the ${product}`,
        `our finance team asked me to check the ${product} account`,
      ),
      ...(term
        ? [
            oneOf(
              rng,
              `we have a question about the ${term}`,
              `could you look into the ${term}`,
              `the ${term} is what this is about`,
            ),
          ]
        : []),
      oneOf(
        rng,
        'a short reply this week would help',
        'let me know if you need our reference',
        `we would like to settle it before your ${rng.pick(v.meetings)}`,
      ),
    ],
    close: oneOf(rng, 'Thanks,', 'Best regards,', 'Kind regards,', 'Cheers,'),
  });
}

export const mails = defineSource({
  name: 'mails',
  // a message received reads as it was sent: its body is never edited afterwards
  fixed: ['body'],
  nameField: { field: 'subject', label: 'subject line' },
  domains: ['Office_Productivity'],
  service: 'gmail',
  noun: ['message', 'messages'],
  idField: 'message_id',
  prefix: 'msg_',
  collection: 'messages',
  textField: 'body',
  capabilities: ['Email_Communication', 'Knowledge_Retrieval'],
  fields: [
    { kind: 'date', field: 'date', label: 'date received', from: -30, to: 0, verb: 'received', time: true },
    { kind: 'flag', field: 'is_read', label: 'read state', yes: 'already read', no: 'still unread', p: 0.4 },
    { kind: 'text', field: 'body', label: 'message body', terms: MAIL_TERMS, write: mailBody },
  ] satisfies FieldModel[],
  make: (w, id, i) => {
    const c = slug(cycle(w.vocab.companies, i));
    const internal = w.rng.chance(0.3);
    return {
      message_id: id,
      from: internal
        ? (w.staff[3 + (i % 6)] as Person).email
        : `${w.rng.pick(['orders', 'accounts', 'hello', 'support'])}@${c}.example`,
      to: w.me.email,
      subject: w.rng.pick([
        `${cycle(w.vocab.products, i)} — quick question`,
        `Re: ${cycle(w.vocab.topics, i)}`,
        `Our account with you`,
        `Following up`,
      ]),
    };
  },
  title: (rec) => `"${rec.subject}" from ${rec.from} (${rec.message_id})`,
  list: () => [
    {
      call: 'gmail_list_messages',
      args: { days_back: 45, max_results: 50 },
      widening: ['days_back', 'max_results'],
      same: ['gmail_search_messages'],
    },
  ],
  get: (rec) => ({ call: 'gmail_get_message', args: { message_id: rec.message_id } }),
});

// per task (world): the stories its feed already carries, so one feed does not run one story four times
const ran = new WeakMap<World, Set<string>>();
const storiesRun = (w: World): Set<string> => {
  let s = ran.get(w);
  if (!s) ran.set(w, (s = new Set()));
  return s;
};

export const feedArticles = defineSource({
  name: 'feed_articles',
  // a published article keeps its category, its text and the feed it came from (no coworker's news can bring one
  // into a digest: a mid-task change planned on it found nothing to change)
  fixed: ['category', 'content', 'source'],
  nameField: { field: 'title', label: 'headline' },
  // an industry feed read and sorted is research (a desk's news digest), not a story written or a post made: no
  // Content_Media work
  domains: ['Information_Retrieval', 'Finance_Investment'],
  service: 'rss',
  noun: ['news article', 'news articles'],
  idField: 'article_id',
  prefix: 'art_',
  collection: 'articles',
  textField: 'content',
  capabilities: ['Knowledge_Retrieval', 'Content_Generation'],
  measure: { field: 'word_count', label: 'word count' },
  fields: [
    { kind: 'date', field: 'published_at', label: 'publication date', from: -20, to: 0, verb: 'published', time: true },
    {
      kind: 'enum',
      field: 'category',
      label: 'category',
      values: ['industry', 'markets', 'regulation', 'technology', 'sports'],
    },
    { kind: 'number', field: 'word_count', label: 'length', min: 120, max: 2400, step: 10, unit: 'words' },
    // (the feed it came in on, as the reader lists it: one of them is a wire of companies' own press releases)
    {
      kind: 'enum',
      field: 'source',
      label: 'feed',
      values: ['Trade Journal', 'Business Wire Daily', 'Sector Weekly'],
      weights: [3, 2, 3],
    },
    {
      kind: 'text',
      field: 'content',
      label: 'text',
      terms: ['acquisition', 'layoffs', 'new regulation', 'partnership', 'recall'],
      write: articleText,
      ofRecord: true,
    },
  ] satisfies FieldModel[],
  // a piece runs to a length its section runs news at (a sponsorship is a brief of a few hundred words, a
  // regulator's ruling a longer read), never to fewer words than the feed carries of it; its story is then one
  // that runs that long (settle)
  agree: (rec, w) => {
    const [lo, hi] = sectionWords(rec.category);
    const words = Number(rec.word_count);
    const floor = Math.max(lo, String(rec.content ?? '').split(/\s+/).length);
    if (words >= floor && words <= hi) return [];
    // (a length drawn in the section's range, else its ends: a rule's line on the length keeps one of them)
    const least = 10 * Math.ceil(floor / 10);
    return [{ word_count: 10 * w.rng.int(least / 10, hi / 10) }, { word_count: hi }, { word_count: least }];
  },
  make: (w, id, i) => ({
    article_id: id,
    // the company the story is about; its event follows the article's section (settle)
    title: cycle(w.vocab.companies, i),
    url: `https://news.example/${id}`,
  }),
  settle: (rec, w) => {
    rec.title = headline(w.rng, rec.category, companyOf(rec.title, w.vocab), storiesRun(w), Number(rec.word_count));
  },
  title: (rec) => `"${rec.title}" (${rec.article_id})`,
  list: () => [{ call: 'rss_list_articles', args: { max_results: 50 }, widening: ['max_results'] }],
  get: (rec) => ({ call: 'rss_get_article', args: { article_id: rec.article_id } }),
});
