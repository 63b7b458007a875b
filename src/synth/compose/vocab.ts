import type { Rng } from '../../env/rng.js';
import type { ScenarioDomain } from '../../schema/taxonomy.js';
import type { Person, World } from './types.js';
import { shuffle } from '../families/kit.js';
import { FIRST_NAMES, LAST_NAMES, VOCAB } from './vocab-data.js';

// seeded picks from the curated vocabulary, plus the clock arithmetic parts share (shuffling, ids and
// the human date come from families/kit.ts, which the preset families use too).

/** `n` distinct people at `domain` (first.last addresses; no address contains another). */
export function staffOf(rng: Rng, n: number, domain: string): Person[] {
  const firsts = shuffle(rng, FIRST_NAMES);
  const lasts = shuffle(rng, LAST_NAMES);
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

/** Money with two decimals, as the services store it. */
export const money = (x: number) => Math.round(x * 100) / 100;
