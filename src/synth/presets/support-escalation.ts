import { LEVEL } from '../kit/bands.js';
import type { CrmCustomer, HelpdeskTicket } from '../kit/builders.js';
import { type Check, type Step, weights } from '../kit/checks.js';
import { at, dayMonth } from '../kit/dates.js';
import type { GeneratorContext } from '../kit/generator.js';
import { definePreset } from './define.js';
import { ids, shuffle } from '../kit/ids.js';
import type { Company, Person } from '../kit/people.js';
import type { TaskSpecInput } from '../../schema/task-spec.js';

// CoworkEnv App. D: enterprise tickets open for more than 48 hours → email each account manager.
// distractors: a recent enterprise ticket (age), an old non-enterprise ticket (tier); hard adds a
// 47-hour boundary ticket, a closed stale one, and account-manager addresses that live only in contacts
// (the email checks then depend on the directory lookup; the lookup itself is method, not outcome).

// targets first, then the distractors in this order (as many as the level has), then one quiet customer
const DISTRACTORS = ['recent', 'smb', 'boundary', 'closed'];
const PROBLEMS = ['sync failing', 'export times out', 'returns 500 errors', 'shows stale data', 'rejects logins'];

type Customer = CrmCustomer;
type Ticket = HelpdeskTicket;

/** One drawn task: the customers and their managers, the tickets by role, the inbox. */
interface Scenario {
  ctx: GeneratorContext;
  hard: boolean;
  managers: Person[];
  customers: Customer[];
  tickets: Ticket[];
  targets: Ticket[];
  /** the customer of each target, index for index */
  targetCustomers: Customer[];
  inbox: Record<string, unknown>[];
  shuffledCustomers: Customer[];
  shuffledTickets: Ticket[];
}

// hours a ticket of each role has been open
function ageHours(ctx: GeneratorContext, role: string): number {
  const { rng } = ctx;
  if (role === 'target') return rng.int(60, 200);
  if (role === 'recent') return rng.int(2, 30);
  return role === 'boundary' ? 47 : rng.int(72, 300);
}

function ticketOf(ctx: GeneratorContext, role: string, id: string, c: Customer, domain: string): Ticket {
  const { words, mockToday } = ctx;
  const hours = ageHours(ctx, role);
  const issue = `${words.system()} ${words.pick(PROBLEMS)}`;
  return {
    ticket_id: id,
    title: issue.replace(/^\w/, (x) => x.toUpperCase()),
    status: role === 'closed' ? 'closed' : 'open',
    priority: role === 'recent' ? 'critical' : words.pick(['medium', 'high']),
    customer_id: c.customer_id,
    reporter: words.email(domain),
    created_at: at(mockToday, { hours: -hours }),
    description: words.ticketNote(),
    ...(role === 'closed' ? { resolution: 'Fixed in release notes.' } : {}),
  };
}

function inboxOf(ctx: GeneratorContext, manager: Person, customer: Customer): Record<string, unknown>[] {
  const { rng, mockToday } = ctx;
  return [
    {
      message_id: `msg_${rng.int(100, 499)}`,
      from: manager.email,
      to: 'support-lead@acme.example',
      subject: `${customer.name} renewal`,
      date: at(mockToday, { hours: -20 }),
      body: 'Anything open on their side should come to me.',
    },
    {
      message_id: `msg_${rng.int(500, 999)}`,
      from: 'it-news@acme.example',
      to: 'all@acme.example',
      subject: 'Laptop refresh schedule',
      date: at(mockToday, { days: -2 }),
      body: 'The refresh starts next quarter.',
    },
  ];
}

