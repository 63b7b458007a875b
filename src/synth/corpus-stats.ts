import type { TaskFile } from '../run/task-files.js';
import type { SynthOutcome } from './plan/outcome.js';
import type { Plan } from './plan/plan.js';
import { type SynthSummary, SynthTally } from './synthesize.js';

/** `corpus stats`: the figures `synth` prints, read back from a corpus on disk (a folder, shards or an index). */
export interface CorpusStats {
  /** spec documents read */
  files: number;
  bytes: number;
  /** documents that are no valid spec (counted, not read further) */
  invalid: number;
  tasks: number;
  coverage: SynthSummary['coverage'];
  corpus: SynthSummary['corpus'];
  substance: SynthSummary['substance'];
  near_duplicates: SynthSummary['near_duplicates'];
}

const NO_PLAN: Plan = { plan_version: 1, name: 'corpus', slots: [] };

/**
 * Folds a corpus's specs one at a time (the same tallies as `synth`, so memory does not grow with the corpus).
 * The probe figures need the gate: a spec on disk does not hold them, so they come from `synth-summary.json`.
 */
export async function corpusStats(files: AsyncIterable<TaskFile>): Promise<CorpusStats> {
  const tally = new SynthTally(NO_PLAN, 'corpus');
  let n = 0;
  let bytes = 0;
  let invalid = 0;
  for await (const f of files) {
    n++;
    bytes += Buffer.byteLength(f.text, 'utf8');
    const spec = f.parsed.spec;
    if (!spec) {
      invalid++;
      continue;
    }
    const o: SynthOutcome = {
      id: spec.id,
      slotIndex: 0,
      accepted: true,
      attempts: 1,
      candidate: spec,
      diagnostics: [],
      history: [],
    };
    tally.add(o);
  }
  const s = tally.result();
  return {
    files: n,
    bytes,
    invalid,
    tasks: s.accepted,
    coverage: s.coverage,
    corpus: s.corpus,
    substance: s.substance,
    near_duplicates: s.near_duplicates,
  };
}
