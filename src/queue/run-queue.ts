import { createHash } from 'node:crypto';
import type { RunStore } from '../run/run-store.js';
import { canonicalJson, specHash } from '../schema/canonical-json.js';
import type { TaskSpec } from '../schema/task-spec.js';
import type { Trajectory } from '../schema/trajectory.js';
import { jobId, type RedisConfig } from './connection.js';
import { dispatch } from './dispatch.js';
import type { RunJobConfig, RunTrialData } from './run-trial.js';

export interface QueueRunOptions {
  connection: RedisConfig;
  specs: readonly TaskSpec[];
  store: RunStore;
  trials: number;
  config: RunJobConfig;
  /** retries of an infra_error episode (BullMQ attempts − 1) [2] */
  infraRetries?: number;
  /** first retry backoff [1000 ms] */
  backoffMs?: number;
  onRecord?: (t: Trajectory, done: number, total: number) => void;
  notice?: (line: string) => void;
}

/** A run's identity in job ids: the tasks (by spec hash), trials and everything a trial's result depends on. */
export function runKey(specs: readonly TaskSpec[], trials: number, config: RunJobConfig): string {
  const what = canonicalJson({ tasks: specs.map((s) => [s.id, specHash(s)]), trials, config });
  return createHash('sha256').update(what).digest('hex').slice(0, 16);
}

/**
 * `runTasks` on BullMQ workers: every (task, trial) the store lacks becomes a job (id from the run key, task
 * and trial, so a re-enqueue never duplicates), and records are appended to the store in the canonical
 * (task, trial) order, so trajectories.jsonl is byte for byte the file of a local run with --concurrency 1.
 * A result is removed from Redis only once it is appended.
 */
export async function runTasksOnQueue(o: QueueRunOptions): Promise<{ ran: number; total: number }> {
  const key = runKey(o.specs, o.trials, o.config);
  const todo = o.specs
    .flatMap((spec, si) => Array.from({ length: o.trials }, (_, trial) => ({ spec, si, trial })))
    .filter((j) => !o.store.has(j.spec.id, j.trial));
  const total = o.specs.length * o.trials;
  let done = total - todo.length;
  const ready = new Map<number, Trajectory>();
  let next = 0;
  await dispatch<RunTrialData, Trajectory>(
    o.connection,
    'run',
    todo.map((j) => ({
      id: jobId('run', key, j.si, j.trial),
      name: `${j.spec.id}#${j.trial}`,
      data: { config: o.config, spec: j.spec, trial: j.trial },
    })),
    {
      attempts: (o.infraRetries ?? 2) + 1,
      ...(o.backoffMs !== undefined ? { backoffMs: o.backoffMs } : {}),
      ...(o.notice ? { notice: o.notice } : {}),
      onResult: async (index, t) => {
        ready.set(index, t);
        o.onRecord?.(t, ++done, total);
        const stored: number[] = [];
        for (let r = ready.get(next); r; r = ready.get(next)) {
          await recordInfraError(o.store, r);
          await o.store.append(r);
          ready.delete(next);
          stored.push(next++);
        }
        return stored;
      },
    },
  );
  return { ran: todo.length, total };
}

// errors.jsonl keeps the infra_error a local run notes; the retries themselves are in the workers' logs
async function recordInfraError(store: RunStore, t: Trajectory): Promise<void> {
  const end = t.events.at(-1);
  if (end?.type !== 'episode_end' || end.reason !== 'infra_error') return;
  await store.error({
    kind: 'infra_error',
    task_id: t.task_id,
    trial: t.trial,
    message: end.error ?? '',
    retried: false,
  });
}
