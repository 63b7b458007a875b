import type { Rng } from '../../env/rng.js';
import { type Capability, type ScenarioDomain, SCENARIOS } from '../../schema/taxonomy.js';
import { scenarioSourceNames } from './packs/scenarios.js';
import { appliesTo, type Parts, type SourcePart } from './parts.js';
import { PARTS } from './registry.js';
import { keptBy } from './desks.js';
import { partGives } from './slot-work.js';

// which record type a draft is about: the sub-scenario's, the domain's own, or one of the few that give the slot's
// capability (recipe.ts drafts from it)

// the sub-scenario's own record types first (packs/scenarios.ts: Pet_Care's boosters, Forex's FX exposures) in
// most drafts; else a domain's own record types (a pack's), the business records that list the domain next
const BY_DOMAIN = new WeakMap<Parts<string>, Map<ScenarioDomain, { own: SourcePart[]; fitting: SourcePart[] }>>();
const BY_SCENARIO = new WeakMap<Parts<string>, Map<string, SourcePart[]>>();

// part lists filtered once per (parts, key): chooseRecipe drafts 60 candidates per task
export function perParts<K, V>(
  cache: WeakMap<Parts<string>, Map<K, V>>,
  parts: Parts<string>,
  key: K,
  make: () => V,
): V {
  let byKey = cache.get(parts);
  if (!byKey) cache.set(parts, (byKey = new Map()));
  let v = byKey.get(key);
  if (v === undefined) byKey.set(key, (v = make()));
  return v;
}

/** How often a draft for a sub-scenario with fitting record types draws one of them. */
export const SCENARIO_SOURCE_SHARE = 0.85;

/** The registered sources that fit a domain's sub-scenario (packs/scenarios.ts); none where it names none. */
export function scenarioSources(
  domain: ScenarioDomain,
  scenario: string | undefined,
  parts: Parts<string>,
): SourcePart[] {
  if (!scenario) return [];
  return perParts(BY_SCENARIO, parts, `${domain}/${scenario}`, () => {
    const names = scenarioSourceNames(domain, scenario);
    return parts.sources.filter((s) => names.includes(s.name));
  });
}

// a capability only some record types give (perception of a picture, reading a plan) or only the work some
// record types admit (editing their media): no part that fits any record type carries it, so the record types
// that carry it or admit that work are the draft's — those of the domain. A domain none of whose record types
// carries it has its own record types' tasks instead (a law firm's tasks are about its matters, not about
// another trade's receipts): the capability goes where it fits, and the task's labels say what it exercises
const CARRIERS = new WeakMap<Parts<string>, Map<Capability, SourcePart[] | null>>();

// the record types a capability comes with, when only a few give it (null: any record type may, by the parts a
// draft picks — a computation, a policy, an action on every source — or too many give it to steer by)
function carriersOf(parts: Parts<string>, cap: Capability): SourcePart[] | null {
  return perParts(CARRIERS, parts, cap, () => {
    const general = [...parts.computations, ...parts.policies];
    const scoped = [
      ...parts.joins.map((j) => ({ ...j, sources: j.from })),
      ...parts.actions,
      ...parts.aggregates,
      ...parts.traps,
    ];
    // (a part claiming scheduling carries it only where it books a slot: slot-work.ts)
    if (general.some((p) => partGives(p, cap))) return null;
    const carriers = scoped.filter((p) => partGives(p, cap));
    if (carriers.some((p) => p.sources.includes('*'))) return null;
    const carry = parts.sources.filter(
      (s) => s.capabilities.includes(cap) || carriers.some((p) => appliesTo(p.sources, s)),
    );
    // steering only for a capability few record types give (the others come by the parts a draft picks), or one
    // only work gives, that no record type carries by itself (scheduling: a draft about trip requests, which
    // nobody books a review or a to-do for, schedules nothing)
    const byWork = !parts.sources.some((s) => s.capabilities.includes(cap));
    return carry.length > 12 && !byWork ? null : carry;
  });
}

const BY_CAPABILITY = new WeakMap<Parts<string>, Map<string, SourcePart[]>>();

