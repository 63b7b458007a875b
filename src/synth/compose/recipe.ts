import type { Rng } from '../../env/rng.js';
import type { Capability, Difficulty, ScenarioDomain } from '../../schema/taxonomy.js';
import { DIFFICULTY_BANDS } from '../kit/bands.js';
import { ACTIONS, AGGREGATES, COMPUTATIONS, JOINS, POLICIES, SOURCES, TRAPS } from './registry.js';
import type {
  ActionPart,
  AggregatePart,
  ComputationPart,
  JoinPart,
  PolicyPart,
  SourcePart,
  TrapPart,
} from './types.js';

// a recipe is the typed program of one task: which parts, how many targets, which interaction. it is a
// pure function of (capability, domain, difficulty, seed, wanted services), so the planner and the
// generator derive the same one.

export type Interaction = 'none' | 'ask' | 'change';

export interface Recipe {
  source: SourcePart;
  predicates: number;
  join?: JoinPart;
  action?: ActionPart;
  aggregate?: AggregatePart;
  computation: ComputationPart;
  policy: PolicyPart;
  trap?: TrapPart;
  interaction: Interaction;
  targets: number;
  /** rendering choices */
  phrasing: number;
}

export interface RecipeWants {
  capability?: Capability;
  domain: ScenarioDomain;
  difficulty: Difficulty;
  /** services the slot lists (a recipe using exactly these wins) */
  services?: readonly string[];
  /** services the domain draws on (preferred) */
  pool?: readonly string[];
  /** a service the recipe must use (the planner's workspace share) */
  require?: string;
}

const fits = (sources: readonly string[], s: SourcePart) => sources.includes('*') || sources.includes(s.name);

function draft(rng: Rng, d: Difficulty): Recipe {
  const source = rng.pick(SOURCES);
  const hasOwner = Boolean(source.owner);
  const joins = JOINS.filter((j) => j.from.includes(source.name));
  const join = d !== 'easy' && joins.length && rng.int(0, 99) < (d === 'hard' ? 80 : 60) ? rng.pick(joins) : undefined;
  const actions = ACTIONS.filter((a) => fits(a.sources, source) && (!a.needsOwner || hasOwner || join));
  const aggregates = AGGREGATES.filter((a) => fits(a.sources, source));
  const comps = COMPUTATIONS.filter((c) => !c.needsMeasure || source.measure);
  let action: ActionPart | undefined = actions.length ? rng.pick(actions) : undefined;
  let aggregate: AggregatePart | undefined = rng.pick(aggregates);
  if (d === 'easy') {
    if (action && rng.int(0, 1) === 0) aggregate = undefined;
    else if (aggregate) action = undefined;
  } else if (d === 'medium' && action && rng.int(0, 2) === 0) aggregate = undefined;
  const traps = TRAPS.filter((t) => fits(t.sources, source));
  const trap = d !== 'easy' && traps.length && rng.int(0, 99) < (d === 'hard' ? 55 : 35) ? rng.pick(traps) : undefined;
  // a policy read with the source's own get tool would make every get a checked step
  const policies = POLICIES.filter(
    (p) => !(p.service === source.service && source.get && p.readTool === source.get({}).call),
  );
  const roll = rng.int(0, 99);
  let interaction: Interaction = roll < 22 ? 'ask' : roll < 44 ? 'change' : 'none';
  if (interaction === 'ask' && !aggregate) interaction = action && source.get ? 'change' : 'none';
  if (interaction === 'change' && (!action || !source.get)) interaction = aggregate ? 'ask' : 'none';
  return {
    source,
    predicates: d === 'easy' ? 2 : Math.min(source.predicates.length, d === 'hard' ? 4 : rng.int(2, 3)),
    ...(join ? { join } : {}),
    ...(action ? { action } : {}),
    ...(aggregate ? { aggregate } : {}),
    computation: rng.pick(comps),
    policy: d === 'easy' && rng.int(0, 2) > 0 ? (POLICIES[0] as PolicyPart) : rng.pick(policies),
    ...(trap ? { trap } : {}),
    interaction,
    targets: d === 'easy' ? rng.int(1, 2) : d === 'medium' ? rng.int(2, 3) : rng.int(3, 4),
    phrasing: rng.int(0, 1_000_000),
  };
}

/** The services a recipe touches (source first). */
export function recipeServices(r: Recipe): string[] {
  const s = [
    r.source.service,
    r.join?.service,
    r.action?.service,
    r.aggregate?.service,
    r.policy.service,
    r.trap?.service,
  ];
  return [...new Set(s.filter((x): x is string => Boolean(x)))];
}

/** Reference tool calls of a recipe. */
export function recipeSteps(r: Recipe): number {
  const per = (r.source.get ? 1 : 0) + (r.join ? 1 : 0) + (r.action ? 1 : 0);
  const late = r.interaction === 'change' ? per : 0;
  return (
    r.source.list.length +
    (r.policy.service ? (r.policy.name === 'policy_file' || r.policy.name === 'policy_page' ? 1 : 2) : 0) +
    per * r.targets +
    late +
    (r.aggregate ? 1 : 0)
  );
}

export function recipeCapabilities(r: Recipe): Capability[] {
  const caps = [
    ...r.source.capabilities,
    ...(r.action?.capabilities ?? []),
    ...(r.aggregate?.capabilities ?? []),
    ...r.computation.capabilities,
    ...r.policy.capabilities,
    ...(r.trap?.capabilities ?? []),
    ...(r.join ? (['Knowledge_Retrieval'] as const) : []),
    'Tool_Calling' as const,
  ];
  return [...new Set(caps)];
}

/**
 * Chooses the recipe of one task: seeded drafts scored by capability fit, the slot's services, the domain's
 * services and the difficulty band; the first best draft wins (deterministic).
 */
export function chooseRecipe(rng: Rng, want: RecipeWants): Recipe {
  const band = DIFFICULTY_BANDS[want.difficulty];
  let best: Recipe | undefined;
  let bestCost = Number.POSITIVE_INFINITY;
  for (let i = 0; i < 60; i++) {
    const r = draft(rng, want.difficulty);
    const svc = recipeServices(r);
    const steps = recipeSteps(r);
    let cost = 0;
    if (want.capability && !recipeCapabilities(r).includes(want.capability)) cost += 100;
    if (svc.length < band.services[0] || svc.length > band.services[1]) cost += 20;
    if (steps < band.steps[0] || steps > band.steps[1]) cost += 20;
    if (want.services)
      cost +=
        6 *
        (svc.filter((s) => !want.services?.includes(s)).length + want.services.filter((s) => !svc.includes(s)).length);
    if (want.require && !svc.includes(want.require)) cost += 30;
    if (want.pool) cost += 3 * svc.filter((s) => !want.pool?.includes(s)).length;
    if (cost < bestCost) {
      best = r;
      bestCost = cost;
      if (cost === 0) break;
    }
  }
  return best as Recipe;
}
