import { z } from 'zod';
import { fieldsText, rankByQuery } from './text-search.js';
import { defineTool, type ServiceDef } from './types.js';
import { IdArg, kinded } from './util.js';

const Contact = z.strictObject({
  contact_id: kinded('id', z.string().min(1).describe('contact id, e.g. CT-1401')),
  name: z.string().describe('full name'),
  email: kinded('email', z.string().describe('email address')),
  department: z.string().optional().describe('department or team'),
  title: z.string().optional().describe('job title'),
  phone: kinded('phone', z.string().optional().describe('phone number')),
  location: z.string().optional().describe('office or city'),
  specialization: z.string().optional().describe('area of expertise'),
  notes: z.string().optional().describe('free-text notes about the person'),
  manager: kinded('party', z.string().optional().describe("the person's manager (name or contact id)")),
});

const SEARCH_FIELDS = ['name', 'email', 'department', 'title', 'specialization', 'notes'] as const;

export const contacts: ServiceDef = {
  name: 'contacts',
  description: 'Company directory: search people, read a contact and send a contact a direct message.',
  collections: {
    contacts: { description: 'people in the directory', id: 'contact_id', label: 'Contact', record: Contact },
  },
  audit: {
    sent_messages: {
      description: 'each contacts_send_message',
      fields: {
        contact_id: 'recipient contact id',
        name: "recipient's name",
        email: "recipient's email address",
        message: 'message text',
      },
      kinds: { contact_id: 'id', email: 'email' },
    },
  },
  tools: [
    defineTool({
      name: 'contacts_search',
      description:
        'Search contacts by words in name, email, department, title, specialization and notes (case-insensitive, best matches first). ' +
        'department narrows to departments containing that text.',
      params: z.strictObject({
        query: z.string().min(1).describe('words to look for, e.g. a name or a skill'),
        department: z.string().optional().describe('part of a department name (case-insensitive)'),
        max_results: z.number().int().min(1).max(200).default(20),
      }),
      mutates: false,
      handler(ctx, a) {
        const dept = a.department?.toLowerCase();
        const pool = ctx.list('contacts').filter(
          (c) =>
            dept === undefined ||
            String(c.department ?? '')
              .toLowerCase()
              .includes(dept),
        );
        const found = rankByQuery(pool, a.query, (c) => fieldsText(c, SEARCH_FIELDS)).slice(0, a.max_results);
        return { contacts: found, total: found.length };
      },
    }),
    defineTool({
      name: 'contacts_get',
      description: 'Get one contact with all its fields.',
      params: z.strictObject({ contact_id: IdArg }),
      mutates: false,
      handler: (ctx, a) => ctx.get('contacts', a.contact_id),
    }),
    defineTool({
      name: 'contacts_send_message',
      description: 'Send a direct message to a contact.',
      params: z.strictObject({
        contact_id: IdArg,
        message: z.string().min(1).describe('message text'),
      }),
      mutates: true,
      handler(ctx, a) {
        const c = ctx.get('contacts', a.contact_id);
        const record = ctx.record('sent_messages', {
          contact_id: a.contact_id,
          name: c.name,
          email: c.email,
          message: a.message,
        });
        return { status: 'sent', message: record };
      },
    }),
  ],
};
