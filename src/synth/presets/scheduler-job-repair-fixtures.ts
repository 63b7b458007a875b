import { at, dayMonth, hm } from '../kit/dates.js';
import type { GeneratorContext } from '../kit/generator.js';
import { ids, shuffle } from '../kit/ids.js';
import type { Person } from '../kit/people.js';
import type { Holder, Integ } from './scheduler-job-repair-data.js';

// scheduler_job_repair's seed records: the jobs (lock holders, failing jobs, distractors) with their run
// histories, the integrations, tickets and (hard) the kb; draw() in scheduler-job-repair.ts calls the builders
// in one fixed order.

export type Row = Record<string, unknown>;

export interface Job {
  job_id: string;
  name: string;
  cron_expression: string;
  action: string;
  enabled: boolean;
  last_run: string;
  last_status: string;
  created_by: string;
  tags: string[];
  execution_history: { run_time: string; status: string; duration_s: number; error?: string }[];
}

/** first full hour at or after `fromMin` that no other enabled job starts in and the blackout allows */
export function firstFreeHour(jobs: readonly Job[], self: string, fromMin: number, blackout?: number): number {
  for (let h = Math.ceil(fromMin / 60); h < 24; h++) {
    if (h === blackout) continue;
    if (jobs.some((j) => j.job_id !== self && j.enabled && Number(j.cron_expression.split(' ')[1]) === h)) continue;
    return h;
  }
  throw new Error('no free hour');
}

/** One failing job: its integration, the lock holder (its job) and the window's end (minutes after midnight). */
export interface Plan {
  g: Integ;
  k: number;
  windowEnd: number;
  /** when the holder's latest-ending run finished (minutes after midnight): the end the agent reads off its runs */
  holderEnd: number;
  holder: Holder;
  holdJob: Job;
  job: Job;
  integration: { integration_id: string; owner: string };
}

// the latest run at hh:mm strictly before the clock, then the nights before it
function lastAt(mockToday: string, hour: number, minute: number, nightsBack = 0): string {
  const t = `${mockToday.slice(0, 10)}T${hm(hour * 60 + minute)}:00Z`;
  return at(t, { days: (Date.parse(t) >= Date.parse(mockToday) ? -1 : 0) - nightsBack });
}

// the error names the job holding the lock, not its window: when the window ends is read off that job's runs
const lockError = (holder: string, holderId?: string) =>
  `could not acquire database lock: it is held by ${holder}${holderId ? ` (${holderId})` : ''}`;

// enabled jobs that may already start in the hours after a lock window, and retired ones that no longer run
const BLOCKERS = [
  { name: 'cache_warmup', action: 'warm_report_caches' },
  { name: 'metrics_rollup', action: 'rollup_daily_metrics' },
  { name: 'invoice_batch', action: 'generate_invoice_batch' },
  { name: 'log_rotation', action: 'rotate_app_logs' },
] as const;
const RETIRED = [
  { name: 'legacy_report_push', action: 'push_legacy_reports' },
  { name: 'old_inventory_export', action: 'export_inventory_v1' },
] as const;
export const cron = (h: number) => `0 ${h} * * *`;

/** The scheduler's jobs as they are drawn: ids in creation order, `ok` run histories. */
export class JobBook {
  readonly jobs: Job[] = [];
  private next = 0;
  constructor(
    readonly ctx: GeneratorContext,
    private readonly ids: string[],
    private readonly admin: string,
  ) {}
  add(j: Omit<Job, 'job_id' | 'created_by'>): Job {
    const job: Job = { job_id: this.ids[this.next++] as string, created_by: this.admin, ...j };
    this.jobs.push(job);
    return job;
  }
  /** `n` successful nightly runs, the latest first, each lasting `secs` (a few minutes unless given) */
  ok(hour: number, minute: number, n: number, secs: [number, number] = [40, 900]): Job['execution_history'] {
    return Array.from({ length: n }, (_, k) => ({
      run_time: lastAt(this.ctx.mockToday, hour, minute, k),
      status: 'success',
      duration_s: this.ctx.rng.int(...secs),
    }));
  }
  last(hour: number, minute: number, nightsBack = 0): string {
    return lastAt(this.ctx.mockToday, hour, minute, nightsBack);
  }
}

