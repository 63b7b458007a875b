import { createRng, type Rng } from '../../env/rng.js';
import {
  type Capability,
  CAPABILITIES,
  type Difficulty,
  DIFFICULTIES,
  SCENARIO_DOMAINS,
  SCENARIOS,
  type ScenarioDomain,
} from '../../schema/taxonomy.js';
import { describeRecipe, recipeFor, recipeServices } from '../compose/index.js';
import { domainGives, type Recipe, recipeCapabilities as recipeCapsOf } from '../compose/recipe.js';
import { GENERATORS } from '../generators.js';
import type { Generator } from '../kit/generator.js';
import type { Plan, Slot } from './plan.js';
import { holidaysOf } from '../compose/closure-days.js';
import {
  CAPABILITY_SERVICES,
  DOMAIN_SERVICES,
  FAMILY_ONLY_CAPABILITIES,
  UNSUPPORTED_CAPABILITIES,
} from '../kit/taxonomy-rules.js';

export interface TaxonomyPlanOptions {
  n: number;
  seed: number;
  mockToday?: string;
}

export interface TaxonomyPlanResult {
  plan: Plan;
  /** combinations dropped by rule, by reason */
  dropped: Record<string, number>;
}

const key = (...parts: string[]) => parts.join('\u0000');

const HOLIDAYS = new Set(holidaysOf(2026).map((h) => h.day));

/**
 * A task's own today: a working day of 2026 (month ends and first days included as they come; office work is not
 * dated on a weekend) at an office hour, from its own stream, so that dates in its records and text follow it.
 */
export function workdayOf2026(rng: Rng): string {
  for (;;) {
    const day = new Date(Date.UTC(2026, 0, 5) + rng.int(0, 345) * 86_400_000);
    const wd = day.getUTCDay();
    // (nor a public holiday the office's closure list gives: review 48 read a task dated Easter Monday)
    if (wd === 0 || wd === 6 || HOLIDAYS.has(day.toISOString().slice(0, 10))) continue;
    const minutes = rng.int(8 * 4, 17 * 4) * 15;
    return `${day.toISOString().slice(0, 10)}T${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}:00Z`;
  }
}

/**
 * Taxonomy-guided planning (Cowork-Gym §3.1): samples capability × scenario × difficulty × service
 * combinations, drops incompatible ones by rule, and balances coverage by always extending the least-covered
 * (domain, difficulty) and capability, with seeded tie-breaks.
 */
