import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createEpisode } from '../env/episode.js';
import { makeSpec } from '../schema/testing.js';

const spec = makeSpec({
  services: ['scheduler'],
  fixtures: {
    scheduler: {
      jobs: [
        {
          job_id: 'JOB-001',
          name: 'daily_backup',
          cron_expression: '0 2 * * *',
          action: 'backup.sh',
          enabled: true,
          last_run: '2026-03-10T02:00:00Z',
          next_run: '2026-03-11T02:00:00Z',
          last_status: 'success',
          tags: ['ops', 'backup'],
          execution_history: [
            { run_time: '2026-03-10T02:00:00Z', status: 'success', duration_s: 120 },
            { run_time: '2026-03-09T02:00:00Z', status: 'failed', error: 'disk full' },
            { run_time: '2026-03-08T02:00:00Z', status: 'success' },
          ],
        },
        {
          job_id: 'JOB-002',
          name: 'report',
          cron_expression: '30 8 * * MON-FRI',
          enabled: false,
          last_status: 'failed',
          tags: ['reports'],
        },
        { job_id: 'JOB-007', name: 'cleanup', cron_expression: '*/15 * * * *' },
      ],
    },
  },
});
const ep = () => createEpisode(spec, { seed: 1 });
const body = (content: string) => JSON.parse(content);
const ids = (rows: { job_id: string }[]) => rows.map((r) => r.job_id);

