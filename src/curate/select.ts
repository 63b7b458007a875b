import type { Trajectory } from '../schema/trajectory.js';
import type { SftExample } from './types.js';

/** Per-trajectory scores under the student (Cowork-Gym §3.4): mean NLL and RSR over assistant tokens. */
export interface TokenScores {
  nll: number;
  rsr: number;
  /** scored (assistant) tokens, 0 when unknown */
  tokens: number;
}

export interface Scorer {
  score(example: SftExample, trajectory: Trajectory): Promise<TokenScores>;
}

/**
 * Ranks within equal-frequency length bins: NLL keeps the central fraction ρ of each bin, RSR the lowest ρ.
 * Returns the ids kept.
 */
export function selectByScore(
  items: readonly { id: number; length: number; nll: number; rsr: number }[],
  method: 'nll' | 'rsr',
  keep: number,
  bins = 10,
): Set<number> {
  const byLength = [...items].sort((a, b) => a.length - b.length || a.id - b.id);
  const out = new Set<number>();
  for (let b = 0; b < bins; b++) {
    const bin = byLength.slice(
      Math.floor((b * byLength.length) / bins),
      Math.floor(((b + 1) * byLength.length) / bins),
    );
    if (bin.length === 0) continue;
    const n = Math.round(bin.length * keep);
    const ranked = [...bin].sort((x, y) => (method === 'nll' ? x.nll - y.nll : x.rsr - y.rsr) || x.id - y.id);
    const start = method === 'nll' ? Math.floor((bin.length - n) / 2) : 0;
    for (const it of ranked.slice(start, start + n)) out.add(it.id);
  }
  return out;
}
