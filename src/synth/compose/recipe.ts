import type { Rng } from '../../env/rng.js';
import type { Capability, Difficulty, ScenarioDomain } from '../../schema/taxonomy.js';
import { DIFFICULTY_BANDS } from '../kit/bands.js';
import {
  type ActionPart,
  type AggregatePart,
  appliesTo,
  type ComputationPart,
  type JoinPart,
  type Parts,
  type PolicyPart,
  type SourcePart,
  type TrapPart,
} from './parts.js';
import { HOMELY, OFFICE_ONLY } from './policy-doc-data.js';
import { mayCarry } from './audience.js';
import { summaryOf, withWork } from './place-aggregates.js';
import { PARTS } from './registry.js';
import { splits } from './branch-routes.js';
import { countWhere } from './computations.js';
import { aggOf, usesOf } from './figure-uses.js';
import { isMutable } from './sources/kit.js';
import { capFits, limitKind } from './figure-limits.js';
import { fitsDomain, perParts, sourceFor } from './record-type-choice.js';
import { workFits, workIn } from './packs/scenarios.js';
export { domainGives, fitsDomain, SCENARIO_SOURCE_SHARE, scenarioSources } from './record-type-choice.js';

// a recipe is the typed program of one task: which parts, how many targets, which interaction. it is a
// pure function of (capability, domain, sub-scenario, difficulty, seed, wanted services) and the registered
// parts, so the planner and the generator derive the same one.

export type Interaction = 'none' | 'ask' | 'change';

export interface Recipe {
  source: SourcePart;
  /**
   * the domain the task belongs to when it is not the slot's: a slot asking for work only one record type of
   * other domains gives becomes a task of the record type's domain, labelled as such (taskDomain)
   */
  domain?: ScenarioDomain;
  join?: JoinPart<string>;
  action?: ActionPart<string>;
  /**
   * a second action for the selected records that meet a further condition (drawn with the records): "for
   * those over £500, ask for approval instead" — the program branches on what the records hold
   */
  branch?: ActionPart<string>;
  aggregate?: AggregatePart<string>;
  computation: ComputationPart;
  /**
   * the section caps the batch's total, and the total decides the route: over the cap the work waits and the list
   * goes to an approver by mail (compile/figure-route.ts); the computation is then the total
   */
  decide?: true;
  policy: PolicyPart;
  trap?: TrapPart<string>;
  interaction: Interaction;
  targets: number;
  /**
   * how many records the task's list holds at least: a list of five leaves nothing to scan, so even an easy task
   * reads a realistic page of them (ROWS), the extra ones near misses and records failing elsewhere
   */
  rows: number;
  /** rendering choices */
  phrasing: number;
}

export interface RecipeWants {
  capability?: Capability;
  domain: ScenarioDomain;
  /** the slot's sub-scenario (`Pet_Care` of `Healthcare/Pet_Care/...`): its fitting record types are preferred */
  scenario?: string;
  difficulty: Difficulty;
  /** services the slot lists (a recipe using exactly these wins) */
  services?: readonly string[];
  /** services the domain draws on (preferred) */
  pool?: readonly string[];
  /** a service the recipe must use (the planner's workspace share) */
  require?: string;
  /** the month (1–12) of the slot's mock_today: work out of its season is not drafted then */
  month?: number;
}

// a household's bills get a household's deliverables and a policy where a household keeps one (a shared note, a shared
// drive), never a team intranet (review 29 §6); a policy read with the source's own get tool would make every get a
// checked step
const homely = (p: { name: string }, source: SourcePart) => !(OFFICE_ONLY.has(p.name) && HOMELY.has(source.name));

const readsLikeGet = (p: PolicyPart, source: SourcePart) =>
  p.service === source.service && Boolean(source.get) && p.reads('').at(-1)?.call === source.get?.({}).call;

