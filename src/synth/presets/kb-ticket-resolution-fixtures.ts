import { at, dayMonth } from '../kit/dates.js';
import type { GeneratorContext } from '../kit/generator.js';
import { ids } from '../kit/ids.js';
import type { Person } from '../kit/people.js';
import { type Case, type Fix, SLA_HOURS, TAGS } from './kb-ticket-resolution-data.js';

// kb_ticket_resolution's seed records: customers, the priority rule, tickets, kb articles and (hard) the inbox.
// each builder draws from ctx.rng; draw() in kb-ticket-resolution.ts calls them in one fixed order.

export interface Customer {
  customer_id: string;
  name: string;
  email: string;
  sla: string;
  contact_person: string;
  account_manager: string;
  account_manager_email: string;
}
export type Ticket = { ticket_id: string; created_at: string } & Record<string, unknown>;

// customers: the target, one with the same symptom, one quiet (medium+)
export function customersOf(ctx: GeneratorContext) {
  const { rng, words } = ctx;
  const custs = words.companies(3);
  const managers = words.people(3, 'acme.example');
  const contacts = custs.map((c) => words.people(1, c.domain)[0] as Person);
  const custIds = ids(rng, 'CUS-', 3, 3);
  const slaHours = SLA_HOURS.map(() => rng.pick(SLA_HOURS));
  const customers = custs.map((c, i) => ({
    customer_id: custIds[i] as string,
    name: c.name,
    tier: rng.pick(['enterprise', 'mid_market', 'smb']),
    status: 'active',
    industry: words.industry(c.name),
    contact_person: (contacts[i] as Person).name,
    email: (contacts[i] as Person).email,
    sla: `${slaHours[i]}h response`,
    account_manager: (managers[i] as Person).name,
    account_manager_email: (managers[i] as Person).email,
  }));
  return { customers: customers as Customer[], managers, contacts, sla: slaHours[0] as number };
}

// the priority rule the procedure states, and the value it gives here (hard: by the ticket's age vs the SLA)
export function priorityOf(ctx: GeneratorContext, sla: number) {
  const { rng, difficulty } = ctx;
  const [medium, hard] = [difficulty !== 'easy', difficulty === 'hard'];
  const breached = rng.chance(0.5);
  const ageHours = hard ? (breached ? sla + rng.int(1, 30) : rng.int(1, sla - 1) - 0.5) : rng.int(2, 100);
  const priority = hard
    ? breached
      ? 'critical'
      : 'high'
    : medium
      ? sla <= 4
        ? 'critical'
        : 'high'
      : rng.pick(['high', 'critical'] as const);
  const rule = hard
    ? "set the priority to critical if the ticket has been open longer than the customer's SLA response time (see the CRM), otherwise high"
    : medium
      ? "set the priority to critical if the customer's SLA is a 4h response or faster (see the CRM), otherwise high"
      : `set the priority to ${priority}`;
  return { breached, ageHours, priority, rule };
}

// the target, its look-alike, the twin customer's same symptom (medium+), filler, and (hard) the same
// customer's earlier ticket for the same symptom, resolved and to stay so
export function ticketsOf(ctx: GeneratorContext, sc: Case, c: ReturnType<typeof customersOf>, opened: string) {
  const { rng, mockToday, difficulty } = ctx;
  const medium = difficulty !== 'easy';
  const [cust, twin, quiet] = c.customers as [Customer, Customer, Customer];
  const tikIds = ids(rng, 'TK-', 5);
  const base = { status: 'open', priority: 'medium', assigned_to: 'support-l1', tags: [...TAGS] };
  const reporter = (i: number) =>
    medium ? { customer_id: cust.customer_id, reporter: cust.email } : { reporter: (c.contacts[i] as Person).email };
  const ticket = (
    i: number,
    title: string,
    description: string,
    rest: { created_at: string } & Record<string, unknown>,
  ): Ticket => ({ ticket_id: tikIds[i] as string, title, description, ...base, ...rest }) as Ticket;
  const target = ticket(0, sc.ticket[0], sc.ticket[1], { created_at: opened, ...reporter(0) });
  const decoy = ticket(1, sc.decoy[0], sc.decoy[1], {
    priority: 'low',
    created_at: at(mockToday, { hours: -rng.int(3, 90) }),
    ...reporter(1),
  });
  const twinTicket = ticket(2, sc.ticket[0], `Same symptom reported by ${twin.name}: ${sc.ticket[1]}`, {
    customer_id: twin.customer_id,
    reporter: twin.email,
    created_at: at(mockToday, { days: -rng.int(8, 20), hours: 1 }),
  });
  const filler = ticket(3, 'Invoice address change request', 'Please update the billing address on future invoices.', {
    tags: ['billing'],
    priority: 'low',
    created_at: at(mockToday, { days: -rng.int(1, 6) }),
    ...(medium ? { customer_id: quiet.customer_id } : {}),
  });
  const pastDays = rng.int(30, 90);
  const { fix } = sc;
  const past = ticket(4, sc.ticket[0], sc.ticket[1], {
    ...{ status: 'resolved', tags: [...TAGS, fix.tag], category: fix.category, assigned_to: fix.team },
    ...{ customer_id: cust.customer_id, reporter: cust.email },
    created_at: at(mockToday, { days: -pastDays }),
    updated_at: at(mockToday, { days: -pastDays + 2 }),
    resolution: `Fixed by ${fix.team}.`,
  });
  const decoys = difficulty === 'hard' ? [decoy, twinTicket, past] : medium ? [decoy, twinTicket] : [decoy];
  return { target, decoys, filler, twinTicket };
}

