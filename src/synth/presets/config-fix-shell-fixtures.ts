import { mail } from '../kit/builders.js';
import { at, dateOf } from '../kit/dates.js';
import type { GeneratorContext } from '../kit/generator.js';
import { distinct, ids, shuffle } from '../kit/ids.js';
import type { Person } from '../kit/people.js';
import type { TaskSpecInput } from '../../schema/task-spec.js';

// config_fix_shell's world: a service config whose keys must equal this service's row for this host's
// environment in the deploy tables. The tables hold the other environment, a look-alike service, a superseded
// line and other services, and the config's wrong values come from those rows, so only the right row fixes it.
// The check names the key that is off, never the value it wants.

/** Each service with a look-alike whose rows sit right under it in the tables. */
const SERVICES: readonly [string, string][] = [
  ['billing-api', 'billing-api-batch'],
  ['orders-api', 'orders-api-legacy'],
  ['search-gateway', 'search-gateway-canary'],
  ['auth-proxy', 'auth-proxy-admin'],
  ['report-worker', 'report-worker-bulk'],
  ['media-cdn', 'media-cdn-edge'],
];
const ENVS = ['production', 'staging'] as const;
type Env = (typeof ENVS)[number];
const SHORT: Record<Env, string> = { production: 'prod', staging: 'stg' };
const DB_HOSTS = ['pg-main', 'pg-ledger', 'pg-core', 'db-orders', 'db-shared', 'pg-events'];

export const CONFIG = 'app/config.yaml';
export const CHECK = 'scripts/healthcheck.sh';
export const TABLE = 'deploy/services.txt';
export const UPSTREAMS = 'deploy/upstreams.txt';

/** One row of the deploy tables. */
interface Row {
  svc: string;
  env: Env;
  port: number;
  workers: number;
  upstream: string;
}

/** Where the config's wrong port came from: the superseded line, the other environment, or the look-alike. */
export type Origin = 'old' | 'env' | 'alike';

/** One drawn task: the service, its tables, the config's wrong values, the people and the ids. */
export interface Scenario {
  ctx: GeneratorContext;
  medium: boolean;
  hard: boolean;
  svc: string;
  alike: string;
  others: string[];
  env: Env;
  /** this service's row for this environment: what the config must say */
  want: Row;
  /** the config as deployed: port always wrong, workers (medium) or upstream (hard) too */
  have: Row;
  origin: Origin;
  rows: Row[];
  /** the line the table kept from before the last port move (commented out) */
  old: Row;
  movedOn: string;
  reporter: Person;
  ticketId: string;
  otherTicket: string;
  jobId: string;
  otherJob: string;
  msgId: string;
  /** the request's wording, drawn last */
  framing: number;
  /** how the request is laid out (0–3): as written, a hand-over from on-call, a numbered list, a chat message */
  shape: number;
}

// the keys the check compares, each with its table; the upstreams table exists only in hard tasks
const checked = (hard: boolean): [string, string][] => [
  ['port', TABLE],
  ['workers', TABLE],
  ...(hard ? ([['upstream', UPSTREAMS]] as [string, string][]) : []),
];

// the comparison runs inside awk, so neither the output nor a traced run shows the value the table wants
export const script = (hard: boolean) =>
  [
    '#!/bin/bash',
    `# compares ${CONFIG} with this service's row for its environment in the deploy tables`,
    `cfg() { sed -n "s/^$1: *//p" ${CONFIG}; }`,
    'svc=$(cfg service)',
    'env=$(cfg environment)',
    'status=0',
    `for check in ${checked(hard)
      .map(([k, t]) => `${k}:${t}`)
      .join(' ')}; do`,
    '  key=${check%%:*}',
    '  table=${check#*:}',
    `  if ! awk -v s="$svc" -v e="$env" -v k="$key" -v v="$(cfg "$key")" '`,
    '    NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }',
    '    $1 == s && $2 == e && $col[k] == v { ok = 1 }',
    `    END { exit !ok }' "$table"; then`,
    `    echo "FAIL $svc: $key in ${CONFIG} does not match $table" >&2`,
    '    status=1',
    '  fi',
    'done',
    'if [ $status -eq 0 ]; then echo "OK $svc ($env)"; fi',
    'exit $status',
    '',
  ].join('\n');