export function integrationsOf(ctx: GeneratorContext, integs: Integ[], owners: Person[], nTargets: number) {
  const { rng, words, mockToday } = ctx;
  const intIds = ids(rng, 'INT-', integs.length, 3);
  return integs.map((g, i) => ({
    integration_id: intIds[i] as string,
    name: g.name,
    status: 'active',
    service: g.service,
    api_key: `${g.key}${words.token(16)}`,
    api_secret: `${g.secret}${words.token(20)}`,
    webhook_url: `https://hooks.acme.example/${g.service}`,
    last_verified: at(mockToday, { days: -rng.int(5, 60) }),
    monthly_calls: rng.int(2_000, 120_000),
    error_rate: i < nTargets ? rng.int(8, 30) / 100 : rng.int(0, 3) / 100,
    owner: owners[i]?.email as string,
  }));
}

// the lock holder and the job failing in its window. First job: enabled jobs already start in the first one or
// two candidate hours (always at medium+, in most easy tasks), and often a disabled job starts in the hour that
// is free (it does not count); second job (hard): the first candidate hour is barred by the KB policy (`blackout`
// records it) and a disabled job starts in the next
export function planOf(book: JobBook, g: Integ, k: number, holder: Holder, blackout?: { hour: number; old: number }) {
  const { rng, difficulty } = book.ctx;
  const ws = k === 0 ? rng.int(0, 3) : rng.int(13, 16);
  const windowEnd = (ws + rng.int(1, 2)) * 60 + rng.pick([15, 30, 45]);
  // the holder runs the whole lock window its error names, ending in its last few minutes
  const held = (windowEnd - ws * 60) * 60;
  const hold = book.add({
    ...{ name: holder.name, cron_expression: cron(ws), action: holder.action, enabled: true },
    ...{ last_run: book.last(ws, 0), last_status: 'success', tags: ['ops', 'database'] },
    execution_history: book.ok(ws, 0, 2, [held - 240, held - 20]),
  });
  const holderEnd = ws * 60 + Math.floor(Math.max(...hold.execution_history.map((r) => r.duration_s)) / 60);
  const error = lockError(holder.name, hold.job_id);
  const fails = [0, 1, 2].map((n) => ({
    run_time: book.last(ws + 1, 0, n),
    status: 'failed',
    duration_s: rng.int(1, 4),
    error,
  }));
  const earlier = book.ok(ws + 1, 0, 2).map((r) => ({ ...r, run_time: at(r.run_time, { days: -3 }) }));
  const job = book.add({
    ...{ name: g.job, cron_expression: cron(ws + 1), action: g.action, enabled: true },
    ...{ last_run: book.last(ws + 1, 0), last_status: 'failed', tags: [g.service, 'sync'] },
    execution_history: [...fails, ...earlier],
  });
  const c0 = Math.ceil(windowEnd / 60);
  const retired = (h: number, r: (typeof RETIRED)[number]) =>
    book.add({
      ...{ name: r.name, cron_expression: cron(h), action: r.action, enabled: false },
      ...{ last_run: at(book.last(h, 0), { days: -rng.int(30, 60) }), last_status: 'success', tags: ['reports'] },
      execution_history: [],
    });
  if (k === 0) {
    const taken = rng.pick(difficulty === 'easy' ? [0, 1, 1, 2] : [1, 1, 2]);
    for (const [i, b] of shuffle(rng, BLOCKERS).slice(0, taken).entries()) {
      const m = rng.pick([0, 15, 30, 45]);
      book.add({
        ...{ name: b.name, cron_expression: `${m} ${c0 + i} * * *`, action: b.action, enabled: true },
        ...{ last_run: book.last(c0 + i, m), last_status: 'success', tags: ['ops'] },
        execution_history: book.ok(c0 + i, m, 1),
      });
    }
    if (rng.chance(0.7)) retired(c0 + taken, RETIRED[1]);
  }
  if (blackout && k === 1) {
    blackout.hour = c0;
    blackout.old = c0 + 1;
    retired(c0 + 1, RETIRED[0]);
  }
  return { g, k, windowEnd, holderEnd, holder, holdJob: hold, job };
}

