import { z } from 'zod';
import { ToolError } from './tool-error.js';
import { defineTool, type ServiceDef } from './types.js';
import { defined, IdArg, kindArg, kinded, mirrorList, pick } from './util.js';

const Priority = z.enum(['low', 'medium', 'high', 'critical']);

const Ticket = z.strictObject({
  ticket_id: kinded('id', z.string().min(1).describe('ticket id, e.g. TK-1042')),
  title: z.string().describe('one-line summary'),
  status: z.string().min(1).describe('open | in_progress | pending | resolved | closed'),
  description: z.string().default('').describe('full problem description'),
  customer_id: kinded('id', z.string().optional().describe('CRM customer id this ticket belongs to')),
  reporter: kinded('party', z.string().optional().describe('who reported it (name or email)')),
  department: z.string().optional().describe('reporting department'),
  priority: Priority.default('medium').describe('low | medium | high | critical'),
  created_at: z.string().optional().describe('ISO time the ticket was opened'),
  updated_at: z.string().optional().describe('ISO time of the last change'),
  tags: z.array(z.string()).default([]).describe('free labels'),
  category: z.string().optional().describe('triage category, e.g. authentication'),
  assigned_to: kinded('party', z.string().optional().describe('assignee (person or team)')),
  resolution: z.string().optional().describe('resolution text, set when closed'),
  comments: z
    .array(z.strictObject({ author: z.string(), comment: z.string(), internal: z.boolean(), timestamp: z.string() }))
    .default([])
    .describe('comment thread'),
});

const SUMMARY = [
  'ticket_id',
  'title',
  'reporter',
  'department',
  'priority',
  'status',
  'created_at',
  'customer_id',
] as const;

export const helpdesk: ServiceDef = {
  name: 'helpdesk',
  description: 'Support ticket system: list, read, triage, comment on, create and close tickets.',
  collections: {
    tickets: {
      description: 'support tickets',
      id: 'ticket_id',
      label: 'Ticket',
      newId: ['TK-', 4],
      record: Ticket,
      refs: { customer_id: { to: 'crm.customers' } },
    },
  },
  audit: {
    updated_tickets: mirrorList('full ticket after each helpdesk_update_ticket', Ticket),
    closed: mirrorList('full ticket after each helpdesk_close_ticket', Ticket),
    created_tickets: mirrorList('full ticket after each helpdesk_create_ticket', Ticket),
    comments: {
      description: 'each helpdesk_add_comment',
      fields: {
        ticket_id: 'ticket commented on',
        comment: 'comment text',
        author: 'who wrote it',
        internal: 'internal note (not visible to the customer)',
      },
      kinds: { ticket_id: 'id', author: 'party' },
    },
  },
  tools: [
    defineTool({
      name: 'helpdesk_list_tickets',
      description:
        'List tickets (summary fields). Filter by status ("all" for every status), priority, category or customer.',
      params: z.strictObject({
        status: z.string().default('open').describe('status to match, or "all"'),
        priority: Priority.optional(),
        category: z.string().optional(),
        customer_id: IdArg.optional(),
      }),
      mutates: false,
      handler(ctx, a) {
        const tickets = ctx
          .list('tickets')
          .filter(
            (t) =>
              (a.status === 'all' || t.status === a.status) &&
              (a.priority === undefined || t.priority === a.priority) &&
              (a.category === undefined || t.category === a.category) &&
              (a.customer_id === undefined || t.customer_id === a.customer_id),
          )
          .map((t) => pick(t, SUMMARY));
        return { tickets, total: tickets.length };
      },
    }),
    defineTool({
      name: 'helpdesk_get_ticket',
      description: 'Get the full ticket, including description, tags and comments.',
      params: z.strictObject({ ticket_id: IdArg }),
      mutates: false,
      handler: (ctx, a) => ctx.get('tickets', a.ticket_id),
    }),
    defineTool({
      name: 'helpdesk_update_ticket',
      description: 'Update a ticket: priority, tags (replaces the list), category, assignee and/or status.',
      params: z.strictObject({
        ticket_id: IdArg,
        priority: Priority.optional(),
        tags: z.array(z.string()).optional(),
        category: z.string().optional(),
        assigned_to: kindArg('party').optional(),
        status: z.enum(['open', 'in_progress', 'pending', 'resolved']).optional(),
      }),
      mutates: true,
      handler(ctx, { ticket_id, ...changes }) {
        ctx.get('tickets', ticket_id);
        const patch = defined(changes);
        if (Object.keys(patch).length === 0) {
          throw new ToolError(
            'invalid_argument',
            'nothing to update: give at least one of priority, tags, category, assigned_to, status',
          );
        }
        const ticket = ctx.update('tickets', ticket_id, { ...patch, updated_at: ctx.now() });
        ctx.record('updated_tickets', ticket);
        return { status: 'updated', ticket };
      },
    }),
    defineTool({
      name: 'helpdesk_close_ticket',
      description: 'Close a ticket with a resolution note.',
      params: z.strictObject({ ticket_id: IdArg, resolution: z.string().min(1) }),
      mutates: true,
      handler(ctx, a) {
        const old = ctx.get('tickets', a.ticket_id);
        if (old.status === 'closed') throw new ToolError('conflict', `Ticket ${a.ticket_id} is already closed`);
        const ticket = ctx.update('tickets', a.ticket_id, {
          status: 'closed',
          resolution: a.resolution,
          updated_at: ctx.now(),
        });
        ctx.record('closed', ticket);
        return { status: 'closed', ticket };
      },
    }),
    defineTool({
      name: 'helpdesk_create_ticket',
      description: 'Open a new ticket.',
      params: z.strictObject({
        title: z.string().min(1),
        description: z.string().min(1),
        customer_id: IdArg.optional(),
        priority: Priority.default('medium'),
        reporter: kindArg('party').optional(),
        department: z.string().optional(),
        category: z.string().optional(),
        tags: z.array(z.string()).default([]),
      }),
      mutates: true,
      handler(ctx, a) {
        const now = ctx.now();
        const ticket = ctx.insert('tickets', {
          ticket_id: ctx.nextId('tickets'),
          status: 'open',
          created_at: now,
          updated_at: now,
          comments: [],
          ...defined(a),
        });
        ctx.record('created_tickets', ticket);
        return { status: 'created', ticket };
      },
    }),
    defineTool({
      name: 'helpdesk_add_comment',
      description: 'Add a comment to a ticket (internal notes are hidden from the customer).',
      params: z.strictObject({
        ticket_id: IdArg,
        comment: z.string().min(1),
        author: kindArg('party').default('agent'),
        internal: z.boolean().default(false),
      }),
      mutates: true,
      handler(ctx, a) {
        const old = ctx.get('tickets', a.ticket_id);
        const entry = { author: a.author, comment: a.comment, internal: a.internal, timestamp: ctx.now() };
        ctx.update('tickets', a.ticket_id, {
          comments: [...((old.comments as unknown[]) ?? []), entry],
          updated_at: ctx.now(),
        });
        const record = ctx.record('comments', { ticket_id: a.ticket_id, ...entry });
        return { status: 'created', comment: record };
      },
    }),
  ],
};
