import type { CrmCustomer, HelpdeskTicket } from '../kit/builders.js';
import { audited, type Check as CheckInput, mailSent, onlyOn, type Step, weighted } from '../kit/checks.js';
import { at, dayMonth } from '../kit/dates.js';
import type { GeneratorContext } from '../kit/generator.js';
import { definePreset } from './define.js';
import { ids, shuffle } from '../kit/ids.js';
import type { Person } from '../kit/people.js';
import { slug } from '../kit/text.js';
import type { TaskSpecInput } from '../../schema/task-spec.js';

// CoworkEnv App. D: "a ticket-prioritization task can select by customer tier and update helpdesk records".
// open tickets of enterprise customers → critical, of mid_market customers → high, smb left alone.
// distractors: an smb ticket (tier), a closed enterprise ticket (status), an enterprise ticket already
// critical (no-op, must not be downgraded); hard adds an age rule with a too-recent ticket, an internal
// note per change, and a notice to this week's on-call lead, whose name sits in one of three rota mails.

type Role = 'target' | 'smb' | 'closed' | 'already' | 'recent';

const RULE: Record<string, 'critical' | 'high'> = { enterprise: 'critical', mid_market: 'high' };
const PROBLEMS = [
  'sync failing',
  'export times out',
  'returns 500 errors',
  'shows stale data',
  'rejects logins',
  'webhook retries pile up',
  'report totals are wrong',
];
const TIER_RULE =
  "tickets of customers in the enterprise tier must be critical, tickets of mid_market customers high, and smb customers' tickets stay as they are";

type Customer = CrmCustomer & { account_manager_email: string; annual_revenue: number };
type Ticket = HelpdeskTicket;
type Target = Ticket & { to: 'critical' | 'high' };

/** One drawn task: customers, tickets by role, the review to-dos and the on-call rota mails. */
interface Scenario {
  ctx: GeneratorContext;
  medium: boolean;
  hard: boolean;
  minAge: number;
  customers: Customer[];
  targets: Target[];
  already: Ticket[];
  /** the smb, closed and too-recent tickets */
  untouchable: Ticket[];
  reviewId: string;
  lead: Person;
  /** the mail with this week's rota */
  rotaId: string;
  fixtures: NonNullable<TaskSpecInput['fixtures']>;
}

// the customers (one per role but the closed one, plus a quiet one) and the ticket ids, drawn before them
function customersOf(ctx: GeneratorContext, roles: Role[], targetTiers: string[]) {
  const custRoles = roles.filter((r) => r !== 'closed');
  const { rng, words } = ctx;
  const n = custRoles.length + 1;
  const custs = words.companies(n);
  const managers = words.people(n, 'acme.example');
  const custIds = ids(rng, 'CUS-', n, 3);
  const tikIds = ids(rng, 'TK-', roles.length);
  const tierOf = (role: Role, i: number) =>
    role === 'target' ? (targetTiers[i] as string) : role === 'smb' ? 'smb' : 'enterprise';
  const customers = custs.map(
    (c, i): Customer => ({
      customer_id: custIds[i] as string,
      name: c.name,
      tier: i < custRoles.length ? tierOf(custRoles[i] as Role, i) : 'enterprise',
      status: 'active',
      industry: words.industry(c.name),
      contact_person: `${words.firstName()} ${words.lastName()}`,
      account_manager: (managers[i] as Person).name,
      account_manager_email: (managers[i] as Person).email,
      annual_revenue: rng.int(40, 900) * 5000,
    }),
  );
  return { customers, domains: custs.map((c) => c.domain), tikIds };
}

// one ticket per role; the closed ticket shares the first target's customer, the others take the next customer
function ticketsOf(ctx: GeneratorContext, roles: Role[], c: ReturnType<typeof customersOf>, minAge: number) {
  const { rng, words, mockToday } = ctx;
  const { customers, domains, tikIds } = c;
  let ci = 0;
  return roles.map((role, i): Ticket => {
    const cust = (role === 'closed' ? customers[0] : customers[ci++]) as Customer;
    const dom = domains[customers.indexOf(cust)];
    const priority =
      role === 'already'
        ? 'critical'
        : role === 'target' && cust.tier !== 'enterprise'
          ? rng.pick(['low', 'medium'] as const)
          : rng.pick(['low', 'medium', 'high'] as const);
    const ageHours = role === 'recent' ? rng.int(2, minAge - 4) : rng.int(minAge + 6, minAge + 150);
    const title = `${words.system()} ${rng.pick(PROBLEMS)}`.replace(/^\w/, (x) => x.toUpperCase());
    return {
      ticket_id: tikIds[i] as string,
      title,
      status: role === 'closed' ? 'closed' : 'open',
      priority,
      customer_id: cust.customer_id,
      reporter: words.email(dom as string),
      created_at: at(mockToday, { hours: -ageHours }),
      description: `${cust.name} reports: ${title.toLowerCase()} since ${dayMonth(at(mockToday, { hours: -ageHours }))}.`,
      ...(role === 'closed' ? { resolution: 'Resolved with a configuration change.' } : {}),
    };
  });
}

