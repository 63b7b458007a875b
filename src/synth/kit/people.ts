import type { Rng } from '../../env/rng.js';
import { shuffle } from './ids.js';
import { FIRST_NAMES, LAST_NAMES } from './words-data.js';

// the people and organisations of a task: one Person type for every generator.

/** A coworker, contact or customer: display name, first name, address. */
export interface Person {
  name: string;
  first: string;
  email: string;
}

/**
 * A person's private address, the one they write from at home: a household's mail (its rules, its bills' summary,
 * a sign-off) goes between household members, never through anyone's work address.
 */
export const homeAddress = (p: Person | undefined): string =>
  `${(p?.name ?? 'home').toLowerCase().replace(/[^a-z]+/g, '.')}@homemail.example`;

/** An organisation with a slug usable as a mail domain. */
export interface Company {
  name: string;
  domain: string;
}

/** `n` distinct people at `domain` from the curated names (first.last addresses; no address contains another). */
export function staffOf(rng: Rng, n: number, domain: string): Person[] {
  const firsts = shuffle(rng, FIRST_NAMES);
  const lasts = shuffle(rng, LAST_NAMES);
  return Array.from({ length: n }, (_, i) => {
    const first = firsts[i % firsts.length] as string;
    const last = lasts[i % lasts.length] as string;
    return { name: `${first} ${last}`, first, email: `${first}.${last}@${domain}`.toLowerCase() };
  });
}

/** `k` people none of whose addresses contains another (a `contains` matcher would confuse them) */
export function separable(pool: readonly Person[], taken: readonly string[], k: number): Person[] {
  const used = [...taken];
  const out: Person[] = [];
  for (const p of pool) {
    if (out.length === k) break;
    if (used.some((e) => e.includes(p.email) || p.email.includes(e))) continue;
    used.push(p.email);
    out.push(p);
  }
  if (out.length < k) throw new Error(`could not find ${k} separable people`);
  return out;
}
