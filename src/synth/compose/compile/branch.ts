import { drawAtom } from '../../rules/draw.js';
import { setAtom } from '../../rules/set-atom.js';
import { modifier } from '../../rules/prose.js';
import type { FieldModel } from '../../rules/fields.js';
import { type Atom, holds, modelOf } from '../../rules/rule.js';
import type { Rec, SourcePart, World } from '../parts.js';
import type { Recipe } from '../recipe.js';
import { cappedBy } from './coherence.js';

// the branch of a task: a second action for the selected records meeting a further condition

/** The branch: the further condition, its words, and whether a selected record meets it. */
export interface Branch {
  atom: Atom;
  phrase: string;
  meets(rec: Rec): boolean;
}

// the field a branch decides by: one the actions leave alone and a policy may turn on, and one that is a reason
// for the other route whatever the work: a sum of money (the larger go the heavier way) or a date (how long it has
// waited, how soon it falls). A category, a flag or a count is a reason only where the work names it: the cost
// centre does not decide whether a receipt is keyed in or imaged, nor a desk's screens whether it is repaired
// (review 23: 73 tasks split by such a field). None: no branch
export function branchFieldOf(
  src: SourcePart,
  writes: Readonly<Record<string, unknown>>,
  w: World,
): FieldModel | undefined {
  const pool = src.fields.filter(
    (f) => !(f.field in writes) && f.rule !== false && f.use !== 'detail' && f.kind !== 'text',
  );
  const reasons = pool.filter((f) => f.kind === 'date' || (f.kind === 'number' && Boolean(f.currency)));
  return pool.length >= 2 && reasons.length ? w.rng.pick(reasons) : undefined;
}

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
  const atom = drawAtom(field, w.rng);
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
    meets: (rec) => holds(atom, rec, w.today),
  };
}
