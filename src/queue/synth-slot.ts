import type { Job as BullJob } from 'bullmq';
import type { ModelFlags } from '../llm/flags.js';
import type { StoredFile } from '../services/workspace/formats/index.js';
import { synthesizeWithLlm } from '../synth/llm/llm-generator.js';
import type { SynthOutcome } from '../synth/plan/outcome.js';
import type { Job } from '../synth/plan/plan.js';
import { synthesizeProcedural } from '../synth/synthesize.js';
import type { LlmGateway, SharedRateLimit } from './llm-gateway.js';

/** One synthesis slot job (a plan slot expanded by its count): what `synthesize` does for it, on a worker. */
export interface SynthSlotData {
  job: Job;
  /** procedural or a model string */
  generator: string;
  flags: ModelFlags;
  attempts?: number;
  gd?: 'auto' | 'always' | 'never';
  resources?: StoredFile[];
  limit?: SharedRateLimit;
}

/** A rejected slot is a result like a released one; only a thrown error (an infrastructure failure) is retried. */
export function processSynthSlot(job: BullJob<SynthSlotData>, llm: LlmGateway): Promise<SynthOutcome> {
  const d = job.data;
  if (d.generator === 'procedural') return synthesizeProcedural(d.job);
  return synthesizeWithLlm(d.job, {
    model: llm.model(d.generator, d.flags, d.limit),
    ...(d.attempts ? { attempts: d.attempts } : {}),
    ...(d.gd ? { gd: d.gd } : {}),
    ...(d.resources ? { resources: d.resources } : {}),
  });
}
