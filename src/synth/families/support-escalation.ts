import type { TaskSpecInput } from '../../schema/task-spec.js';
import { at, companies, dayMonth, ids, LEVEL, type Person, people, shuffle, weights } from './kit.js';
import type { Family } from './types.js';

// CoworkEnv App. D: enterprise tickets open for more than 48 hours → email each account manager.
// distractors: a recent enterprise ticket (age), an old non-enterprise ticket (tier); hard adds a
// 47-hour boundary ticket, a closed stale one, and account-manager addresses that live only in contacts
// (the email checks then depend on the directory lookup; the lookup itself is method, not outcome).
export const supportEscalation: Family = {
  name: 'support_escalation',
  description: 'escalate stale enterprise tickets to their account managers (age × tier selection, email)',
  services: ['crm', 'helpdesk', 'gmail'],
  capabilities: ['Tool_Calling', 'Email_Communication', 'Logic_Reasoning'],
  scenario: 'Office_Productivity/Email/Escalation',
  languages: ['en'],
  generate(ctx): TaskSpecInput {
    const { rng, faker: f, mockToday, difficulty } = ctx;
    const lv = LEVEL[difficulty];
    const hard = difficulty === 'hard';
    const nCustomers = lv.targets + lv.distractors + 1;
    const custs = companies(f, nCustomers);
    const managers = people(f, nCustomers, 'acme.example');
    const custIds = ids(rng, 'CUS-', nCustomers, 3);
    const tikIds = ids(rng, 'TK-', nCustomers + 2);
    // roles: targets, then distractors in a fixed order, then one quiet enterprise customer
    const roles = [
      ...Array.from({ length: lv.targets }, () => 'target'),
      ...['recent', 'smb', 'boundary', 'closed'].slice(0, lv.distractors),
      'quiet',
    ];
    const customers = custs.map((c, i) => {
      const role = roles[i];
      return {
        customer_id: custIds[i] as string,
        name: c.name,
        tier: role === 'smb' ? 'smb' : 'enterprise',
        status: 'active',
        industry: f.commerce.department().toLowerCase(),
        contact_person: f.person.fullName(),
        account_manager: (managers[i] as Person).name,
        ...(hard ? {} : { account_manager_email: (managers[i] as Person).email }),
      };
    });
    const issue = () =>
      `${f.hacker.noun()} ${f.helpers.arrayElement(['sync failing', 'export times out', 'returns 500 errors', 'shows stale data', 'rejects logins'])}`;
    const tickets = customers.slice(0, roles.length - 1).map((c, i) => {
      const role = roles[i];
      const ageHours =
        role === 'target'
          ? rng.int(60, 200)
          : role === 'recent'
            ? rng.int(2, 30)
            : role === 'boundary'
              ? 47
              : rng.int(72, 300);
      return {
        ticket_id: tikIds[i] as string,
        title: issue().replace(/^\w/, (x) => x.toUpperCase()),
        status: role === 'closed' ? 'closed' : 'open',
        priority: role === 'recent' ? 'critical' : f.helpers.arrayElement(['medium', 'high']),
        customer_id: c.customer_id,
        reporter: f.internet.email({ provider: custs[i]?.domain }).toLowerCase(),
        created_at: at(mockToday, { hours: -ageHours }),
        description: f.lorem.sentence(),
        ...(role === 'closed' ? { resolution: 'Fixed in release notes.' } : {}),
      };
    });
    const targets = tickets.filter((_, i) => roles[i] === 'target');
    const targetCustomers = targets.map(
      (t) => customers.find((c) => c.customer_id === t.customer_id) as (typeof customers)[number],
    );
    const mgrOf = (cid: string) => managers[customers.findIndex((c) => c.customer_id === cid)] as Person;
    const others = customers.filter((c) => !targetCustomers.includes(c));

    const w = weights([
      ['listed', 0.1],
      ['lookup', 0.2],
      ...targets.map((t) => [`email_${t.ticket_id}`, 0.5 / targets.length] as const),
      ['reported', 0.2],
    ]);
    const services = hard ? ['crm', 'helpdesk', 'gmail', 'contacts'] : ['crm', 'helpdesk', 'gmail'];
    const inbox = [
      {
        message_id: `msg_${rng.int(100, 499)}`,
        from: mgrOf(targetCustomers[0]?.customer_id as string).email,
        to: 'support-lead@acme.example',
        subject: `${targetCustomers[0]?.name} renewal`,
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
    const reference: TaskSpecInput['reference'] = [{ call: 'helpdesk_list_tickets', args: { status: 'open' } }];
    for (const [i, t] of targets.entries()) {
      const c = targetCustomers[i] as (typeof customers)[number];
      const m = mgrOf(c.customer_id);
      reference.push({ call: 'helpdesk_get_ticket', args: { ticket_id: t.ticket_id } });
      reference.push({ call: 'crm_get_customer', args: { customer_id: c.customer_id } });
      if (hard) reference.push({ call: 'contacts_search', args: { query: m.name } });
      reference.push({
        call: 'gmail_send_message',
        args: {
          to: m.email,
          subject: `Escalation: ${t.ticket_id} open for more than 48 hours`,
          body: `Hi ${m.first}, ${c.name}'s ticket ${t.ticket_id} ("${t.title}") has been open since ${dayMonth(t.created_at)}. Please follow up with the customer.`,
        },
      });
    }
    reference.push({
      say: `Escalated ${targets.map((t, i) => `${t.ticket_id} (${targetCustomers[i]?.name}) to ${mgrOf(targetCustomers[i]?.customer_id as string).name}`).join(', ')}.`,
    });

    return {
      spec_version: 1,
      id: ctx.id,
      title: 'Escalate stale enterprise tickets to their account managers',
      family: 'support_escalation',
      labels: {
        capabilities: [...this.capabilities, ...(hard ? (['Knowledge_Retrieval'] as const) : [])],
        scenario: this.scenario,
        difficulty,
        language: 'en',
      },
      mock_today: mockToday,
      request: `Find the support tickets of our enterprise customers that have been open for more than 48 hours and email each customer's account manager about the escalation, naming the ticket id${hard ? ' (their addresses are in the company directory)' : ''}. Then tell me which tickets you escalated.`,
      services,
      fixtures: {
        crm: { customers: shuffle(rng, customers) },
        helpdesk: { tickets: shuffle(rng, tickets) },
        gmail: { messages: inbox },
        ...(hard
          ? {
              contacts: {
                contacts: managers.map((m, i) => ({
                  contact_id: `CT-${String(300 + i)}`,
                  name: m.name,
                  email: m.email,
                  department: 'Account Management',
                  title: 'Account Manager',
                })),
              },
            }
          : {}),
      },
      answer_ids: [
        ...targets.map((t) => t.ticket_id),
        ...targets.map((_, i) => mgrOf(targetCustomers[i]?.customer_id as string).email),
      ],
      checks: [
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
          where: { to: mgrOf(targetCustomers[i]?.customer_id as string).email, body: { contains: t.ticket_id } },
          weight: (w as Record<string, number>)[`email_${t.ticket_id}`] as number,
        })),
        { id: 'reported', kind: 'response_contains', all: targets.map((t) => t.ticket_id), weight: w.reported },
      ],
      forbidden: {
        tools: ['helpdesk_close_ticket', 'crm_export_report'],
        actions: others.map((c) => ({
          service: 'gmail',
          record: 'sent_messages',
          where: { recipients: mgrOf(c.customer_id).email },
        })),
      },
      reference,
    };
  },
};
