import type { Rng } from '../../env/rng.js';

// seeded ids and orders: sequential ids from a random start, a shuffle, n distinct draws.

export function shuffle<T>(rng: Rng, items: readonly T[]): T[] {
  const a = [...items];
  for (let i = a.length - 1; i > 0; i--) {
    const j = rng.int(0, i);
    [a[i], a[j]] = [a[j] as T, a[i] as T];
  }
  return a;
}

/** `n` distinct values from `make`, retrying collisions (bounded). */
export function distinct<T>(n: number, make: () => T, key: (t: T) => string = String): T[] {
  const out: T[] = [];
  const seen = new Set<string>();
  for (let tries = 0; out.length < n && tries < n * 50; tries++) {
    const v = make();
    const k = key(v);
    if (!seen.has(k)) {
      seen.add(k);
      out.push(v);
    }
  }
  if (out.length < n) throw new Error(`could not make ${n} distinct values`);
  return out;
}

/** Sequential ids from a random start: TK-1042, TK-1043 … in a shuffled order. */
export function ids(rng: Rng, prefix: string, n: number, width = 4): string[] {
  const start = rng.int(10 ** (width - 1), 10 ** width - n - 1);
  return shuffle(
    rng,
    Array.from({ length: n }, (_, i) => `${prefix}${String(start + i).padStart(width, '0')}`),
  );
}
