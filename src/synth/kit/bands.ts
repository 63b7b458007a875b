import type { Difficulty } from '../../schema/taxonomy.js';

// difficulty, defined once: the App. D band every generator aims at (services and reference tool calls), what
// a prompt says about it, and the presets' per-level knobs.

/** A difficulty's App. D target: services touched and reference tool calls, inclusive ranges. */
export interface Band {
  services: [number, number];
  steps: [number, number];
}

/** CoworkEnv App. D targets per difficulty: services touched and reference tool calls (D1.5 ≈ medium, D2.5 ≈ hard). */
export const DIFFICULTY_BANDS: Record<Difficulty, Band> = {
  easy: { services: [1, 2], steps: [2, 7] },
  medium: { services: [3, 3], steps: [8, 12] },
  hard: { services: [4, 5], steps: [12, 20] },
};

const range = ([lo, hi]: [number, number], unit: string) => (lo === hi ? `${lo} ${unit}` : `${lo}–${hi} ${unit}`);
const BAND_NOTES: Record<Difficulty, string> = {
  easy: '',
  medium: ', distractor records (CoworkEnv D1.5)',
  hard: ', distractors and temporal dependencies (CoworkEnv D2.5)',
};

/** The band in words, for prompts and plan docs: "3 services, 8–12 reference tool calls, distractor records (CoworkEnv D1.5)". */
export function bandText(d: Difficulty): string {
  const b = DIFFICULTY_BANDS[d];
  return `${range(b.services, 'services')}, ${range(b.steps, 'reference tool calls')}${BAND_NOTES[d]}`;
}

/** Whether a task of difficulty `d` with `services` services and `steps` reference tool calls is in its band (an unknown difficulty is not). */
export function inBand(d: string, services: number, steps: number): boolean {
  const b: Band | undefined = (DIFFICULTY_BANDS as Record<string, Band>)[d];
  const within = (x: number, [lo, hi]: [number, number]) => x >= lo && x <= hi;
  return Boolean(b) && within(services, b?.services ?? [1, 0]) && within(steps, b?.steps ?? [1, 0]);
}

/** Per-level knobs of the presets: how many targets, distractors and background records a level draws. */
export const LEVEL: Record<Difficulty, { targets: number; distractors: number; filler: number }> = {
  easy: { targets: 1, distractors: 1, filler: 1 },
  medium: { targets: 2, distractors: 2, filler: 2 },
  hard: { targets: 3, distractors: 4, filler: 3 },
};
