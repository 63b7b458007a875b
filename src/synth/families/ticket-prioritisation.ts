import type { TaskSpecInput } from '../../schema/task-spec.js';
import { at, companies, dayMonth, ids, type Person, people, shuffle, weights } from './kit.js';
import type { Family } from './types.js';

// CoworkEnv App. D: "a ticket-prioritization task can select by customer tier and update helpdesk records".
// open tickets of enterprise customers → critical, of mid_market customers → high, smb left alone.
// distractors: an smb ticket (tier), a closed enterprise ticket (status), an enterprise ticket already
// critical (no-op, must not be downgraded); hard adds an age rule with a too-recent ticket, an internal
// note per change, and a notice to this week's on-call lead, whose name sits in one of three rota mails.

type CheckInput = NonNullable<TaskSpecInput['checks']>[number];
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

export const ticketPrioritisation: Family = {
  name: 'ticket_prioritisation',
  description: 'set open tickets to the priority a tier rule gives (tier × status × age selection, helpdesk updates)',
  services: ['crm', 'helpdesk', 'todo'],
  capabilities: ['Tool_Calling', 'Logic_Reasoning'],
  scenario: 'Office_Productivity/Task_Management/Ticket_Triage',
  languages: ['en'],
  generate(ctx): TaskSpecInput {
    const { rng, faker: f, mockToday, difficulty } = ctx;
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
    // one customer per role (the closed ticket shares the first target's customer), plus a quiet one
    const custRoles = roles.filter((r) => r !== 'closed');
    const nCust = custRoles.length + 1;
    const custs = companies(f, nCust);
    const managers = people(f, nCust, 'acme.example');
    const custIds = ids(rng, 'CUS-', nCust, 3);
    const tikIds = ids(rng, 'TK-', roles.length);
    const tierOf = (role: Role, i: number) =>
      role === 'target' ? (targetTiers[i] as string) : role === 'smb' ? 'smb' : 'enterprise';
    const customers = custs.map((c, i) => ({
      customer_id: custIds[i] as string,
      name: c.name,
      tier: i < custRoles.length ? tierOf(custRoles[i] as Role, i) : 'enterprise',
      status: 'active',
      industry: f.commerce.department().toLowerCase(),
      contact_person: `${f.person.firstName()} ${f.person.lastName()}`,
      account_manager: (managers[i] as Person).name,
      account_manager_email: (managers[i] as Person).email,
      annual_revenue: rng.int(40, 900) * 5000,
    }));
    const old = () => rng.int(minAge + 6, minAge + 150);
    let ci = 0;
    const tickets = roles.map((role, i) => {
      const cust =
        role === 'closed'
          ? (customers[0] as (typeof customers)[number])
          : (customers[ci++] as (typeof customers)[number]);
      const dom = custs[customers.indexOf(cust)]?.domain;
      const priority =
        role === 'already'
          ? 'critical'
          : role === 'target'
            ? cust.tier === 'enterprise'
              ? rng.pick(['low', 'medium', 'high'] as const)
              : rng.pick(['low', 'medium'] as const)
            : rng.pick(['low', 'medium', 'high'] as const);
      const ageHours = role === 'recent' ? rng.int(2, minAge - 4) : old();
      const title = `${f.hacker.noun()} ${rng.pick(PROBLEMS)}`.replace(/^\w/, (x) => x.toUpperCase());
      return {
        ticket_id: tikIds[i] as string,
        title,
        status: role === 'closed' ? 'closed' : 'open',
        priority,
        customer_id: cust.customer_id,
        reporter: f.internet.email({ provider: dom }).toLowerCase(),
        created_at: at(mockToday, { hours: -ageHours }),
        description: `${cust.name} reports: ${title.toLowerCase()} since ${dayMonth(at(mockToday, { hours: -ageHours }))}.`,
        ...(role === 'closed' ? { resolution: 'Resolved with a configuration change.' } : {}),
      };
    });
    const tiers = new Map(customers.map((c) => [c.customer_id, c.tier]));
    const custName = new Map(customers.map((c) => [c.customer_id, c.name]));
    const targets = tickets
      .filter((_, i) => roles[i] === 'target')
      .map((t) => ({ ...t, to: RULE[tiers.get(t.customer_id) as string] as 'critical' | 'high' }));
    const roleOf = (r: Role) => tickets.filter((_, i) => roles[i] === r);
    const already = roleOf('already');
    const untouchable = [...roleOf('smb'), ...roleOf('closed'), ...roleOf('recent')];
    const critical = targets.filter((t) => t.to === 'critical');

    // the weekly review to-do (medium+), and the on-call rota mails (hard): last, this and next week
    const dow = (new Date(mockToday).getUTCDay() + 6) % 7;
    const monday = at(`${mockToday.slice(0, 10)}T00:00:00Z`, { days: -dow });
    const todoIds = ids(rng, 'todo_', 3, 3);
    const reviewId = todoIds[0] as string;
    const tasks = [
      {
        task_id: reviewId,
        title: `Ticket priority review (week of ${dayMonth(monday)})`,
        status: 'pending',
        priority: 'high',
        due_date: at(monday, { days: 4 }).slice(0, 10),
        tags: ['support'],
      },
      {
        task_id: todoIds[1] as string,
        title: `Ticket priority review (week of ${dayMonth(at(monday, { days: -7 }))})`,
        status: 'completed',
        priority: 'high',
        due_date: at(monday, { days: -3 }).slice(0, 10),
        tags: ['support'],
      },
      {
        task_id: todoIds[2] as string,
        title: 'Update the support macros',
        status: 'pending',
        priority: 'low',
        tags: ['support'],
      },
    ];
    const leads = people(f, 3, 'acme.example');
    const lead = leads[1] as Person;
    const msgIds = ids(rng, 'msg_', 4, 4);
    const rota = (i: number, week: number, date: string) => ({
      message_id: msgIds[i] as string,
      from: 'support-ops@acme.example',
      to: 'support-team@acme.example',
      subject: `On-call rota: week of ${dayMonth(at(monday, { days: 7 * week }))}`,
      date,
      body: `For the week of ${dayMonth(at(monday, { days: 7 * week }))} to ${dayMonth(at(monday, { days: 7 * week + 6 }))}, the on-call lead is ${(leads[week + 1] as Person).name} (${(leads[week + 1] as Person).email}). Send anything raised to critical their way.`,
    });
    const inbox = [
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

    const label = (t: (typeof targets)[number]) => `${t.ticket_id} (${custName.get(t.customer_id)}) to ${t.to}`;
    const reference: TaskSpecInput['reference'] = [];
    if (hard)
      reference.push(
        { call: 'gmail_search_messages', args: { query: 'on-call rota lead' } },
        { call: 'gmail_get_message', args: { message_id: msgIds[1] as string } },
      );
    reference.push(
      { call: 'crm_list_customers', args: {} },
      { call: 'helpdesk_list_tickets', args: { status: 'open' } },
    );
    for (const t of targets)
      reference.push({ call: 'helpdesk_update_ticket', args: { ticket_id: t.ticket_id, priority: t.to } });
    if (hard)
      for (const t of targets)
        reference.push({
          call: 'helpdesk_add_comment',
          args: {
            ticket_id: t.ticket_id,
            internal: true,
            comment: `Priority set to ${t.to} per the tier rule (${tiers.get(t.customer_id)} customer, open more than ${minAge} hours).`,
          },
        });
    if (medium)
      reference.push(
        { call: 'todo_list_tasks', args: { status: 'pending' } },
        { call: 'todo_update_task', args: { task_id: reviewId, status: 'completed' } },
      );
    if (hard)
      reference.push({
        call: 'gmail_send_message',
        args: {
          to: lead.email,
          subject: 'Tickets raised to critical',
          body: `Hi ${lead.first}, these tickets were raised to critical today: ${critical.map((t) => `${t.ticket_id} (${custName.get(t.customer_id)}: ${t.title})`).join('; ')}.`,
        },
      });
    const left = [...already, ...untouchable].map((t) => t.ticket_id);
    reference.push({
      say: `Changed ${targets.map(label).join(', ')}. Left ${left.join(', ')} as they were${hard ? `; the on-call lead ${lead.name} has the critical list` : ''}.`,
    });

    const draft: { share: number; check: CheckInput }[] = [
      { share: 0.1, check: { id: 'customers_listed', kind: 'tool_called', tool: 'crm_list_customers', weight: 0 } },
      ...targets.map((t) => ({
        share: (hard ? 0.4 : medium ? 0.55 : 0.65) / targets.length,
        // the priority the ticket ends with: an update that is reverted later does not count
        check: {
          id: `priority_${slug(t.ticket_id)}`,
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
            check: {
              id: `noted_${slug(t.ticket_id)}`,
              kind: 'audit_present' as const,
              service: 'helpdesk',
              record: 'comments',
              where: { ticket_id: t.ticket_id, internal: true },
              weight: 0,
            },
          }))
        : []),
      ...(medium
        ? [
            {
              share: 0.1,
              check: {
                id: 'review_done',
                kind: 'state_equals' as const,
                service: 'todo',
                collection: 'tasks',
                record_id: reviewId,
                field: 'status',
                value: 'completed',
                weight: 0,
              },
            },
          ]
        : []),
      ...(hard
        ? critical.map((t) => ({
            share: 0.15 / critical.length,
            check: {
              id: `lead_told_${slug(t.ticket_id)}`,
              kind: 'audit_present' as const,
              service: 'gmail',
              record: 'sent_messages',
              where: { to: lead.email, body: { contains: t.ticket_id } },
              weight: 0,
            },
          }))
        : []),
      {
        share: hard ? 0.15 : 0.25,
        check: { id: 'reported', kind: 'response_contains', all: targets.map((t) => t.ticket_id), weight: 0 },
      },
    ];
    const w = weights(draft.map((d) => [d.check.id, d.share] as const));

    const tierRule =
      "tickets of customers in the enterprise tier must be critical, tickets of mid_market customers high, and smb customers' tickets stay as they are";
    return {
      spec_version: 1,
      id: ctx.id,
      title: 'Apply the tier priority rule to open support tickets',
      family: 'ticket_prioritisation',
      labels: {
        capabilities: [...this.capabilities, ...(hard ? (['Email_Communication'] as const) : [])],
        scenario: this.scenario,
        difficulty,
        language: 'en',
      },
      mock_today: mockToday,
      request: hard
        ? `Apply our ticket priority rule to the open support tickets that have been open for more than ${minAge} hours: ${tierRule}. Add an internal note to each ticket you change, mark this week's ticket priority review to-do as completed, and email this week's on-call lead (the rota is in my inbox) the tickets you raised to critical. Then tell me which tickets you changed.`
        : `Apply our ticket priority rule to the open support tickets: ${tierRule}.${medium ? " When you are done, mark this week's ticket priority review to-do as completed." : ''} Then tell me which tickets you changed.`,
      services: ['crm', 'helpdesk', ...(medium ? ['todo'] : []), ...(hard ? ['gmail'] : [])],
      fixtures: {
        crm: { customers: shuffle(rng, customers) },
        helpdesk: { tickets: shuffle(rng, tickets) },
        ...(medium ? { todo: { tasks: shuffle(rng, tasks) } } : {}),
        ...(hard ? { gmail: { messages: shuffle(rng, inbox) } } : {}),
      },
      answer_ids: [...targets.map((t) => t.ticket_id), ...(medium ? [reviewId] : []), ...(hard ? [lead.email] : [])],
      checks: draft.map((d) => ({ ...d.check, weight: w[d.check.id] as number })),
      forbidden: {
        tools: ['helpdesk_close_ticket', ...(medium ? ['todo_delete_task'] : [])],
        actions: [
          {
            service: 'helpdesk',
            record: 'updated_tickets',
            where: { ticket_id: { in: untouchable.map((t) => t.ticket_id) } },
          },
          ...already.map((t) => ({
            service: 'helpdesk',
            record: 'updated_tickets',
            where: { ticket_id: t.ticket_id, priority: { in: ['low', 'medium', 'high'] } },
          })),
        ],
      },
      reference,
    };
  },
};

function slug(id: string): string {
  return id.toLowerCase().replace(/[^a-z0-9]+/g, '_');
}
