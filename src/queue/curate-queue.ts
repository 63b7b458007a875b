import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type CurateOptions, type CurationReport, curate } from '../curate/pipeline.js';
import type { Scorer, TokenScores } from '../curate/select.js';
import type { SftExample } from '../curate/types.js';
import { canonicalJson } from '../schema/canonical-json.js';
import { CoworkError } from '../schema/errors.js';
import { jobId, type RedisConfig } from './connection.js';
import type { CurateShardData, CurateShardResult, ScorerConfig } from './curate-shard.js';
import { dispatch } from './dispatch.js';

export interface QueueCurateOptions extends Omit<CurateOptions, 'select'> {
  connection: RedisConfig;
  select: { method: 'nll' | 'rsr'; keep: number; bins?: number; scorer: ScorerConfig };
  /** candidates per shard job [25] */
  shardSize?: number;
  /** retries of a shard whose scoring threw (the endpoint down) [2] */
  retries?: number;
  onShard?: (done: number, total: number) => void;
  notice?: (line: string) => void;
}

const keyOf = (ex: SftExample) => `${ex.meta.task_id}\u0000${ex.meta.trial}`;

/**
 * `curate` with its model-bound step — scoring every candidate under the student — sharded over BullMQ
 * workers: a first pass (into a temporary folder) collects the candidates exactly as the pipeline forms them,
 * shards of them are scored by workers (ids from their content, so a re-enqueue never duplicates), and the
 * real pass writes --out with those scores. Merging, conversion and selection stay here: they are streamed
 * and cheap, and selection needs every score. The files equal a local `curate` with the same scorer.
 */
export async function curateOnQueue(o: QueueCurateOptions): Promise<CurationReport> {
  const { connection, select, shardSize, retries, onShard, notice, ...rest } = o;
  const candidates: SftExample[] = [];
  const collect: Scorer = {
    async score(ex) {
      candidates.push(ex);
      return { nll: 0, rsr: 0, tokens: 0 };
    },
  };
  const scratch = await mkdtemp(join(tmpdir(), 'coworkenv-curate-'));
  try {
    await curate({ ...rest, out: scratch, formats: ['trl'], select: { ...select, scorer: collect } });
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
  const size = shardSize ?? 25;
  const shards: SftExample[][] = [];
  for (let i = 0; i < candidates.length; i += size) shards.push(candidates.slice(i, i + size));
  const scores = new Map<string, TokenScores>();
  // the refusal of the first shard in candidate order: the error a local curate stops with
  let refused: { shard: number; message: string } | undefined;
  let done = 0;
  await dispatch<CurateShardData, CurateShardResult>(
    connection,
    'curate',
    shards.map((examples, i) => {
      const data = { scorer: select.scorer, examples };
      const hash = createHash('sha256').update(canonicalJson(data)).digest('hex').slice(0, 24);
      return { id: jobId('curate', hash), name: `shard ${i + 1}/${shards.length}`, data };
    }),
    {
      attempts: (retries ?? 2) + 1,
      ...(notice ? { notice } : {}),
      onResult: (i, got) => {
        if ('refused' in got) {
          if (!refused || i < refused.shard) refused = { shard: i, message: got.refused };
        } else
          for (const [j, ex] of (shards[i] ?? []).entries()) {
            const s = got.scores[j];
            if (s) scores.set(keyOf(ex), s);
          }
        onShard?.(++done, shards.length);
        return [];
      },
    },
  );
  // every shard is collected first (and removed from Redis): a rerun after the fix finds no stale results
  if (refused) throw new CoworkError('bad_input', refused.message);
  const scored: Scorer = {
    async score(ex) {
      const s = scores.get(keyOf(ex));
      if (!s)
        throw new CoworkError(
          'bad_input',
          `no queued score for ${ex.meta.task_id} trial ${ex.meta.trial}: the inputs changed during curation (a run still being written?); rerun curate once they are final`,
        );
      return s;
    },
  };
  return curate({ ...rest, select: { ...select, scorer: scored } });
}
