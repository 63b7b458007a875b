import { createRng } from '../env/rng.js';
import { CoworkError } from '../schema/errors.js';
import type { TaskSpecInput } from '../schema/task-spec.js';
import type { Capability, Difficulty } from '../schema/taxonomy.js';
import { FAMILIES, getFamily } from './families/index.js';
import { makeFaker } from './families/kit.js';

export interface ProceduralRequest {
  family: string;
  id: string;
  seed: number;
  difficulty: Difficulty;
  /** ISO date or date-time; a date alone starts the clock at 09:00 UTC */
  mockToday: string;
  language?: string;
  /** the slot's labels and services, for the compositional generator */
  capabilities?: readonly Capability[];
  scenarioPath?: string;
  services?: readonly string[];
}

/** Generates one spec; the same request always gives the same spec (byte-identical canonical JSON). */
export function generateProcedural(req: ProceduralRequest): TaskSpecInput {
  const family = getFamily(req.family);
  if (!family)
    throw new CoworkError(
      'bad_input',
      `unknown family "${req.family}"; families: ${FAMILIES.map((f) => f.name).join(', ')}`,
    );
  const language = req.language ?? 'en';
  if (!family.languages.includes(language))
    throw new CoworkError('bad_input', `family ${family.name} writes ${family.languages.join(', ')}, not ${language}`);
  const mockToday = /T/.test(req.mockToday)
    ? new Date(req.mockToday).toISOString().replace('.000Z', 'Z')
    : `${req.mockToday}T09:00:00Z`;
  const seedBase = createRng('procedural', family.name, req.difficulty, req.seed).int(0, 2 ** 31 - 2);
  return family.generate({
    id: req.id,
    seed: req.seed,
    difficulty: req.difficulty,
    mockToday,
    language,
    rng: createRng('family', family.name, req.difficulty, req.seed),
    faker: makeFaker(seedBase, mockToday),
    ...(req.capabilities ? { capabilities: req.capabilities } : {}),
    ...(req.scenarioPath ? { scenarioPath: req.scenarioPath } : {}),
    ...(req.services ? { services: req.services } : {}),
  });
}
