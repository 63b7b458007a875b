import type { TaskSpecInput } from '../../schema/task-spec.js';
import { CAPABILITIES, DIFFICULTIES, SCENARIO_DOMAINS, SCENARIOS } from '../../schema/taxonomy.js';
import { generateProcedural } from '../generators.js';
import { CAPABILITY_SERVICES } from '../kit/taxonomy-rules.js';
import type { Rng } from '../../env/rng.js';
import { drawRule } from '../rules/draw.js';
import type { Rule } from '../rules/rule.js';
import { CONCERNS } from './concerns.js';
import type { PolicyAct } from './policy-act.js';
import type { SourcePart } from './parts.js';
import { withSpared } from './spared.js';
import type { GeneratorContext } from '../kit/generator.js';
import { composeInput } from './index.js';
import { programOf } from './compile/index.js';
import type { Program } from './compile/records.js';

// compositions for tests (tests only): the i-th task walks the taxonomy's domains, supportable capabilities
// and difficulties in turn, so a few hundred cover every cell kind.

const CAPS = CAPABILITIES.filter((c) => CAPABILITY_SERVICES[c].length > 0);

// the i-th slot of a test corpus, as a generator request
function slot(i: number, seed: number) {
  const domain = SCENARIO_DOMAINS[i % SCENARIO_DOMAINS.length] as (typeof SCENARIO_DOMAINS)[number];
  return {
    generator: 'compose',
    id: `c_${i}`,
    seed,
    difficulty: DIFFICULTIES[i % 3] as (typeof DIFFICULTIES)[number],
    mockToday: '2026-03-10',
    capabilities: [CAPS[i % CAPS.length] as (typeof CAPS)[number]],
    scenarioPath: `${domain}/${SCENARIOS[domain][i % SCENARIOS[domain].length]}`,
  };
}

/** The i-th composition of a test corpus, with `seed` its seed. */
export function composition(i: number, seed: number): TaskSpecInput {
  return generateProcedural(slot(i, seed));
}

/** The program the i-th composition is compiled from (its rule, records and selection), as `composition` draws it. */
export function compositionProgram(i: number, seed: number): Program {
  const s = slot(i, seed);
  return programOf(composeInput({ ...s, mockToday: `${s.mockToday}T09:00:00Z` } as unknown as GeneratorContext));
}

/** A hard rule drawn for one act of a record type, the way a policy section draws its own (tests of reasons). */
export function actRule(src: SourcePart, a: PolicyAct, rng: Rng): Rule {
  const lean = { ...CONCERNS[src.name], ...a.lean };
  const models = withSpared(src.fields, a.spared);
  return drawRule(models, rng, 'hard', lean, a.must, Object.keys(a.lean ?? {}), a.bounds, true, a.scopes);
}
