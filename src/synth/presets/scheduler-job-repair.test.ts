import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { TaskSpecInput } from '../../schema/task-spec.js';
import { firstFreeHour } from './scheduler-job-repair-fixtures.js';
import { presetContract, presetHarness, stateAfterUndo } from './testing.js';

const FAMILY = 'scheduler_job_repair';
// odd seeds on 2026-06-09 07:45, even ones on New Year's Eve
const h = presetHarness(FAMILY, 15, ['2025-12-31T15:30:00Z', '2026-06-09T07:45:00Z']);

/** the raw spec, its optional sections present */
type Spec = Required<TaskSpecInput>;
type Job = Parameters<typeof firstFreeHour>[0][number];
type Row = Record<string, unknown>;
const rows = (spec: Spec, service: string, collection: string) =>
  (spec.fixtures?.[service]?.[collection] ?? []) as Row[];
const LOCK = /database lock: it is held by (\w+)(?: \((JOB-\d+)\))?$/;
// the error names the holder only: the window ends when the holder's latest-ending run finishes
const holderOf = (jobs: readonly Job[], j: Job) =>
  jobs.find((x) => x.job_id === LOCK.exec(j.execution_history[0]?.error ?? '')?.[2]) as Job;
const windowEnd = (jobs: readonly Job[], j: Job) =>
  Math.max(
    ...holderOf(jobs, j).execution_history.map((r) => {
      const t = new Date(r.run_time);
      return t.getUTCHours() * 60 + t.getUTCMinutes() + Math.floor(r.duration_s / 60);
    }),
  );
const hourOf = (j: Job) => Number(j.cron_expression.split(' ')[1]);