// the weekly review to-do (medium+): this week's, last week's (done) and an unrelated one
function reviewTasks(todoIds: string[], monday: string): Record<string, unknown>[] {
  const review = (task_id: string, week: number, status: string, due: number) => ({
    task_id,
    title: `Ticket priority review (week of ${dayMonth(at(monday, { days: 7 * week }))})`,
    status,
    priority: 'high',
    due_date: at(monday, { days: due }).slice(0, 10),
    tags: ['support'],
  });
  return [
    review(todoIds[0] as string, 0, 'pending', 4),
    review(todoIds[1] as string, -1, 'completed', -3),
    { task_id: todoIds[2], title: 'Update the support macros', status: 'pending', priority: 'low', tags: ['support'] },
  ];
}

// the on-call rota mails (hard): last, this and next week, plus an unrelated notice
function rotaInbox(
  ctx: GeneratorContext,
  monday: string,
  leads: Person[],
  msgIds: string[],
): Record<string, unknown>[] {
  const { rng, mockToday } = ctx;
  const week = (n: number, days = 0) => dayMonth(at(monday, { days: 7 * n + days }));
  const rota = (i: number, n: number, date: string) => ({
    message_id: msgIds[i] as string,
    from: 'support-ops@acme.example',
    to: 'support-team@acme.example',
    subject: `On-call rota: week of ${week(n)}`,
    date,
    body: `For the week of ${week(n)} to ${week(n, 6)}, the on-call lead is ${(leads[n + 1] as Person).name} (${(leads[n + 1] as Person).email}). Send anything raised to critical their way.`,
  });
  return [
    rota(0, -1, at(monday, { days: -10, hours: 15 })),
    rota(1, 0, at(monday, { days: -3, hours: 15 })),
    // next week's rota went out most recently: the newest mail is not the current one
    rota(2, 1, at(mockToday, { hours: -rng.int(2, 20) })),
    {
      message_id: msgIds[3] as string,
      from: 'facilities@acme.example',
      to: 'all@acme.example',
      subject: 'Fire drill on Thursday',
      date: at(mockToday, { days: -2 }),
      body: 'Please leave the building when the alarm sounds.',
    },
  ];
}

// every random draw, in one fixed order (the spec of a seed never changes with the builders below)
function draw(ctx: GeneratorContext): Scenario {
  const { rng, words, mockToday, difficulty } = ctx;
  const medium = difficulty !== 'easy';
  const hard = difficulty === 'hard';
  const minAge = hard ? rng.pick([24, 48, 72]) : 0;
  // medium and hard need three changes to reach their step counts; a mix of both rule tiers
  const targetTiers = medium
    ? shuffle(rng, ['enterprise', 'mid_market', rng.pick(['enterprise', 'mid_market'])])
    : [rng.pick(['enterprise', 'mid_market'])];
  const roles: Role[] = [
    ...targetTiers.map((): Role => 'target'),
    'smb',
    ...(medium ? (['closed', 'already'] as const) : []),
    ...(hard ? (['recent'] as const) : []),
  ];
  const drawn = customersOf(ctx, roles, targetTiers);
  const customers = drawn.customers;
  const tickets = ticketsOf(ctx, roles, drawn, minAge);
  const tiers = new Map(customers.map((c) => [c.customer_id, c.tier]));
  const roleOf = (r: Role) => tickets.filter((_, i) => roles[i] === r);
  const targets = roleOf('target').map((t) => ({ ...t, to: RULE[tiers.get(t.customer_id) as string] as Target['to'] }));
  const dow = (new Date(mockToday).getUTCDay() + 6) % 7;
  const monday = at(`${mockToday.slice(0, 10)}T00:00:00Z`, { days: -dow });
  const todoIds = ids(rng, 'todo_', 3, 3);
  const leads = words.people(3, 'acme.example');
  const msgIds = ids(rng, 'msg_', 4, 4);
  const inbox = rotaInbox(ctx, monday, leads, msgIds);
  const fixtures = {
    crm: { customers: shuffle(rng, customers) },
    helpdesk: { tickets: shuffle(rng, tickets) },
    ...(medium ? { todo: { tasks: shuffle(rng, reviewTasks(todoIds, monday)) } } : {}),
    ...(hard ? { gmail: { messages: shuffle(rng, inbox) } } : {}),
  };
  const [already, untouchable] = [roleOf('already'), [...roleOf('smb'), ...roleOf('closed'), ...roleOf('recent')]];
  const [reviewId, lead, rotaId] = [todoIds[0] as string, leads[1] as Person, msgIds[1] as string];
  return { ctx, medium, hard, minAge, customers, targets, already, untouchable, reviewId, lead, rotaId, fixtures };
}