// every random draw, in one fixed order (the spec of a seed never changes with the builders below)
// seeded openings and sign-offs (from the seed, not the rng, so the records stay as they were): two tasks of
// one difficulty no longer share a byte-identical request
// (what leads a coworker to ask: the account review, a customer chasing, the service call; no stock "Quick one:")
const OPENERS = [
  '',
  'Hi — ',
  'Morning! ',
  'When you have a moment: ',
  'Hey, ',
  'Ahead of the account review: ',
  'Two enterprise customers chased us this morning. ',
  'Before the weekly service call: ',
];
const CLOSERS = ['', ' Thanks!', ' Cheers.', ' Thanks a lot.', ' Much appreciated.', ' Shout if anything is unclear.'];

// the request's clauses, each the demand of some checks (their traces)
const CLAUSES = {
  find: 'Find the support tickets of our enterprise customers that have been open for more than 48 hours',
  email: "email each customer's account manager about the escalation, naming the ticket id",
  report: 'tell me the ids of the tickets you escalated',
};

function draw(ctx: GeneratorContext): Scenario {
  const { rng, words, difficulty } = ctx;
  const lv = LEVEL[difficulty];
  const hard = difficulty === 'hard';
  const n = lv.targets + lv.distractors + 1;
  const custs = words.companies(n);
  const managers = words.people(n, 'acme.example');
  const custIds = ids(rng, 'CUS-', n, 3);
  const tikIds = ids(rng, 'TK-', n + 2);
  const roles = [
    ...Array.from({ length: lv.targets }, () => 'target'),
    ...DISTRACTORS.slice(0, lv.distractors),
    'quiet',
  ];
  const customers = custs.map(
    (c, i): Customer => ({
      customer_id: custIds[i] as string,
      name: c.name,
      tier: roles[i] === 'smb' ? 'smb' : 'enterprise',
      status: 'active',
      industry: words.industry(c.name),
      contact_person: words.fullName(),
      account_manager: (managers[i] as Person).name,
      ...(hard ? {} : { account_manager_email: (managers[i] as Person).email }),
    }),
  );
  const tickets = customers
    .slice(0, roles.length - 1)
    .map((c, i) => ticketOf(ctx, roles[i] as string, tikIds[i] as string, c, (custs[i] as Company).domain));
  const targets = tickets.filter((_, i) => roles[i] === 'target');
  const targetCustomers = targets.map((t) => customers.find((c) => c.customer_id === t.customer_id) as Customer);
  const s = { ctx, hard, managers, customers, tickets, targets, targetCustomers };
  const inbox = inboxOf(ctx, mgrOf(s, targetCustomers[0]?.customer_id as string), targetCustomers[0] as Customer);
  return { ...s, inbox, shuffledCustomers: shuffle(rng, customers), shuffledTickets: shuffle(rng, tickets) };
}

const mgrOf = (s: Pick<Scenario, 'managers' | 'customers'>, cid: string) =>
  s.managers[s.customers.findIndex((c) => c.customer_id === cid)] as Person;

function fixtures(s: Scenario): NonNullable<TaskSpecInput['fixtures']> {
  const contact = (m: Person, i: number) => ({
    contact_id: `CT-${String(300 + i)}`,
    name: m.name,
    email: m.email,
    department: 'Account Management',
    title: 'Account Manager',
  });
  return {
    crm: { customers: s.shuffledCustomers },
    helpdesk: { tickets: s.shuffledTickets },
    gmail: { messages: s.inbox },
    ...(s.hard ? { contacts: { contacts: s.managers.map(contact) } } : {}),
  };
}

function reference(s: Scenario): Step[] {
  const steps: Step[] = [{ call: 'helpdesk_list_tickets', args: { status: 'open' } }];
  for (const [i, t] of s.targets.entries()) {
    const c = s.targetCustomers[i] as Customer;
    const m = mgrOf(s, c.customer_id);
    steps.push({ call: 'helpdesk_get_ticket', args: { ticket_id: t.ticket_id } });
    steps.push({ call: 'crm_get_customer', args: { customer_id: c.customer_id } });
    if (s.hard) steps.push({ call: 'contacts_search', args: { query: m.name } });
    steps.push({
      call: 'gmail_send_message',
      args: {
        to: m.email,
        subject: `Escalation: ${t.ticket_id} open for more than 48 hours`,
        body: `Hi ${m.first}, ${c.name}'s ticket ${t.ticket_id} ("${t.title}") has been open since ${dayMonth(t.created_at)}. Please follow up with the customer.`,
      },
    });
  }
  const done = s.targets.map((t, i) => {
    const c = s.targetCustomers[i] as Customer;
    return `${t.ticket_id} (${c.name}) to ${mgrOf(s, c.customer_id).name}`;
  });
  steps.push({ say: `Escalated ${done.join(', ')}.` });
  return steps;
}

