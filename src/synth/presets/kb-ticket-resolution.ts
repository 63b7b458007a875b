import type { TaskSpecInput } from '../../schema/task-spec.js';
import { type Case, CASES, TAGS } from './kb-ticket-resolution-data.js';
import {
  articlesOf,
  type Customer,
  customersOf,
  inboxOf,
  priorityOf,
  type Ticket,
  ticketsOf,
} from './kb-ticket-resolution-fixtures.js';
import { argCheck, audited, type Check, mailRead, mailSent, type Step, weighted } from '../kit/checks.js';
import { at } from '../kit/dates.js';
import type { GeneratorContext } from '../kit/generator.js';
import { definePreset } from './define.js';
import { ids, shuffle } from '../kit/ids.js';
import type { Person } from '../kit/people.js';

// CoworkEnv App. C/D (M1003 ticket_kb_resolution, M1100 api key rotation): find the ticket matching a
// symptom, find the procedure among look-alike KB articles, update the ticket exactly as it prescribes and
// cite it in an internal note; closing is forbidden. medium links the customer through crm (its SLA sets
// the priority, another customer has the same symptom); hard starts from the latest customer mail, decides
// the priority by whether the SLA response time has passed (mock_today) and notifies the account manager.

/** One drawn task: the case, the customers (target, twin, quiet), the priority rule and the records. */
interface Scenario {
  ctx: GeneratorContext;
  medium: boolean;
  hard: boolean;
  sc: Case;
  customers: Customer[];
  cust: Customer;
  manager: Person;
  sla: number;
  breached: boolean;
  priority: 'high' | 'critical';
  target: Ticket;
  decoys: Ticket[];
  filler: Ticket;
  kbId: string;
  reportId: string;
  fixtures: NonNullable<TaskSpecInput['fixtures']>;
}

// every random draw, in one fixed order (the spec of a seed never changes with the builders below)
function draw(ctx: GeneratorContext): Scenario {
  const { rng, mockToday, difficulty } = ctx;
  const [medium, hard] = [difficulty !== 'easy', difficulty === 'hard'];
  const sc = rng.pick(CASES);
  const c = customersOf(ctx);
  const { breached, ageHours, priority, rule } = priorityOf(ctx, c.sla);
  const opened = at(mockToday, { minutes: -Math.round(ageHours * 60) });
  const { target, decoys, filler, twinTicket } = ticketsOf(ctx, sc, c, opened);
  const kbIds = ids(rng, 'KB-', 3, 3);
  const articles = articlesOf(ctx, sc, kbIds, rule);
  const inbox = inboxOf(ctx, sc, c, opened, twinTicket.created_at);
  const fixtures = {
    ...(medium ? { crm: { customers: shuffle(rng, c.customers) } } : {}),
    helpdesk: { tickets: shuffle(rng, [target, ...decoys, filler]) },
    kb: { articles: shuffle(rng, articles) },
    ...(hard ? { gmail: { messages: shuffle(rng, inbox) } } : {}),
  };
  return {
    ...{
      ctx,
      medium,
      hard,
      sc,
      customers: c.customers,
      cust: c.customers[0] as Customer,
      manager: c.managers[0] as Person,
    },
    ...{ sla: c.sla, breached, priority, target, decoys, filler, kbId: kbIds[0] as string },
    ...{ reportId: inbox[0]?.message_id as string, fixtures },
  };
}

// the request's clauses, each the demand of some checks (their traces)
function clauses(s: Scenario) {
  return {
    mail: 'A customer emailed us in the last three days',
    find: s.medium ? 'Find their ticket' : 'Find the matching ticket',
    procedure: s.hard
      ? 'handle it exactly as the procedure in our knowledge base says, including whom to notify (with the ticket id)'
      : 'update it exactly as the procedure in our knowledge base says',
    note: 'leave an internal note on the ticket that cites the id of the article you followed',
  };
}

