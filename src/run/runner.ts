import pLimit from 'p-limit';
import { runEpisode } from '../agent/rollout.js';
import type { Agent, UserSimulator } from '../agent/types.js';
import { createEpisode, type Episode } from '../env/episode.js';
import type { Judge } from '../grade/types.js';
import type { TaskSpec } from '../spec/task-spec.js';
import type { Trajectory } from '../spec/trajectory.js';
import type { RunStore } from './run-store.js';

export interface RunTasksOptions {
  specs: readonly TaskSpec[];
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
  onRecord?: (t: Trajectory, done: number, total: number) => void;
}

const endOf = (t: Trajectory) => {
  const e = t.events.at(-1);
  return e?.type === 'episode_end' ? e : undefined;
};

/**
 * Runs every (task, trial) the store has not recorded yet; each finished episode is appended (and synced)
 * at once, so a killed run resumes where it stopped. Infrastructure failures are retried, then recorded as
 * infra_error (excluded from metrics).
 */
export async function runTasks(o: RunTasksOptions): Promise<{ ran: number; total: number }> {
  const jobs = o.specs.flatMap((spec) => Array.from({ length: o.trials }, (_, trial) => ({ spec, trial }))).filter((j) => !o.store.has(j.spec.id, j.trial));
  const total = o.specs.length * o.trials;
  let done = total - jobs.length;
  const limit = pLimit(o.concurrency ?? 1);
  const retries = o.infraRetries ?? 2;
  await Promise.all(
    jobs.map(({ spec, trial }) =>
      limit(async () => {
        let t: Trajectory | undefined;
        for (let attempt = 0; attempt <= retries; attempt++) {
          const episode = createEpisode(spec, { seed: o.seed, trial, ...(o.shell ? { shell: o.shell } : {}) });
          const user = o.makeUser?.(spec, episode);
          t = await runEpisode({ spec, agent: o.makeAgent(spec, { seed: o.seed, trial }), episode, seed: o.seed, trial, ...(user ? { user } : {}), ...(o.judge ? { judge: o.judge } : {}) });
          const end = endOf(t);
          if (end?.reason !== 'infra_error') break;
          await o.store.error({ kind: 'infra_error', task_id: spec.id, trial, attempt: attempt + 1, message: end.error ?? '', retried: attempt < retries });
        }
        await o.store.append(t as Trajectory);
        o.onRecord?.(t as Trajectory, ++done, total);
      }),
    ),
  );
  return { ran: jobs.length, total };
}
