import { canonicalJson } from '../../schema/canonical-json.js';
import type { Difficulty } from '../../schema/taxonomy.js';
import { GENERATORS } from '../generators.js';
import type { Generator } from '../kit/generator.js';
import type { Job } from '../plan/plan.js';
import { generateProcedural } from '../generators.js';

// the example specs the LLM generator sees are chosen for its slot: the generators closest to it by services,
// capabilities and scenario, rotated by the job's seed among the near-best so that a plan's slots do not all
// imitate the same two tasks. every example is a real generator output (it passes the gate), seeded.

/** Most characters the examples of one prompt may take together (a second example only if it fits). */
export const EXAMPLE_BUDGET_CHARS = 9_500;
/** The rotation pool: generators within max(2, a third of the best score) of the best, at most this many. */
const POOL_MAX = 4;
const SAFETY_SCENARIO = /^Safety_Compliance/;

export interface ChosenExample {
  /** the generator that wrote it */
  generator: string;
  difficulty: Difficulty;
  seed: number;
  /** the spec as canonical JSON */
  text: string;
}

/** How close a generator is to the slot: shared services weigh most, then the scenario, then capabilities. */
export function generatorScore(gen: Generator, job: Job): number {
  const { slot } = job;
  const services = gen.services.filter((s) => slot.services.includes(s)).length;
  const caps = gen.capabilities.filter((c) => (slot.capabilities ?? []).includes(c)).length;
  const [dom, sub] = (slot.scenario_path ?? '').split('/');
  const [fdom, fsub] = gen.scenario.split('/');
  const scenario = dom && dom === fdom ? (sub && sub === fsub ? 4 : 3) : 0;
  const safety = SAFETY_SCENARIO.test(gen.scenario) === isSafetyLike(job) ? 1 : 0;
  return 3 * services + 2 * caps + scenario + safety;
}

function isSafetyLike(job: Job): boolean {
  const s = job.slot;
  return (
    SAFETY_SCENARIO.test(s.scenario_path ?? '') ||
    (s.capabilities ?? []).includes('Security_Awareness') ||
    /safety|security|compliance|fraud|phishing|privacy/i.test(s.category)
  );
}

/** The generators ranked for the slot (best first, ties by name), with their scores. */
export function rankGenerators(job: Job): { gen: Generator; score: number }[] {
  return GENERATORS.map((gen) => ({ gen, score: generatorScore(gen, job) })).sort(
    (a, b) => b.score - a.score || (a.gen.name < b.gen.name ? -1 : 1),
  );
}

const cache = new Map<string, string>();
const CACHE_MAX = 256;

function exampleText(gen: Generator, difficulty: Difficulty, seed: number, n: number): string {
  const key = `${gen.name}/${difficulty}/${seed}/${n}`;
  let text = cache.get(key);
  if (text === undefined) {
    text = canonicalJson(
      generateProcedural({
        generator: gen.name,
        id: `example_${n}`,
        seed,
        difficulty,
        mockToday: '2026-03-10',
        language: gen.languages.includes('en') ? 'en' : (gen.languages[0] ?? 'en'),
      }),
    );
    if (cache.size >= CACHE_MAX) cache.clear();
    cache.set(key, text);
  }
  return text;
}

/**
 * One or two example specs for the slot (deterministic in the job): the first from the near-best generators
 * rotated by seed at the slot's difficulty (hard is shown as medium), the second the next generator of the
 * pool at easy — when both fit EXAMPLE_BUDGET_CHARS; else both at easy, else one alone: the first, or the second
 * when the first does not fit.
 */
export function examplesFor(job: Job): ChosenExample[] {
  const ranked = rankGenerators(job);
  const best = ranked[0]?.score ?? 0;
  const pool = ranked.filter((r) => r.score >= best - Math.max(2, best / 3)).slice(0, POOL_MAX);
  if (pool.length < 2 && ranked[1]) pool.push(ranked[1]);
  const first = pool[job.seed % pool.length]?.gen;
  if (!first) return [];
  const second = pool.length > 1 ? pool[(job.seed + 1) % pool.length]?.gen : undefined;
  const seed = 11 + (job.seed % 5);
  const d1: Difficulty = job.slot.difficulty === 'easy' ? 'easy' : 'medium';
  const make = (f: Generator, d: Difficulty, n: number): ChosenExample => ({
    generator: f.name,
    difficulty: d,
    seed,
    text: exampleText(f, d, seed, n),
  });
  const one = make(first, d1, 1);
  if (!second) return [one];
  const two = make(second, 'easy', 2);
  if (one.text.length + two.text.length <= EXAMPLE_BUDGET_CHARS) return [one, two];
  const oneEasy = make(first, 'easy', 1);
  if (oneEasy.text.length + two.text.length <= EXAMPLE_BUDGET_CHARS) return [oneEasy, two];
  // one example: the first at either difficulty, else the second, whichever fits first (a composed task with its
  // policy document may not); nothing fits, the shortest
  const alone = [one, oneEasy, two];
  return [
    alone.find((e) => e.text.length <= EXAMPLE_BUDGET_CHARS) ??
      alone.reduce((a, b) => (b.text.length < a.text.length ? b : a)),
  ];
}