export function taxonomyPlan(opts: TaxonomyPlanOptions): TaxonomyPlanResult {
  const rng = createRng('taxonomy-plan', opts.seed);
  const dropped: Record<string, number> = {};
  const drop = (reason: string) => {
    dropped[reason] = (dropped[reason] ?? 0) + 1;
  };
  // the compatible (domain, capability) pairs, once
  const pairs: { domain: ScenarioDomain; cap: Capability }[] = [];
  // the cells only a hand-written family exercises (code: no composed task writes any)
  const familyOnly = new Set<(typeof pairs)[number]>();
  for (const domain of SCENARIO_DOMAINS) {
    const pool = DOMAIN_SERVICES[domain];
    if (pool.length === 0) {
      drop(`domain ${domain}: no service supports it`);
      continue;
    }

    for (const cap of CAPABILITIES) {
      const svc = CAPABILITY_SERVICES[cap];
      if (svc.length === 0) continue; // counted once below
      if (FAMILY_ONLY_CAPABILITIES.includes(cap)) {
        const cell = { domain, cap };
        if (familyFor(domain, cap)) {
          pairs.push(cell);
          familyOnly.add(cell);
        }
        continue;
      }
      // a cell whose domain has no record type that gives the capability (a law firm's translation of supplier
      // mail) is not planned: the capability's slots go to the domains that give it
      if (!domainGives(domain, cap)) continue;
      pairs.push({ domain, cap });
    }
  }
  for (const cap of CAPABILITIES)
    if (CAPABILITY_SERVICES[cap].length === 0)
      drop(`capability ${cap} stays LLM-only: ${UNSUPPORTED_CAPABILITIES[cap] ?? 'no service supports it yet'}`);
  const cover = new Map<string, number>();
  const bump = (k: string) => cover.set(k, (cover.get(k) ?? 0) + 1);
  const count = (k: string) => cover.get(k) ?? 0;
  const slots: Slot[] = [];
  // tasks per record type so far, and the most one record type may have (about 4% of the plan)
  const types = new Map<string, number>();
  // (a small plan has room for a few of each: the cap is for corpora)
  const typeCap = Math.max(8, Math.ceil(RECORD_TYPE_SHARE * opts.n));
  // the cells whose draws found only record types at the cap
  const full = new Set<(typeof pairs)[number]>();
  const capFloor = Math.ceil(CAPABILITY_FLOOR * opts.n);
  const familyCap = Math.max(2, Math.ceil(FAMILY_SHARE * opts.n));
  // ids sort in plan order however large the plan (tax_0001 … up to 9,999 slots, tax_00001 … beyond)
  const width = Math.max(4, String(opts.n).length);
  for (let i = 0; i < opts.n && pairs.length; i++) {
    const difficulty = leastBy(rng, [...DIFFICULTIES], (d) => count(key('d', d)));
    // a cell whose record types have all reached the cap gives its slot to the next cell; where every cell of a
    // capability has (only one record type gives it: a partner's language, a scan turned upright), the capability
    // keeps drawing them up to a floor share, so that it is still exercised as often as the corpus needs
    let pair: (typeof pairs)[number];
    let drawn: number;
    let preset: Generator | undefined;
    let drawnSub: string;
    let spread: ReturnType<typeof spreadRecipe> | undefined;
    const spreadRng = createRng('taxonomy-plan-spread', opts.seed, i);
    for (;;) {
      const saturated = (cap: Capability) => pairs.every((q) => q.cap !== cap || full.has(q));
      // (a cell not planned yet is planned once all the same: the corpus covers it)
      const open = pairs.filter(
        (p) =>
          !full.has(p) ||
          count(key('cell', p.domain, p.cap)) === 0 ||
          (saturated(p.cap) && count(key('cap', p.cap)) < capFloor),
      );
      pair = leastBy(
        rng,
        open.length ? open : pairs,
        (p) =>
          count(key('dom', p.domain)) * 4 +
          count(key('cap', p.cap)) * 2 +
          count(key('dd', p.domain, difficulty)) +
          (count(key('cell', p.domain, p.cap)) ? 2 : 0),
      );
      const subs = SCENARIOS[pair.domain] as readonly string[];
      drawn = rng.int(0, 2 ** 31 - 2);
      // a preset family where one fits the cell (about 1 slot in 8; always in a cell only a family exercises);
      // otherwise a composition
      preset = rng.int(0, 7) === 0 || familyOnly.has(pair) ? familyFor(pair.domain, pair.cap) : undefined;
      // a hand-written family is one task shape: a few of each, or they read as copies of one another
      if (preset && (types.get(`family:${preset.name}`) ?? 0) >= familyCap) preset = undefined;
      // a family-only cell whose family has its share is planned no more
      if (familyOnly.has(pair) && !preset) {
        // (the compositions' cells remain: every domain has some)
        pairs.splice(pairs.indexOf(pair), 1);
        continue;
      }
      drawnSub = preset ? (preset.scenario.split('/')[1] ?? (subs[0] as string)) : rng.pick(subs);
      spread = preset
        ? undefined
        : spreadRecipe(spreadRng, {
            seed: drawn,
            sub: drawnSub,
            subs,
            domain: pair.domain,
            cap: pair.cap,
            difficulty,
            used: types,
            most: typeCap,
          });
      if (!spread || (types.get(spread.recipe.source.name) ?? 0) < typeCap || full.has(pair)) break;
      full.add(pair);
    }
    const seed = spread?.seed ?? drawn;
    const sub = spread?.sub ?? drawnSub;
    const scenarioPath = preset ? preset.scenario : `${pair.domain}/${sub}`;
    bump(key('d', difficulty));
    bump(key('dom', pair.domain));
    bump(key('cap', pair.cap));
    bump(key('cell', pair.domain, pair.cap));
    bump(key('dd', pair.domain, difficulty));
    const base = {
      task_id: `tax_${String(i + 1).padStart(width, '0')}_${pair.domain.toLowerCase()}`,
      category: (sub ?? pair.domain).toLowerCase(),
      difficulty,
      language: 'en',
      mock_today: opts.mockToday ?? workdayOf2026(createRng('taxonomy-plan-day', opts.seed, i)),
      count: 1,
      seed,
      scenario_path: scenarioPath,
    };
    if (preset) {
      types.set(`family:${preset.name}`, (types.get(`family:${preset.name}`) ?? 0) + 1);
      slots.push({
        ...base,
        services: [...preset.services],
        scenario: { goal: `${preset.description} (preset family ${preset.name})` },
        family: preset.name,
        capabilities: uniq([pair.cap, ...preset.capabilities]).slice(0, 3),
      });
      continue;
    }
    const recipe = spread?.recipe ?? recipeFor({ seed, difficulty, capability: pair.cap, scenarioPath });
    types.set(recipe.source.name, (types.get(recipe.source.name) ?? 0) + 1);
    // (a composition claims no capability only a family exercises: its page is content, not code)
    const caps = uniq([pair.cap, ...recipeCapsOf(recipe).filter((c) => !FAMILY_ONLY_CAPABILITIES.includes(c))]).slice(
      0,
      4,
    );
    slots.push({
      ...base,
      services: recipeServices(recipe),
      scenario: describeRecipe(recipe),
      family: 'compose',
      capabilities: caps,
    });
  }
  return { plan: { plan_version: 1, name: `taxonomy-n${opts.n}-seed${opts.seed}`, slots }, dropped };
}