/**
 * The domain a recipe's task belongs to: the slot's, or the one its record type was drawn for. A capability only one
 * record type gives (work in a partner's language: the partner messages of the trading desks; turning receipt
 * scans: the expense desks') keeps its share of the corpus where that record type belongs: a slot of another domain
 * asking for it is served by it, and the task is that record type's domain's — not a law firm's litigation team
 * translating supplier mail. A capability several record types give stays with the slot's domain, which has its
 * own record types' tasks where none of them fits.
 */
export const taskDomain = (recipe: Recipe, slot: ScenarioDomain): ScenarioDomain => recipe.domain ?? slot;

// the parts that fit a source
interface Fits {
  joins: JoinPart<string>[];
  actions: ActionPart<string>[];
  aggregates: AggregatePart<string>[];
  comps: ComputationPart[];
  traps: TrapPart<string>[];
  policies: PolicyPart[];
}
const FITS = new WeakMap<Parts<string>, Map<SourcePart, Fits>>();

function fitsOf(parts: Parts<string>, source: SourcePart): Fits {
  return perParts(FITS, parts, source, () => ({
    joins: parts.joins.filter((j) => appliesTo(j.from, source)),
    actions: parts.actions.filter((a) => appliesTo(a.sources, source)),
    aggregates: parts.aggregates.filter(
      (a) => appliesTo(a.sources, source) && homely(a, source) && mayCarry(a, source),
    ),
    comps: figuresOf(parts, source),
    traps: parts.traps.filter((t) => appliesTo(t.sources, source)),
    policies: parts.policies.filter((p) => !readsLikeGet(p, source) && homely(p, source)),
  }));
}

/** The fields a task's actions write or act from: a further condition of its count leaves them alone. */
export const writtenBy = (...acts: (ActionPart<string> | undefined)[]): string[] =>
  acts.flatMap((a) => (a ? [...Object.keys(a.writes ?? {}), ...Object.keys(a.from ?? {})] : []));

/**
 * The figures a request may ask for over a record type's selection: those its team has a use for (figure-uses.ts)
 * that fit its measure; a count always.
 */
export function figuresOf(parts: Parts<string>, source: SourcePart): ComputationPart[] {
  const listed = usesOf(source.name).figures;
  return parts.computations.filter(
    (c) =>
      (!c.needsMeasure || source.measure) && (c.fits?.(source) ?? true) && (!c.needsMeasure || aggOf(c.name) in listed),
  );
}

/**
 * The records a task's list holds at least, per difficulty: a page a coworker scans (an easy one too), longer as the
 * rule grows (more conditions to tell apart, more near misses each). At most 14: past that, records drawn from a
 * record type's small pools (the stills of a video desk's fifteen layouts) start to repeat one another.
 */
export const ROWS: Readonly<Record<Difficulty, readonly [number, number]>> = {
  easy: [10, 12],
  medium: [11, 13],
  hard: [12, 14],
};

/** The figures worked out over every selected record (no one record's value is the answer). */
export const OVER_SELECTION: ReadonlySet<string> = new Set(['sum', 'mean']);

// a figure read from the records' field (a sum, a mean, an extreme) over a count: a count only for a record type without
// a measure, or one draft in ten; and a count is of the handled records that meet a further condition (count_where) —
// the bare length of the list only repeats the list the agent hands in (an easy task's figure is worked out over its
// whole selection, a total or an average, where its team uses one: an extreme is read off one record)
function computationFor(rng: Rng, comps: readonly ComputationPart[], d: Difficulty): ComputationPart {
  const all = comps.filter((c) => c.needsMeasure);
  const over = d === 'easy' ? all.filter((c) => OVER_SELECTION.has(c.name)) : [];
  const measured = over.length ? over : all;
  const counts = comps.filter((c) => !c.needsMeasure);
  if (measured.length && (!counts.length || rng.int(0, 9) > 0)) return rng.pick(measured);
  return counts.find((c) => c.name === 'count_where') ?? rng.pick(counts);
}

// news a coworker can bring about a record: a field a policy turns on that the world can change (a status, a due
// date, a count), not one fixed once written (a message's language, a receipt's total) nor a detail nobody selects
// by (whether a message was opened), nor the figure the task adds up
const changeable = (src: SourcePart) =>
  src.fields.some(
    (f) => f.rule !== false && f.use !== 'detail' && f.field !== src.measure?.field && isMutable(src, f.field),
  );

