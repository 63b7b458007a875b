import type { Rng } from '../../env/rng.js';
import type { Difficulty } from '../../schema/taxonomy.js';
import type { Rule } from './rule.js';

// How many conditions a drawn rule has, and of which shape, per difficulty (rules/draw.ts).

/** How many conditions, and of which shape, a difficulty asks for. */
export function shapeOf(d: Difficulty, rng: Rng, fields: number): { all: number; any: number; unless: boolean } {
  const roll = rng.next();
  const s =
    // an easy task weighs three things too (two conditions and an exception, or three conditions): what keeps it
    // easy is a single record type and no alternatives ("either … or …"), joins or branches, not a thin rule (a
    // shape of two, drawn one easy rule in seven, was one condition and an exception with the ids to copy)
    d === 'easy'
      ? roll < 0.62
        ? { all: 2, any: 0, unless: true }
        : { all: 3, any: 0, unless: false }
      : d === 'medium'
        ? roll < 0.45
          ? { all: 2, any: 0, unless: true }
          : roll < 0.7
            ? { all: 1, any: 2, unless: false }
            : { all: 3, any: 0, unless: false }
        : roll < 0.5
          ? { all: 2, any: 0, unless: true }
          : roll < 0.75
            ? { all: 2, any: 2, unless: false }
            : { all: 3, any: 0, unless: true };
  // never more conditions than fields
  while (s.all + s.any + (s.unless ? 1 : 0) > fields) {
    if (s.any) s.any = 0;
    else if (s.unless) s.unless = false;
    else s.all--;
  }
  return s;
}

// every task weighs three things at least (a lone date window is a filter, not a judgement, and a window and a flag
// is a query a pattern-matcher guesses): what makes a task easy is one record type with no alternatives, joins or
// branches, not a thin rule (shapeOf). A rule drawn thinner counts as a fault in the first draws of records.ts's
// best-of-many (the fuller draws fail coherence and purpose more often, so the best drifted to the thinnest: hard
// rules held 2.49 conditions, easy ones 2.54); a work whose rules are thin by nature (a diary entry for every
// deadline due soon) settles for one after them
const FLOOR = 3;

/** How many conditions a rule weighs: every one, the alternatives and the exception. */
export const weightOf = (r: Rule): number => r.all.length + (r.any?.length ?? 0) + (r.unless ? 1 : 0);

/** Whether a rule has fewer conditions than any task's rule weighs. */
export const thinFor = (r: Rule): boolean => weightOf(r) < FLOOR;
