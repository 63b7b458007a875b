import { z } from 'zod';
import { ToolError } from './tool-error.js';
import { defineTool, type ServiceDef } from './types.js';
import { defined, IdArg, kindArg, kinded, mirrorList, pick } from './util.js';

const Run = z.strictObject({
  run_time: z.string().describe('ISO time the run started'),
  status: z.string().describe('run outcome, e.g. success | failed | timeout'),
  duration_s: z.number().min(0).optional().describe('run duration in seconds'),
  error: z.string().optional().describe('error message of a failed run'),
  notes: z.string().optional().describe('what the run logged beside its outcome'),
});

const Job = z.strictObject({
  job_id: kinded('id', z.string().min(1).describe('job id, e.g. JOB-001')),
  name: z.string().describe('job name, e.g. daily_backup'),
  cron_expression: z.string().min(1).describe('5-field cron schedule: minute hour day-of-month month day-of-week'),
  action: z.string().optional().describe('what the job runs (command or script)'),
  enabled: z.boolean().default(true).describe('whether the job is scheduled to run'),
  last_run: z.string().nullable().optional().describe('ISO time of the last run (null = never run)'),
  next_run: z.string().nullable().optional().describe('ISO time of the next scheduled run'),
  last_status: z.string().nullable().optional().describe('outcome of the last run, e.g. success | failed'),
  created_by: kinded('party', z.string().nullable().optional().describe('who created the job')),
  tags: z.array(z.string()).default([]).describe('free labels'),
  created_at: z.string().optional().describe('ISO time the job was created'),
  execution_history: z.array(Run).default([]).describe('past runs, as listed (newest first by convention)'),
});

const SUMMARY = [
  'job_id',
  'name',
  'cron_expression',
  'enabled',
  'last_status',
  'last_run',
  'next_run',
  'tags',
] as const;
const FIELDS = ['minute', 'hour', 'day-of-month', 'month', 'day-of-week'] as const;
const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const DAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];
const FIELD_RE = FIELDS.map(
  (_, i) =>
    new RegExp(`^(?:[0-9*/,-]${i === 3 ? `|${MONTHS.join('|')}` : i === 4 ? `|${DAYS.join('|')}` : ''})+$`, 'i'),
);

/** Checks the 5-field shape and characters of a cron expression; returns it with single spaces. */
function checkCron(expr: string): string {
  const parts = expr.trim().split(/\s+/).filter(Boolean);
  if (parts.length !== 5) {
    throw new ToolError(
      'invalid_argument',
      `cron_expression "${expr}" has ${parts.length} fields; expected 5 space-separated fields (minute hour day-of-month month day-of-week), e.g. "0 2 * * *"`,
    );
  }
  parts.forEach((p, i) => {
    if (!FIELD_RE[i]?.test(p)) {
      const names = i === 3 ? ', or month names (jan-dec)' : i === 4 ? ', or day names (sun-sat)' : '';
      throw new ToolError(
        'invalid_argument',
        `cron_expression "${expr}": ${FIELDS[i]} field "${p}" may only contain digits and * / , -${names}`,
      );
    }
  });
  return parts.join(' ');
}

const cronParam = z
  .string()
  .min(1)
  .describe('5-field cron schedule "minute hour day-of-month month day-of-week", e.g. "0 2 * * *"');

