import type { Rng } from '../../env/rng.js';
import type { ScenarioDomain } from '../../schema/taxonomy.js';
import type { Person, World } from './types.js';
import { FIRST_NAMES, LAST_NAMES, VOCAB } from './vocab-data.js';

// seeded picks from the curated vocabulary, plus the clock arithmetic parts share.

export function shuffled<T>(rng: Rng, xs: readonly T[]): T[] {
  const a = [...xs];
  for (let i = a.length - 1; i > 0; i--) {
    const j = rng.int(0, i);
    [a[i], a[j]] = [a[j] as T, a[i] as T];
  }
  return a;
}

/** `n` distinct people at `domain` (first.last addresses; no address contains another). */
export function staffOf(rng: Rng, n: number, domain: string): Person[] {
  const firsts = shuffled(rng, FIRST_NAMES);
  const lasts = shuffled(rng, LAST_NAMES);
  return Array.from({ length: n }, (_, i) => {
    const first = firsts[i % firsts.length] as string;
    const last = lasts[i % lasts.length] as string;
    return { name: `${first} ${last}`, first, email: `${first}.${last}@${domain}`.toLowerCase() };
  });
}

export function slug(s: string): string {
  return s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** Builds the seeded world of one task. */
export function makeWorld(rng: Rng, domain: ScenarioDomain, difficulty: World['difficulty'], today: string): World {
  const vocab = VOCAB[domain];
  const company = rng.pick([
    'acme',
    'northwind',
    'contoso',
    'globex',
    'initech',
    'umbrella-labs',
    'fabrikam',
    'tailspin',
  ]);
  const staff = staffOf(rng, 12, `${company}.example`);
  return { rng, difficulty, domain, vocab, today, me: staff[0] as Person, staff: staff.slice(1), company };
}

/** ISO time `days` (may be fractional) from mock_today. */
export function daysFrom(today: string, days: number): string {
  return new Date(Date.parse(today) + Math.round(days * 24) * 3_600_000).toISOString().replace('.000Z', 'Z');
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
/** "6 March" */
export function dayMonth(iso: string): string {
  const d = new Date(iso);
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]}`;
}

/** Sequential ids from a seeded start, shuffled: TK-4821, TK-4822 … */
export function idsOf(rng: Rng, prefix: string, n: number, width = 4): string[] {
  const start = rng.int(10 ** (width - 1), 10 ** width - n - 1);
  return shuffled(
    rng,
    Array.from({ length: n }, (_, i) => `${prefix}${String(start + i).padStart(width, '0')}`),
  );
}

/** Money with two decimals, as the services store it. */
export const money = (x: number) => Math.round(x * 100) / 100;