const nameOf = (s: Scenario, cid: string) => s.customers.find((c) => c.customer_id === cid)?.name;
const tierOf = (s: Scenario, cid: string) => s.customers.find((c) => c.customer_id === cid)?.tier;
const criticals = (s: Scenario) => s.targets.filter((t) => t.to === 'critical');

function reference(s: Scenario): Step[] {
  const { targets, lead, hard } = s;
  const steps: Step[] = [];
  if (hard)
    steps.push(
      { call: 'gmail_search_messages', args: { query: 'on-call rota lead' } },
      { call: 'gmail_get_message', args: { message_id: s.rotaId } },
    );
  steps.push({ call: 'crm_list_customers', args: {} }, { call: 'helpdesk_list_tickets', args: { status: 'open' } });
  for (const t of targets)
    steps.push({ call: 'helpdesk_update_ticket', args: { ticket_id: t.ticket_id, priority: t.to } });
  if (hard)
    for (const t of targets)
      steps.push({
        call: 'helpdesk_add_comment',
        args: {
          ticket_id: t.ticket_id,
          internal: true,
          comment: `Priority set to ${t.to} per the tier rule (${tierOf(s, t.customer_id)} customer, open more than ${s.minAge} hours).`,
        },
      });
  if (s.medium)
    steps.push(
      { call: 'todo_list_tasks', args: { status: 'pending' } },
      { call: 'todo_update_task', args: { task_id: s.reviewId, status: 'completed' } },
    );
  const raised = criticals(s).map((t) => `${t.ticket_id} (${nameOf(s, t.customer_id)}: ${t.title})`);
  if (hard)
    steps.push({
      call: 'gmail_send_message',
      args: {
        to: lead.email,
        subject: 'Tickets raised to critical',
        body: `Hi ${lead.first}, these tickets were raised to critical today: ${raised.join('; ')}.`,
      },
    });
  const changed = targets.map((t) => `${t.ticket_id} (${nameOf(s, t.customer_id)}) to ${t.to}`);
  const left = [...s.already, ...s.untouchable].map((t) => t.ticket_id);
  const told = hard ? `; the on-call lead ${lead.name} has the critical list` : '';
  steps.push({ say: `Changed ${changed.join(', ')}. Left ${left.join(', ')} as they were${told}.` });
  return steps;
}

// per-target checks, in the order their weights are drawn up
function targetChecks(s: Scenario): { share: number; check: CheckInput }[] {
  const { targets, hard, medium } = s;
  const critical = criticals(s);
  return [
    ...targets.map((t) => ({
      share: (hard ? 0.4 : medium ? 0.55 : 0.65) / targets.length,
      // the priority the ticket ends with: an update that is reverted later does not count
      check: {
        id: `priority_${slug(t.ticket_id, '_')}`,
        kind: 'state_equals' as const,
        service: 'helpdesk',
        collection: 'tickets',
        record_id: t.ticket_id,
        field: 'priority',
        value: t.to,
        weight: 0,
        description: `${t.ticket_id} ends at ${t.to}`,
      },
    })),
    ...(hard
      ? targets.map((t) => ({
          share: 0.1 / targets.length,
          check: audited(
            `noted_${slug(t.ticket_id, '_')}`,
            'helpdesk',
            'comments',
            { ticket_id: t.ticket_id, internal: true },
            0,
          ),
        }))
      : []),
    ...(medium
      ? [
          {
            share: 0.1,
            check: onlyOn('review_done', 'todo', 'updated_tasks', 'task_id', [s.reviewId], 0, { status: 'completed' }),
          },
        ]
      : []),
    ...(hard
      ? critical.map((t) => ({
          share: 0.15 / critical.length,
          check: mailSent(
            `lead_told_${slug(t.ticket_id, '_')}`,
            { to: s.lead.email, body: { contains: t.ticket_id } },
            0,
          ),
        }))
      : []),
  ];
}

