import { drawAtom } from '../../rules/draw.js';
import type { Lean } from '../../rules/draw-atom.js';
import { setAtom } from '../../rules/set-atom.js';
import { modifier } from '../../rules/prose.js';
import type { FieldModel } from '../../rules/fields.js';
import { type Atom, holds, modelOf } from '../../rules/rule.js';
import type { Rec, SourcePart, World } from '../parts.js';
import type { Recipe } from '../recipe.js';
import { type BranchReason, branchPresses, branchReason, type PressKind, pressKindOf } from '../branch-routes.js';
import { cappedBy } from './coherence.js';
import { capitalise } from '../../kit/text.js';

// the branch of a task: a second action for the selected records meeting a further condition

/** The branch: the further condition, its words, and whether a selected record meets it. */
export interface Branch {
  atom: Atom;
  phrase: string;
  /** why its pressing side takes the heavier route (branch-routes.ts) */
  reason: BranchReason;
  meets(rec: Rec): boolean;
}

// the field a branch decides by: one the actions leave alone and a policy may turn on, and one that is a reason
// for the other route whatever the work: a sum of money (the larger go the heavier way) or a date (how long it has
// waited, how soon it falls). A category, a flag or a count is a reason only where the work names it: the cost
// centre does not decide whether a receipt is keyed in or imaged, nor a desk's screens whether it is repaired
// (review 23: 73 tasks split by such a field), and only by a kind the two works differ in weight on, so the pressing
// side can take the heavier route (branch-routes.ts). None: no branch
export function branchFieldOf(
  src: SourcePart,
  writes: Readonly<Record<string, unknown>>,
  w: World,
  recipe: Pick<Recipe, 'action' | 'branch'>,
): FieldModel | undefined {
  const pool = src.fields.filter(
    (f) => !(f.field in writes) && f.rule !== false && f.use !== 'detail' && f.kind !== 'text',
  );
  const reasons = pool.filter((f) => pressOf(recipe, f) !== undefined);
  return pool.length >= 2 && reasons.length ? w.rng.pick(reasons) : undefined;
}

// the kind of the field's pressing side, and whether the branch takes it
function pressOf(
  recipe: Pick<Recipe, 'action' | 'branch'>,
  f: FieldModel,
): { kind: PressKind; presses: boolean } | undefined {
  const kind = pressKindOf(f);
  if (!kind || !recipe.action || !recipe.branch) return undefined;
  const presses = branchPresses(recipe.action.name, recipe.branch.name, kind);
  return presses === undefined ? undefined : { kind, presses };
}

// the side of the field the branch's condition takes: the pressing one (larger, older, nearer) or the other
const LEAN: Readonly<Record<PressKind, readonly [Lean, Lean]>> = {
  money: ['high', 'low'],
  waited: ['stale', 'recent'],
  soon: ['ahead', 'ahead'],
};

// the branch's condition: the first target meets it, the second misses it by a hair, the others (and the late
// record) fall either way
export function branchOf(
  recipe: Recipe,
  field: FieldModel,
  targets: Rec[],
  late: Rec | undefined,
  src: SourcePart,
  w: World,
): Branch {
  const press = pressOf(recipe, field);
  if (!press || !recipe.action || !recipe.branch) throw new Error(`compose: no branch splits by ${field.field}`);
  const atom = drawAtom(field, w.rng, LEAN[press.kind][press.presses ? 0 : 1]);
  const m = modelOf(src.fields, atom);
  const x = { rng: w.rng, today: w.today, vocab: w.vocab };
  // only the first target may sit on the line, and none where the task's figure is the extreme the condition caps
  const edge = (i: number) => i === 0 && !cappedBy({ all: [atom] }, recipe).length;
  targets.forEach((rec, i) =>
    setAtom(atom, m, rec, i === 0 ? true : i === 1 ? false : w.rng.chance(0.5), i === 1, x, edge(i)),
  );
  if (late) setAtom(atom, m, late, w.rng.chance(0.5), false, x, false);
  return {
    atom,
    phrase: modifier(atom, src.fields, w.today, w.rng),
    reason: branchReason(recipe.action.name, recipe.branch.name, field, press.kind, press.presses, (xs) =>
      w.rng.pick(xs),
    ),
    meets: (rec) => holds(atom, rec, w.today),
  };
}

/**
 * The request's clause for a branched work, with its reason: the pressing side's route and why, the other side's
 * and why it is enough (`main`, `other`: the main and branch works, imperative).
 */
export function branchClause(main: string, other: string, b: Branch, w: World): string {
  const { presses, pressing, light } = b.reason;
  // (each side a sentence of its own, as a long branch run together read as one breathless sentence: request-seams.ts)
  // (a reason after a colon, never in brackets: a work that ends on its own brackets, "(high priority, due Friday)",
  // then read two in a row, and "… both days included are the exception" ran a date range into its verb: review 44)
  // (a long work, a to-do with its title and description spelt out, ran "… the order is for instead: those received
  // longest ago come first" together: after one, its reason is a sentence of its own, review 46)
  const long = (x: string) => x.length > 80 || x.includes(':');
  const [p, l] = [capitalise(pressing), capitalise(light)];
  // the main work with the pressing side's reason, once the other side's line is stated: before it, "A higher
  // receipt total is past the routine limit" read ahead of "the ones whose receipt total is €50 or less" (review 52)
  const why = long(main) ? `${main}. ${p}` : `${main}: ${pressing}`;
  return onceSaid(
    presses
      ? w.rng.pick([
          long(other)
            ? `${main}. For those ${b.phrase}, do this instead: ${other}. ${p}`
            : `${main}. For those ${b.phrase}, though, ${other} instead: ${pressing}`,
          long(other)
            ? `for the ones ${b.phrase}, ${other}. ${p}. For all the others, ${main}`
            : `for the ones ${b.phrase}, ${other}, since ${pressing}. For all the others, ${main}`,
        ])
      : w.rng.pick([
          long(other)
            ? `for the ones ${b.phrase}, ${other}. ${l}. For all the others, ${why}`
            : `for the ones ${b.phrase}, ${other}, as ${light}. For all the others, ${why}`,
          long(other)
            ? `${main}. The exception is the ones ${b.phrase}: ${light}. For them, do this instead: ${other}. As for the rest, ${pressing}`
            : `${main}. The exception is the ones ${b.phrase}: ${light}, so for them, ${other} instead; for the rest, ${pressing}`,
        ]),
  );
}

// a list in brackets both works spell out (the glossary's terms) is given once: the second time it points back
// (review 52: the whole glossary twice in one request)
const onceSaid = (text: string): string => {
  const seen = new Set<string>();
  return text.replace(/\([^()]{40,}\)/g, (m) => (seen.has(m) ? '(as above)' : (seen.add(m), m)));
};
