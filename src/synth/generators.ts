import { createRng } from '../env/rng.js';
import { CoworkError } from '../schema/errors.js';
import type { TaskSpecInput } from '../schema/task-spec.js';
import type { Capability, Difficulty } from '../schema/taxonomy.js';
import { composeGenerator } from './compose/index.js';
import type { Generator } from './kit/generator.js';
import { wordsFrom } from './kit/words.js';
import { workingDay } from './kit/dates.js';
import { PRESETS } from './presets/index.js';
import { toolNames } from '../grade/evidence.js';
import { resolveTool } from '../services/registry.js';
import { rescaleReads } from '../validate/free-credit.js';

// the generator registry: every procedural generator a plan slot may name in its `family` field — the
// hand-written presets (presets/index.ts) and the compositional generator. a spec's `family` label is what the
// generator writes into it (the same name, except the dialogue preset's "dialogue").

/** Every procedural generator: the presets, then `compose`. */
export const GENERATORS: readonly Generator[] = [...PRESETS, composeGenerator];

/** The generator named `name` (among `from`, default every generator). */
export function getGenerator(name: string, from: readonly Generator[] = GENERATORS): Generator | undefined {
  return from.find((g) => g.name === name);
}

export interface ProceduralRequest {
  /** the generator's name (what a plan slot's `family` field names) */
  generator: string;
  id: string;
  seed: number;
  difficulty: Difficulty;
  /** ISO date or date-time; a date alone starts the clock at 09:00 UTC, a weekend day the nearest weekday's */
  mockToday: string;
  language?: string;
  /** the slot's labels and services, for the compositional generator */
  capabilities?: readonly Capability[];
  scenarioPath?: string;
  services?: readonly string[];
  /** the task's place among its plan's tasks of this family (GeneratorContext.ordinal) */
  ordinal?: number;
}

/**
 * Generates one spec; the same request always gives the same spec (byte-identical canonical JSON). `from`: the
 * generators to choose among (default every registered one).
 */
export function generateProcedural(req: ProceduralRequest, from: readonly Generator[] = GENERATORS): TaskSpecInput {
  const gen = getGenerator(req.generator, from);
  if (!gen)
    throw new CoworkError(
      'bad_input',
      `unknown family "${req.generator}"; families: ${from.map((g) => g.name).join(', ')}`,
    );
  const language = req.language ?? 'en';
  if (!gen.languages.includes(language))
    throw new CoworkError('bad_input', `family ${gen.name} writes ${gen.languages.join(', ')}, not ${language}`);
  // no family's work is weekend work: a slot dated on a weekend (an older plan's) is worked on the nearest weekday
  const mockToday = workingDay(
    /T/.test(req.mockToday)
      ? new Date(req.mockToday).toISOString().replace('.000Z', 'Z')
      : `${req.mockToday}T09:00:00Z`,
  );
  return readsKeepTheirShare(
    gen.generate({
      id: req.id,
      seed: req.seed,
      difficulty: req.difficulty,
      mockToday,
      language,
      rng: createRng('family', gen.name, req.difficulty, req.seed),
      words: wordsFrom(createRng('words', gen.name, req.difficulty, req.seed)),
      ...(req.capabilities ? { capabilities: req.capabilities } : {}),
      ...(req.scenarioPath ? { scenarioPath: req.scenarioPath } : {}),
      ...(req.services ? { services: req.services } : {}),
      ...(req.ordinal !== undefined ? { ordinal: req.ordinal } : {}),
    }),
  );
}

/**
 * A generated task's reads (checks of tools that change nothing) carry at most READ_SHARE of completion, the
 * outcome the rest: the gate refuses free credit above FREE_CREDIT_MAX, and a family's weight table need not
 * know how many reads a difficulty adds.
 */
export function readsKeepTheirShare(spec: TaskSpecInput): TaskSpecInput {
  const checks = spec.checks ?? [];
  const tools = (c: (typeof checks)[number]) =>
    c.kind === 'tool_called' || c.kind === 'tool_arg' ? toolNames(c.tool) : [];
  const free = new Set(
    checks.flatMap((c, i) => {
      const t = tools(c);
      return t.length && t.every((name) => resolveTool(name)?.tool.mutates === false) ? [i] : [];
    }),
  );
  const work = checks.flatMap((c, i) => (!free.has(i) && c.kind !== 'llm_judge' ? [i] : []));
  const next = rescaleReads(
    checks.map((c) => c.weight),
    free,
    work,
  );
  return next ? { ...spec, checks: checks.map((c, i) => ({ ...c, weight: next[i] as number })) } : spec;
}