function capableSources(
  parts: Parts<string>,
  domain: ScenarioDomain,
  scenario: string | undefined,
  cap: Capability | undefined,
): SourcePart[] {
  if (!cap) return [];
  return perParts(BY_CAPABILITY, parts, `${domain}/${scenario ?? ''}/${cap}`, () => {
    const carry = carriersOf(parts, cap);
    if (!carry) return [];
    const fit = fittingSources(domain, scenario, parts);
    const mine = carry.filter((s) => fit.includes(s));
    // those the slot's sub-scenario names first: a Travel slot's pictures are the trip's receipts; the others of the
    // domain are labelled with the sub-scenario they belong to (labelPath)
    const named = scenarioSources(domain, scenario, parts);
    const own = mine.filter((s) => named.includes(s));
    if (own.length) return own;
    // a capability one record type alone gives is that record type's to host
    return mine.length || carry.length > 1 ? mine : carry;
  });
}

/**
 * Whether a domain's own tasks can exercise a capability: any record type may (by the parts a draft picks), or one
 * of the few that give it fits the domain (in some sub-scenario of it). The planner plans a capability only in the
 * domains that give it, so a slot's task is about its domain and exercises what its labels say.
 */
export function domainGives(domain: ScenarioDomain, cap: Capability, parts: Parts<string> = PARTS): boolean {
  const carry = carriersOf(parts, cap);
  if (!carry) return true;
  const subs = SCENARIOS[domain] as readonly string[];
  return carry.some(
    (s) => fitsDomain(s, domain, undefined, parts) || subs.some((sub) => fitsDomain(s, domain, sub, parts)),
  );
}

/**
 * Whether a record type fits a domain: the domain's own (a pack's), a business record that lists the domain, or
 * one the slot's sub-scenario names. A record type that lists no domain fits none: where a record type belongs is
 * declared, so that a domain's tasks are about that domain.
 */
export function fitsDomain(
  src: SourcePart,
  domain: ScenarioDomain,
  scenario: string | undefined,
  parts: Parts<string> = PARTS,
): boolean {
  return Boolean(src.domains?.includes(domain)) || scenarioSources(domain, scenario, parts).includes(src);
}

const FITTING = new WeakMap<Parts<string>, Map<string, SourcePart[]>>();
const fittingSources = (domain: ScenarioDomain, scenario: string | undefined, parts: Parts<string>) =>
  perParts(FITTING, parts, `${domain}/${scenario ?? ''}`, () =>
    parts.sources.filter((s) => fitsDomain(s, domain, scenario, parts)),
  );

/**
 * The record type a draft is about, as the desk that keeps it in the slot's domain keeps it (desks.ts: a receipt
 * filed at the office is a client lunch or a courier, one at the travel desk a hotel night or a train).
 */
export function sourceFor(
  rng: Rng,
  domain: ScenarioDomain,
  scenario: string | undefined,
  parts: Parts<string>,
  cap?: Capability,
): SourcePart {
  return keptBy(rng, recordTypeFor(rng, domain, scenario, parts, cap), domain);
}

function recordTypeFor(
  rng: Rng,
  domain: ScenarioDomain,
  scenario: string | undefined,
  parts: Parts<string>,
  cap?: Capability,
): SourcePart {
  const capable = capableSources(parts, domain, scenario, cap);
  if (capable.length) return rng.pick(capable);
  const fit = scenarioSources(domain, scenario, parts);
  if (fit.length && rng.chance(SCENARIO_SOURCE_SHARE)) return rng.pick(fit);
  const { own, fitting } = perParts(BY_DOMAIN, parts, domain, () => {
    const own = parts.sources.filter((s) => s.domains?.length === 1 && s.domains[0] === domain);
    // the business records that list the domain besides its own
    const fitting = parts.sources.filter((s) => s.domains?.includes(domain) && !own.includes(s));
    return { own, fitting };
  });
  if (own.length && (!fitting.length || rng.chance(0.8))) return rng.pick(own);
  return rng.pick(fitting.length ? fitting : own.length ? own : parts.sources);
}
