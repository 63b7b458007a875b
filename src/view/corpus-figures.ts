import { iterateTaskFiles } from '../run/task-files.js';
import { type CorpusStats, corpusStats } from '../synth/corpus-stats.js';
import type { SubstanceFigure } from '../synth/plan/substance.js';
import type { SynthSummary } from '../synth/synthesize.js';

// the viewer's corpus page: the figures `coworkenv corpus stats` prints, read from the folder one spec at a time,
// beside what only the gate knew when `synth` wrote it (release rate, kill rate, probe shares: synth-summary.json)

/** What the synth run that wrote the folder reported of its gate (null: no synth-summary.json). */
export type SynthGate = Pick<
  SynthSummary,
  'plan' | 'jobs' | 'accepted' | 'rejected' | 'release_rate' | 'mean_kill_rate' | 'rejected_by_code' | 'probes'
>;

export interface CorpusFigures extends CorpusStats {
  synth: SynthGate | null;
}

/**
 * Corpus statistics of `files` (a folder's spec files, in order); a substance figure the files cannot give (a probe
 * share) is the one the synth summary recorded, when there is one.
 */
export async function corpusFigures(files: readonly string[], summary: unknown): Promise<CorpusFigures> {
  const stats = await corpusStats(iterateTaskFiles(files));
  const s = isSummary(summary) ? summary : null;
  const recorded = new Map<string, SubstanceFigure>((s?.substance?.figures ?? []).map((f) => [f.name, f]));
  const figures = stats.substance.figures.map((f) => (f.value === null ? (recorded.get(f.name) ?? f) : f));
  return {
    ...stats,
    substance: { ...stats.substance, figures, ok: figures.every((f) => f.ok !== false) },
    synth: s
      ? {
          plan: s.plan,
          jobs: s.jobs,
          accepted: s.accepted,
          rejected: s.rejected,
          release_rate: s.release_rate,
          mean_kill_rate: s.mean_kill_rate,
          rejected_by_code: s.rejected_by_code,
          probes: s.probes,
        }
      : null,
  };
}

// a synth summary as far as this page reads it (a hand-edited or older file may lack parts)
function isSummary(v: unknown): v is SynthSummary {
  return !!v && typeof v === 'object' && typeof (v as { jobs?: unknown }).jobs === 'number';
}