function draft(
  rng: Rng,
  d: Difficulty,
  domain: ScenarioDomain,
  scenario: string | undefined,
  parts: Parts<string>,
  cap?: Capability,
): Recipe {
  const source = sourceFor(rng, domain, scenario, parts, cap);
  // a record type drawn from another domain (a capability it hosts) takes its task there
  const host = fitsDomain(source, domain, scenario, parts)
    ? undefined
    : source.domains?.[rng.int(0, 99) % source.domains.length];
  const hasOwner = Boolean(source.owner);
  const fits = fitsOf(parts, source);
  const { joins, aggregates, comps, traps, policies } = fits;
  const join = d !== 'easy' && joins.length && rng.int(0, 99) < (d === 'hard' ? 80 : 60) ? rng.pick(joins) : undefined;
  const actions = fits.actions.filter((a) => !a.needsOwner || hasOwner || join);
  // a record type whose job is to make something (a chart, a page) always has it made
  const makes = actions.filter((a) => a.generates);
  let action: ActionPart<string> | undefined = makes.length
    ? rng.pick(makes)
    : actions.length
      ? rng.pick(actions)
      : undefined;
  let aggregate: AggregatePart<string> | undefined = rng.pick(aggregates);
  if (action && d === 'easy') [action, aggregate] = withWork(rng, actions.length, aggregates, action, aggregate);
  if (d === 'easy') {
    // (work making a file per record, a page or an upright scan, is kept; half the time the team is told of it too)
    if (action && rng.int(0, 1) === 0) aggregate = undefined;
    else if (aggregate && !action?.generates && !action?.made) action = undefined;
  } else if (d === 'medium' && action && rng.int(0, 2) === 0) aggregate = undefined;
  // the work is the slot domain's (packs/scenarios.ts): CRM accounts are only read for a figure in a Data_Science
  // slot and worked on in an office one, an order book is chased in a Finance slot and analysed in a Data_Science one
  const work = workIn(host ?? domain, source.name);
  if (work === 'read' && action && aggregates.length) {
    action = undefined;
    aggregate ??= rng.pick(aggregates);
  } else if (work === 'acted' && !action && actions.length) action = rng.pick(actions);
  // records worked on are the team's worklist, never a public feed's nor a section's own work (place-aggregates.ts)
  if (action) aggregate = summaryOf(aggregates, aggregate);
  // a branch: a second action, by another tool, for the selected records that meet a further condition (none where
  // the work makes something: every selected record gets its chart, page or cover; nor a work that is a section of its
  // own, under another section's: no translating in a reply round; nor where every selected record needs the work
  // itself: a late receipt is signed off, never uploaded past its sign-off)
  const others =
    action && !action.generates && !action.whole
      ? actions.filter(
          (a) => a.tool !== action?.tool && (!a.ownSection || a.sections.some((s) => action?.sections.includes(s))),
        )
      : [];
  // (a work no heavier or lighter than the action on any sum or date gives way to one that is, where there is one,
  // so the branch's pressing side has a reason to go the heavier way: branch-routes.ts; else it stays, and splits
  // no record: compile/branch.ts). No further draw: the plan's later jobs draw on as before
  const rolled =
    d !== 'easy' && others.length && rng.int(0, 99) < (d === 'hard' ? 45 : 30) ? rng.pick(others) : undefined;
  const splitting = others.filter((a) => action && splits(action.name, a.name));
  let branch =
    rolled && action && !splits(action.name, rolled.name) && splitting.length
      ? splitting[others.indexOf(rolled) % splitting.length]
      : rolled;
  const trap = d !== 'easy' && traps.length && rng.int(0, 99) < (d === 'hard' ? 55 : 35) ? rng.pick(traps) : undefined;
  // a rule stated in the request is a filter handed over (review 38): only a record type with no document states it
  // (the draw that once chose a few easy ones is still made: every task's later draws stay as they were)
  const stated = parts.policies.find((p) => p.service === null);
  const documents = policies.filter((p) => p.service !== null);
  if (d === 'easy' && stated !== undefined) rng.int(0, 99);
  const states = !documents.length;
  const roll = rng.int(0, 99);
  let interaction: Interaction = roll < 22 ? 'ask' : roll < 44 ? 'change' : 'none';
  if (interaction === 'ask' && !aggregate) interaction = action && source.get ? 'change' : 'none';
  if (interaction === 'change' && (!action || !source.get || !changeable(source)))
    interaction = aggregate ? 'ask' : 'none';
  let targets = d === 'easy' ? rng.int(1, 2) : d === 'medium' ? rng.int(2, 3) : rng.int(3, 4);
  const chosen = computationFor(rng, comps, d);
  // a count under a further condition leaves out the fields the task's actions write
  let computation = chosen.name === 'count_where' ? countWhere(writtenBy(action, branch)) : chosen;
  // a sum, mean, max or min over one record is no aggregate: it needs two (the user's late record counts); a count of
  // those meeting a further condition needs four at least ("how many of those three are urgent" leaves a guess)
  if (computation.name === 'count_where' && targets + (interaction === 'change' ? 1 : 0) < 4)
    targets = interaction === 'change' ? 3 : 4;
  if (computation.needsMeasure && targets + (interaction === 'change' ? 1 : 0) < 2) targets = 2;
  const policy = states ? (stated ?? rng.pick(policies)) : rng.pick(documents);
  const rows = rng.int(...ROWS[d]);
  const phrasing = rng.int(0, 1_000_000);
  const decide = decides(d, source, comps, { action, branch, computation, policy, interaction }, phrasing);
  // a hard task works something out beyond its rule where its work allows (depth.test.ts measures it): one with no cap on its total
  // and no branch meets a record a coworker changes mid-task, else a branch that splits from its action
  if (d === 'hard' && !decide && !branch && interaction !== 'change') {
    if (action && source.get && changeable(source)) interaction = 'change';
    else if (splitting.length) {
      branch = rng.pick(splitting);
      if (chosen.name === 'count_where') computation = countWhere(writtenBy(action, branch));
    }
  }
  return {
    source,
    ...(host ? { domain: host } : {}),
    ...(join ? { join } : {}),
    ...(action ? { action } : {}),
    ...(action && branch ? { branch } : {}),
    ...(aggregate ? { aggregate } : {}),
    computation: decide ?? computation,
    ...(decide ? { decide: true as const } : {}),
    policy,
    ...(trap ? { trap } : {}),
    interaction,
    targets,
    rows,
    phrasing,
  };
}

