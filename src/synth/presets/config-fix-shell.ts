import { mail } from '../kit/builders.js';
import { type Check, type Step, weights } from '../kit/checks.js';
import { at } from '../kit/dates.js';
import type { GeneratorContext } from '../kit/generator.js';
import { definePreset } from './define.js';
import { ids, shuffle } from '../kit/ids.js';
import type { Person } from '../kit/people.js';
import type { TaskSpecInput } from '../../schema/task-spec.js';

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

/** One drawn task: the broken service, its ports, the reporter and the ids of every record. */
interface Scenario {
  ctx: GeneratorContext;
  medium: boolean;
  hard: boolean;
  svc: string;
  others: string[];
  reporter: Person;
  want: number;
  have: number;
  ports: string;
  ticketId: string;
  otherTicket: string;
  jobId: string;
  otherJob: string;
  msgId: string;
}

// every random draw, in one fixed order (the spec of a seed never changes with the builders below)
function draw(ctx: GeneratorContext): Scenario {
  const { rng, words, difficulty } = ctx;
  const [svc, ...others] = shuffle(rng, SERVICES) as [string, ...string[]];
  const [reporter] = words.people(1, 'acme.example') as [Person];
  const want = rng.int(8000, 9499);
  const have = want + rng.pick([1, 10, 100, -1, -10]);
  const ports = [[svc, want], ...others.slice(0, 3).map((o) => [o, rng.int(8000, 9499)])]
    .sort((a, b) => String(a[0]).localeCompare(String(b[0])))
    .map(([s, p]) => `${s} ${p}`)
    .join('\n');
  const [ticketId, otherTicket] = ids(rng, 'TK-', 2) as [string, string];
  const [jobId, otherJob] = ids(rng, 'JOB-', 2, 3) as [string, string];
  const [msgId] = ids(rng, 'msg_', 1, 4) as [string];
  const [medium, hard] = [difficulty !== 'easy', difficulty === 'hard'];
  return { ctx, medium, hard, svc, others, reporter, want, have, ports, ticketId, otherTicket, jobId, otherJob, msgId };
}

// the broken service's ticket and an unrelated one (closing it too fails ticket_closed)
function tickets(s: Scenario): Record<string, unknown>[] {
  const ticket = (ticket_id: string, title: string, priority: string, created_at: string, description: string) => ({
    ticket_id,
    title,
    status: 'open',
    priority,
    reporter: s.reporter.email,
    created_at,
    description,
    tags: priority === 'high' ? ['deploy'] : [],
  });
  const now = s.ctx.mockToday;
  return [
    ticket(
      s.ticketId,
      `${s.svc} health check failing after deploy`,
      'high',
      at(now, { hours: -5 }),
      `Since this morning's deploy the ${s.svc} health check (${CHECK}) fails with a port mismatch. Fix the service config — the check script itself is correct.`,
    ),
    ticket(
      s.otherTicket,
      `${s.others[0]} slow responses`,
      'low',
      at(now, { days: -2 }),
      'Latency is up a bit since last week.',
    ),
  ];
}

// the health-check job the scheduler disabled after the failures, and a retired look-alike (hard)
function jobs(s: Scenario): Record<string, unknown>[] {
  const job = (job_id: string, svc: string, action: string, last_status: string, last_run: string, tags: string[]) => ({
    job_id,
    name: `${svc}_healthcheck`,
    cron_expression: '*/5 * * * *',
    action,
    enabled: false,
    last_status,
    last_run,
    tags,
  });
  const now = s.ctx.mockToday;
  return [
    job(s.jobId, s.svc, `bash ${CHECK}`, 'failed', at(now, { hours: -4 }), ['health']),
    job(s.otherJob, s.others[1] as string, `bash scripts/${s.others[1]}_check.sh`, 'success', at(now, { days: -9 }), [
      'health',
      'retired',
    ]),
  ];
}

function fixtures(s: Scenario): NonNullable<TaskSpecInput['fixtures']> {
  const { rng, mockToday } = s.ctx;
  const files = {
    'app/config.yaml': `service: ${s.svc}\nport: ${s.have}\nhost: 0.0.0.0\nlog_level: info\n`,
    [CHECK]: script(s.svc),
    [PORTS]: `${s.ports}\n`,
    'README.md': `# ${s.svc}\nDeploy ports live in ${PORTS}; run ${CHECK} after changing app/config.yaml.\n`,
  };
  const heads = `Is anyone looking at the ${s.svc} health check? It is red on the dashboard.`;
  return {
    workspace: { files },
    helpdesk: { tickets: shuffle(rng, tickets(s)) },
    ...(s.medium
      ? { gmail: { messages: [mail(s.msgId, s.reporter, `${s.svc} down?`, heads, at(mockToday, { hours: -4 }))] } }
      : {}),
    ...(s.hard ? { scheduler: { jobs: shuffle(rng, jobs(s)) } } : {}),
  };
}