export const scheduler: ServiceDef = {
  name: 'scheduler',
  description: 'Job scheduler: list, inspect, create, update and delete cron jobs, and read their execution history.',
  collections: {
    jobs: { description: 'scheduled cron jobs', id: 'job_id', label: 'Job', newId: ['JOB-', 3], record: Job },
  },
  audit: {
    created_jobs: mirrorList('full job after each scheduler_create_job', Job),
    updated_jobs: mirrorList('full job after each scheduler_update_job', Job),
    deleted_jobs: mirrorList('the removed job of each scheduler_delete_job', Job),
  },
  tools: [
    defineTool({
      name: 'scheduler_list_jobs',
      description: 'List jobs (summary fields). Filter by last run status ("all" for any), enabled flag or tag.',
      params: z.strictObject({
        status: z.string().optional().describe('last run status to match, e.g. failed, or "all"'),
        enabled: z.boolean().optional(),
        tag: z.string().optional().describe('only jobs carrying this tag'),
      }),
      mutates: false,
      handler(ctx, a) {
        const jobs = ctx
          .list('jobs')
          .filter(
            (j) =>
              (a.status === undefined || a.status === 'all' || j.last_status === a.status) &&
              (a.enabled === undefined || j.enabled === a.enabled) &&
              (a.tag === undefined || (j.tags as readonly string[]).includes(a.tag)),
          )
          .map((j) => pick(j, SUMMARY));
        return { jobs, total: jobs.length };
      },
    }),
    defineTool({
      name: 'scheduler_get_job',
      description: 'Get the full job, including its action and execution history.',
      params: z.strictObject({ job_id: IdArg }),
      mutates: false,
      handler: (ctx, a) => ctx.get('jobs', a.job_id),
    }),
    defineTool({
      name: 'scheduler_create_job',
      description: 'Create a cron job.',
      params: z.strictObject({
        name: z.string().min(1),
        cron_expression: cronParam,
        action: z.string().min(1).describe('what the job runs (command or script)'),
        enabled: z.boolean().default(true),
        tags: z.array(z.string()).default([]),
        created_by: kindArg('party').optional(),
      }),
      mutates: true,
      handler(ctx, a) {
        const cron_expression = checkCron(a.cron_expression);
        const job = ctx.insert(
          'jobs',
          defined({
            job_id: ctx.nextId('jobs'),
            name: a.name,
            cron_expression,
            action: a.action,
            enabled: a.enabled,
            last_run: null,
            next_run: null,
            last_status: null,
            created_by: a.created_by,
            tags: a.tags,
            created_at: ctx.now(),
            execution_history: [],
          }),
        );
        ctx.record('created_jobs', job);
        return { status: 'created', job };
      },
    }),
    defineTool({
      name: 'scheduler_update_job',
      description: 'Update a job: enabled flag, cron schedule, name, action and/or tags (replaces the list).',
      params: z.strictObject({
        job_id: IdArg,
        enabled: z.boolean().optional(),
        cron_expression: cronParam.optional(),
        name: z.string().min(1).optional(),
        action: z.string().min(1).optional(),
        tags: z.array(z.string()).optional(),
      }),
      mutates: true,
      handler(ctx, { job_id, ...changes }) {
        ctx.get('jobs', job_id);
        const patch = defined(changes);
        if (Object.keys(patch).length === 0) {
          throw new ToolError(
            'invalid_argument',
            'nothing to update: give at least one of enabled, cron_expression, name, action, tags',
          );
        }
        if (patch.cron_expression !== undefined) patch.cron_expression = checkCron(patch.cron_expression);
        const job = ctx.update('jobs', job_id, patch);
        ctx.record('updated_jobs', job);
        return { status: 'updated', job };
      },
    }),
    defineTool({
      name: 'scheduler_delete_job',
      description: 'Delete a job.',
      params: z.strictObject({ job_id: IdArg }),
      mutates: true,
      handler(ctx, a) {
        const job = ctx.remove('jobs', a.job_id);
        ctx.record('deleted_jobs', job);
        return { status: 'deleted', job };
      },
    }),
    defineTool({
      name: 'scheduler_job_history',
      description: "Get the first `limit` entries of a job's execution history; total is the number of runs on record.",
      params: z.strictObject({ job_id: IdArg, limit: z.number().int().min(1).max(1000).default(10) }),
      mutates: false,
      handler(ctx, a) {
        const runs = ctx.get('jobs', a.job_id).execution_history as readonly unknown[];
        return { job_id: a.job_id, history: runs.slice(0, a.limit), total: runs.length };
      },
    }),
  ],
};
