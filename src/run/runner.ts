import pLimit from 'p-limit';
import { runEpisode } from '../agent/rollout.js';
import type { Agent, UserSimulator } from '../env/turns.js';
import { createEpisode, type Episode } from '../env/episode.js';
import { grade } from '../grade/grade.js';
import type { Judge } from '../grade/types.js';
import { BoundedMap } from '../schema/bounded-map.js';
import type { TaskSpec } from '../schema/task-spec.js';
import type { Trajectory } from '../schema/trajectory.js';
import type { RunStore } from './run-store.js';

/**
 * A task to run: its spec, or its id and how to read its spec — read when one of its trials starts (the last few
 * kept), so a run over a corpus of any size never holds it whole.
 */
export type RunTask = TaskSpec | { id: string; load: () => TaskSpec | Promise<TaskSpec> };

export interface RunTasksOptions {
  specs: readonly RunTask[];
  makeAgent: (spec: TaskSpec, o: { seed: number; trial: number }) => Agent;
  makeUser?: (spec: TaskSpec, episode: Episode) => UserSimulator | undefined;
  trials: number;
  seed: number;
  concurrency?: number;
  /** workspace shell mode */
  shell?: 'virtual' | 'real';
  store: RunStore;
  judge?: Judge;
  /** reruns of an episode that ended in infra_error before it is recorded as one [2] */
  infraRetries?: number;
  /**
   * Asked after every episode, before it is retried or recorded: an error stops the run (the episode and
   * every later one are not recorded) and `runTasks` rejects with it — e.g. a --replay cache miss.
   */
  fatal?: () => unknown;
  onRecord?: (t: Trajectory, done: number, total: number) => void;
}

const endOf = (t: Trajectory) => {
  const e = t.events.at(-1);
  return e?.type === 'episode_end' ? e : undefined;
};

/**
 * Runs every (task, trial) the store has not recorded yet; each finished episode is graded and appended (and
 * synced) at once, so a killed run resumes where it stopped. Infrastructure failures are retried, then
 * recorded as infra_error without a grade (excluded from metrics). A failing episode (or `fatal`) stops the
 * run: episodes in flight finish, nothing new starts, and the promise rejects.
 */
export async function runTasks(o: RunTasksOptions): Promise<{ ran: number; total: number }> {
  const jobs = o.specs
    .flatMap((task) => Array.from({ length: o.trials }, (_, trial) => ({ task, trial })))
    .filter((j) => !o.store.has(j.task.id, j.trial));
  // a task's trials are neighbours in `jobs`: a few specs kept cover every trial in flight
  const loaded = new BoundedMap<string, Promise<TaskSpec>>(Math.max(8, 2 * (o.concurrency ?? 1)));
  const specOf = (task: RunTask): Promise<TaskSpec> => {
    if (!('load' in task)) return Promise.resolve(task);
    let p = loaded.get(task.id);
    if (!p) loaded.set(task.id, (p = Promise.resolve().then(task.load)));
    return p;
  };
  const total = o.specs.length * o.trials;
  let done = total - jobs.length;
  const limit = pLimit(o.concurrency ?? 1);
  const retries = o.infraRetries ?? 2;
  let failure: { error: unknown } | undefined;
  const stopped = () => {
    if (!failure) {
      const error = o.fatal?.();
      if (error) failure = { error };
    }
    return !!failure;
  };
  const job = async (spec: TaskSpec, trial: number): Promise<void> => {
    let t: Trajectory | undefined;
    for (let attempt = 0; attempt <= retries; attempt++) {
      const episode = createEpisode(spec, { seed: o.seed, trial, ...(o.shell ? { shell: o.shell } : {}) });
      const user = o.makeUser?.(spec, episode);
      // graded below: an infra_error says nothing about the agent and gets no score
      t = await runEpisode({
        spec,
        agent: o.makeAgent(spec, { seed: o.seed, trial }),
        episode,
        seed: o.seed,
        trial,
        ...(user ? { user } : {}),
        noGrade: true,
      });
      if (stopped()) return;
      const end = endOf(t);
      if (end?.reason !== 'infra_error') break;
      await o.store.error({
        kind: 'infra_error',
        task_id: spec.id,
        trial,
        attempt: attempt + 1,
        message: end.error ?? '',
        retried: attempt < retries,
      });
    }
    const record = t as Trajectory;
    if (endOf(record)?.reason !== 'infra_error')
      record.grade = await grade(spec, record, o.judge ? { judge: o.judge } : {});
    if (stopped()) return;
    await o.store.append(record);
    o.onRecord?.(record, ++done, total);
  };
  await Promise.all(
    jobs.map(({ task, trial }) =>
      limit(async () => {
        if (failure) return;
        await specOf(task)
          .then((spec) => job(spec, trial))
          .catch((error: unknown) => {
            failure ??= { error };
          });
      }),
    ),
  );
  if (failure) throw failure.error;
  return { ran: jobs.length, total };
}
