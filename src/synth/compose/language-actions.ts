import { wholeNumber } from '../../schema/text.js';
import { addWorkdays, dateOf, longDay } from '../kit/dates.js';
import type { Person } from '../kit/people.js';
import type { ActionContext, ActionPart, Rec, World } from './parts.js';
import type { SourceName } from './sources/index.js';
import { HOUSE_TERM } from './sources/multilingual-english.js';
import { type Lang, LANGS, replyIn, type Topic } from './sources/multilingual-text.js';

// work in another language: a reply drafted in the language the partner wrote in, keeping their order reference.
// The check reads the draft's language with a language identifier and looks for the reference; the words are the
// agent's own, so their fluency is a judge's matter: a judged part (llm_judge, a tenth of completion) whose rubric
// quotes each message beside what must answer or render it.

/** The day a reply promises a full answer by: three working days on. */
export const answerBy = (w: World) => addWorkdays(dateOf(w.today), 3);

// each message as the judge is shown it: id (what a draft replies to), order, language, sender, and the text
const originals = (xs: readonly ActionContext[]) =>
  xs
    .map(({ rec }) => `${rec.message_id} (order ${rec.ref}, ${rec.language}, ${rec.company}): «${String(rec.text)}»`)
    .join('\n');

export const replyInLanguage: ActionPart<SourceName> = {
  name: 'reply_in_language',
  // (a draft: nothing goes to the partner until the user sends it)
  leftOut: 'wrong list',
  sections: ['Reply', 'Acknowledgement'],
  service: 'gmail',
  tool: 'gmail_save_draft',
  sources: ['partner_mails'],
  capabilities: ['Translation', 'Content_Generation'],
  phrases: [
    'draft a reply to each one in the language they wrote in, quoting their order reference and promising a full answer by {by} (drafts only: do not send them)',
    'prepare a reply draft to each, in their own language, that names their order reference and says they will hear from us by {by} (do not send them: I will look them over)',
    'write each sender a reply draft in their language (keep their order number in it) saying we will answer fully by {by}; do not send them, I will',
  ],
  fill: (w) => ({ by: longDay(answerBy(w)) }),
  args: ({ rec, w }) => ({
    to: rec.from,
    subject: `Re: ${rec.subject}`,
    body: replyIn(
      rec.language as Lang,
      { ref: String(rec.ref), amount: '', day: '' },
      String(rec.person),
      rec.topic as Topic,
      answerBy(w),
    ),
    reply_to_message_id: rec.message_id,
  }),
  proof: ({ rec }) => ({ service: 'gmail', record: 'drafts', where: { reply_to_message_id: String(rec.message_id) } }),
  exact: ({ rec }) => ({
    to: String(rec.from),
    body: { all_of: [{ language: rec.iso as 'es' }, { contains: String(rec.ref) }] },
  }),
  judged: (xs) => ({
    over: 'audit',
    rubric: `Read the reply drafts saved in gmail (drafts), one per message below, matched by reply_to_message_id.\n${originals(xs)}\nScore 1 when every draft is written in the language of the message it answers and reads as a native speaker's reply to a business partner: idiomatic, in a register that fits the partner's message, grammatical and correctly spelled, nothing left in English, no word-for-word translation artefacts; it answers what the partner raised, names their order reference and promises a full answer by ${longDay(answerBy(xs[0]?.w as World))}. Score 0.5 when every draft is understandable in that language but stilted, or has errors a native speaker would notice. Score 0 when a draft is missing, in another language, or garbled.`,
  }),
};

// filed under the order it is about, as the desk looks it up
const translationPath = (rec: Rec) => `translations/${rec.ref}.md`;
/** The house glossary as the request gives it: `invoices: "billing query", …`. */
// (each matter as the desk tells them apart, review 44: missing parts read as a delivery to one reader, a
// complaint to another; a refund query as an invoice or not)
const MATTERS: Readonly<Record<string, string>> = {
  invoice: 'invoices and refunds',
  delivery: 'orders not arrived',
  price: 'prices and quotes',
  complaint: 'damaged or incomplete goods',
};
export const GLOSSARY = Object.entries(HOUSE_TERM)
  .map(([topic, term]) => `${MATTERS[topic] ?? `${topic}s`}: "${term}"`)
  .join(', ');

/**
 * An English translation of each selected message into the workspace, keeping its order reference and figures and
 * naming the matter with the house glossary's term (the request gives the glossary): the check reads the file's
 * language and looks for the reference, the units and the term.
 */
