import type { ModelFlags } from '../llm/flags.js';
import { redactModelString } from '../llm/redact.js';
import type { ChatParams } from '../llm/types.js';
import { CoworkError } from '../schema/errors.js';
import { assertReachable } from './admin.js';
import { type RedisConfig, redisConnection } from './connection.js';
import type { SharedRateLimit } from './llm-gateway.js';
import type { CurateOptions, CurationReport } from '../curate/pipeline.js';
import type { RunTasksOptions } from '../run/runner.js';
import type { StoredFile } from '../services/workspace/formats/index.js';
import type { SynthOutcome } from '../synth/plan/outcome.js';
import type { Plan } from '../synth/plan/plan.js';
import type { SynthOptions, SynthSummary } from '../synth/synthesize.js';
import { curateOnQueue } from './curate-queue.js';
import type { ScorerConfig } from './curate-shard.js';
import { synthesizeOnQueue } from './synth-queue.js';
import { runTasksOnQueue } from './run-queue.js';
import type { RunJobConfig } from './run-trial.js';

/**
 * The connection of `synth|run|curate --queue <url>`, checked before anything is enqueued: a valid URL,
 * Redis answering, and no model string carrying credentials (job data is stored in Redis; workers take
 * keys from their own environment).
 */
export async function queueConnection(url: string, models: readonly (string | undefined)[]): Promise<RedisConfig> {
  const connection = redisConnection(url, '--queue');
  for (const m of models)
    if (m && redactModelString(m) !== m)
      throw new CoworkError(
        'bad_input',
        `--queue: the model string ${redactModelString(m)} carries credentials, which would be stored in Redis; put the key in the environment of the workers (OPENAI_API_KEY, ANTHROPIC_API_KEY, OPENAI_COMPATIBLE_API_KEY)`,
      );
  await assertReachable(connection, url);
  return connection;
}

/** The model settings a job carries: no secrets, and `--rpm` becomes the limit shared by all workers. */
export function jobModelFlags(f: ModelFlags): { flags: ModelFlags; limit?: SharedRateLimit } {
  if (f.replay)
    throw new CoworkError(
      'bad_input',
      '--replay cannot be combined with --queue: each worker has its own LLM cache; replay the run locally, without --queue',
    );
  const flags: ModelFlags = {
    ...(f.cache === false ? { cache: false } : {}),
    ...(f.cacheDir ? { cacheDir: f.cacheDir } : {}),
    ...(f.llmConcurrency ? { llmConcurrency: f.llmConcurrency } : {}),
    ...(f.llmTimeout ? { llmTimeout: f.llmTimeout } : {}),
    ...(f.llmRetries !== undefined ? { llmRetries: f.llmRetries } : {}),
  };
  return { flags, ...(f.rpm ? { limit: { max: f.rpm, windowMs: 60_000 } } : {}) };
}

/** The configuration every trial job of `run --queue` carries (what a local run builds its agent, user and judge from). */
export function runJobConfig(o: {
  agent: string;
  skip?: number;
  swap?: number;
  params?: ChatParams;
  vision?: boolean;
  user?: string;
  judge?: string;
  seed: number;
  shell: 'virtual' | 'real';
  flags: ModelFlags;
}): RunJobConfig {
  const { flags, limit } = jobModelFlags(o.flags);
  return {
    agent: o.agent,
    ...(o.skip !== undefined ? { skip: o.skip } : {}),
    ...(o.swap !== undefined ? { swap: o.swap } : {}),
    ...(o.params ? { params: o.params } : {}),
    ...(o.vision === false ? { vision: false } : {}),
    user: o.user ?? 'scripted',
    ...(o.judge ? { judge: o.judge } : {}),
    seed: o.seed,
    shell: o.shell,
    flags,
    ...(limit ? { limit } : {}),
  };
}

/**
 * `run --queue`: checks the queue and the settings now (before the run directory is touched) and returns a
 * drop-in for `runTasks` that runs the trials on workers and stores them through the same RunStore.
 */