/** The share of a plan's tasks one record type may have: beyond it a slot's draw goes to the domain's others. */
export const RECORD_TYPE_SHARE = 0.04;
/** The share of slots a capability whose record types all reached the cap still takes (languages need 5%). */
export const CAPABILITY_FLOOR = 0.055;
/** The share of a plan's slots one hand-written family may have. */
export const FAMILY_SHARE = 0.005;

interface SpreadWants {
  seed: number;
  sub: string;
  subs: readonly string[];
  domain: ScenarioDomain;
  cap: Capability;
  difficulty: Difficulty;
  used: ReadonlyMap<string, number>;
  most: number;
}

/**
 * A slot's composition, spread over the record types its domain has: the drawn one while its record type is under
 * the cap, else a redraw (another seed, the same or another sub-scenario) whose record type is, still exercising
 * the slot's capability. A capability only one record type gives (work in a partner's language) keeps it: the
 * least used draw that exercises the capability wins, so no capability loses its slots to the cap.
 */
function spreadRecipe(rng: Rng, w: SpreadWants): { seed: number; sub: string; recipe: Recipe } {
  const make = (seed: number, sub: string) => ({
    seed,
    sub,
    recipe: recipeFor({ seed, difficulty: w.difficulty, capability: w.cap, scenarioPath: `${w.domain}/${sub}` }),
  });
  const first = make(w.seed, w.sub);
  const count = (r: Recipe) => w.used.get(r.source.name) ?? 0;
  if (count(first.recipe) < w.most) return first;
  const gives = (r: Recipe) => recipeCapsOf(r).includes(w.cap);
  const must = gives(first.recipe);
  let best = first;
  for (let k = 0; k < 10; k++) {
    // half the redraws keep the sub-scenario (its other record types), half try another of the domain
    const next = make(rng.int(0, 2 ** 31 - 2), k % 2 === 0 ? w.sub : rng.pick(w.subs));
    if (must && !gives(next.recipe)) continue;
    if (count(next.recipe) < w.most) return next;
    if (count(next.recipe) < count(best.recipe)) best = next;
  }
  return best;
}

function familyFor(domain: ScenarioDomain, cap: Capability): Generator | undefined {
  // (a family whose scenario is no sub-scenario of the taxonomy would label its tasks with one: not planned)
  const subs = SCENARIOS[domain] as readonly string[];
  return GENERATORS.find((f) => {
    const [home, sub] = f.scenario.split('/');
    return (
      home === domain &&
      sub !== undefined &&
      subs.includes(sub) &&
      (f.capabilities.includes(cap) || cap === 'Tool_Calling')
    );
  });
}

// the item with the smallest cost; ties broken by the seeded stream
function leastBy<T>(rng: Rng, items: readonly T[], cost: (t: T) => number): T {
  let best: T[] = [];
  let min = Number.POSITIVE_INFINITY;
  for (const it of items) {
    const c = cost(it);
    if (c < min) {
      min = c;
      best = [it];
    } else if (c === min) best.push(it);
  }
  return rng.pick(best);
}

function uniq<T>(xs: readonly T[]): T[] {
  return [...new Set(xs)];
}

/** Coverage counts of a plan (slots weighted by count). */
export function planStats(
  plan: Plan,
): Record<'capability' | 'domain' | 'difficulty' | 'family' | 'service', Record<string, number>> {
  const out = { capability: {}, domain: {}, difficulty: {}, family: {}, service: {} } as Record<
    'capability' | 'domain' | 'difficulty' | 'family' | 'service',
    Record<string, number>
  >;
  const add = (dim: keyof typeof out, k: string, n: number) => {
    out[dim][k] = (out[dim][k] ?? 0) + n;
  };
  for (const s of plan.slots) {
    const fam = s.family ? GENERATORS.find((f) => f.name === s.family) : undefined;
    for (const c of s.capabilities ?? fam?.capabilities ?? []) add('capability', c, s.count);
    add('domain', (s.scenario_path ?? fam?.scenario ?? '(unlabelled)').split('/')[0] as string, s.count);
    add('difficulty', s.difficulty, s.count);
    add('family', s.family ?? '(llm only)', s.count);
    for (const svc of s.services) add('service', svc, s.count);
  }
  return out;
}
