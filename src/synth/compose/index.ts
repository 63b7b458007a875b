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
import { compileRecipe } from './compile.js';
import { chooseRecipe, type Recipe, recipeCapabilities, recipeServices } from './recipe.js';
import { makeWorld } from './world.js';

export { type Recipe, recipeServices, recipeSteps } from './recipe.js';

/** What a composition is chosen for: a taxonomy cell, a difficulty and a seed (plus the slot's services, if any). */
export interface ComposeWants {
  seed: number;
  difficulty: Difficulty;
  capability?: Capability;
  scenarioPath?: string;
  services?: readonly string[];
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
export function recipeFor(w: ComposeWants): Recipe {
  const { domain } = domainOf(w.scenarioPath, w.seed);
  const choose = (services?: readonly string[]) =>
    chooseRecipe(createRng('compose-recipe', w.capability ?? '-', domain, w.difficulty, w.seed), {
      ...(w.capability ? { capability: w.capability } : {}),
      domain,
      difficulty: w.difficulty,
      ...(services ? { services } : {}),
      pool: DOMAIN_SERVICES[domain],
      ...(wantsWorkspace(w.seed) ? { require: 'workspace' } : {}),
    });
  // the planner's choice (domain pool); a slot listing other services gets a recipe fitted to them
  const planned = choose();
  const svc = recipeServices(planned);
  if (!w.services || (svc.length === w.services.length && svc.every((s) => w.services?.includes(s)))) return planned;
  return choose(w.services);
}

/** CoworkEnv App. D slot content of a recipe: goal, selection, distractors, constraints. */
export function describeRecipe(r: Recipe): {
  goal: string;
  selection: string;
  distractors: string;
  constraints: string;
} {
  const preds = r.source.predicates.slice(0, r.predicates);
  const acts = [
    r.action && `${r.action.tool} per selected ${r.source.noun[0]}`,
    r.aggregate && `${r.aggregate.tool} over the selection`,
  ].filter(Boolean);
  return {
    goal: `Select ${r.source.noun[1]} (${r.source.service}), ${acts.join(' and ')}, and report ${r.computation.name}${r.interaction === 'ask' ? '; the user holds the ' + r.aggregate?.destination : ''}${r.interaction === 'change' ? '; the user changes a record mid-episode' : ''}.`,
    selection: `${preds.map((p) => p.phrase).join('; ')}${r.join ? `; join: ${r.join.name}` : ''}${r.policy.service ? ` (rule written in ${r.policy.name})` : ' (stated in the request)'}`,
    distractors: `one ${r.source.noun[0]} failing each condition (${preds.map((p) => `not ${p.id}`).join(', ')}) and one failing all`,
    constraints: [r.trap ? `${r.trap.name}: ${r.trap.constraint}` : '', 'no action on records outside the selection']
      .filter(Boolean)
      .join('; '),
  };
}

/** Generates one composed task (the `compose` family). */
export function composeTask(ctx: GeneratorContext): TaskSpecInput {
  const { domain, path } = domainOf(ctx.scenarioPath, ctx.seed);
  const lead = ctx.capabilities?.[0];
  const recipe = recipeFor({
    seed: ctx.seed,
    difficulty: ctx.difficulty,
    ...(lead ? { capability: lead } : {}),
    scenarioPath: path,
    ...(ctx.services ? { services: ctx.services } : {}),
  });
  const rng = createRng('compose-world', domain, ctx.difficulty, ctx.seed);
  const w = makeWorld(rng, domain, ctx.difficulty, ctx.mockToday);
  return compileRecipe({
    id: ctx.id,
    w,
    rng,
    recipe,
    scenario: path,
    lead: lead ?? recipeCapabilities(recipe)[0] ?? 'Tool_Calling',
  });
}

/** The compositional generator: it reads the slot's capabilities, scenario path and services. */
export const composeGenerator: Generator = {
  name: 'compose',
  description:
    'compositional generator: sources × selections × computations × actions × traps × interaction (src/synth/compose)',
  services: [
    'helpdesk',
    'crm',
    'inventory',
    'finance',
    'scheduler',
    'config',
    'todo',
    'gmail',
    'rss',
    'workspace',
    'kb',
    'notes',
    'contacts',
    'calendar',
    'web',
  ],
  capabilities: ['Tool_Calling', 'Logic_Reasoning', 'Data_Analysis', 'Email_Communication', 'File_Management'],
  scenario: 'Office_Productivity/Email',
  languages: ['en'],
  generate: composeTask,
};