// distractor jobs live in 09:00–12:59, away from every candidate hour: one failing on a rotated key
// (medium+), one disabled after a stale lock failure (hard), and a weekly report
export function distractorJobs(book: JobBook, integs: Integ[], nTargets: number, holder: Holder): void {
  const { rng, difficulty } = book.ctx;
  const spare = shuffle(rng, [9, 10, 11, 12]);
  if (difficulty !== 'easy') {
    const g = integs[nTargets] as Integ;
    const h = spare[0] as number;
    book.add({
      ...{ name: g.job, cron_expression: `30 ${h} * * *`, action: g.action, enabled: true },
      // (a sync like the target: its tags tell it from no other sync, only its error does)
      ...{ last_run: book.last(h, 30), last_status: 'failed', tags: [g.service, 'sync'] },
      execution_history: [0, 1].map((n) => ({
        run_time: book.last(h, 30, n),
        status: 'failed',
        duration_s: 1,
        error: `401 Unauthorized: ${g.service} rejected the API key`,
      })),
    });
  }
  if (difficulty === 'hard') {
    const g = integs[nTargets + 1] as Integ;
    const h = spare[1] as number;
    const stale = at(book.last(h, 0), { days: -rng.int(6, 12) });
    const error = lockError(holder.name);
    book.add({
      ...{ name: g.job, cron_expression: cron(h), action: g.action, enabled: false },
      ...{ last_run: stale, last_status: 'failed', tags: [g.service, 'sync'] },
      execution_history: [{ run_time: stale, status: 'failed', duration_s: 2, error }],
    });
  }
  const monday = [0, 1, 2, 3, 4, 5, 6]
    .map((n) => book.last(spare[2] as number, 0, n))
    .find((t) => new Date(t).getUTCDay() === 1) as string;
  book.add({
    ...{ name: 'weekly_report', cron_expression: `0 ${spare[2]} * * 1`, action: 'email_weekly_report', enabled: true },
    ...{ last_run: monday, last_status: 'success', tags: ['reports'] },
    execution_history: [],
  });
}

// one ticket per failing job, the rotated-key job's (medium+), and an unrelated one
export function ticketsOf(ctx: GeneratorContext, plans: Plan[], integs: Integ[], ops: Person): Row[] {
  const { rng, words, mockToday } = ctx;
  const n = plans.length;
  const ticketIds = ids(rng, 'TK-', n + 2, 4);
  const it = { reporter: ops.email, department: 'IT Operations', category: 'scheduler' };
  const ticket = (i: number, title: string, description: string, rest: Row) => ({
    ticket_id: ticketIds[i] as string,
    title,
    status: 'open',
    description,
    ...rest,
  });
  const since = (p: Plan) => dayMonth(p.job.execution_history.at(2)?.run_time as string);
  return [
    ...plans.map((p, i) =>
      ticket(
        i,
        `${p.g.job} failing every night`,
        `The ${p.g.what} job (${p.job.name}) has failed since ${since(p)}; data in ${p.g.name} is stale.`,
        { ...it, priority: 'high', created_at: at(mockToday, { days: -1 }), tags: ['scheduler', p.g.service] },
      ),
    ),
    ...(ctx.difficulty !== 'easy'
      ? [
          ticket(n, `${integs[n]?.job} returns 401`, 'The job fails with 401 Unauthorized since the key was rotated.', {
            ...{ ...it, priority: 'medium', created_at: at(mockToday, { hours: -20 }), tags: ['scheduler'] },
          }),
        ]
      : []),
    ticket(n + 1, 'VPN drops every few minutes', 'Remote staff lose the VPN connection.', {
      reporter: words.email('acme.example'),
      department: 'Sales',
      priority: 'medium',
      created_at: at(mockToday, { days: -2 }),
      category: 'network',
      tags: ['vpn'],
    }),
  ];
}

// the kb (hard): the scheduling policy with its blackout hour, the superseded one, and an unrelated article
export function articlesOf(ctx: GeneratorContext, kbIds: string[], blackout: { hour: number; old: number }): Row[] {
  const { rng, mockToday } = ctx;
  const hour = (h: number) => `${hm(h * 60)}–${hm(h * 60 + 59)}`;
  return [
    {
      article_id: kbIds[0] as string,
      title: 'Batch job scheduling policy',
      category: 'operations',
      tags: ['scheduler', 'policy'],
      last_updated: at(mockToday, { days: -rng.int(10, 40) }).slice(0, 10),
      content: `Scheduled jobs may run at any full hour except ${hour(blackout.hour)} UTC: no job may start then because of the finance reporting freeze. Keep heavy jobs out of the backup windows.`,
    },
    {
      article_id: kbIds[1] as string,
      title: 'Batch job scheduling policy (superseded)',
      category: 'operations',
      tags: ['scheduler', 'policy'],
      last_updated: at(mockToday, { days: -rng.int(300, 500) }).slice(0, 10),
      content: `Superseded by ${kbIds[0]}. No job may start between ${hm(blackout.old * 60)} and ${hm(blackout.old * 60 + 59)} UTC.`,
    },
    {
      article_id: kbIds[2] as string,
      title: 'Rotating integration API keys',
      category: 'security',
      tags: ['api', 'keys'],
      last_updated: at(mockToday, { days: -90 }).slice(0, 10),
      content: 'Rotate keys from the provider console, then update the integration record.',
    },
  ];
}
