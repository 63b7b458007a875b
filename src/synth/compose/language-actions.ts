import { addWorkdays, dateOf, longDay } from '../kit/dates.js';
import type { ActionPart, World } from './parts.js';
import type { SourceName } from './sources/index.js';
import { type Lang, replyIn, type Topic } from './sources/multilingual-text.js';

// work in another language: a reply drafted in the language the partner wrote in, keeping their order reference.
// The check reads the draft's language with a language identifier and looks for the reference; the words are the
// agent's own (fluency is a judge's matter, not a pattern's).

const answerBy = (w: World) => addWorkdays(dateOf(w.today), 3);

export const replyInLanguage: ActionPart<SourceName> = {
  name: 'reply_in_language',
  sections: ['Reply', 'Acknowledgement'],
  service: 'gmail',
  tool: 'gmail_save_draft',
  sources: ['partner_mails'],
  capabilities: ['Translation', 'Content_Generation'],
  phrases: [
    'draft a reply to each one in the language they wrote in, quoting their order reference and promising a full answer by {by}',
    'prepare a reply draft to each, in their own language, that names their order reference and says they will hear from us by {by}',
    'write each sender a reply draft in their language (keep their order number in it) saying we will answer fully by {by}',
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
};
