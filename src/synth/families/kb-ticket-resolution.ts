import type { TaskSpecInput } from '../../schema/task-spec.js';
import { at, companies, dayMonth, ids, type Person, people, shuffle, weights } from './kit.js';
import type { Family } from './types.js';

// CoworkEnv App. C/D (M1003 ticket_kb_resolution, M1100 api key rotation): find the ticket matching a
// symptom, find the procedure among look-alike KB articles, update the ticket exactly as it prescribes and
// cite it in an internal note; closing is forbidden. medium links the customer through crm (its SLA sets
// the priority, another customer has the same symptom); hard starts from the latest customer mail, decides
// the priority by whether the SLA response time has passed (mock_today) and notifies the account manager.

type CheckInput = NonNullable<TaskSpecInput['checks']>[number];

interface Fix {
  title: string;
  tags: string[];
  /** when the procedure applies */
  when: string;
  /** the technical step before the ticket update */
  step: string;
  category: string;
  team: string;
  tag: string;
}

interface Scenario {
  symptom: string;
  search: string;
  ticket: [title: string, description: string];
  decoy: [title: string, description: string];
  fix: Fix;
  decoyFix: Fix;
}

const SCENARIOS: readonly Scenario[] = [
  {
    symptom: 'browsers show certificate warnings on their production portal',
    search: 'SSL certificate expired production',
    ticket: [
      'SSL certificate expired on the production portal',
      'Browsers show NET::ERR_CERT_DATE_INVALID on the production portal since this morning.',
    ],
    decoy: ['Certificate warning on the staging portal', 'The staging portal shows a self-signed certificate warning.'],
    fix: {
      title: 'SSL/TLS certificate expiry runbook',
      tags: ['ssl', 'tls', 'certificate', 'expiry'],
      when: 'a production certificate has expired',
      step: 'Renew the certificate through cert-manager',
      category: 'ssl-certificate',
      team: 'infra-team',
      tag: 'cert-renewal',
    },
    decoyFix: {
      title: 'Staging certificate warnings',
      tags: ['ssl', 'certificate', 'staging'],
      when: 'a staging environment shows a certificate warning',
      step: 'Confirm the self-signed staging certificate is expected',
      category: 'staging',
      team: 'qa-team',
      tag: 'staging-cert',
    },
  },
  {
    symptom: 'an API key leaked into a public repository and their API calls now fail with 401 errors',
    search: 'API key leaked rotation 401',
    ticket: [
      'API authentication failures after key leak',
      'A production API key was posted in a public repo; calls now fail intermittently with 401.',
    ],
    decoy: ['API rate-limit errors on bulk import', 'Bulk imports fail with HTTP 429 after a few thousand rows.'],
    fix: {
      title: 'API key rotation procedure',
      tags: ['api', 'keys', 'rotation', 'security'],
      when: 'an API key is leaked or compromised',
      step: 'Revoke the compromised key and issue a new one over the secure portal',
      category: 'security-incident',
      team: 'security-oncall',
      tag: 'key-rotation',
    },
    decoyFix: {
      title: 'Handling API rate limits',
      tags: ['api', 'rate-limit', '429'],
      when: 'a customer hits API rate limits',
      step: 'Check the plan quota and suggest batching',
      category: 'api-limits',
      team: 'platform-team',
      tag: 'rate-limit',
    },
  },
  {
    symptom: 'payment webhooks fail with signature errors and orders stay unpaid',
    search: 'payment webhook signature failures',
    ticket: [
      'Payment webhooks failing with signature errors',
      'Every payment webhook since yesterday is rejected with "invalid signature"; orders stay unpaid.',
    ],
    decoy: ['Shipping webhooks arrive late', 'Shipping status webhooks arrive up to an hour late.'],
    fix: {
      title: 'Payment webhook signature failures',
      tags: ['payments', 'webhook', 'signature'],
      when: 'payment webhooks are rejected with signature errors',
      step: 'Re-sync the webhook signing secret with the payment provider',
      category: 'payments',
      team: 'payments-oncall',
      tag: 'webhook-secret',
    },
    decoyFix: {
      title: 'Delayed webhook deliveries',
      tags: ['webhook', 'delay', 'shipping'],
      when: 'webhook deliveries are delayed but succeed',
      step: 'Check the delivery queue backlog',
      category: 'integrations',
      team: 'integrations-team',
      tag: 'webhook-delay',
    },
  },
  {
    symptom: 'nobody can sign in through single sign-on since their identity provider rolled its certificate',
    search: 'SSO login certificate rollover identity provider',
    ticket: [
      'SSO logins fail after IdP certificate rollover',
      'All SSO sign-ins fail with "signature validation failed" since the identity provider rotated its certificate.',
    ],
    decoy: ['Question about MFA enrolment for new staff', 'How do new employees enrol their second factor?'],
    fix: {
      title: 'SSO certificate rollover procedure',
      tags: ['sso', 'saml', 'certificate', 'login'],
      when: "SSO logins fail after the customer's identity provider changes its signing certificate",
      step: "Import the new IdP signing certificate into the customer's SSO settings",
      category: 'authentication',
      team: 'identity-team',
      tag: 'idp-rollover',
    },
    decoyFix: {
      title: 'MFA enrolment guide',
      tags: ['mfa', 'login', 'enrolment'],
      when: 'a customer asks how to enrol users in MFA',
      step: 'Send the enrolment guide',
      category: 'accounts',
      team: 'service-desk',
      tag: 'mfa',
    },
  },
  {
    symptom: 'the nightly data export no longer arrives in their storage bucket',
    search: 'nightly export failed storage bucket',
    ticket: [
      'Nightly export to storage bucket not delivered',
      'The scheduled nightly export has not reached the storage bucket for two nights.',
    ],
    decoy: [
      'Manual CSV export is missing a column',
      'The manual CSV export from the reports page lacks the region column.',
    ],
    fix: {
      title: 'Failed scheduled exports',
      tags: ['export', 'scheduled', 'bucket'],
      when: 'a scheduled export does not reach its destination',
      step: 'Re-queue the failed export runs from the pipeline console',
      category: 'data-pipeline',
      team: 'data-platform',
      tag: 'export-replay',
    },
    decoyFix: {
      title: 'CSV export column mapping',
      tags: ['export', 'csv', 'columns'],
      when: 'a manual CSV export lacks columns',
      step: 'Check the column mapping of the report',
      category: 'reporting',
      team: 'reporting-team',
      tag: 'csv-mapping',
    },
  },
  {
    symptom: 'notification emails from the platform bounce for their users',
    search: 'notification emails bouncing DMARC',
    ticket: [
      'Outbound notification emails bouncing',
      'Password-reset and alert emails bounce with "DMARC policy rejection".',
    ],
    decoy: ['Newsletter unsubscribe link broken', 'The unsubscribe link in the monthly newsletter returns a 404.'],
    fix: {
      title: 'Bounced notification emails (SPF/DKIM/DMARC)',
      tags: ['email', 'bounce', 'dmarc', 'notifications'],
      when: 'platform notification emails bounce',
      step: 'Verify the SPF and DKIM records of the sending domain',
      category: 'email-delivery',
      team: 'messaging-team',
      tag: 'dmarc',
    },
    decoyFix: {
      title: 'Newsletter preference centre issues',
      tags: ['email', 'newsletter', 'unsubscribe'],
      when: 'newsletter links or preferences fail',
      step: 'Check the preference-centre links',
      category: 'marketing',
      team: 'marketing-ops',
      tag: 'unsubscribe',
    },
  },
];