/** The share (in %) of the drafts that can take a decision on their total which do. */
export const DECIDE_SHARE = 100;

// a decision on the batch's total: a medium or hard task whose work is done record by record (no branch, no change
// mid-task) and is work a cap fits, over records a document selects, and whose figure is read from a measure the work
// commits and the team totals (figure-limits.ts); drawn from the phrasing number, so that the stream of every other
// draw stays as it was. Returns the total the task then computes.
function decides(
  d: Difficulty,
  source: SourcePart,
  comps: readonly ComputationPart[],
  r: Pick<Recipe, 'action' | 'branch' | 'computation' | 'policy' | 'interaction'>,
  phrasing: number,
): ComputationPart | undefined {
  const sum = comps.find((c) => c.name === 'sum');
  if (d === 'easy' || !r.action || r.action.generates || r.branch || r.interaction === 'change') return undefined;
  if (r.policy.service === null || !r.computation.needsMeasure || !sum || !limitKind(source)) return undefined;
  if (!capFits(r.action)) return undefined;
  return Math.floor(phrasing / 1000) % 100 < DECIDE_SHARE ? sum : undefined;
}

/** The services a recipe touches (source first). */
export function recipeServices(recipe: Recipe): string[] {
  const { source, join, action, branch, aggregate, policy, trap } = recipe;
  const s = [
    source.service,
    join?.service,
    action?.service,
    branch?.service,
    aggregate?.service,
    policy.service,
    trap?.service,
    // (the list goes to the approver by mail when the total is over the section's cap)
    recipe.decide ? 'gmail' : undefined,
  ];
  return [...new Set(s.filter((x): x is string => Boolean(x)))];
}