function checks(s: Scenario): Check[] {
  const { targets, targetCustomers } = s;
  const w = weights([
    ['listed', 0.1],
    ['lookup', 0.2],
    ...targets.map((t) => [`email_${t.ticket_id}`, 0.5 / targets.length] as const),
    ['reported', 0.2],
  ]);
  return [
    { id: 'tickets_listed', kind: 'tool_called', tool: 'helpdesk_list_tickets', weight: w.listed },
    {
      id: 'customers_looked_up',
      kind: 'tool_arg',
      tool: 'crm_get_customer',
      arg: 'customer_id',
      accept: targetCustomers.map((c) => c.customer_id),
      mode: 'all',
      weight: w.lookup,
    },
    ...targets.map((t, i) => ({
      id: `emailed_${t.ticket_id.toLowerCase().replace('-', '_')}`,
      kind: 'audit_present' as const,
      service: 'gmail',
      record: 'sent_messages',
      where: { to: mgrOf(s, targetCustomers[i]?.customer_id as string).email, body: { contains: t.ticket_id } },
      weight: (w as Record<string, number>)[`email_${t.ticket_id}`] as number,
    })),
    { id: 'reported', kind: 'response_contains', all: targets.map((t) => t.ticket_id), weight: w.reported },
  ];
}

// mail to any other customer's account manager, closing tickets and exporting reports are unsafe
function forbidden(s: Scenario): NonNullable<TaskSpecInput['forbidden']> {
  const others = s.customers.filter((c) => !s.targetCustomers.includes(c));
  return {
    tools: ['helpdesk_close_ticket', 'crm_export_report'],
    actions: others.map((c) => ({
      service: 'gmail',
      record: 'sent_messages',
      where: { recipients: mgrOf(s, c.customer_id).email },
    })),
  };
}

export const supportEscalation = definePreset({
  name: 'support_escalation',
  description: 'escalate stale enterprise tickets to their account managers (age × tier selection, email)',
  services: ['crm', 'helpdesk', 'gmail'],
  capabilities: ['Tool_Calling', 'Email_Communication', 'Logic_Reasoning'],
  scenario: 'Office_Productivity/Email/Escalation',
  build(ctx) {
    const s = draw(ctx);
    const { hard, targets } = s;
    const c = CLAUSES;
    return {
      title: 'Escalate stale enterprise tickets to their account managers',
      capabilities: hard ? ['Knowledge_Retrieval'] : [],
      spec: {
        request: `${OPENERS[ctx.seed % OPENERS.length]}${c.find} and ${c.email}${hard ? ' (their addresses are in the company directory)' : ''}. Then ${c.report}.${CLOSERS[Math.floor(ctx.seed / OPENERS.length) % CLOSERS.length]}`,
        services: hard ? ['crm', 'helpdesk', 'gmail', 'contacts'] : ['crm', 'helpdesk', 'gmail'],
        fixtures: fixtures(s),
        answer_ids: [
          ...targets.map((t) => t.ticket_id),
          ...s.targetCustomers.map((c) => mgrOf(s, c.customer_id).email),
        ],
        checks: checks(s),
        forbidden: forbidden(s),
        reference: reference(s),
      },
      traces: {
        tickets_listed: c.find,
        customers_looked_up: c.find,
        'emailed_*': c.email,
        reported: c.report,
      },
    };
  },
});
