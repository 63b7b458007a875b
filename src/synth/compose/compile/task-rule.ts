import { drawRule } from '../../rules/draw.js';
import type { FieldModel } from '../../rules/fields.js';
import type { Rule } from '../../rules/rule.js';
import { thinFor, thinForBand } from '../../rules/shape.js';
import { CONCERNS } from '../concerns.js';
import { GRAVE } from '../grave.js';
import { sparedBy, withSpared } from '../spared.js';
import type { SourcePart, World } from '../parts.js';
import { waitsTooLong } from '../policy-act.js';
import { actNamed, type PolicyAct, reviewAct } from '../policy-acts.js';
import { contradicts, glued, saidOf, unsaid } from '../purpose-scope.js';
import type { Recipe } from '../recipe.js';
import { freshNames } from '../sources/kit.js';
import { coherent } from './coherence.js';
import { fromStates } from './from-states.js';
import { alternativeOf } from '../branch-motive.js';
import { lateAtom } from './late-change.js';

// The task's selection rule, drawn for the work its policy section is filed under (records.ts draws the records
// around it).

// the task's rule over the fields nobody else takes; a task whose user changes a record mid-episode needs a
// condition that change can plausibly make true, so the rule is redrawn (seeded) until it has one (no such rule
// over the fields left: the task goes without)
export function ruleOf(
  recipe: Recipe,
  src: SourcePart,
  taken: Readonly<Record<string, unknown>>,
  branchField: FieldModel | undefined,
  w: World,
  work: PolicyAct | undefined,
  tag: string,
): Rule {
  const untaken = src.fields.filter((f) => !(f.field in taken) && f !== branchField);
  // the side each field calls for attention on, unless the work is a go-ahead; the action's own leans first
  // (a generic action's form on this record type, a ward bed's preparation, says which side of it is meant)
  // the section's own reason last, a go-ahead's too: its sides are what the heading promises ("Owner follow-up" of
  // spend is the flagged spend, whatever a generic action leans on; a renewal review, the contracts that renew)
  // (a review is work too: narrowed only where it has a reason, policy-acts.ts `reviewAct`)
  const named = actNamed(src.name, tag);
  const section = named ?? (work ? undefined : reviewAct(src.name, tag));
  const lean = {
    ...(recipe.action?.approves ? {} : CONCERNS[src.name]),
    ...work?.lean,
    ...recipe.action?.lean,
    ...section?.lean,
  };
  // the fields the work itself takes a side on (not the record type's general concerns): the only yes/no fields
  // an exception may turn on
  // (a review's sides are the record type's concerns, which its exceptions may weigh as before)
  const own = Object.keys({ ...work?.lean, ...recipe.action?.lean, ...named?.lean });
  // the magnitudes the reasons claim ("nobody opens": a few views, none for weeks), the section's last
  const bounds = { ...work?.bounds, ...section?.bounds };
  // a scale the reason names is taken whole ("major and critical defects"), unless a wait per value narrows it
  // (an escalation of the critical tickets, which may wait least)
  // where the work is known, only its real scopes narrow it by category (act-scopes.ts)
  const known = section ?? work;
  const scopes = known ? (known.scopes ?? []) : undefined;
  // and only the kinds it has its own reason to spare are excepted (spared.ts): a review's, where it is one
  const pool = withSpared(untaken, known ? known.spared : sparedBy(src.name, tag));
  const fits = (r: Rule) => recipe.interaction !== 'change' || lateAtom(r, src) >= 0;
  // the fields the section's reason turns on are named too (a revocation turns on non-use)
  const reason = section?.must ?? [];
  const must = [...(recipe.action?.must ?? []), ...reason.filter((f) => !recipe.action?.must?.includes(f))];
  // a rule that fits and whose records can agree, of the three conditions every task weighs (shape.ts `thinFor`, in
  // the first 16 draws: counting thinness in all 80 drew every one of them for a work whose rules are thin by
  // nature, half again the generation time, and no fuller rule on seed 1); none in 80 draws: the last that fits,
  // else the last whose records can agree (no rule of a record type that cannot change fits a mid-task change). A rule no owner would write (an urgent record left to
  // wait the routine time) is the last resort of all; one with a narrowing its policy cannot give a reason for is
  // not drawn (`said`), else comes just after its equal
  const from = fromStates(recipe);
  const faults = (r: Rule, tries = 0) =>
    (waitsTooLong(r, section?.waits) ? 8 : 0) +
    (fits(r) ? 0 : 4) +
    (coherent(r, src, w, from) ? 0 : 2) +
    // (a rule stays thin only where no draw at all gave it its floor)
    (tries < 16 && thinFor(r) ? 1 : 0) +
    // (and a hard one of four, in the first 8: past them the three every task weighs do)
    (tries < 8 && !thinFor(r) && thinForBand(r, w.difficulty) ? 1 : 0);
  const best: (Rule | undefined)[] = [];
  const said = saidOf(section, src.name);
  const alternative = alternativeOf(section, src.name);
  for (let tries = 0; tries < 80 && !best[0]; tries++) {
    const r = drawRule(
      pool,
      w.rng,
      w.difficulty,
      lean,
      must,
      own,
      bounds,
      !section?.waits,
      scopes,
      GRAVE[src.name],
      said,
      alternative,
    );
    // (a narrowing stacked for another party than the first is weighed as thinness is, in the first draws: the
    // floor of three comes before it)
    const apart = section ? glued(r, section, src.name).length : 0;
    const off = section ? unsaid(r, section, src.name) - apart : 0;
    best[faults(r, tries) + (off ? 1 : 0) + (tries < 16 && apart ? 1 : 0)] = r;
  }
  let rule = best.find((r) => r !== undefined) as Rule;
  // none could do without one that contradicts it: that is dropped where the rest still selects and fits as well
  const bare = section && { ...rule, all: rule.all.filter((a) => !contradicts(a, section, src.name)) };
  if (bare?.all.length && bare.all.length < rule.all.length && faults(bare) <= faults(rule)) rule = bare;
  // and a narrowing serving another party than the first gives way where the rule keeps its floor without it
  const apart = section && glued(rule, section, src.name);
  const one = apart?.length ? { ...rule, all: rule.all.filter((a) => !apart.includes(a)) } : undefined;
  if (one?.all.length && !thinFor(one) && faults(one) <= faults(rule)) rule = one;
  // (the sample records of `coherent` took no names from the task's)
  freshNames(w);
  return rule;
}
