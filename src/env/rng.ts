import { uniformFloat64 } from 'pure-rand/distribution/uniformFloat64';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { createHash } from 'node:crypto';

/** A seeded random stream; the same seed parts always give the same sequence. */
export interface Rng {
  /** uniform in [0, 1) */
  next(): number;
  /** uniform integer in [from, to] */
  int(from: number, to: number): number;
  pick<T>(items: readonly T[]): T;
  /** true with probability p */
  chance(p: number): boolean;
}

/** A stream that can be forked: the fork continues from the same point, independently. */
export interface ForkableRng extends Rng {
  fork(): ForkableRng;
}

/** Derives a stream from any seed parts (seed, trial, task id, purpose…) via sha256. */
export function createRng(...parts: readonly (string | number)[]): ForkableRng {
  const digest = createHash('sha256').update(parts.join('\u0000')).digest();
  return streamOf(xoroshiro128plus(digest.readInt32LE(0)));
}

function streamOf(gen: ReturnType<typeof xoroshiro128plus>): ForkableRng {
  return {
    fork: () => streamOf(gen.clone()),
    next: () => uniformFloat64(gen),
    int: (from, to) => uniformInt(gen, from, to),
    pick<T>(items: readonly T[]): T {
      if (items.length === 0) throw new Error('pick from an empty list');
      return items[uniformInt(gen, 0, items.length - 1)] as T;
    },
    chance: (p) => p > 0 && uniformFloat64(gen) < p,
  };
}
