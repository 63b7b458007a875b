import type { Job } from 'bullmq';
import { endpointScorer } from '../curate/endpoint-scorer.js';
import type { Scorer, TokenScores } from '../curate/select.js';
import type { SftExample } from '../curate/types.js';
import type { ModelFlags } from '../llm/flags.js';
import { CoworkError } from '../schema/errors.js';

/** The scorer of `curate --select … --scorer <vLLM model>`: the student that scores every candidate. */
export interface ScorerConfig {
  model: string;
  template: string;
  promptLogprobs: number;
  flags: ModelFlags;
}

/** A shard of curation candidates to score under the student (the model-bound step of curation). */
export interface CurateShardData {
  scorer: ScorerConfig;
  examples: SftExample[];
}

/**
 * A shard's scores in the order of its examples, or the refusal a local `curate` would have stopped with (the
 * first example the endpoint refused as bad input, e.g. longer than the model's context)
 */
export type CurateShardResult = { scores: TokenScores[] } | { refused: string };

const scorers = new Map<string, Promise<Scorer>>();

/**
 * Scores a shard's examples in order with the endpoint scorer the local `curate` uses. A bad-input refusal is
 * a result, not a failure: retrying it would get the same answer, so only infrastructure errors (the endpoint
 * down or timing out after the client's own retries) are thrown for BullMQ to retry.
 */
export async function processCurateShard(job: Job<CurateShardData>): Promise<CurateShardResult> {
  const c = job.data.scorer;
  const key = JSON.stringify(c);
  let scorer = scorers.get(key);
  if (!scorer) {
    scorer = endpointScorer(c.model, c.flags, { markers: c.template as 'qwen', promptLogprobs: c.promptLogprobs });
    scorers.set(key, scorer);
  }
  const scores: TokenScores[] = [];
  try {
    const s = await scorer;
    // the trajectory is not needed by the endpoint scorer: it reads the example's messages and tools only
    for (const ex of job.data.examples) scores.push(await s.score(ex, undefined as never));
  } catch (e) {
    if (e instanceof CoworkError && e.code === 'bad_input') return { refused: e.message };
    throw e;
  }
  return { scores };
}