export const translateMessage: ActionPart<SourceName> = {
  name: 'translate_message',
  // (a translation in the user's own files)
  leftOut: 'wrong list',
  // (the Translation section's work alone: a reply or a hand-over is another section's)
  sections: ['Translation'],
  ownSection: true,
  service: 'workspace',
  tool: 'fs_write',
  sources: ['partner_mails'],
  capabilities: ['Translation', 'File_Management'],
  phrases: [
    `save an English translation of each to translations/<order number>.md, keeping every number as written and opening with our glossary term for the matter (${GLOSSARY}) and the order reference`,
    `translate each one into English in translations/<order number>.md: figures and references unchanged, the first line our glossary term for what it is about (${GLOSSARY}) with the order reference`,
  ],
  args: ({ rec }) => ({ path: translationPath(rec), content: String(rec.english) }),
  judged: (xs) => ({
    over: 'files',
    files: xs.map(({ rec }) => translationPath(rec)),
    rubric: `Read the English translations in the workspace, translations/<order number>.md, one per message below.\n${originals(xs)}\nScore 1 when each renders its whole message faithfully in fluent, natural English — nothing added or dropped, every figure, date and the order reference as written — and opens with the house glossary term for the matter (${GLOSSARY}). Score 0.5 when each is faithful but stilted, or has errors a fluent reader would notice. Score 0 when a translation is missing, leaves out or changes a fact, or is not in English.`,
  }),
  proof: ({ rec }) => ({ service: 'workspace', record: 'writes', where: { path: translationPath(rec) } }),
  exact: ({ rec }) => ({
    content: {
      all_of: [
        { language: 'en' },
        { contains: String(rec.ref) },
        { contains: String(rec.units) },
        { contains: HOUSE_TERM[rec.topic as Topic] },
      ],
    },
  }),
};

// the colleagues who handle each language's partners: fixed per task (its staff), named with their addresses in the
// request; a message goes to the desk of the language it is written in
const DESK_STAFF = 3;
/** Each language's desk: the colleague who handles its partners (fixed per task, from its staff). */
export const desks = (w: World): [Lang, Person][] => LANGS.map((l, i) => [l, w.staff[DESK_STAFF + i] as Person]);
const deskOf = (w: World, lang: Lang) => desks(w).find(([l]) => l === lang)?.[1] as Person;

/**
 * Routing by language: each selected message forwarded to the colleague on its language's desk, the order it is
 * about in the subject. The desk is decided by the language the message is written in, which no field says.
 */
export const routeByLanguage: ActionPart<SourceName> = {
  name: 'route_by_language',
  sections: ['Routing', 'Hand-over'],
  service: 'gmail',
  tool: 'gmail_send_message',
  sources: ['partner_mails'],
  capabilities: ['Translation', 'Email_Communication'],
  phrases: [
    'forward each one to the colleague on the desk for the language it is written in ({desks}), with the order number in the subject and the partner company named in the message',
    'send each to our desk for its language ({desks}), naming the order number in the subject line and the company that wrote in the body',
  ],
  fill: (w) => ({
    desks: desks(w)
      .map(([l, p]) => `${l}: ${p.name}, ${p.email}`)
      .join('; '),
  }),
  args: ({ rec, w }) => ({
    to: deskOf(w, rec.language as Lang).email,
    subject: `Fwd: ${rec.ref} ${rec.subject}`,
    body: `For your desk: ${rec.company} wrote about order ${rec.ref}; their message is in my inbox, received ${dateOf(String(rec.date))}.`,
  }),
  proof: ({ rec }) => ({
    service: 'gmail',
    record: 'sent_messages',
    where: { subject: { contains: String(rec.ref) } },
  }),
  // the desk sees who wrote before it opens the original: the partner's company in the body, as the request asks
  exact: ({ rec, w }) => ({ to: deskOf(w, rec.language as Lang).email, body: { contains: String(rec.company) } }),
};

/**
 * Triage into the to-do list: each selected message becomes a high-priority to-do in English, titled with the house
 * glossary term for what it is about and its order reference, the units ordered in its description. What it is
 * about is only in the partner's own words, so the title needs the message read, not its fields.
 */
export const triagePartnerMail: ActionPart<SourceName> = {
  name: 'triage_partner_mail',
  // (a to-do on the user's own list)
  leftOut: 'wrong list',
  sections: ['Large orders'],
  service: 'todo',
  tool: 'todo_create_task',
  sources: ['partner_mails'],
  capabilities: ['Translation', 'Tool_Calling'],
  phrases: [
    `put each one on my to-do list as a high-priority item in English, titled with our glossary term for the matter (${GLOSSARY}) and the order number, with the units ordered in the description`,
    `add a high-priority to-do per message, in English: as its title our glossary term for what it is about (${GLOSSARY}) plus the order number, and in its description how many units the order is for`,
  ],
  args: ({ rec }) => ({
    title: `${HOUSE_TERM[rec.topic as Topic]}: ${rec.ref}`,
    description: `${rec.company} wrote about order ${rec.ref} (${rec.units} units).`,
    priority: 'high',
  }),
  proof: ({ rec }) => ({ service: 'todo', record: 'created_tasks', where: { title: { contains: String(rec.ref) } } }),
  // (the proof's title key is replaced by the exact one: the title holds both the order number and the term)
  exact: ({ rec }) => ({
    title: { all_of: [{ contains: String(rec.ref) }, { contains: HOUSE_TERM[rec.topic as Topic] }] },
    priority: 'high',
    // (710 units, never read inside 1710)
    description: { regex: wholeNumber(String(rec.units)) },
  }),
};
