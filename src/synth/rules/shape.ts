import type { Rng } from '../../env/rng.js';
import type { Difficulty } from '../../schema/taxonomy.js';

// How many conditions a drawn rule has, and of which shape, per difficulty (rules/draw.ts).

/** How many conditions, and of which shape, a difficulty asks for. */
export function shapeOf(d: Difficulty, rng: Rng, fields: number): { all: number; any: number; unless: boolean } {
  const roll = rng.next();
  const s =
    // an easy task mostly weighs three things (two conditions and an exception, or three conditions): what keeps
    // it easy is a single record type and no alternatives ("either … or …"), joins or branches, not a thin rule
    d === 'easy'
      ? roll < 0.55
        ? { all: 2, any: 0, unless: true }
        : roll < 0.85
          ? { all: 3, any: 0, unless: false }
          : roll < 0.93
            ? { all: 2, any: 0, unless: false }
            : { all: 1, any: 0, unless: true }
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