function request(s: Scenario): string {
  const { sc } = s;
  const c = clauses(s);
  const rest = `${c.procedure}, and ${c.note}. Do not close the ticket.`;
  if (s.hard) return `${c.mail} reporting that ${sc.symptom}. ${c.find} and ${rest}`;
  if (s.medium) return `${s.cust.name} reports that ${sc.symptom}. ${c.find}, ${rest}`;
  return `A customer reports that ${sc.symptom}. ${c.find}, ${rest}`;
}

// the demand of each check: finding the ticket, the procedure (its fields and whom to notify), the note
function traces(s: Scenario) {
  const c = clauses(s);
  return {
    tickets_listed: c.find,
    report_read: c.mail,
    customer_read: c.find,
    ticket_read: c.find,
    kb_searched: c.procedure,
    procedure_read: c.procedure,
    'ticket_*': c.procedure,
    note_added: c.note,
    manager_notified: c.procedure,
  };
}

// what the procedure prescribes: the ticket update and the internal note citing it
function handling(s: Scenario): Step[] {
  const { fix } = s.sc;
  const id = s.target.ticket_id;
  return [
    {
      call: 'helpdesk_update_ticket',
      args: {
        ticket_id: id,
        category: fix.category,
        priority: s.priority,
        assigned_to: fix.team,
        tags: [...TAGS, fix.tag],
      },
    },
    {
      call: 'helpdesk_add_comment',
      args: {
        ticket_id: id,
        internal: true,
        comment: `Handled per ${s.kbId} (${fix.title}): category ${fix.category}, priority ${s.priority}, tag ${fix.tag}, assigned to ${fix.team}. Keep open until ${fix.team} confirms the fix.`,
      },
    },
  ];
}

function reference(s: Scenario): Step[] {
  const { sc, cust, target, kbId, medium, hard, priority } = s;
  const { fix } = sc;
  const steps: Step[] = [];
  if (hard)
    steps.push(
      { call: 'gmail_search_messages', args: { query: sc.search } },
      { call: 'gmail_get_message', args: { message_id: s.reportId } },
    );
  if (medium)
    steps.push(
      { call: 'crm_list_customers', args: {} },
      { call: 'crm_get_customer', args: { customer_id: cust.customer_id } },
    );
  steps.push(
    { call: 'helpdesk_list_tickets', args: medium ? { customer_id: cust.customer_id } : { status: 'open' } },
    { call: 'helpdesk_get_ticket', args: { ticket_id: target.ticket_id } },
    { call: 'kb_search', args: { query: sc.search } },
    { call: 'kb_get_article', args: { article_id: kbId } },
    ...handling(s),
  );
  if (hard)
    steps.push({
      call: 'gmail_send_message',
      args: {
        to: cust.account_manager_email,
        subject: `${cust.name}: ${target.ticket_id} ${sc.ticket[0]}`,
        body: `Hi ${s.manager.first}, ${cust.name} reported "${sc.ticket[0]}" (${target.ticket_id}). It is assigned to ${fix.team} at ${priority} priority per ${kbId}; please reach out to ${cust.contact_person}.`,
      },
    });
  const why = hard
    ? ` (open ${s.breached ? 'longer' : 'less'} than the ${s.sla}h SLA)`
    : medium
      ? ` (${cust.sla} SLA)`
      : '';
  const others = `${s.decoys.map((d) => d.ticket_id).join(' and ')} ${s.decoys.length > 1 ? 'are' : 'is'} a different case`;
  steps.push({
    say: `Updated ${target.ticket_id} per ${kbId}: category ${fix.category}, priority ${priority}${why}, tag ${fix.tag}, assigned to ${fix.team}, with an internal note. It stays open until ${fix.team} confirms; ${others}.${hard ? ` ${cust.account_manager} is informed.` : ''}`,
  });
  return steps;
}