export async function queuedRunner(
  url: string,
  o: Parameters<typeof runJobConfig>[0],
  notice: (line: string) => void,
): Promise<(r: RunTasksOptions) => Promise<{ ran: number; total: number }>> {
  const config = runJobConfig(o);
  const connection = await queueConnection(url, [o.agent, o.user, o.judge]);
  return async (r) =>
    runTasksOnQueue({
      connection,
      // every job carries its spec to the workers, so the queue is filled with the specs themselves
      specs: await Promise.all(r.specs.map((t) => ('load' in t ? t.load() : t))),
      store: r.store,
      trials: r.trials,
      config,
      ...(r.infraRetries !== undefined ? { infraRetries: r.infraRetries } : {}),
      ...(r.onRecord ? { onRecord: r.onRecord } : {}),
      notice,
    });
}

/**
 * `synth --queue`: checks the queue now and returns a drop-in for `synthesize` whose slots run on workers
 * (the generator is rebuilt there from its model string and the flags; keys from the workers' environment).
 */
export async function queuedSynth(
  url: string,
  o: {
    generator: string;
    flags: ModelFlags;
    attempts?: number;
    gd?: 'auto' | 'always' | 'never';
    resources?: StoredFile[];
    /** flags given that only a local synthesis applies */
    localOnly?: readonly string[];
  },
  notice: (line: string) => void,
): Promise<(plan: Plan, s: SynthOptions) => Promise<{ outcomes: SynthOutcome[]; summary: SynthSummary }>> {
  if (o.localOnly?.length)
    throw new CoworkError(
      'bad_input',
      `${o.localOnly.join(', ')} cannot be combined with --queue (workers synthesize one slot each with the generator and the gate; --concurrency is the workers' own); drop ${o.localOnly.length > 1 ? 'them' : 'it'} or synthesize without --queue`,
    );
  const { flags, limit } = jobModelFlags(o.flags);
  const connection = await queueConnection(url, [o.generator]);
  return (plan, s) =>
    synthesizeOnQueue(plan, {
      connection,
      config: {
        generator: o.generator,
        flags,
        ...(o.attempts ? { attempts: o.attempts } : {}),
        ...(o.gd ? { gd: o.gd } : {}),
        ...(o.resources ? { resources: o.resources } : {}),
        ...(limit ? { limit } : {}),
      },
      ...(s.onOutcome ? { onOutcome: s.onOutcome } : {}),
      notice,
    });
}

/**
 * `curate --queue`: the scoring of `--select … --scorer <vLLM model>` is sharded over workers; without it
 * curation has no model-bound step to distribute. Checks the queue now; returns a drop-in for `curate`.
 */
export async function queuedCurate(
  url: string,
  o: { scorer?: string; select?: string; template: string; promptLogprobs: number; flags: ModelFlags },
  notice: (line: string) => void,
): Promise<(c: CurateOptions) => Promise<CurationReport>> {
  if (!o.select || !o.scorer || o.scorer.endsWith('.jsonl'))
    throw new CoworkError(
      'bad_input',
      '--queue shards the scoring of --select nll|rsr --scorer <vLLM model> over workers; without an endpoint scorer curation has no model calls to distribute — drop --queue',
    );
  if (o.flags.rpm)
    throw new CoworkError(
      'bad_input',
      "--rpm cannot be combined with curate --queue: the scorer's prompt_logprobs requests are not chat calls; cap them with the workers' --concurrency",
    );
  const { flags } = jobModelFlags(o.flags);
  const scorer: ScorerConfig = { model: o.scorer, template: o.template, promptLogprobs: o.promptLogprobs, flags };
  const connection = await queueConnection(url, [o.scorer]);
  return (c) => {
    if (!c.select) throw new CoworkError('internal', 'curate --queue without selection settings');
    const { scorer: _local, ...select } = c.select;
    return curateOnQueue({ ...c, connection, select: { ...select, scorer }, notice });
  };
}