/** Reference tool calls of a recipe. */
export function recipeSteps(recipe: Recipe): number {
  const { source, join, action, aggregate, policy, interaction, targets } = recipe;
  const per = (source.get ? 1 : 0) + (join ? 1 : 0) + (action ? 1 : 0);
  const late = interaction === 'change' ? per : 0;
  return source.list.length + policy.reads('').length + per * targets + late + (aggregate ? 1 : 0);
}

/** The capabilities of a recipe's parts other than its record type (the work done, not the records read). */
export function partCapabilities(recipe: Recipe): Capability[] {
  const { join, action, branch, aggregate, computation, policy, trap } = recipe;
  return [
    ...(action?.capabilities ?? []),
    ...(branch || recipe.decide ? (['Logic_Reasoning'] as const) : []),
    ...(branch?.capabilities ?? []),
    ...(aggregate?.capabilities ?? []),
    ...computation.capabilities,
    ...policy.capabilities,
    ...(trap?.capabilities ?? []),
    ...(join?.capabilities ?? []),
  ];
}

/** The capabilities a recipe exercises (its record type's, its parts', then Tool_Calling). */
export function recipeCapabilities(recipe: Recipe): Capability[] {
  return [...new Set([...recipe.source.capabilities, ...partCapabilities(recipe), 'Tool_Calling' as const])];
}

/**
 * Chooses the recipe of one task: seeded drafts scored by capability fit, the slot's services, the domain's
 * services and the difficulty band; the first best draft wins (deterministic).
 */
export function chooseRecipe(rng: Rng, want: RecipeWants, parts: Parts<string> = PARTS): Recipe {
  const band = DIFFICULTY_BANDS[want.difficulty];
  let best: Recipe | undefined;
  let bestCost = Number.POSITIVE_INFINITY;
  for (let i = 0; i < 60; i++) {
    const candidate = draft(rng, want.difficulty, want.domain, want.scenario, parts, want.capability);
    const svc = recipeServices(candidate);
    const steps = recipeSteps(candidate);
    let cost = 0;
    if (want.capability && !recipeCapabilities(candidate).includes(want.capability)) cost += 100;
    if (svc.length < band.services[0] || svc.length > band.services[1]) cost += 20;
    if (steps < band.steps[0] || steps > band.steps[1]) cost += 20;
    if (want.services)
      cost +=
        6 *
        (svc.filter((s) => !want.services?.includes(s)).length + want.services.filter((s) => !svc.includes(s)).length);
    if (want.require && !svc.includes(want.require)) cost += 30;
    // a rule stated in the request leaves nothing to find or judge: a draft that reads it from a document is
    // preferred where one fits the band as well
    if (candidate.policy.service === null) cost += 10;
    // nobody schedules irrigation in the wet season: seasonal work only in its months
    const month = want.month;
    if (month && [candidate.action, candidate.branch].some((a) => a?.season && !a.season.includes(month))) cost += 200;
    if (want.pool) cost += 3 * svc.filter((s) => !want.pool?.includes(s)).length;
    // a record type of another domain only where nothing of the domain's own is drawn
    if (!candidate.domain && !fitsDomain(candidate.source, want.domain, want.scenario, parts)) cost += 50;
    // an order book chased in a Data_Science slot, or CRM accounts only read in an office one, is another domain's
    // work (packs/scenarios.ts workFits): the slot draws work of its own domain
    if (!workFits(taskDomain(candidate, want.domain), candidate.source.name, candidate.action !== undefined))
      cost += 200;
    // a figure read from a field is preferred to a bare count where the record type's team uses one
    if (!candidate.computation.needsMeasure && fitsOf(parts, candidate.source).comps.some((c) => c.needsMeasure))
      cost += 4;
    if (cost < bestCost) {
      best = candidate;
      bestCost = cost;
      if (cost === 0) break;
    }
  }
  return best as Recipe;
}
