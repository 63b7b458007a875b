import type { Difficulty } from '../../schema/taxonomy.js';

// difficulty, defined once: the App. D band every generator aims at (services and reference tool calls), what
// a prompt says about it, and the presets' per-level knobs.

/** CoworkEnv App. D targets per difficulty: services touched and reference tool calls (D1.5 ≈ medium, D2.5 ≈ hard). */
export const DIFFICULTY_BANDS: Record<Difficulty, { services: [number, number]; steps: [number, number] }> = {
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

/** Whether a task of difficulty `d` with `services` services and `steps` reference tool calls is in its band. */
export function inBand(d: Difficulty, services: number, steps: number): boolean {
  const b = DIFFICULTY_BANDS[d];
  return services >= b.services[0] && services <= b.services[1] && steps >= b.steps[0] && steps <= b.steps[1];
}

/** Per-level knobs of the presets: how many targets, distractors and background records a level draws. */
export const LEVEL: Record<Difficulty, { targets: number; distractors: number; filler: number }> = {
  easy: { targets: 1, distractors: 1, filler: 1 },
  medium: { targets: 2, distractors: 2, filler: 2 },
  hard: { targets: 3, distractors: 4, filler: 3 },
};
