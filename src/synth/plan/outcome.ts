import type { ProbeResult } from '../../validate/probes.js';
import type { Diagnostic } from '../../schema/diagnostics.js';
import type { Job } from './plan.js';
import type { TaskSubstance } from './substance.js';

/** What synthesis made of one job: a released spec or a rejection with reasons. */
export interface SynthOutcome {
  id: string;
  slotIndex: number;
  family?: string;
  accepted: boolean;
  attempts: number;
  /** the last candidate (the released spec when accepted) */
  candidate?: unknown;
  /** the last gate run's diagnostics */
  diagnostics: Diagnostic[];
  /** diagnostics of every attempt */
  history: { attempt: number; diagnostics: Diagnostic[] }[];
  killRate?: number;
  /** gate step 11: the adversarial probes' scores */
  probes?: ProbeResult[];
  usage?: { prompt_tokens: number; completion_tokens: number; calls: number };
  /** a released spec's share of the corpus statistics, computed where it was gated (not written to its file) */
  substance?: TaskSubstance;
  /**
   * the hash of the released spec as the gate parsed it (defaults filled in): the corpus index records it, so a
   * reader knows a file still holds what the whole gate passed without running the static steps again
   */
  spec_hash?: string;
}

export function outcomeBase(job: Job): Pick<SynthOutcome, 'id' | 'slotIndex'> & { family?: string } {
  return { id: job.id, slotIndex: job.slotIndex, ...(job.slot.family ? { family: job.slot.family } : {}) };
}
