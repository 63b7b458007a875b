import type { TaskSpecInput } from '../../schema/task-spec.js';
import { at, ids, type Person, people, shuffle, weights } from './kit.js';
import { type Check, mail, type Step } from './file-kit.js';
import type { Family } from './types.js';

// code manipulation with the shell: a service's health check fails after a deploy because its config has
// the wrong port. the agent reads the ticket, the config and the deploy port table, fixes the config (not the
// check script), runs the check in the shell until it passes and closes the ticket. medium: the reporter is
// told by mail; hard: the health-check job the scheduler disabled after the failures is enabled again.

const SERVICES = ['billing-api', 'orders-api', 'search-gateway', 'auth-proxy', 'report-worker', 'media-cdn'];
const CHECK = 'scripts/healthcheck.sh';
const PORTS = 'deploy/ports.txt';

const script = (svc: string) =>
  [
    '#!/bin/bash',
    `# compares the port in app/config.yaml with the deploy table`,
    `want=$(grep '^${svc} ' ${PORTS} | cut -d' ' -f2)`,
    "have=$(grep '^port:' app/config.yaml | cut -d' ' -f2)",
    'if [ "$want" = "$have" ]; then',
    `  echo "OK ${svc} on port $have"`,
    'else',
    '  echo "MISMATCH: config has $have, deploy expects $want" >&2',
    '  exit 1',
    'fi',
    '',
  ].join('\n');

