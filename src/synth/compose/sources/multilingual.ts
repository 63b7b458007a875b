import { at, dateOf } from '../../kit/dates.js';
import { slug } from '../../kit/text.js';
import type { FieldModel } from '../../rules/fields.js';
import type { Rec, World } from '../parts.js';
import { defineSource } from './kit.js';
import { HOUSE_TERM } from './multilingual-english.js';
import {
  ISO,
  type Lang,
  LANGS,
  type Matter,
  PARTNERS,
  partnerMessage,
  TOPICS,
  type Topic,
} from './multilingual-text.js';

// messages from partners abroad, each in the partner's own language (Spanish, German, French, Chinese,
// Japanese): what a message is about — an invoice, a late delivery, prices, a complaint — is only in its text,
// so selecting them means reading them; the language is what a reply must be written in.

// a partner quotes in its own country's currency and writes the figure as it is written there, whatever language
// the message is in: a Mexican partner in pesos, a Spanish one in euros (keyed by the country of its domain)
const MONEY: Readonly<Record<string, [locale: string, currency: string]>> = {
  es: ['es-ES', 'EUR'],
  mx: ['es-MX', 'MXN'],
  de: ['de-DE', 'EUR'],
  at: ['de-AT', 'EUR'],
  fr: ['fr-FR', 'EUR'],
  be: ['fr-BE', 'EUR'],
  cn: ['zh-CN', 'CNY'],
  jp: ['ja-JP', 'JPY'],
};
// how many of each currency an order's worth in euros comes to (a yen or a peso buys far less than a euro)
const PER_EURO: Readonly<Record<string, number>> = { EUR: 1, MXN: 20, CNY: 8, JPY: 160 };

// a peso figure is written "$13,132.00" in Mexico: the code after it says which dollar sign it is
function money(n: number, locale: string, currency: string): string {
  const said = new Intl.NumberFormat(locale, { style: 'currency', currency }).format(n);
  return said.includes('$') && !said.includes(currency) ? `${said} ${currency}` : said;
}

type Partner = (typeof PARTNERS)[Lang][number];
const countryOf = (p: Partner) => p.domain.slice(p.domain.lastIndexOf('.') + 1);

/**
 * The order a message is about, its figure in the partner's currency and a day it names: one before the message was
 * sent (a delivery that did not come, a payment that fell due), or for a price, one after it (how long it holds).
 * The partner (none: the language's first) says which currency.
 */
export function matterOf(rec: Rec, w: World, taken: Set<string> = new Set(), partner?: Partner): Matter {
  const lang = rec.language as Lang;
  const [locale, currency] = MONEY[countryOf(partner ?? (PARTNERS[lang][0] as Partner))] ?? ['en-GB', 'EUR'];
  const euros = w.rng.int(400, 24_000);
  // (yen in whole thousands, as a Japanese quote rounds them)
  const n = currency === 'JPY' ? Math.round((euros * 160) / 1000) * 1000 : euros * (PER_EURO[currency] ?? 1);
  const sent = `${String(rec.date ?? w.today).slice(0, 10)}T12:00:00Z`;
  // the order number names the message in what we file and send: one order per message of the task
  let ref = `PO-${w.rng.int(10_000, 99_999)}`;
  while (taken.has(ref)) ref = `PO-${w.rng.int(10_000, 99_999)}`;
  taken.add(ref);
  return {
    ref,
    amount: money(n, locale, currency),
    day: dateOf(at(sent, { days: rec.topic === 'price' ? w.rng.int(10, 45) : -w.rng.int(2, 14) })),
    units: Number(rec.units),
  };
}

export const partnerMails = defineSource({
  name: 'partner_mails',
  // one home: the inbox of partners' orders and invoices (no investment work)
  domains: ['Office_Productivity'],
  // what a received message says, and the language it says it in, never change
  fixed: ['language', 'topic', 'units'],
  nameField: { field: 'company', label: 'company' },
  service: 'gmail',
  noun: ['partner message', 'partner messages'],
  idField: 'message_id',
  prefix: 'msg_',
  // people cite a partner's message by the order it is about, not by the mailbox's message id
  cite: { field: 'ref', label: 'order number' },
  collection: 'messages',
  capabilities: ['Translation', 'Email_Communication'],
  // the order's size is written in the message, in its language: reading it out is part of the work
  // (units of different partners' orders add up to nothing: their mean and the largest order mean something)
  measure: { field: 'units', label: 'number of units ordered', unit: 'units', mean: true, additive: false },
  fields: [
    { kind: 'enum', field: 'language', label: 'language', values: LANGS },
    {
      kind: 'enum',
      field: 'topic',
      label: 'subject matter',
      values: TOPICS,
      say: { invoice: 'an invoice', delivery: 'a late delivery', price: 'prices', complaint: 'a complaint' },
      // (review 44: goods that came with parts missing read as a delivery matter to one reader, a complaint to
      // another; a refund query as an invoice or not)
      means:
        'A message is about what its sender asks us to act on: an invoice or a refund on one is about an invoice; goods that came damaged or with parts missing are a complaint; an order that has not arrived at all is a late delivery; a price or a quote is about prices.',
    },
    { kind: 'date', field: 'date', label: 'date received', from: -20, to: 0, verb: 'received', time: true },
    { kind: 'flag', field: 'is_read', label: 'read state', yes: 'already read', no: 'still unread', p: 0.4 },
    { kind: 'number', field: 'units', label: 'number of units ordered', min: 20, max: 900, step: 10, unit: 'units' },
  ] satisfies FieldModel[],
  make: (_w, id) => ({ message_id: id }),
  title: (rec) => `"${rec.subject}" from ${rec.company} (${rec.message_id})`,
  // the text follows from the drawn language and topic: written here, and kept on the record for the reply
  fixtures: (records, w) => {
    const refs = new Set<string>();
    return {
      gmail: {
        messages: records.map((rec, i) => {
          const lang = rec.language as Lang;
          const partners = PARTNERS[lang];
          const who = partners[(i + w.rng.int(0, partners.length - 1)) % partners.length] as (typeof partners)[number];
          const matter = matterOf(rec, w, refs, who);
          const { subject, body, english } = partnerMessage(w.rng, lang, rec.topic as Topic, matter, who);
          Object.assign(rec, {
            from: `${slug(who.person.normalize('NFKD').replace(/[^\x20-\x7e]/g, '')) || 'office'}@${who.domain}`,
            company: who.company,
            person: who.person,
            subject,
            ref: matter.ref,
            iso: ISO[lang],
            // what the partner wrote, for a judge reading the reply or the translation beside it
            text: body,
            // the reference translation: the house term for the matter, then the message in English
            english: `${HOUSE_TERM[rec.topic as Topic]}: ${matter.ref}\n\n${english}`,
          });
          return {
            message_id: rec.message_id,
            from: rec.from,
            to: w.me.email,
            subject,
            body,
            date: rec.date,
            is_read: rec.is_read === true,
            labels: ['INBOX'],
          };
        }),
      },
    };
  },
  list: () => [
    {
      call: 'gmail_list_messages',
      args: { days_back: 30, max_results: 50 },
      widening: ['days_back', 'max_results'],
      same: ['gmail_search_messages'],
    },
  ],
  get: (rec) => ({ call: 'gmail_get_message', args: { message_id: rec.message_id } }),
  seenIn: (w) =>
    w.rng.pick([
      'They are in my inbox; our partners abroad write in their own languages.',
      'Mind that the partners write in Spanish, German, French, Chinese or Japanese, whichever is theirs.',
      'The messages are in my inbox, each in the partner’s own language.',
    ]),
});
