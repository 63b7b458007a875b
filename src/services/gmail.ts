import { z } from 'zod';
import { fieldsText, rankByQuery } from './text-search.js';
import { defineTool, type ServiceDef } from './types.js';
import { defined, IdArg, kinded, parseAddresses, pick } from './util.js';

const DAY_MS = 86_400_000;
const ISO_DATE_TIME = z.iso.datetime({ offset: true, local: true });
const ISO_DATE = z.iso.date();

// a time without an offset is read as UTC so results never depend on the host time zone
function isoMs(s: string): number {
  if (ISO_DATE.safeParse(s).success) return Date.parse(s);
  if (!ISO_DATE_TIME.safeParse(s).success) return Number.NaN;
  return Date.parse(/(?:Z|[+-]\d{2}:\d{2})$/i.test(s) ? s : `${s}Z`);
}

const IsoTime = z
  .string()
  .refine((s) => !Number.isNaN(isoMs(s)), { message: 'expected an ISO 8601 date-time, e.g. 2026-03-10T09:00:00Z' });

const Message = z.strictObject({
  message_id: kinded('id', z.string().min(1).describe('message id, e.g. msg_1401')),
  from: kinded('email', z.string().describe('sender address (optionally with a display name)')),
  subject: z.string().describe('subject line'),
  date: IsoTime.describe('ISO 8601 time the message was received'),
  body: z.string().describe('plain-text body'),
  to: kinded('email', z.string().optional().describe('recipient address(es), comma-separated')),
  cc: kinded('email', z.array(z.string()).optional().describe('cc addresses')),
  is_read: z.boolean().default(false).describe('whether the message has been read'),
  labels: z.array(z.string()).default([]).describe('mailbox labels, e.g. INBOX, IMPORTANT'),
  thread_id: kinded('id', z.string().optional().describe('conversation thread id')),
  attachments: z.array(z.string()).optional().describe('attachment file names'),
});

const Sent = z.strictObject({
  message_id: kinded('id', z.string().min(1).describe('sent message id, e.g. sent_001')),
  to: kinded('email', z.string().describe('recipient address(es), comma-separated')),
  subject: z.string().describe('subject line'),
  body: z.string().describe('plain-text body'),
  cc: kinded('email', z.array(z.string()).optional().describe('cc addresses')),
  date: IsoTime.describe('ISO 8601 time it was sent'),
});

const Draft = z.strictObject({
  draft_id: kinded('id', z.string().min(1).describe('draft id, e.g. draft_001')),
  to: kinded('email', z.string().default('').describe('recipient address(es), comma-separated')),
  subject: z.string().default('').describe('subject line'),
  body: z.string().default('').describe('plain-text body'),
  reply_to_message_id: kinded('id', z.string().optional().describe('inbox message this draft replies to')),
  date: IsoTime.optional().describe('ISO 8601 time the draft was saved'),
});

const SUMMARY = ['message_id', 'from', 'subject', 'date', 'is_read', 'labels'] as const;
const SEARCH_FIELDS = ['from', 'to', 'subject', 'body'] as const;