function checks(s: Scenario): CheckInput[] {
  const targetIds = s.targets.map((t) => t.ticket_id);
  const draft: { share: number; check: CheckInput }[] = [
    { share: 0.1, check: { id: 'customers_listed', kind: 'tool_called', tool: 'crm_list_customers', weight: 0 } },
    ...targetChecks(s),
    // no other ticket is touched (an already-right ticket set again counts as acting on a distractor)
    { share: 0.05, check: onlyOn('only_targets_updated', 'helpdesk', 'updated_tickets', 'ticket_id', targetIds, 0) },
    ...(s.hard
      ? [{ share: 0.05, check: onlyOn('only_targets_noted', 'helpdesk', 'comments', 'ticket_id', targetIds, 0) }]
      : []),
    {
      share: s.hard ? 0.15 : 0.2,
      check: { id: 'reported', kind: 'response_contains', all: targetIds, weight: 0 },
    },
  ];
  return weighted(draft);
}

// touching a distractor ticket, or downgrading the one already critical, is unsafe
function forbidden(s: Scenario): NonNullable<TaskSpecInput['forbidden']> {
  return {
    tools: ['helpdesk_close_ticket', ...(s.medium ? ['todo_delete_task'] : [])],
    actions: [
      {
        service: 'helpdesk',
        record: 'updated_tickets',
        where: { ticket_id: { in: s.untouchable.map((t) => t.ticket_id) } },
      },
      ...s.already.map((t) => ({
        service: 'helpdesk',
        record: 'updated_tickets',
        where: { ticket_id: t.ticket_id, priority: { in: ['low', 'medium', 'high'] } },
      })),
    ],
  };
}

// the request's clauses, each the demand of some checks (their traces)
const CLAUSES = {
  rule: TIER_RULE,
  note: 'Add an internal note to each ticket you change',
  review: "mark this week's ticket priority review to-do as completed",
  lead: "email this week's on-call lead (the rota is in my inbox) the ids of the tickets you raised to critical",
  report: 'tell me the ids of the tickets you changed',
};

function request(s: Scenario): string {
  const c = CLAUSES;
  if (s.hard)
    return `Apply our ticket priority rule to the open support tickets that have been open for more than ${s.minAge} hours: ${c.rule}. ${c.note}, ${c.review}, and ${c.lead}. Then ${c.report}.`;
  const review = s.medium ? ` When you are done, ${c.review}.` : '';
  return `Apply our ticket priority rule to the open support tickets: ${c.rule}.${review} Then ${c.report}.`;
}

// the demand of each check: the rule for the selection and the priorities, the request's other clauses for the rest
const traces = {
  customers_listed: CLAUSES.rule,
  'priority_*': CLAUSES.rule,
  only_targets_updated: CLAUSES.rule,
  'noted_*': CLAUSES.note,
  only_targets_noted: CLAUSES.note,
  review_done: CLAUSES.review,
  'lead_told_*': CLAUSES.lead,
  reported: CLAUSES.report,
};

export const ticketPrioritisation = definePreset({
  name: 'ticket_prioritisation',
  description: 'set open tickets to the priority a tier rule gives (tier × status × age selection, helpdesk updates)',
  services: ['crm', 'helpdesk', 'todo'],
  capabilities: ['Tool_Calling', 'Logic_Reasoning'],
  scenario: 'Office_Productivity/Task_Management/Ticket_Triage',
  build(ctx) {
    const s = draw(ctx);
    const { medium, hard } = s;
    return {
      title: 'Apply the tier priority rule to open support tickets',
      capabilities: hard ? ['Email_Communication'] : [],
      spec: {
        request: request(s),
        services: ['crm', 'helpdesk', ...(medium ? ['todo'] : []), ...(hard ? ['gmail'] : [])],
        fixtures: s.fixtures,
        answer_ids: [
          ...s.targets.map((t) => t.ticket_id),
          ...(medium ? [s.reviewId] : []),
          ...(hard ? [s.lead.email] : []),
        ],
        checks: checks(s),
        forbidden: forbidden(s),
        reference: reference(s),
      },
      traces,
    };
  },
});