// every random draw, in one fixed order (the spec of a seed never changes with the builders); the wording last
export function draw(ctx: GeneratorContext): Scenario {
  const { rng, words, difficulty, mockToday } = ctx;
  const [medium, hard] = [difficulty !== 'easy', difficulty === 'hard'];
  const [pair, ...rest] = shuffle(rng, SERVICES) as [[string, string], ...[string, string][]];
  const [svc, alike] = pair;
  const others = rest.slice(0, 2).map(([o]) => o);
  const env = rng.pick(ENVS);
  const other: Env = env === 'production' ? 'staging' : 'production';
  const base = rng.int(80, 93) * 100;
  const ports = distinct(9, () => base + rng.int(0, 99));
  const workers = () => rng.pick([2, 4, 6, 8, 12, 16]);
  const hosts = shuffle(rng, DB_HOSTS);
  const upstream = (i: number, e: Env) => `${hosts[i]}.${SHORT[e]}.acme.internal:5432`;
  const row = (s: string, e: Env, port: number, upstreamAt: number): Row => ({
    svc: s,
    env: e,
    port,
    workers: workers(),
    upstream: upstream(upstreamAt, e),
  });
  const want = row(svc, env, ports[0] as number, 0);
  const sibling = row(svc, other, ports[1] as number, 0);
  const twin = row(alike, env, ports[2] as number, 1);
  const twinOther = row(alike, other, ports[3] as number, 1);
  // the superseded line: another port, and (medium, whose worker count is off too) other workers
  const oldWorkers = rng.pick([2, 4, 6, 8, 12, 16].filter((n) => n !== want.workers));
  const old: Row = { ...want, port: ports[4] as number, workers: medium && !hard ? oldWorkers : want.workers };
  const rows = [
    want,
    sibling,
    twin,
    twinOther,
    row(others[0] as string, 'production', ports[5] as number, 2),
    row(others[0] as string, 'staging', ports[6] as number, 2),
    row(others[1] as string, rng.pick(ENVS), ports[7] as number, 3),
  ];
  const origin = rng.pick<Origin>(['old', 'env', 'alike']);
  const from = { old, env: sibling, alike: twin }[origin];
  // a wrong worker count from another row (medium), and hard's upstream of the other environment
  const wrongWorkers = [from, sibling, twin, old].map((r) => r.workers).find((n) => n !== want.workers);
  const have: Row = {
    ...want,
    port: from.port,
    workers: medium && !hard ? (wrongWorkers ?? want.workers + 2) : want.workers,
    upstream: hard ? sibling.upstream : want.upstream,
  };
  const movedOn = dateOf(at(mockToday, { days: -rng.int(1, 6) }));
  const [reporter] = words.people(1, 'acme.example') as [Person];
  const [ticketId, otherTicket] = ids(rng, 'TK-', 2) as [string, string];
  const [jobId, otherJob] = ids(rng, 'JOB-', 2, 3) as [string, string];
  const [msgId] = ids(rng, 'msg_', 1, 4) as [string];
  const framing = rng.int(0, 1);
  // (the request's shape, drawn last: every other draw of a seed stays where it was)
  const shape = rng.int(0, 3);
  return {
    ctx,
    medium,
    hard,
    svc,
    alike,
    others,
    env,
    want,
    have,
    origin,
    rows,
    old,
    movedOn,
    reporter,
    ticketId,
    otherTicket,
    jobId,
    otherJob,
    msgId,
    framing,
    shape,
  };
}

// aligned columns, header first; the superseded line stays above the row that replaced it, commented out
function tables(s: Scenario): { services: string; upstreams: string } {
  const sorted = [...s.rows].sort((a, b) => a.svc.localeCompare(b.svc) || a.env.localeCompare(b.env));
  const pad = (cells: (string | number)[], widths: number[]) =>
    cells
      .map((c, i) => String(c).padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd();
  const w = [Math.max(...s.rows.map((r) => r.svc.length)), 11, 4, 7];
  const services = sorted.flatMap((r) => {
    const line = pad([r.svc, r.env, r.port, r.workers], w);
    const old = `# ${pad([s.old.svc, s.old.env, s.old.port, s.old.workers], w)}  (until ${s.movedOn})`;
    return r === s.want ? [old, line] : [line];
  });
  const upstreams = sorted.map((r) => pad([r.svc, r.env, r.upstream], w));
  return {
    services: `${[pad(['service', 'environment', 'port', 'workers'], w), ...services].join('\n')}\n`,
    upstreams: `${[pad(['service', 'environment', 'upstream'], w), ...upstreams].join('\n')}\n`,
  };
}

const configText = (r: Row, hard: boolean) =>
  [
    `service: ${r.svc}`,
    `environment: ${r.env}`,
    `port: ${r.port}`,
    `workers: ${r.workers}`,
    ...(hard ? [`upstream: ${r.upstream}`] : []),
    'host: 0.0.0.0',
    'log_level: info',
    '',
  ].join('\n');

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
      `Since this morning's deploy the ${s.svc} health check (${CHECK}) fails on the ${s.env} host. The check script is right; the service config no longer matches the deploy tables.`,
    ),
    ticket(
      s.otherTicket,
      `${s.alike} slow responses`,
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
    job(s.otherJob, s.alike, `bash scripts/${s.alike}_check.sh`, 'success', at(now, { days: -9 }), [
      'health',
      'retired',
    ]),
  ];
}

export function fixtures(s: Scenario): NonNullable<TaskSpecInput['fixtures']> {
  const { rng, mockToday } = s.ctx;
  const t = tables(s);
  const where = s.hard ? `${TABLE}, upstreams in ${UPSTREAMS}` : TABLE;
  const files = {
    [CONFIG]: configText(s.have, s.hard),
    [CHECK]: script(s.hard),
    [TABLE]: t.services,
    ...(s.hard ? { [UPSTREAMS]: t.upstreams } : {}),
    'README.md': `# ${s.svc}\nThis checkout is the ${s.env} host's. Ports and worker counts per service and environment live in ${where}; run ${CHECK} after changing ${CONFIG}.\n`,
  };
  const heads = `Is anyone looking at the ${s.svc} health check? It is red on the ${s.env} dashboard.`;
  return {
    workspace: { files },
    helpdesk: { tickets: shuffle(rng, tickets(s)) },
    ...(s.medium
      ? { gmail: { messages: [mail(s.msgId, s.reporter, `${s.svc} down?`, heads, at(mockToday, { hours: -4 }))] } }
      : {}),
    ...(s.hard ? { scheduler: { jobs: shuffle(rng, jobs(s)) } } : {}),
  };
}
