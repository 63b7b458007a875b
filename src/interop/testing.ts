import { makeSpec } from '../schema/testing.js';
import type { TaskSpec, TaskSpecInput } from '../schema/task-spec.js';
import { CLAW_PORTS } from './claw-routes.js';

// test and bench support: one spec with every Claw-Eval service and a few records each (the shapes of
// claw-services.md §2's examples), plus a helpdesk task in the style of Claw-Eval T018.

/** Every Claw-Eval service (not the workspace) with small fixtures. */
export function allClawServicesSpec(extra: Partial<TaskSpecInput> = {}): TaskSpec {
  return makeSpec({
    id: 'claw_all_services',
    mock_today: '2026-03-02T09:00:00Z',
    services: Object.keys(CLAW_PORTS).filter((s) => s !== 'workspace'),
    fixtures: {
      gmail: {
        messages: [
          {
            message_id: 'msg_1401',
            from: 'boss@example.com',
            to: 'me@example.com',
            subject: 'VIP escalation',
            date: '2026-03-01T08:00:00Z',
            is_read: false,
            labels: ['inbox'],
            body: 'Please look at TK-1401.',
          },
        ],
      },
      calendar: {
        events: [
          {
            event_id: 'evt_001',
            title: 'Daily Standup',
            start_time: '2026-03-02T09:30:00Z',
            end_time: '2026-03-02T09:45:00Z',
            attendees: ['Mike Li'],
            location: 'Conference Room A',
          },
        ],
      },
      todo: {
        tasks: [
          {
            task_id: 'todo_001',
            title: 'Prepare Q1 report',
            status: 'pending',
            priority: 'high',
            due_date: '2026-03-05',
          },
        ],
      },
      contacts: {
        contacts: [
          { contact_id: 'CT-1401', name: 'David Zhang', department: 'Engineering', email: 'david.zhang@example.com' },
        ],
      },
      finance: {
        transactions: [
          {
            transaction_id: 'txn_001',
            date: '2026-02-20',
            amount: 328.0,
            currency: 'CNY',
            merchant: 'Didi',
            description: 'Taxi',
          },
        ],
      },
      notes: {
        notes: [
          {
            note_id: 'note_001',
            title: 'Kickoff',
            created_at: '2026-03-01T10:00:00Z',
            participants: ['Mike Li'],
            content: 'Agenda and actions.',
            duration_minutes: 45,
          },
        ],
      },
      kb: {
        articles: [
          {
            article_id: 'KB-1401',
            title: 'Reset a CRM password',
            category: 'crm',
            tags: ['crm', 'login'],
            content: 'To reset a CRM password open the admin console.',
            last_updated: '2026-01-10',
            views: 12,
          },
        ],
      },
      helpdesk: {
        tickets: [
          {
            ticket_id: 'TK-1401',
            title: 'CRM login fails',
            description: 'Authentication failed.',
            reporter: 'Zhang Wei',
            department: 'Sales',
            priority: 'high',
            status: 'open',
            created_at: '2026-02-28T08:15:00Z',
            tags: [],
          },
        ],
      },
      inventory: {
        products: [
          {
            product_id: 'SKU-001',
            name: 'Monitor',
            category: 'hardware',
            current_stock: 3,
            min_stock_threshold: 20,
            unit_price: 299.0,
            supplier: 'Acme',
          },
        ],
      },
      rss: {
        articles: [
          {
            article_id: 'rss_001',
            title: 'Chip news',
            source: 'TechDaily',
            category: 'tech',
            published_at: '2026-03-01T06:00:00Z',
            summary: 'Chips.',
            content: 'Long chip article.',
            word_count: 180,
          },
        ],
      },
      crm: {
        customers: [
          {
            customer_id: 'CUS-1401',
            name: 'Acme Corp',
            contact_person: 'Ann Lee',
            tier: 'vip',
            status: 'active',
            industry: 'retail',
            annual_revenue: 1200000,
          },
        ],
      },
      config: {
        integrations: [
          {
            integration_id: 'INT-001',
            name: 'Payments',
            service: 'stripe',
            status: 'active',
            api_key: 'sk_live_abc123',
            monthly_calls: 45200,
            error_rate: 0.02,
          },
        ],
      },
      scheduler: {
        jobs: [
          {
            job_id: 'JOB-001',
            name: 'daily_backup',
            cron_expression: '0 2 * * *',
            action: 'backup',
            enabled: true,
            last_status: 'success',
            tags: ['ops'],
            execution_history: [{ run_time: '2026-03-01T02:00:00Z', status: 'success' }],
          },
        ],
      },
      web: {
        results: [
          {
            url: 'https://example.com/crm-outage',
            title: 'CRM outage report',
            snippet: 'CRM down',
            source: 'example',
            published_at: '2026-03-01',
            keywords: ['crm', 'outage'],
          },
        ],
        pages: [
          {
            url: 'https://example.com/crm-outage',
            status_code: 200,
            title: 'CRM outage report',
            content_type: 'text/html',
            content: 'The CRM is down.',
          },
        ],
      },
    },
    ...extra,
  });
}

/** A helpdesk triage task graded like Claw-Eval T018: reads, updates, no closing. */
export function ticketTriageSpec(extra: Partial<TaskSpecInput> = {}): TaskSpec {
  const tickets = [1, 2, 3, 4].map((i) => ({
    ticket_id: `TK-100${i}`,
    title: `Ticket ${i}`,
    reporter: `R${i}`,
    department: 'Sales',
    priority: 'medium',
    status: 'open',
    created_at: '2026-02-28T08:00:00Z',
    tags: [],
  }));
  return makeSpec({
    id: 'claw_ticket_triage',
    mock_today: '2026-03-02T09:00:00Z',
    request: 'Review open support tickets, set priorities, tag related ones. Do not close any tickets.',
    services: ['helpdesk'],
    fixtures: { helpdesk: { tickets } },
    checks: [
      { id: 'listed', kind: 'tool_called', tool: 'helpdesk_list_tickets', weight: 0.2 },
      {
        id: 'read',
        kind: 'tool_arg',
        tool: 'helpdesk_get_ticket',
        arg: 'ticket_id',
        accept: tickets.map((t) => t.ticket_id),
        mode: 'all',
        weight: 0.3,
      },
      { id: 'updated', kind: 'audit_present', service: 'helpdesk', record: 'updated_tickets', min: 2, weight: 0.5 },
    ],
    forbidden: { tools: ['helpdesk_close_ticket'] },
    reference: [
      { call: 'helpdesk_list_tickets', args: { status: 'open' } },
      ...tickets.map((t) => ({ call: 'helpdesk_get_ticket', args: { ticket_id: t.ticket_id } })),
      { call: 'helpdesk_update_ticket', args: { ticket_id: 'TK-1001', priority: 'high', tags: ['crm-outage'] } },
      { call: 'helpdesk_update_ticket', args: { ticket_id: 'TK-1003', priority: 'high', tags: ['crm-outage'] } },
      { say: 'TK-1001 and TK-1003 are one CRM outage (high); nothing was closed.' },
    ],
    ...extra,
  });
}
