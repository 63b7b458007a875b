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

// compositions for tests (tests only): the i-th task walks the taxonomy's domains, supportable capabilities
// and difficulties in turn, so a few hundred cover every cell kind.

const CAPS = CAPABILITIES.filter((c) => CAPABILITY_SERVICES[c].length > 0);

/** The i-th composition of a test corpus, with `seed` its seed. */
export function composition(i: number, seed: number): TaskSpecInput {
  const domain = SCENARIO_DOMAINS[i % SCENARIO_DOMAINS.length] as (typeof SCENARIO_DOMAINS)[number];
  return generateProcedural({
    generator: 'compose',
    id: `c_${i}`,
    seed,
    difficulty: DIFFICULTIES[i % 3] as (typeof DIFFICULTIES)[number],
    mockToday: '2026-03-10',
    capabilities: [CAPS[i % CAPS.length] as (typeof CAPS)[number]],
    scenarioPath: `${domain}/${SCENARIOS[domain][i % SCENARIOS[domain].length]}`,
  });
}

/** A hard rule drawn for one act of a record type, the way a policy section draws its own (tests of reasons). */
export function actRule(src: SourcePart, a: PolicyAct, rng: Rng): Rule {
  const lean = { ...CONCERNS[src.name], ...a.lean };
  const models = withSpared(src.fields, a.spared);
  return drawRule(models, rng, 'hard', lean, a.must, Object.keys(a.lean ?? {}), a.bounds, true, a.scopes);
}