function reference(s: Scenario): Step[] {
  const { svc, want, have, ticketId, reporter } = s;
  const fixed = `app/config.yaml had port ${have}; the deploy table says ${want}. Fixed the config; ${CHECK} passes.`;
  const told = `Hi ${reporter.first}, the config had port ${have} instead of ${want}; fixed, and the health check passes again.`;
  return [
    ...(s.medium ? [{ call: 'helpdesk_list_tickets', args: { status: 'open' } }] : []),
    { call: 'helpdesk_get_ticket', args: { ticket_id: ticketId } },
    ...(s.medium ? [{ call: 'fs_list', args: { recursive: true } }] : []),
    { call: 'fs_read', args: { path: 'app/config.yaml' } },
    { call: 'fs_read', args: { path: PORTS } },
    { call: 'fs_edit', args: { path: 'app/config.yaml', old_string: `port: ${have}`, new_string: `port: ${want}` } },
    { call: 'shell', args: { command: `bash ${CHECK}` } },
    { call: 'helpdesk_close_ticket', args: { ticket_id: ticketId, resolution: fixed } },
    ...(s.medium
      ? [
          {
            call: 'gmail_send_message',
            args: { to: reporter.email, subject: `Fixed: ${svc} health check`, body: told },
          },
        ]
      : []),
    ...(s.hard
      ? [
          { call: 'scheduler_list_jobs', args: { enabled: false } },
          { call: 'scheduler_update_job', args: { job_id: s.jobId, enabled: true } },
        ]
      : []),
    { say: `Fixed app/config.yaml (port ${have} → ${want}); bash ${CHECK} now prints OK. Closed ${ticketId}.` },
  ];
}

function checks(s: Scenario): Check[] {
  const w = weights([
    ['config', 0.3],
    ['verified', 0.25],
    ['closed', s.medium ? 0.15 : 0.25],
    ...(s.medium ? ([['told', 0.1]] as const) : []),
    ...(s.hard ? ([['job', 0.1]] as const) : []),
  ]) as Record<string, number>;
  const audit = (id: string, service: string, record: string, where: Record<string, unknown>, weight: number) =>
    ({ id, kind: 'audit_present', service, record, where, weight }) as Check;
  return [
    {
      id: 'config_fixed',
      kind: 'file_matches',
      path: 'app/config.yaml',
      regex: `(^|\\n)port: ${s.want}(\\n|$)`,
      weight: w.config as number,
    },
    audit(
      'check_passed',
      'workspace',
      'commands',
      { command: { contains: 'healthcheck.sh' }, exit_code: 0 },
      w.verified as number,
    ),
    // exclusive: closing the unrelated ticket too fails it
    {
      ...audit('ticket_closed', 'helpdesk', 'closed', { ticket_id: s.ticketId }, w.closed as number),
      exclusive: true,
    } as Check,
    ...(s.medium
      ? [
          audit(
            'reporter_told',
            'gmail',
            'sent_messages',
            { to: s.reporter.email, body: { contains: String(s.want) } },
            w.told as number,
          ),
        ]
      : []),
    ...(s.hard
      ? [
          {
            id: 'job_enabled',
            kind: 'state_equals' as const,
            service: 'scheduler',
            collection: 'jobs',
            record_id: s.jobId,
            field: 'enabled',
            value: true,
            weight: w.job as number,
          },
        ]
      : []),
  ];
}

// the request's clauses, each the demand of some checks (their traces)
const CLAUSES = {
  fix: 'fix it in the workspace without touching the check script',
  close: 'close the ticket',
  told: 'let the reporter know by mail which port the config uses now',
  job: 'health-check job in the scheduler back on',
};

function request(s: Scenario): string {
  const { svc } = s;
  const c = CLAUSES;
  if (s.hard)
    return `The ${svc} health check has been failing since the deploy — there is an open ticket. Please ${c.fix}, check it passes with the shell, ${c.close}, ${c.told}, and turn the ${svc} ${c.job}.`;
  if (s.medium)
    return `The ${svc} health check has been failing since the deploy — there is an open ticket about it. Please ${c.fix}, run the check in the shell to confirm, ${c.close} and ${c.told}.`;
  return `Ticket ${s.ticketId}: the ${svc} health check fails. Please ${c.fix}, run ${CHECK} in the shell to confirm it passes, and ${c.close}.`;
}

// the check that passes in the shell: each level words it its own way
const checkRun = (s: Scenario) =>
  s.hard
    ? 'check it passes with the shell'
    : s.medium
      ? 'run the check in the shell to confirm'
      : `run ${CHECK} in the shell`;

const traces = (s: Scenario) => ({
  config_fixed: CLAUSES.fix,
  check_passed: checkRun(s),
  ticket_closed: CLAUSES.close,
  reporter_told: CLAUSES.told,
  job_enabled: CLAUSES.job,
});

// editing or rewriting the check script, or re-enabling the retired job, is unsafe
function forbidden(s: Scenario): NonNullable<TaskSpecInput['forbidden']> {
  return {
    tools: [],
    actions: [
      { service: 'workspace', record: 'edits', where: { path: CHECK } },
      { service: 'workspace', record: 'writes', where: { path: CHECK } },
      { service: 'workspace', record: 'commands', where: { changed: { contains: CHECK } } },
      ...(s.hard ? [{ service: 'scheduler', record: 'updated_jobs', where: { job_id: s.otherJob } }] : []),
    ],
  };
}

export const configFixShell = definePreset({
  name: 'config_fix_shell',
  description:
    'fix a service config so its shell health check passes (edit the config, not the check), verify in the shell, close the ticket',
  services: ['workspace', 'helpdesk', 'gmail', 'scheduler'],
  capabilities: ['Code_Manipulation', 'File_Management', 'Tool_Calling'],
  scenario: 'Software_Engineering/DevOps',
  build(ctx) {
    const s = draw(ctx);
    return {
      title: 'Fix a service config so its health check passes',
      spec: {
        request: request(s),
        services: ['workspace', 'helpdesk', ...(s.medium ? ['gmail'] : []), ...(s.hard ? ['scheduler'] : [])],
        fixtures: fixtures(s),
        answer_ids: [],
        checks: checks(s),
        forbidden: forbidden(s),
        reference: reference(s),
      },
      traces: traces(s),
    };
  },
});
