import type { Rng } from '../../env/rng.js';
import type { Capability, Difficulty } from '../../schema/taxonomy.js';
import type { TaskSpecInput } from '../../schema/task-spec.js';
import type { Words } from './words.js';

// the generator contract: what every procedural generator (a preset or the compositional generator) receives
// and declares. "generator" is the code that writes specs; `family` is the label a spec carries.

/** What a generator gets: everything seeded, anchored at the slot's mock_today. */
export interface GeneratorContext {
  id: string;
  seed: number;
  difficulty: Difficulty;
  /** ISO date-time the task's clock starts at */
  mockToday: string;
  language: string;
  rng: Rng;
  /** the curated vocabulary (names, organisations, goods, text), drawn from a stream of its own */
  words: Words;
  /** the slot's taxonomy labels and services (the compositional generator reads them; presets ignore them) */
  capabilities?: readonly Capability[];
  scenarioPath?: string;
  services?: readonly string[];
  /** the task's place among its plan's tasks of this family (counted on from 0 or 1); undefined outside a plan */
  ordinal?: number;
}

/**
 * Which of a family's two outcomes a task has (a spoofed or a genuine bank change, a notice in time or too late):
 * in a plan the family's tasks take turns (odd places get `true`), so a corpus of any size holds both about equally
 * and always taking one course fails half of them; outside a plan, `drawn` (drawn by the caller whether used or not,
 * so every later draw of a seed stays as it was).
 */
export function inTurn(ctx: Pick<GeneratorContext, 'ordinal'>, drawn: boolean): boolean {
  return ctx.ordinal === undefined ? drawn : ctx.ordinal % 2 === 1;
}

/** A procedural generator: same (generator, difficulty, seed, id, mock_today) ⇒ byte-identical spec. */
export interface Generator {
  /** what plans name in a slot's `family` field */
  name: string;
  description: string;
  /** services of a medium task (easy may use fewer, hard more) */
  services: readonly string[];
  capabilities: readonly Capability[];
  /** Cowork-Gym scenario path */
  scenario: string;
  /** languages the generator writes requests in */
  languages: readonly string[];
  generate(ctx: GeneratorContext): TaskSpecInput;
}
