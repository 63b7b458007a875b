import { createRng } from '../../env/rng.js';
import type { TaskSpecInput } from '../../schema/task-spec.js';
import {
  type Capability,
  type Difficulty,
  SCENARIO_DOMAINS,
  SCENARIOS,
  type ScenarioDomain,
} from '../../schema/taxonomy.js';
import type { Generator, GeneratorContext } from '../kit/generator.js';
import { DOMAIN_SERVICES } from '../kit/taxonomy-rules.js';
import { type CompileInput, compileRecipe } from './compile/index.js';
import { hostPath, labelPath } from './packs/scenarios.js';
import { chooseRecipe, type Recipe, recipeCapabilities, recipeServices, taskDomain } from './recipe.js';
import { PARTS, partServices } from './registry.js';
import { makeWorld } from './world.js';

export { type Recipe, recipeServices, recipeSteps } from './recipe.js';

/** What a composition is chosen for: a taxonomy cell, a difficulty and a seed (plus the slot's services, if any). */
export interface ComposeWants {
  seed: number;
  difficulty: Difficulty;
  capability?: Capability;
  scenarioPath?: string;
  services?: readonly string[];
  /** the month (1–12) of the slot's mock_today: seasonal work only in its season */
  month?: number;
}

/** Whether a seed's task must use the workspace (≈ 40% of seeds; the planner and the generator agree). */
export const wantsWorkspace = (seed: number) => seed % 10 < 4;

function domainOf(path: string | undefined, seed: number): { domain: ScenarioDomain; path: string } {
  const d = (path?.split('/')[0] ?? '') as ScenarioDomain;
  if ((SCENARIO_DOMAINS as string[]).includes(d)) return { domain: d, path: path as string };
  return {
    domain: 'Office_Productivity',
    path: `Office_Productivity/${SCENARIOS.Office_Productivity[seed % SCENARIOS.Office_Productivity.length]}`,
  };
}

/** The recipe of a slot: the same wants always give the same recipe (the planner and the generator agree). */
export function recipeFor(wants: ComposeWants): Recipe {
  const { domain, path } = domainOf(wants.scenarioPath, wants.seed);
  // the sub-scenario (Healthcare/Pet_Care/... → Pet_Care) picks the record types that fit it (packs/scenarios.ts)
  const scenario = path.split('/')[1];
  const choose = (services?: readonly string[]) =>
    chooseRecipe(createRng('compose-recipe', wants.capability ?? '-', domain, wants.difficulty, wants.seed), {
      ...(wants.capability ? { capability: wants.capability } : {}),
      domain,
      ...(scenario ? { scenario } : {}),
      difficulty: wants.difficulty,
      ...(services ? { services } : {}),
      pool: DOMAIN_SERVICES[domain],
      ...(wantsWorkspace(wants.seed) ? { require: 'workspace' } : {}),
      ...(wants.month ? { month: wants.month } : {}),
    });
  // the planner's choice (domain pool); a slot listing other services gets a recipe fitted to them
  const planned = choose();
  const svc = recipeServices(planned);
  if (!wants.services || (svc.length === wants.services.length && svc.every((s) => wants.services?.includes(s))))
    return planned;
  return choose(wants.services);
}

/** CoworkEnv App. D slot content of a recipe: goal, selection, distractors, constraints. */
export function describeRecipe(recipe: Recipe): {
  goal: string;
  selection: string;
  distractors: string;
  constraints: string;
} {
  const { source, join, action, aggregate, computation, policy, trap, interaction } = recipe;
  const fields = source.fields.filter((f) => f.rule !== false).map((f) => f.label);
  const acts = [
    action && `${action.tool} per selected ${source.noun[0]}`,
    aggregate && `${aggregate.tool} over the selection`,
  ].filter(Boolean);
  const who =
    interaction === 'ask'
      ? `; the user holds the ${aggregate?.destination}`
      : interaction === 'change'
        ? '; the user changes a record mid-episode'
        : '';
  return {
    goal: `Select ${source.noun[1]} (${source.service}), ${acts.join(' and ')}, and report ${computation.name}${who}.`,
    selection: `a rule drawn for this task over ${fields.join(', ')} (1–4 conditions, thresholds from the data, perhaps an exception)${join ? `; join: ${join.name}` : ''}${policy.service ? ` (rule written in ${policy.name})` : ' (stated in the request)'}`,
    distractors: `one ${source.noun[0]} missing each condition by a hair (and one meeting the exception), plus records that vary freely`,
    constraints: [
      trap ? `${trap.name}${trap.constraints[0] ? `: ${trap.constraints[0]}` : ''}` : '',
      'no action on records outside the selection',
    ]
      .filter(Boolean)
      .join('; '),
  };
}

/** The compile input of a slot: its recipe and its seeded world (composeTask compiles it). */
export function composeInput(ctx: GeneratorContext): CompileInput {
  const { domain, path } = domainOf(ctx.scenarioPath, ctx.seed);
  const lead = ctx.capabilities?.[0];
  const recipe = recipeFor({
    seed: ctx.seed,
    difficulty: ctx.difficulty,
    ...(lead ? { capability: lead } : {}),
    scenarioPath: path,
    ...(ctx.services ? { services: ctx.services } : {}),
    ...(ctx.mockToday ? { month: Number(ctx.mockToday.slice(5, 7)) } : {}),
  });
  // a task served by another domain's record type (a capability it hosts) is that domain's: its world and its label
  const home = taskDomain(recipe, domain);
  const w = makeWorld(
    createRng('compose-world', domain, ctx.difficulty, ctx.seed),
    home,
    ctx.difficulty,
    ctx.mockToday,
  );
  return {
    id: ctx.id,
    w,
    recipe,
    scenario: home === domain ? labelPath(domain, path, recipe.source.name) : hostPath(home, recipe.source.name),
    lead: lead ?? recipeCapabilities(recipe)[0] ?? 'Tool_Calling',
  };
}

/** Generates one composed task (the `compose` generator). */
export const composeTask = (ctx: GeneratorContext): TaskSpecInput => compileRecipe(composeInput(ctx));

/** The compositional generator: it reads the slot's capabilities, scenario path and services. */
export const composeGenerator: Generator = {
  name: 'compose',
  description:
    'compositional generator: sources × selections × computations × actions × traps × interaction (src/synth/compose)',
  // every service some registered part touches
  services: partServices(PARTS),
  capabilities: ['Tool_Calling', 'Logic_Reasoning', 'Data_Analysis', 'Email_Communication', 'File_Management'],
  scenario: 'Office_Productivity/Email',
  languages: ['en'],
  generate: composeTask,
};