// the procedure, its look-alike (medium+) and an unrelated article
export function articlesOf(ctx: GeneratorContext, sc: Case, kbIds: string[], rule: string): Record<string, unknown>[] {
  const { rng, words, mockToday, difficulty } = ctx;
  const article = (id: string, x: Fix, prio: string, notify: boolean) => ({
    article_id: id,
    title: x.title,
    category: 'procedures',
    tags: x.tags,
    author: `${words.firstName()} ${words.lastName()}`,
    last_updated: at(mockToday, { days: -rng.int(20, 300) }).slice(0, 10),
    views: rng.int(10, 900),
    content: [
      `Use this procedure when ${x.when}.`,
      `1) ${x.step}.`,
      `2) Update the support ticket: set the category to ${x.category}, add the tag ${x.tag} and assign it to ${x.team}.`,
      `3) ${prio.replace(/^\w/, (c) => c.toUpperCase())}.`,
      ...(notify
        ? ["4) Email the customer's account manager (listed in the CRM) with the ticket id so they can reach out."]
        : []),
      `${notify ? 5 : 4}) Leave an internal note on the ticket citing this article, and keep the ticket open until ${x.team} confirms the fix.`,
    ].join(' '),
  });
  return [
    article(kbIds[0] as string, sc.fix, rule, difficulty === 'hard'),
    ...(difficulty !== 'easy' ? [article(kbIds[1] as string, sc.decoyFix, 'set the priority to low', false)] : []),
    {
      article_id: kbIds[2] as string,
      title: 'Updating billing addresses',
      category: 'billing',
      tags: ['billing', 'invoice'],
      content: 'Billing addresses change from the next invoice; edit them in the account settings.',
      views: rng.int(10, 900),
    },
  ];
}

// hard: the report arrives by mail; an older mail from the twin customer describes the same symptom
export function inboxOf(
  ctx: GeneratorContext,
  sc: Case,
  c: ReturnType<typeof customersOf>,
  opened: string,
  twinAt: string,
) {
  const { rng, mockToday } = ctx;
  const msgIds = ids(rng, 'msg_', 3, 4);
  const mail = (id: string, who: Person, co: string, date: string) => ({
    message_id: id,
    from: `${who.name} <${who.email}>`,
    to: 'support@acme.example',
    subject: sc.ticket[0],
    date,
    body: `Hello, ${sc.symptom.replace(/\btheir\b/g, 'our')}. It started on ${dayMonth(date)}; please help urgently.\n\n${who.name}, ${co}`,
  });
  const [cust, twin] = c.customers as [Customer, Customer];
  return [
    mail(msgIds[0] as string, c.contacts[0] as Person, cust.name, at(opened, { minutes: -rng.int(5, 40) })),
    mail(msgIds[1] as string, c.contacts[1] as Person, twin.name, at(twinAt, { hours: -1 })),
    {
      message_id: msgIds[2] as string,
      from: 'it-news@acme.example',
      to: 'all@acme.example',
      subject: 'Office network maintenance',
      date: at(mockToday, { days: -1 }),
      body: 'The office network is down for maintenance on Saturday morning.',
    },
  ];
}