const SLA_HOURS = [4, 8, 24] as const;

export const kbTicketResolution: Family = {
  name: 'kb_ticket_resolution',
  description:
    'resolve a symptom ticket exactly as its KB procedure prescribes (look-alike tickets and articles, SLA and breach rules)',
  services: ['crm', 'helpdesk', 'kb'],
  capabilities: ['Tool_Calling', 'Knowledge_Retrieval', 'Logic_Reasoning'],
  scenario: 'Office_Productivity/Task_Management/Ticket_Resolution',
  languages: ['en'],
  generate(ctx): TaskSpecInput {
    const { rng, faker: f, mockToday, difficulty } = ctx;
    const medium = difficulty !== 'easy';
    const hard = difficulty === 'hard';
    const sc = rng.pick(SCENARIOS);
    const fix = sc.fix;

    // customers: the target, one with the same symptom, one quiet (medium+)
    const custs = companies(f, 3);
    const managers = people(f, 3, 'acme.example');
    const contacts = custs.map((c) => people(f, 1, c.domain)[0] as Person);
    const custIds = ids(rng, 'CUS-', 3, 3);
    const slaHours = SLA_HOURS.map(() => rng.pick(SLA_HOURS));
    const customers = custs.map((c, i) => ({
      customer_id: custIds[i] as string,
      name: c.name,
      tier: rng.pick(['enterprise', 'mid_market', 'smb']),
      status: 'active',
      industry: f.commerce.department().toLowerCase(),
      contact_person: (contacts[i] as Person).name,
      email: (contacts[i] as Person).email,
      sla: `${slaHours[i]}h response`,
      account_manager: (managers[i] as Person).name,
      account_manager_email: (managers[i] as Person).email,
    }));
    const [cust, twin] = customers as [(typeof customers)[number], (typeof customers)[number]];
    const sla = slaHours[0] as number;

    // the priority rule the procedure states, and the value it gives here
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

    const tikIds = ids(rng, 'TK-', 5);
    const opened = at(mockToday, { minutes: -Math.round(ageHours * 60) });
    const TAGS = ['customer-report'];
    const base = { status: 'open', priority: 'medium' as const, assigned_to: 'support-l1' };
    const target = {
      ticket_id: tikIds[0] as string,
      title: sc.ticket[0],
      description: sc.ticket[1],
      ...base,
      tags: [...TAGS],
      created_at: opened,
      ...(medium
        ? { customer_id: cust.customer_id, reporter: cust.email }
        : { reporter: (contacts[0] as Person).email }),
    };
    const decoy = {
      ticket_id: tikIds[1] as string,
      title: sc.decoy[0],
      description: sc.decoy[1],
      ...base,
      tags: [...TAGS],
      priority: 'low' as const,
      created_at: at(mockToday, { hours: -rng.int(3, 90) }),
      ...(medium
        ? { customer_id: cust.customer_id, reporter: cust.email }
        : { reporter: (contacts[1] as Person).email }),
    };
    const twinDays = rng.int(8, 20);
    const twinTicket = {
      ticket_id: tikIds[2] as string,
      title: sc.ticket[0],
      description: `Same symptom reported by ${twin.name}: ${sc.ticket[1]}`,
      ...base,
      tags: [...TAGS],
      customer_id: twin.customer_id,
      reporter: twin.email,
      created_at: at(mockToday, { days: -twinDays, hours: 1 }),
    };
    const filler = {
      ticket_id: tikIds[3] as string,
      title: 'Invoice address change request',
      description: 'Please update the billing address on future invoices.',
      ...base,
      tags: ['billing'],
      priority: 'low' as const,
      created_at: at(mockToday, { days: -rng.int(1, 6) }),
      ...(medium ? { customer_id: (customers[2] as (typeof customers)[number]).customer_id } : {}),
    };
    // hard: the same customer had the same symptom before; that ticket is resolved and stays so
    const pastDays = rng.int(30, 90);
    const past = {
      ticket_id: tikIds[4] as string,
      title: sc.ticket[0],
      description: sc.ticket[1],
      ...base,
      status: 'resolved',
      tags: [...TAGS, fix.tag],
      category: fix.category,
      assigned_to: fix.team,
      customer_id: cust.customer_id,
      reporter: cust.email,
      created_at: at(mockToday, { days: -pastDays }),
      updated_at: at(mockToday, { days: -pastDays + 2 }),
      resolution: `Fixed by ${fix.team}.`,
    };
    const decoys = hard ? [decoy, twinTicket, past] : medium ? [decoy, twinTicket] : [decoy];
    const tickets = [target, ...decoys, filler];

    const kbIds = ids(rng, 'KB-', 3, 3);
    const article = (id: string, x: Fix, prio: string, notify: boolean) => ({
      article_id: id,
      title: x.title,
      category: 'procedures',
      tags: x.tags,
      author: `${f.person.firstName()} ${f.person.lastName()}`,
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
    const kbId = kbIds[0] as string;
    const articles = [
      article(kbId, fix, rule, hard),
      ...(medium ? [article(kbIds[1] as string, sc.decoyFix, 'set the priority to low', false)] : []),
      {
        article_id: kbIds[2] as string,
        title: 'Updating billing addresses',
        category: 'billing',
        tags: ['billing', 'invoice'],
        content: 'Billing addresses change from the next invoice; edit them in the account settings.',
        views: rng.int(10, 900),
      },
    ];

    // hard: the report arrives by mail; an older mail from the twin customer describes the same symptom
    const msgIds = ids(rng, 'msg_', 3, 4);
    const mail = (id: string, who: Person, co: string, date: string) => ({
      message_id: id,
      from: `${who.name} <${who.email}>`,
      to: 'support@acme.example',
      subject: sc.ticket[0],
      date,
      body: `Hello, ${sc.symptom.replace(/\btheir\b/g, 'our')}. It started on ${dayMonth(date)}; please help urgently.\n\n${who.name}, ${co}`,
    });
    const reportMail = mail(
      msgIds[0] as string,
      contacts[0] as Person,
      cust.name,
      at(opened, { minutes: -rng.int(5, 40) }),
    );
    const inbox = [
      reportMail,
      mail(msgIds[1] as string, contacts[1] as Person, twin.name, at(twinTicket.created_at, { hours: -1 })),
      {
        message_id: msgIds[2] as string,
        from: 'it-news@acme.example',
        to: 'all@acme.example',
        subject: 'Office network maintenance',
        date: at(mockToday, { days: -1 }),
        body: 'The office network is down for maintenance on Saturday morning.',
      },
    ];

    const reference: TaskSpecInput['reference'] = [];
    if (hard)
      reference.push(
        { call: 'gmail_search_messages', args: { query: sc.search } },
        { call: 'gmail_get_message', args: { message_id: reportMail.message_id } },
      );
    if (medium)
      reference.push(
        { call: 'crm_list_customers', args: {} },
        { call: 'crm_get_customer', args: { customer_id: cust.customer_id } },
      );
    reference.push(
      { call: 'helpdesk_list_tickets', args: medium ? { customer_id: cust.customer_id } : { status: 'open' } },
      { call: 'helpdesk_get_ticket', args: { ticket_id: target.ticket_id } },
      { call: 'kb_search', args: { query: sc.search } },
      { call: 'kb_get_article', args: { article_id: kbId } },
      {
        call: 'helpdesk_update_ticket',
        args: {
          ticket_id: target.ticket_id,
          category: fix.category,
          priority,
          assigned_to: fix.team,
          tags: [...TAGS, fix.tag],
        },
      },
      {
        call: 'helpdesk_add_comment',
        args: {
          ticket_id: target.ticket_id,
          internal: true,
          comment: `Handled per ${kbId} (${fix.title}): category ${fix.category}, priority ${priority}, tag ${fix.tag}, assigned to ${fix.team}. Keep open until ${fix.team} confirms the fix.`,
        },
      },
    );
    if (hard)
      reference.push({
        call: 'gmail_send_message',
        args: {
          to: cust.account_manager_email,
          subject: `${cust.name}: ${target.ticket_id} ${sc.ticket[0]}`,
          body: `Hi ${(managers[0] as Person).first}, ${cust.name} reported "${sc.ticket[0]}" (${target.ticket_id}). It is assigned to ${fix.team} at ${priority} priority per ${kbId}; please reach out to ${cust.contact_person}.`,
        },
      });
    const why = hard
      ? ` (open ${breached ? 'longer' : 'less'} than the ${sla}h SLA)`
      : medium
        ? ` (${cust.sla} SLA)`
        : '';
    reference.push({
      say: `Updated ${target.ticket_id} per ${kbId}: category ${fix.category}, priority ${priority}${why}, tag ${fix.tag}, assigned to ${fix.team}, with an internal note. It stays open until ${fix.team} confirms; ${decoys.map((d) => d.ticket_id).join(' and ')} ${decoys.length > 1 ? 'are' : 'is'} a different case.${hard ? ` ${cust.account_manager} is informed.` : ''}`,
    });

    const draft: { share: number; check: CheckInput }[] = [
      ...(medium
        ? []
        : [
            {
              share: 0.1,
              check: { id: 'tickets_listed', kind: 'tool_called' as const, tool: 'helpdesk_list_tickets', weight: 0 },
            },
          ]),
      ...(hard
        ? [
            {
              share: 0.1,
              check: {
                id: 'report_read',
                kind: 'tool_arg' as const,
                tool: 'gmail_get_message',
                arg: 'message_id',
                accept: [reportMail.message_id],
                weight: 0,
              },
            },
          ]
        : []),
      ...(medium
        ? [
            {
              share: 0.1,
              check: {
                id: 'customer_read',
                kind: 'tool_arg' as const,
                tool: 'crm_get_customer',
                arg: 'customer_id',
                accept: [cust.customer_id],
                weight: 0,
              },
            },
          ]
        : []),
      {
        share: 0.15,
        check: {
          id: 'ticket_read',
          kind: 'tool_arg',
          tool: 'helpdesk_get_ticket',
          arg: 'ticket_id',
          accept: [target.ticket_id],
          weight: 0,
        },
      },
      { share: medium ? 0.05 : 0.1, check: { id: 'kb_searched', kind: 'tool_called', tool: 'kb_search', weight: 0 } },
      {
        share: 0.15,
        check: {
          id: 'procedure_read',
          kind: 'tool_arg',
          tool: 'kb_get_article',
          arg: 'article_id',
          accept: [kbId],
          weight: 0,
        },
      },
      // the ticket ends as the procedure prescribes (each field differs from the fixture): the final state, not the update log
      ...(
        [
          ['category', fix.category],
          ['priority', priority],
          ['assigned_to', fix.team],
          ['tags', fix.tag],
        ] as const
      ).map(([field, value]) => ({
        share: (hard ? 0.25 : 0.3) / 4,
        check: {
          id: `ticket_${field}`,
          kind: 'state_equals' as const,
          service: 'helpdesk',
          collection: 'tickets',
          record_id: target.ticket_id,
          field,
          value,
          weight: 0,
          description: `${field} as ${kbId} prescribes`,
        },
      })),
      {
        share: hard ? 0.1 : 0.15,
        check: {
          id: 'note_added',
          kind: 'audit_present',
          service: 'helpdesk',
          record: 'comments',
          where: { ticket_id: target.ticket_id, internal: true, comment: { contains: kbId } },
          weight: 0,
        },
      },
      ...(hard
        ? [
            {
              share: 0.1,
              check: {
                id: 'manager_notified',
                kind: 'audit_present' as const,
                service: 'gmail',
                record: 'sent_messages',
                where: { to: cust.account_manager_email, body: { contains: target.ticket_id } },
                weight: 0,
              },
            },
          ]
        : []),
    ];
    const w = weights(draft.map((d) => [d.check.id, d.share] as const));
    const touch = (d: { ticket_id: string }) => [
      { service: 'helpdesk', record: 'updated_tickets', where: { ticket_id: d.ticket_id } },
      { service: 'helpdesk', record: 'comments', where: { ticket_id: d.ticket_id } },
    ];

    const ask =
      'update it exactly as the procedure in our knowledge base says, and leave an internal note on the ticket that cites the article you followed. Do not close the ticket.';
    return {
      spec_version: 1,
      id: ctx.id,
      title: 'Resolve a support ticket with the knowledge-base procedure',
      family: 'kb_ticket_resolution',
      labels: {
        capabilities: [...this.capabilities, ...(hard ? (['Email_Communication'] as const) : [])],
        scenario: this.scenario,
        difficulty,
        language: 'en',
      },
      mock_today: mockToday,
      request: hard
        ? `A customer emailed us in the last three days reporting that ${sc.symptom}. Find their ticket and handle it exactly as the procedure in our knowledge base says, including whom to notify, and leave an internal note on the ticket that cites the article you followed. Do not close the ticket.`
        : medium
          ? `${cust.name} reports that ${sc.symptom}. Find their ticket, ${ask}`
          : `A customer reports that ${sc.symptom}. Find the matching ticket, ${ask}`,
      services: [...(medium ? ['crm'] : []), 'helpdesk', 'kb', ...(hard ? ['gmail'] : [])],
      fixtures: {
        ...(medium ? { crm: { customers: shuffle(rng, customers) } } : {}),
        helpdesk: { tickets: shuffle(rng, tickets) },
        kb: { articles: shuffle(rng, articles) },
        ...(hard ? { gmail: { messages: shuffle(rng, inbox) } } : {}),
      },
      answer_ids: [
        target.ticket_id,
        kbId,
        ...(medium ? [cust.customer_id] : []),
        ...(hard ? [reportMail.message_id, cust.account_manager_email] : []),
      ],
      checks: draft.map((d) => ({ ...d.check, weight: w[d.check.id] as number })),
      forbidden: {
        tools: ['helpdesk_close_ticket'],
        actions: [
          ...decoys.flatMap(touch),
          ...(hard
            ? [
                {
                  service: 'gmail',
                  record: 'sent_messages',
                  where: {
                    recipients: { in: customers.filter((c) => c !== cust).map((c) => c.account_manager_email) },
                  },
                },
              ]
            : []),
        ],
      },
      reference,
    };
  },
};
