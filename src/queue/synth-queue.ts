import { createHash } from 'node:crypto';
import { canonicalJson } from '../schema/canonical-json.js';
import type { SynthOutcome } from '../synth/plan/outcome.js';
import { expandPlan, type Plan } from '../synth/plan/plan.js';
import { type SynthSummary, summarizeSynth } from '../synth/synthesize.js';
import { jobId, type RedisConfig } from './connection.js';
import { dispatch } from './dispatch.js';
import type { SynthSlotData } from './synth-slot.js';

export interface QueueSynthOptions {
  connection: RedisConfig;
  /** everything of a slot job but the slot itself */
  config: Omit<SynthSlotData, 'job'>;
  /** retries of a slot whose synthesis threw (an endpoint down) [2] */
  retries?: number;
  onOutcome?: (o: SynthOutcome, done: number, total: number) => void;
  notice?: (line: string) => void;
}

/** `synthesize` on BullMQ workers: one job per expanded slot (id from the plan and settings + task id); outcomes in plan order. */
export async function synthesizeOnQueue(
  plan: Plan,
  o: QueueSynthOptions,
): Promise<{ outcomes: SynthOutcome[]; summary: SynthSummary }> {
  const jobs = expandPlan(plan);
  const key = createHash('sha256')
    .update(canonicalJson({ plan, config: o.config }))
    .digest('hex')
    .slice(0, 16);
  const outcomes: SynthOutcome[] = new Array(jobs.length);
  let done = 0;
  await dispatch<SynthSlotData, SynthOutcome>(
    o.connection,
    'synth',
    jobs.map((job) => ({ id: jobId('synth', key, job.id), name: job.id, data: { ...o.config, job } })),
    {
      attempts: (o.retries ?? 2) + 1,
      ...(o.notice ? { notice: o.notice } : {}),
      onResult: (i, outcome) => {
        outcomes[i] = outcome;
        o.onOutcome?.(outcome, ++done, jobs.length);
        return [];
      },
    },
  );
  return { outcomes, summary: summarizeSynth(plan, o.config.generator, outcomes) };
}