export const gmail: ServiceDef = {
  name: 'gmail',
  description: 'Email inbox: list, read and search messages, send mail and save drafts.',
  collections: {
    messages: { description: 'inbox messages', id: 'message_id', label: 'Message', record: Message },
    outbox: {
      description: 'messages sent by the agent (the inbox is unchanged)',
      id: 'message_id',
      label: 'Sent message',
      newId: ['sent_', 3],
      record: Sent,
    },
    drafts: {
      description: 'saved drafts',
      id: 'draft_id',
      label: 'Draft',
      newId: ['draft_', 3],
      record: Draft,
      refs: { reply_to_message_id: { to: 'gmail.messages' } },
    },
  },
  audit: {
    sent_messages: {
      description: 'each gmail_send_message',
      fields: {
        message_id: 'id of the sent message',
        to: 'bare recipient address(es), comma-separated',
        cc: 'bare cc addresses ([] when none)',
        recipients: 'every address mailed (to and cc) — use it to forbid mailing someone',
        subject: 'subject line',
        body: 'plain-text body',
      },
      kinds: { message_id: 'id', to: 'email', cc: 'email', recipients: 'email' },
    },
    drafts: {
      description: 'each gmail_save_draft',
      fields: {
        draft_id: 'id of the saved draft',
        to: 'bare recipient address(es), comma-separated',
        recipients: 'every address in to',
        subject: 'subject line',
        body: 'plain-text body',
        reply_to_message_id: 'inbox message replied to (null when none)',
      },
      kinds: { draft_id: 'id', to: 'email', recipients: 'email', reply_to_message_id: 'id' },
    },
  },
  tools: [
    defineTool({
      name: 'gmail_list_messages',
      description: 'List inbox messages received in the last days_back days, newest first (summary fields, no body).',
      params: z.strictObject({
        days_back: z.number().int().min(1).max(3650).default(7).describe('how many days back from now'),
        max_results: z.number().int().min(1).max(500).default(20),
      }),
      mutates: false,
      handler(ctx, a) {
        const since = ctx.nowMs() - a.days_back * DAY_MS;
        const messages = ctx
          .list('messages')
          .map((m) => ({ m, ms: isoMs(String(m.date)) }))
          .filter((x) => x.ms >= since)
          .sort((x, y) => y.ms - x.ms)
          .slice(0, a.max_results)
          .map((x) => pick(x.m, SUMMARY));
        return { messages, total: messages.length };
      },
    }),
    defineTool({
      name: 'gmail_get_message',
      description: 'Get the full message, including body, recipients and attachments.',
      params: z.strictObject({ message_id: IdArg }),
      mutates: false,
      handler: (ctx, a) => ctx.get('messages', a.message_id),
    }),
    defineTool({
      name: 'gmail_search_messages',
      description:
        'Search inbox messages by words in sender, recipients, subject and body; best matches first, with a body snippet.',
      params: z.strictObject({
        query: z.string().min(1).describe('words to look for'),
        max_results: z.number().int().min(1).max(100).default(10),
      }),
      mutates: false,
      handler(ctx, a) {
        const messages = rankByQuery(ctx.list('messages'), a.query, (m) => fieldsText(m, SEARCH_FIELDS))
          .slice(0, a.max_results)
          .map((m) => ({ ...pick(m, SUMMARY), snippet: String(m.body).slice(0, 150) }));
        return { messages, total: messages.length };
      },
    }),
    defineTool({
      name: 'gmail_send_message',
      description: 'Send an email. to may hold several addresses separated by commas.',
      params: z.strictObject({
        to: kinded('email', z.string().min(1).describe('recipient address(es), comma-separated')),
        subject: z.string().min(1),
        body: z.string().min(1),
        cc: kinded('email', z.array(z.string()).optional().describe('cc addresses')),
      }),
      mutates: true,
      handler(ctx, a) {
        const to = parseAddresses('to', a.to);
        const cc = a.cc?.length ? parseAddresses('cc', a.cc) : [];
        const message = ctx.insert('outbox', {
          message_id: ctx.nextId('outbox'),
          to: to.join(', '),
          subject: a.subject,
          body: a.body,
          cc,
          date: ctx.now(),
        });
        ctx.record('sent_messages', {
          message_id: message.message_id,
          to: to.join(', '),
          cc,
          recipients: [...to, ...cc],
          subject: a.subject,
          body: a.body,
        });
        return { status: 'sent', message };
      },
    }),
    defineTool({
      name: 'gmail_save_draft',
      description: 'Save an email draft without sending it, optionally as a reply to an inbox message.',
      params: z.strictObject({
        to: kinded('email', z.string().min(1).describe('recipient address(es), comma-separated')),
        subject: z.string().min(1),
        body: z.string().min(1),
        reply_to_message_id: IdArg.optional().describe('message_id of the inbox message this replies to'),
      }),
      mutates: true,
      handler(ctx, a) {
        if (a.reply_to_message_id !== undefined) ctx.get('messages', a.reply_to_message_id);
        const to = parseAddresses('to', a.to);
        const draft = ctx.insert('drafts', {
          draft_id: ctx.nextId('drafts'),
          ...defined(a),
          to: to.join(', '),
          date: ctx.now(),
        });
        ctx.record('drafts', {
          draft_id: draft.draft_id,
          to: to.join(', '),
          recipients: to,
          subject: a.subject,
          body: a.body,
          reply_to_message_id: a.reply_to_message_id ?? null,
        });
        return { status: 'draft_saved', draft };
      },
    }),
  ],
};
