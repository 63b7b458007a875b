import type { Rule } from '../../rules/rule.js';
import { thinFor, weightOf } from '../../rules/shape.js';
import type { FieldModel } from '../../rules/fields.js';
import type { World } from '../parts.js';
import type { PolicyAct } from '../policy-act.js';
import { actNamed, formsOf } from '../policy-acts.js';
import { workOf } from '../place-aggregates.js';
import { reviewTagsOf } from '../purposes.js';
import type { Recipe } from '../recipe.js';
import { branchFieldOf } from './branch.js';
import { type FromStates, narrowedFrom, undoneOf } from './from-states.js';
import { computedWindow } from './computed-window.js';
import { perCategoryRule } from '../../rules/per-category.js';
import { createRng } from '../../../env/rng.js';
import type { Difficulty } from '../../../schema/taxonomy.js';
import { ruleOf } from './task-rule.js';

// The section a task's rule is filed under and the rule itself (records.ts draws the records around it). Every
// difficulty promises three things weighed (shape.ts): where the form of the work drawn gives only rules thinner
// than that (a breached guardrail is reason enough to pause an experiment, and its act leaves nothing else to
// weigh), the record type's other forms of the work are tried before a thin rule is kept.

interface Section {
  work: PolicyAct | undefined;
  tag: string;
  /** the fields the rule and the branch leave alone: what the actions write or act from */
  taken: Readonly<Record<string, unknown>>;
  /** what the actions write, bar a flag whose undone side is the section's own reason (not yet diarised) */
  writes: Readonly<Record<string, string | boolean>>;
  branchField: FieldModel | undefined;
  rule: Rule;
}

// one form of the work: its heading, the fields left to the rule, and the rule
function drawn(
  recipe: Recipe,
  w: World,
  work: PolicyAct | undefined,
  all: Readonly<Record<string, string | boolean>>,
  from: FromStates,
): Section {
  const src = recipe.source;
  const tag = w.rng.pick(work?.sections ?? recipe.action?.sections ?? reviewTagsOf(src.name));
  // the fields the actions write or act from are theirs: the rule and the branch leave them alone, bar a flag whose
  // undone side is the work's own reason (not yet diarised): the rule takes that, and the records already done stay
  const undone = undoneOf(all, actNamed(src.name, tag)?.lean);
  const writes = Object.fromEntries(Object.entries(all).filter(([f]) => !undone.includes(f)));
  // (and a field every record holds alike today is no one's: out of its season, irrigation is off everywhere)
  const idle = Object.fromEntries((src.idle?.(w) ?? []).map((f) => [f, true]));
  // (and a state the actions act from that the work's reason narrows is the rule's to name: a brand sign-off hold
  // stops finished work at review, never a brief the action could also hold: narrowedFrom)
  const narrowed = narrowedFrom(from, actNamed(src.name, tag)?.lean);
  const taken = Object.fromEntries(
    Object.entries({ ...idle, ...writes, ...from }).filter(([f]) => !narrowed.includes(f)),
  );
  // the branch's field is chosen first, so that the rule leaves it alone; never one the section's reason turns on,
  // which its rule names (an owner follow-up on rising errors is not split by the error rate)
  const reasons = Object.fromEntries((actNamed(src.name, tag)?.must ?? []).map((f) => [f, true]));
  const branchField = recipe.branch ? branchFieldOf(src, { ...taken, ...reasons }, w, recipe) : undefined;
  // (a hard task's calendar window may be counted in working days past the office's closures: computed-window.ts)
  const drawnRule = ruleOf(recipe, src, taken, branchField, w, work, tag);
  const counted = computedWindow(drawnRule, src, w.difficulty, w.today, recipe.phrasing);
  // (and a threshold's line may differ by a category of the record: per-category.ts)
  const rule = perCategoryLine(counted, src, w.difficulty, recipe.phrasing, [
    ...Object.keys(taken),
    ...(branchField ? [branchField.field] : []),
  ]);
  return { work, tag, taken, writes, branchField, rule };
}

/** The share (in %) of a difficulty's rules with a threshold and a category beside it whose line differs by it. */
export const PER_CATEGORY_SHARE: Readonly<Record<Difficulty, number>> = { easy: 90, medium: 50, hard: 40 };

// drawn from a stream of the task's phrasing number, so that no other draw of the task moves
function perCategoryLine(
  rule: Rule,
  src: { fields: readonly FieldModel[] },
  d: Difficulty,
  phrasing: number,
  avoid: readonly string[],
): Rule {
  const rng = createRng('per-category', phrasing);
  return rng.int(0, 99) < PER_CATEGORY_SHARE[d] ? perCategoryRule(rule, src.fields, rng, avoid) : rule;
}

/**
 * The section of the work a task's rule is filed under, and its rule: one of the action's forms on the record type
 * where it has several (a task's reason is drawn, not fixed), the next form where a hard task's rule came out thin.
 */
export function sectionAndRule(
  recipe: Recipe,
  w: World,
  all: Readonly<Record<string, string | boolean>>,
  from: FromStates,
): Section {
  const forms = [...formsOf(recipe.source.name, recipe.action?.name ?? workOf(recipe.aggregate))];
  // (a work with one form may still be filed under several headings, each its own act: a few draws of those; an
  // easy or medium task's second draw reaches the floor as often as a hard task's third, at less cost)
  const tries = Math.max(w.difficulty === 'hard' ? 3 : 2, forms.length);
  let chosen: Section | undefined;
  for (let k = 0; k < tries && (!chosen || thinFor(chosen.rule)); k++) {
    const work = forms.length > 1 ? forms.splice(w.rng.int(0, forms.length - 1), 1)[0] : forms[0];
    const next = drawn(recipe, w, work, all, from);
    // (none reaching the floor: the fullest of them, never a lone condition where another form weighs two)
    if (!chosen || weightOf(next.rule) > weightOf(chosen.rule)) chosen = next;
  }
  return chosen as Section;
}