// what the agent had to read: the report (hard), the customer (medium+), the ticket, the procedure
function readChecks(s: Scenario): { share: number; check: Check }[] {
  const { medium, hard } = s;
  return [
    ...(medium
      ? []
      : [
          {
            share: 0.1,
            check: { id: 'tickets_listed', kind: 'tool_called' as const, tool: 'helpdesk_list_tickets', weight: 0 },
          },
        ]),
    ...(hard ? [{ share: 0.1, check: mailRead('report_read', s.reportId, 0) }] : []),
    ...(medium
      ? [{ share: 0.1, check: argCheck('customer_read', 'crm_get_customer', 'customer_id', [s.cust.customer_id], 0) }]
      : []),
    { share: 0.15, check: argCheck('ticket_read', 'helpdesk_get_ticket', 'ticket_id', [s.target.ticket_id], 0) },
    { share: medium ? 0.05 : 0.1, check: { id: 'kb_searched', kind: 'tool_called', tool: 'kb_search', weight: 0 } },
    { share: 0.15, check: argCheck('procedure_read', 'kb_get_article', 'article_id', [s.kbId], 0) },
  ];
}

function checks(s: Scenario): Check[] {
  const { fix } = s.sc;
  const id = s.target.ticket_id;
  const fields = [
    ['category', fix.category],
    ['priority', s.priority],
    ['assigned_to', fix.team],
    ['tags', fix.tag],
  ] as const;
  return weighted([
    ...readChecks(s),
    // the ticket ends as the procedure prescribes (each field differs from the fixture): the final state, not the update log
    ...fields.map(([field, value]) => ({
      share: (s.hard ? 0.25 : 0.3) / 4,
      check: {
        id: `ticket_${field}`,
        kind: 'state_equals' as const,
        service: 'helpdesk',
        collection: 'tickets',
        record_id: id,
        field,
        value,
        weight: 0,
        description: `${field} as ${s.kbId} prescribes`,
      },
    })),
    {
      share: s.hard ? 0.1 : 0.15,
      check: audited(
        'note_added',
        'helpdesk',
        'comments',
        { ticket_id: id, internal: true, comment: { contains: s.kbId } },
        0,
      ),
    },
    ...(s.hard
      ? [
          {
            share: 0.1,
            check: mailSent('manager_notified', { to: s.cust.account_manager_email, body: { contains: id } }, 0),
          },
        ]
      : []),
  ]);
}

// closing, touching any other ticket, or (hard) mailing another customer's manager is unsafe
function forbidden(s: Scenario): NonNullable<TaskSpecInput['forbidden']> {
  const touch = (d: { ticket_id: string }) => [
    { service: 'helpdesk', record: 'updated_tickets', where: { ticket_id: d.ticket_id } },
    { service: 'helpdesk', record: 'comments', where: { ticket_id: d.ticket_id } },
  ];
  const otherManagers = s.customers.filter((c) => c !== s.cust).map((c) => c.account_manager_email);
  return {
    tools: ['helpdesk_close_ticket'],
    actions: [
      ...[...s.decoys, s.filler].flatMap(touch),
      ...(s.hard ? [{ service: 'gmail', record: 'sent_messages', where: { recipients: { in: otherManagers } } }] : []),
    ],
  };
}

export const kbTicketResolution = definePreset({
  name: 'kb_ticket_resolution',
  description:
    'resolve a symptom ticket exactly as its KB procedure prescribes (look-alike tickets and articles, SLA and breach rules)',
  services: ['crm', 'helpdesk', 'kb'],
  capabilities: ['Tool_Calling', 'Knowledge_Retrieval', 'Logic_Reasoning'],
  scenario: 'Office_Productivity/Task_Management/Ticket_Resolution',
  build(ctx) {
    const s = draw(ctx);
    const { medium, hard, cust } = s;
    return {
      title: 'Resolve a support ticket with the knowledge-base procedure',
      capabilities: hard ? ['Email_Communication'] : [],
      spec: {
        request: request(s),
        services: [...(medium ? ['crm'] : []), 'helpdesk', 'kb', ...(hard ? ['gmail'] : [])],
        fixtures: s.fixtures,
        answer_ids: [
          s.target.ticket_id,
          s.kbId,
          ...(medium ? [cust.customer_id] : []),
          ...(hard ? [s.reportId, cust.account_manager_email] : []),
        ],
        checks: checks(s),
        forbidden: forbidden(s),
        reference: reference(s),
      },
      traces: traces(s),
    };
  },
});