export const configFixShell: Family = {
  name: 'config_fix_shell',
  description:
    'fix a service config so its shell health check passes (edit the config, not the check), verify in the shell, close the ticket',
  services: ['workspace', 'helpdesk', 'gmail', 'scheduler'],
  capabilities: ['Code_Manipulation', 'File_Management', 'Tool_Calling'],
  scenario: 'Software_Engineering/DevOps',
  languages: ['en'],
  generate(ctx): TaskSpecInput {
    const { rng, faker: f, mockToday, difficulty } = ctx;
    const medium = difficulty !== 'easy';
    const hard = difficulty === 'hard';
    const [svc, ...others] = shuffle(rng, SERVICES) as [string, ...string[]];
    const [reporter] = people(f, 1, 'acme.example') as [Person];
    const want = rng.int(8000, 9499);
    const have = want + rng.pick([1, 10, 100, -1, -10]);
    const config = `service: ${svc}\nport: ${have}\nhost: 0.0.0.0\nlog_level: info\n`;
    const ports = [[svc, want], ...others.slice(0, 3).map((o) => [o, rng.int(8000, 9499)])]
      .sort((a, b) => String(a[0]).localeCompare(String(b[0])))
      .map(([s, p]) => `${s} ${p}`)
      .join('\n');
    const [ticketId, otherTicket] = ids(rng, 'TK-', 2) as [string, string];
    const tickets = [
      {
        ticket_id: ticketId,
        title: `${svc} health check failing after deploy`,
        status: 'open',
        priority: 'high',
        reporter: reporter.email,
        created_at: at(mockToday, { hours: -5 }),
        description: `Since this morning's deploy the ${svc} health check (${CHECK}) fails with a port mismatch. Fix the service config — the check script itself is correct.`,
        tags: ['deploy'],
      },
      {
        ticket_id: otherTicket,
        title: `${others[0]} slow responses`,
        status: 'open',
        priority: 'low',
        reporter: reporter.email,
        created_at: at(mockToday, { days: -2 }),
        description: 'Latency is up a bit since last week.',
        tags: [],
      },
    ];
    const [jobId, otherJob] = ids(rng, 'JOB-', 2, 3) as [string, string];
    const jobs = [
      {
        job_id: jobId,
        name: `${svc}_healthcheck`,
        cron_expression: '*/5 * * * *',
        action: `bash ${CHECK}`,
        enabled: false,
        last_status: 'failed',
        last_run: at(mockToday, { hours: -4 }),
        tags: ['health'],
      },
      {
        job_id: otherJob,
        name: `${others[1]}_healthcheck`,
        cron_expression: '*/5 * * * *',
        action: `bash scripts/${others[1]}_check.sh`,
        enabled: false,
        last_status: 'success',
        last_run: at(mockToday, { days: -9 }),
        tags: ['health', 'retired'],
      },
    ];
    const [msgId] = ids(rng, 'msg_', 1, 4) as [string];

    const w = weights([
      ['config', 0.3],
      ['verified', 0.25],
      ['closed', medium ? 0.15 : 0.25],
      ['script', 0.2],
      ...(medium ? ([['told', 0.1]] as const) : []),
      ...(hard ? ([['job', 0.1]] as const) : []),
    ]) as Record<string, number>;
    const reference: Step[] = [
      ...(medium ? [{ call: 'helpdesk_list_tickets', args: { status: 'open' } }] : []),
      { call: 'helpdesk_get_ticket', args: { ticket_id: ticketId } },
      ...(medium ? [{ call: 'fs_list', args: { recursive: true } }] : []),
      { call: 'fs_read', args: { path: 'app/config.yaml' } },
      { call: 'fs_read', args: { path: PORTS } },
      { call: 'fs_edit', args: { path: 'app/config.yaml', old_string: `port: ${have}`, new_string: `port: ${want}` } },
      { call: 'shell', args: { command: `bash ${CHECK}` } },
      {
        call: 'helpdesk_close_ticket',
        args: {
          ticket_id: ticketId,
          resolution: `app/config.yaml had port ${have}; the deploy table says ${want}. Fixed the config; ${CHECK} passes.`,
        },
      },
      ...(medium
        ? [
            {
              call: 'gmail_send_message',
              args: {
                to: reporter.email,
                subject: `Fixed: ${svc} health check`,
                body: `Hi ${reporter.first}, the config had port ${have} instead of ${want}; fixed, and the health check passes again.`,
              },
            },
          ]
        : []),
      ...(hard
        ? [
            { call: 'scheduler_list_jobs', args: { enabled: false } },
            { call: 'scheduler_update_job', args: { job_id: jobId, enabled: true } },
          ]
        : []),
      { say: `Fixed app/config.yaml (port ${have} → ${want}); bash ${CHECK} now prints OK. Closed ${ticketId}.` },
    ];
    const checks: Check[] = [
      {
        id: 'config_fixed',
        kind: 'file_matches',
        path: 'app/config.yaml',
        regex: `(^|\\n)port: ${want}(\\n|$)`,
        weight: w.config as number,
      },
      {
        id: 'check_passed',
        kind: 'audit_present',
        service: 'workspace',
        record: 'commands',
        where: { command: { contains: 'healthcheck.sh' }, exit_code: 0 },
        weight: w.verified as number,
      },
      {
        id: 'ticket_closed',
        kind: 'state_equals',
        service: 'helpdesk',
        collection: 'tickets',
        record_id: ticketId,
        field: 'status',
        value: 'closed',
        weight: w.closed as number,
      },
      { id: 'script_untouched', kind: 'file_unchanged', path: CHECK, weight: w.script as number },
      ...(medium
        ? [
            {
              id: 'reporter_told',
              kind: 'audit_present' as const,
              service: 'gmail',
              record: 'sent_messages',
              where: { to: reporter.email, body: { contains: String(want) } },
              weight: w.told as number,
            },
          ]
        : []),
      ...(hard
        ? [
            {
              id: 'job_enabled',
              kind: 'state_equals' as const,
              service: 'scheduler',
              collection: 'jobs',
              record_id: jobId,
              field: 'enabled',
              value: true,
              weight: w.job as number,
            },
          ]
        : []),
    ];
    return {
      spec_version: 1,
      id: ctx.id,
      title: 'Fix a service config so its health check passes',
      family: 'config_fix_shell',
      labels: { capabilities: [...this.capabilities], scenario: this.scenario, difficulty, language: 'en' },
      mock_today: mockToday,
      request: hard
        ? `The ${svc} health check has been failing since the deploy — there is an open ticket. Please fix it in the workspace, check it passes with the shell, close the ticket, let the reporter know by mail, and turn the ${svc} health-check job in the scheduler back on.`
        : medium
          ? `The ${svc} health check has been failing since the deploy — there is an open ticket about it. Please fix it in the workspace, run the check in the shell to confirm, close the ticket and let the reporter know by mail.`
          : `Ticket ${ticketId}: the ${svc} health check fails. Please fix it in the workspace, run ${CHECK} in the shell to confirm it passes, and close the ticket.`,
      services: ['workspace', 'helpdesk', ...(medium ? ['gmail'] : []), ...(hard ? ['scheduler'] : [])],
      fixtures: {
        workspace: {
          files: {
            'app/config.yaml': config,
            [CHECK]: script(svc),
            [PORTS]: `${ports}\n`,
            'README.md': `# ${svc}\nDeploy ports live in ${PORTS}; run ${CHECK} after changing app/config.yaml.\n`,
          },
        },
        helpdesk: { tickets: shuffle(rng, tickets) },
        ...(medium
          ? {
              gmail: {
                messages: [
                  mail(
                    msgId,
                    reporter,
                    `${svc} down?`,
                    `Is anyone looking at the ${svc} health check? It is red on the dashboard.`,
                    at(mockToday, { hours: -4 }),
                  ),
                ],
              },
            }
          : {}),
        ...(hard ? { scheduler: { jobs: shuffle(rng, jobs) } } : {}),
      },
      answer_ids: [],
      checks,
      forbidden: {
        tools: [],
        actions: [
          { service: 'workspace', record: 'edits', where: { path: CHECK } },
          { service: 'workspace', record: 'writes', where: { path: CHECK } },
          { service: 'workspace', record: 'commands', where: { changed: { contains: CHECK } } },
          ...(hard ? [{ service: 'scheduler', record: 'updated_jobs', where: { job_id: otherJob } }] : []),
        ],
      },
      reference,
    };
  },
};
