import type { World } from '../parts.js';
import type { Recipe } from '../recipe.js';
import { renderRequest } from '../render.js';
import type { Program } from './records.js';

// phase 6, request: what the coworker writes — the selection (stated or pointed at), the action, the
// aggregate (with the figure when a check wants it there), the constraint, the question.

function renderAction(recipe: Recipe, w: World): string {
  const a = recipe.action;
  if (!a) return '';
  const p = a.phrases[Math.floor(recipe.phrasing / 7) % a.phrases.length] as string;
  const fill = a.fill?.(w) ?? {};
  return (
    p
      .replace('{owner}', recipe.join?.phrase ?? recipe.source.ownerRole ?? 'owner')
      .replace('{noun}', recipe.source.noun[0])
      .replace(/\{(\w+)\}/g, (m, k: string) => fill[k] ?? m)
      // a join phrase brings its own article: "to the the account manager", "to each the owner"
      .replace(/\b(the|each|every) the\b/g, '$1')
  );
}

// the request says the figure belongs in the summary when a check wants it there
const withFigure = (phrase: string, wanted: boolean) =>
  wanted && !/figure/.test(phrase) ? `${phrase}, including the figure I ask you for below` : phrase;

/** Phase 6: the request text. */
export function requestOf(p: Program, figure: boolean): string {
  const { recipe, w, dest } = p;
  const agg = recipe.aggregate;
  const aggregatePhrase =
    agg && dest
      ? (agg.phrases[recipe.phrasing % agg.phrases.length]?.replace(
          '{dest}',
          recipe.interaction === 'ask' ? `the ${agg.destination} I'll give you` : dest.phrase,
        ) as string)
      : undefined;
  return renderRequest({
    recipe,
    w,
    criteria: p.criteria,
    pointer: recipe.policy.pointer(p.policyTitle),
    ...(recipe.action ? { action: renderAction(recipe, w) } : {}),
    ...(aggregatePhrase !== undefined ? { aggregate: withFigure(aggregatePhrase, figure) } : {}),
    ...(recipe.trap ? { constraint: recipe.trap.constraint } : {}),
    computation: recipe.computation.ask(p.src),
    ...(recipe.interaction === 'ask' ? { ask: `Ask me for the ${agg?.destination} first.` } : {}),
  });
}
