import type { Job } from 'bullmq';
import { agentFactory, isPolicy, userFactory } from '../agent/factory.js';
import { runEpisode } from '../agent/rollout.js';
import { createEpisode } from '../env/episode.js';
import { grade } from '../grade/grade.js';
import type { ModelFlags } from '../llm/flags.js';
import { llmJudge } from '../llm/judge.js';
import type { ChatParams } from '../llm/types.js';
import type { TaskSpec } from '../schema/task-spec.js';
import type { Trajectory } from '../schema/trajectory.js';
import type { LlmGateway, SharedRateLimit } from './llm-gateway.js';

/** What every trial of a run shares; model strings only, never keys (workers read those from their environment). */
export interface RunJobConfig {
  agent: string;
  skip?: number;
  swap?: number;
  params?: ChatParams;
  /** false: pictures are described in text (`run --no-vision`) */
  vision?: boolean;
  /** scripted | none | a model string */
  user: string;
  judge?: string;
  seed: number;
  shell: 'virtual' | 'real';
  flags: ModelFlags;
  /** the shared per-endpoint limit (`--rpm`), enforced by BullMQ across all workers */
  limit?: SharedRateLimit;
}

export interface RunTrialData {
  config: RunJobConfig;
  spec: TaskSpec;
  trial: number;
}

/** An episode that ended in infra_error on an attempt that is not the last: BullMQ retries it with backoff. */
export class InfraRetry extends Error {
  override name = 'InfraRetry';
}

const endOf = (t: Trajectory) => {
  const e = t.events.at(-1);
  return e?.type === 'episode_end' ? e : undefined;
};

/**
 * Runs one (task, trial) as `runTasks` does: the same episode, agent, user and grade, so the record is the
 * one a local run writes. An infra_error is thrown for BullMQ to retry until the last attempt, which records
 * it (ungraded); a graded failure is a result, never retried.
 */
export async function processTrial(job: Job<RunTrialData>, llm: LlmGateway): Promise<Trajectory> {
  const { config: c, spec, trial } = job.data;
  const model = (s: string) => llm.model(s, c.flags, c.limit);
  const agentModel = isPolicy(c.agent) ? undefined : model(c.agent);
  const makeAgent = agentFactory(agentModel ?? c.agent, {
    ...(c.skip !== undefined ? { skip: c.skip } : {}),
    ...(c.swap !== undefined ? { swap: c.swap } : {}),
    ...(c.params ? { params: c.params } : {}),
    ...(c.vision === false ? { vision: false } : {}),
  });
  const userChoice = c.user === 'scripted' || c.user === 'none' ? c.user : model(c.user);
  const judge = c.judge ? llmJudge(model(c.judge)) : undefined;
  const episode = createEpisode(spec, { seed: c.seed, trial, shell: c.shell });
  const user = userFactory(userChoice)(spec, episode);
  const t = await runEpisode({
    spec,
    agent: makeAgent(spec, { seed: c.seed, trial }),
    episode,
    seed: c.seed,
    trial,
    ...(user ? { user } : {}),
    noGrade: true,
  });
  const end = endOf(t);
  if (end?.reason === 'infra_error') {
    if (job.attemptsMade + 1 < (job.opts.attempts ?? 1)) throw new InfraRetry(end.error ?? 'infra_error');
    return t;
  }
  t.grade = await grade(spec, t, judge ? { judge } : {});
  return t;
}