describe('scheduler', () => {
  it('lists job summaries without action or history', () => {
    const e = ep();
    const r = body(e.call('scheduler_list_jobs', {}).content);
    assert.equal(r.total, 3);
    assert.deepEqual(r.jobs[0], {
      job_id: 'JOB-001',
      name: 'daily_backup',
      cron_expression: '0 2 * * *',
      enabled: true,
      last_status: 'success',
      last_run: '2026-03-10T02:00:00Z',
      next_run: '2026-03-11T02:00:00Z',
      tags: ['ops', 'backup'],
    });
    assert.deepEqual(r.jobs[2], {
      job_id: 'JOB-007',
      name: 'cleanup',
      cron_expression: '*/15 * * * *',
      enabled: true,
      tags: [],
    });
  });

  it('filters by last status ("all" for any), enabled and tag', () => {
    const e = ep();
    const list = (args: object) => ids(body(e.call('scheduler_list_jobs', args).content).jobs);
    assert.deepEqual(list({ status: 'failed' }), ['JOB-002']);
    assert.deepEqual(list({ status: 'all' }), ['JOB-001', 'JOB-002', 'JOB-007']);
    assert.deepEqual(list({ enabled: false }), ['JOB-002']);
    assert.deepEqual(list({ enabled: true }), ['JOB-001', 'JOB-007']);
    assert.deepEqual(list({ tag: 'backup' }), ['JOB-001']);
    assert.deepEqual(list({ tag: 'back' }), []);
    assert.equal(e.call('scheduler_list_jobs', { enabled: 'yes' }).error?.code, 'invalid_argument');
    assert.match(e.call('scheduler_list_jobs', { tags: ['ops'] }).error?.message ?? '', /did you mean tag/);
  });

  it('gets the full job; a missing one is not_found; bad arguments are rejected', () => {
    const e = ep();
    assert.equal(body(e.call('scheduler_get_job', { job_id: 'JOB-001' }).content).execution_history.length, 3);
    const nf = e.call('scheduler_get_job', { job_id: 'JOB-404' });
    assert.equal(nf.error?.code, 'not_found');
    assert.equal(nf.error?.message, 'Job JOB-404 not found');
    assert.match(e.call('scheduler_get_job', {}).error?.message ?? '', /job_id/);
    assert.equal(e.call('scheduler_get_job', { job_id: 7 }).error?.code, 'invalid_argument');
    assert.equal(e.call('scheduler_get_job', { job_id: 'JOB-001', verbose: true }).error?.code, 'invalid_argument');
  });

  it('creates a job with defaults, a fresh id past the fixtures, and audits it', () => {
    const e = ep();
    const r = e.call('scheduler_create_job', { name: 'sync', cron_expression: ' 0  3 * JAN sun ', action: 'sync.sh' });
    assert.ok(r.ok);
    const res = body(r.content);
    assert.equal(res.status, 'created');
    const expected = {
      job_id: 'JOB-008',
      name: 'sync',
      cron_expression: '0 3 * JAN sun',
      action: 'sync.sh',
      enabled: true,
      last_run: null,
      next_run: null,
      last_status: null,
      tags: [],
      created_at: '2026-03-10T09:00:00.000Z',
      execution_history: [],
    };
    assert.deepEqual(res.job, expected);
    assert.deepEqual(
      { ...e.audit().records.scheduler?.created_jobs?.[0] },
      { ...expected, timestamp: '2026-03-10T09:00:00.000Z', seq: r.seq },
    );
    const b = body(
      e.call('scheduler_create_job', {
        name: 'n',
        cron_expression: '5 4 1,15 * *',
        action: 'a',
        enabled: false,
        tags: ['x'],
        created_by: 'ana',
      }).content,
    ).job;
    assert.equal(b.job_id, 'JOB-009');
    assert.equal(b.enabled, false);
    assert.equal(b.created_by, 'ana');
    assert.deepEqual(b.tags, ['x']);
  });

  it('rejects invalid cron expressions and bad create arguments', () => {
    const e = ep();
    const create = (cron: string) => e.call('scheduler_create_job', { name: 'n', cron_expression: cron, action: 'a' });
    const four = create('0 2 * *');
    assert.equal(four.error?.code, 'invalid_argument');
    assert.match(four.error?.message ?? '', /4 fields; expected 5/);
    assert.equal(create('0 2 * * * *').error?.code, 'invalid_argument');
    assert.equal(create('@daily').error?.code, 'invalid_argument');
    assert.match(create('0 2 ? * *').error?.message ?? '', /day-of-month field "\?"/);
    assert.equal(create('0 2 * MON *').error?.code, 'invalid_argument');
    assert.equal(create('0 2 * * JAN').error?.code, 'invalid_argument');
    assert.match(
      e.call('scheduler_create_job', { name: 'n', cron_expression: '0 2 * * *' }).error?.message ?? '',
      /action/,
    );
    assert.equal(
      e.call('scheduler_create_job', { name: 'n', cron_expression: '0 2 * * *', action: 'a', enabled: 'true' }).error
        ?.code,
      'invalid_argument',
    );
    assert.equal(
      e.call('scheduler_create_job', { name: 'n', cron_expression: '0 2 * * *', action: 'a', schedule: 'daily' }).error
        ?.code,
      'invalid_argument',
    );
    assert.equal(e.audit().records.scheduler?.created_jobs?.length, 0);
  });

  it('updates given fields, validates the cron and audits the full job', () => {
    const e = ep();
    const r = e.call('scheduler_update_job', { job_id: 'JOB-002', enabled: true, cron_expression: '0 9 * * 1-5' });
    assert.ok(r.ok);
    const res = body(r.content);
    assert.equal(res.status, 'updated');
    assert.equal(res.job.enabled, true);
    assert.equal(res.job.cron_expression, '0 9 * * 1-5');
    assert.equal(res.job.name, 'report');
    const audited = e.audit().records.scheduler?.updated_jobs ?? [];
    assert.equal(audited.length, 1);
    assert.equal(audited[0]?.job_id, 'JOB-002');
    assert.equal(audited[0]?.enabled, true);
    assert.equal(audited[0]?.last_status, 'failed');
    assert.equal(audited[0]?.seq, r.seq);
    assert.deepEqual(body(e.call('scheduler_get_job', { job_id: 'JOB-002' }).content).tags, ['reports']);
    assert.ok(e.call('scheduler_update_job', { job_id: 'JOB-002', tags: [] }).ok);
    assert.deepEqual(body(e.call('scheduler_get_job', { job_id: 'JOB-002' }).content).tags, []);
  });

  it('rejects empty, unknown-job and invalid updates', () => {
    const e = ep();
    assert.match(e.call('scheduler_update_job', { job_id: 'JOB-001' }).error?.message ?? '', /nothing to update/);
    assert.equal(e.call('scheduler_update_job', { job_id: 'JOB-404', enabled: false }).error?.code, 'not_found');
    assert.equal(
      e.call('scheduler_update_job', { job_id: 'JOB-001', cron_expression: 'every day' }).error?.code,
      'invalid_argument',
    );
    assert.equal(e.call('scheduler_update_job', { enabled: false }).error?.code, 'invalid_argument');
    assert.equal(e.call('scheduler_update_job', { job_id: 'JOB-001', enabled: 0 }).error?.code, 'invalid_argument');
    assert.equal(
      e.call('scheduler_update_job', { job_id: 'JOB-001', last_status: 'success' }).error?.code,
      'invalid_argument',
    );
    assert.equal(e.audit().records.scheduler?.updated_jobs?.length, 0);
    assert.equal(body(e.call('scheduler_get_job', { job_id: 'JOB-001' }).content).cron_expression, '0 2 * * *');
  });

  it('deletes a job, audits it and never reuses its id', () => {
    const e = ep();
    const r = e.call('scheduler_delete_job', { job_id: 'JOB-007' });
    assert.ok(r.ok);
    const res = body(r.content);
    assert.equal(res.status, 'deleted');
    assert.equal(res.job.name, 'cleanup');
    const audited = e.audit().records.scheduler?.deleted_jobs ?? [];
    assert.equal(audited[0]?.job_id, 'JOB-007');
    assert.equal(audited[0]?.cron_expression, '*/15 * * * *');
    assert.equal(audited[0]?.seq, r.seq);
    assert.equal(e.call('scheduler_get_job', { job_id: 'JOB-007' }).error?.code, 'not_found');
    const again = e.call('scheduler_delete_job', { job_id: 'JOB-007' });
    assert.equal(again.error?.code, 'not_found');
    assert.equal(again.error?.message, 'Job JOB-007 not found');
    assert.equal(
      body(e.call('scheduler_create_job', { name: 'n', cron_expression: '* * * * *', action: 'a' }).content).job.job_id,
      'JOB-008',
    );
    assert.equal(e.call('scheduler_delete_job', {}).error?.code, 'invalid_argument');
    assert.equal(e.call('scheduler_delete_job', { job_id: 1 }).error?.code, 'invalid_argument');
    assert.equal(e.call('scheduler_delete_job', { job_id: 'JOB-001', force: true }).error?.code, 'invalid_argument');
    assert.equal(e.audit().records.scheduler?.deleted_jobs?.length, 1);
  });

  it('returns the first `limit` runs with the total on record', () => {
    const e = ep();
    const h = body(e.call('scheduler_job_history', { job_id: 'JOB-001', limit: 2 }).content);
    assert.equal(h.job_id, 'JOB-001');
    assert.equal(h.total, 3);
    assert.deepEqual(
      h.history.map((x: { status: string }) => x.status),
      ['success', 'failed'],
    );
    assert.equal(h.history[1].error, 'disk full');
    assert.equal(body(e.call('scheduler_job_history', { job_id: 'JOB-001' }).content).history.length, 3);
    assert.deepEqual(body(e.call('scheduler_job_history', { job_id: 'JOB-007' }).content), {
      job_id: 'JOB-007',
      history: [],
      total: 0,
    });
    assert.equal(e.call('scheduler_job_history', { job_id: 'JOB-404' }).error?.code, 'not_found');
    assert.equal(e.call('scheduler_job_history', { job_id: 'JOB-001', limit: 0 }).error?.code, 'invalid_argument');
    assert.equal(e.call('scheduler_job_history', { job_id: 'JOB-001', limit: 1.5 }).error?.code, 'invalid_argument');
    assert.equal(e.call('scheduler_job_history', { job_id: 'JOB-001', limit: '5' }).error?.code, 'invalid_argument');
    assert.equal(e.call('scheduler_job_history', { job_id: 'JOB-001', limit: 1001 }).error?.code, 'invalid_argument');
    assert.equal(e.call('scheduler_job_history', { limit: 5 }).error?.code, 'invalid_argument');
    assert.equal(
      e.call('scheduler_job_history', { job_id: 'JOB-001', since: '2026-03-01' }).error?.code,
      'invalid_argument',
    );
  });
});