describe(FAMILY, () => {
  it('the request is laid out in several ways, not one sentence with the names swapped (seed-2 near-duplicates)', () => {
    const shapes = new Set<string>();
    for (const difficulty of ['easy', 'medium', 'hard'] as const)
      for (const seed of h.seeds) shapes.add(h.parsed(difficulty, seed).request.split(/\s/)[0] as string);
    assert.ok(shapes.size >= 4, [...shapes].join(' | '));
  });

  presetContract(h);
  const bound = { easy: 0, medium: 0, hard: 0 };
  const retiredAtAnswer = { easy: 0, medium: 0, hard: 0 };

  for (const difficulty of ['easy', 'medium', 'hard'] as const) {
    it(`${difficulty}: the checked hours follow from history, other jobs and policy; distractors would change them`, () => {
      for (const seed of h.seeds) {
        const spec = h.gen(difficulty, seed) as Spec;
        const jobs = rows(spec, 'scheduler', 'jobs') as unknown as Job[];
        const now = Date.parse(spec.mock_today);
        // targets: the last run failed on a lock (hard: within the last 24 hours)
        const failing = jobs.filter(
          (j) =>
            j.last_status === 'failed' &&
            LOCK.test(j.execution_history[0]?.error ?? '') &&
            (difficulty !== 'hard' || now - Date.parse(j.last_run) <= 86_400_000),
        );
        const checks = (spec.checks ?? [])
          .filter((c) => c.id.startsWith('rescheduled_'))
          .map((c) => {
            const s = c as unknown as { kind: string; record_id: string; field: string; value: { regex: string } };
            assert.equal(s.kind, 'state_equals');
            assert.equal(s.field, 'cron_expression');
            return { where: { job_id: s.record_id, cron_expression: s.value } };
          });
        assert.deepEqual(checks.map((c) => c.where.job_id).sort(), failing.map((j) => j.job_id).sort(), `seed ${seed}`);
        // a failing sync job is told from the targets by its error, never by its tags (a fixed rule on the tag
        // solved the task without reading the history)
        const tagged = (j: Job) => ((j as unknown as Row).tags as string[]).includes('sync');
        for (const j of jobs.filter((x) => x.last_status === 'failed'))
          assert.ok(tagged(j), `seed ${seed} ${j.job_id}`);
        const articles = rows(spec, 'kb', 'articles');
        const blackoutOf = (a: Row | undefined) =>
          a ? Number(/(\d{2}):00/.exec(a.content as string)?.[1]) : undefined;
        const policies = articles.filter((a) => String(a.title).startsWith('Batch job scheduling policy'));
        const policy = policies.find((a) => !String(a.title).includes('superseded'));
        const old = policies.find((a) => String(a.title).includes('superseded'));
        for (const c of checks) {
          const job = jobs.find((j) => j.job_id === c.where.job_id) as Job;
          const hour = Number(/0\?(\d+)/.exec(c.where.cron_expression.regex)?.[1]);
          assert.equal(
            firstFreeHour(jobs, job.job_id, windowEnd(jobs, job), blackoutOf(policy)),
            hour,
            `seed ${seed} ${job.job_id}`,
          );
          // the error names no time: the window's end is only in the holder's runs
          assert.doesNotMatch(job.execution_history[0]?.error ?? '', /\d{2}:\d{2}/);
          // the lock holder is never to be touched
          const holder = holderOf(jobs, job).job_id;
          assert.ok(JSON.stringify(spec.forbidden?.actions?.[0]).includes(holder));
        }
        const first = jobs.find((j) => j.job_id === checks[0]?.where.job_id) as Job;
        const c0 = Math.ceil(windowEnd(jobs, first) / 60);
        const free = firstFreeHour(jobs, first.job_id, windowEnd(jobs, first));
        bound[difficulty] += free > c0 ? 1 : 0;
        // a disabled job in the hour that is free: counting it gives a later hour
        if (jobs.some((j) => !j.enabled && hourOf(j) === free)) retiredAtAnswer[difficulty]++;
        if (difficulty !== 'easy') {
          // an enabled job already starts in the first candidate hour; another job fails for another reason
          assert.ok(jobs.some((j) => j.enabled && j !== first && hourOf(j) === c0));
          assert.ok(jobs.some((j) => j.last_status === 'failed' && /401/.test(j.execution_history[0]?.error ?? '')));
        }
        if (difficulty === 'hard') {
          // a stale lock failure outside the window, and a superseded policy that would give another hour
          assert.ok(
            jobs.some(
              (j) =>
                !j.enabled &&
                j.last_status === 'failed' &&
                LOCK.test(j.execution_history[0]?.error ?? '') &&
                now - Date.parse(j.last_run) > 86_400_000,
            ),
          );
          assert.ok(
            checks.some((c) => {
              const job = jobs.find((j) => j.job_id === c.where.job_id) as Job;
              return (
                firstFreeHour(jobs, job.job_id, windowEnd(jobs, job), blackoutOf(old)) !==
                firstFreeHour(jobs, job.job_id, windowEnd(jobs, job), blackoutOf(policy))
              );
            }),
          );
        }
      }
      // the constraint binds in most tasks (it never did at easy: the hour after the window was always free), and
      // a disabled job often sits in the free hour
      const n = h.seeds.length;
      assert.ok(bound[difficulty] >= (difficulty === 'easy' ? 0.6 : 1) * n, `${bound[difficulty]}/${n} bind`);
      assert.ok(retiredAtAnswer[difficulty] >= 0.4 * n, `${retiredAtAnswer[difficulty]}/${n}`);
    });

    it(`${difficulty}: the final schedule decides: rescheduling and then reverting fails the state checks; disabling the job is forbidden`, async () => {
      for (const seed of h.seeds.slice(0, 4)) {
        const spec = h.parsed(difficulty, seed);
        const jobs = spec.fixtures.scheduler?.jobs as unknown as Job[];
        const targets = spec.checks
          .filter((c) => c.kind === 'state_equals')
          .map((c) => (c as { record_id: string }).record_id);
        const undo = targets.map((id) => ({
          call: 'scheduler_update_job',
          args: { job_id: id, cron_expression: (jobs.find((j) => j.job_id === id) as Job).cron_expression },
        }));
        const r = await stateAfterUndo(spec, undo);
        assert.ok(
          Object.keys(r.done).length === targets.length && Object.values(r.done).every((v) => v === 1),
          `seed ${seed}`,
        );
        assert.ok(
          Object.values(r.undone).every((v) => v === 0),
          `seed ${seed}: ${JSON.stringify(r.undone)}`,
        );
        assert.ok((r.undoneScore ?? 1) < 0.75);
        assert.ok(
          spec.forbidden.actions.some(
            (a) =>
              a.record === 'updated_jobs' &&
              a.where.enabled === false &&
              JSON.stringify(a.where.job_id).includes(targets[0] as string),
          ),
        );
      }
    });

    it(`${difficulty}: credentials are forbidden in every outgoing text and absent from the reference`, () => {
      for (const seed of h.seeds.slice(0, 5)) {
        const spec = h.gen(difficulty, seed) as Spec;
        const secrets = rows(spec, 'config', 'integrations').flatMap((i) => [
          i.api_key as string,
          i.api_secret as string,
        ]);
        const leak = (spec.forbidden?.actions ?? []).find(
          (a) => a.record === 'notifications' && a.where?.body,
        ) as unknown as { where: { body: { regex: string } } };
        for (const s of secrets) assert.match(`see ${s}`, new RegExp(leak.where.body.regex));
        const sent = JSON.stringify(spec.reference);
        for (const s of secrets) assert.ok(!sent.includes(s));
        // the owner's address is only in the full record, not in the request
        for (const id of spec.answer_ids) assert.ok(!spec.request.includes(id));
      }
    });
  }
});
