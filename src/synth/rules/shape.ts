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
        : // (a hard rule weighs four things where it can: at three it differed from an easy one only in its records)
          roll < 0.25
          ? { all: 2, any: 0, unless: true }
          : roll < 0.6
            ? { all: 2, any: 2, unless: false }
            : { all: 3, any: 0, unless: true };
  // never more conditions than fields: alternatives give way to an exception first (dropping them alone left a hard
  // rule of two conditions on a record type with few fields), then the exception, then a condition
  while (s.all + s.any + (s.unless ? 1 : 0) > fields) {
    if (s.any) {
      s.any = 0;
      s.unless = true;
    } else if (s.unless) s.unless = false;
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

/**
 * Whether a rule weighs fewer conditions than its difficulty asks for: a hard rule weighs four where its record
 * type allows (review 31: at three, hard differed from easy only in the records' count, and 151 of 333 hard tasks
 * had nothing else either — no branch, cap or mid-task change)
 */
export const thinForBand = (r: Rule, d: Difficulty): boolean => weightOf(r) < (d === 'hard' ? FLOOR + 1 : FLOOR);
