import type { Rng } from '../../../env/rng.js';
import { oneOf } from '../../kit/content.js';

// How long a contract's current term runs, by its type, and what its notes may say of reviews, breaks and
// confidentiality within it. The note is written before the contract's dates are derived, so both read the term
// from here: a 3-year lease never has a "break clause at year 5", a 1-year subscription no "review every 24 months".

// the terms each type is signed for, in years: a commercial lease runs for years, a subscription for one to three
const TERMS: Readonly<Record<string, readonly number[]>> = {
  lease: [3, 5, 10, 15],
  NDA: [2, 3, 5],
  MSA: [2, 3, 5],
  'supply agreement': [1, 2, 3],
};
const DEFAULT_TERMS = [1, 2, 3];

// a stable number from the contract's id: the same contract has the same term in its note and in its dates
function idHash(id: string): number {
  let h = 2166136261;
  for (const c of id) h = Math.imul(h ^ (c.codePointAt(0) ?? 0), 16777619) >>> 0;
  return h;
}

/** The years the contract's current term runs (its effective date is that many years before it renews). */
export function termYears(rec: Readonly<Record<string, unknown>> | undefined): number {
  const terms = TERMS[String(rec?.contract_type ?? '')] ?? DEFAULT_TERMS;
  return terms[idHash(String(rec?.contract_id ?? '')) % terms.length] as number;
}

const WORDS = ['', 'one', 'two', 'three', 'four', 'five'];
const years = (n: number) => (n === 1 ? 'one-year' : `${WORDS[n] ?? n}-year`);

/** What a lease's note says of its rent and its break, inside its term. */
export function leaseTerms(rng: Rng, term: number): string {
  // a break falls inside the term (year 5 of ten, year 3 of five), rent reviews at five-year intervals only once
  // the lease runs past five
  const brk = [5, 3, 2, 1].find((y) => y < term && (term <= 5 || y === 5)) ?? 1;
  return oneOf(
    rng,
    term > 5 ? 'rent review every five years, upward only' : `rent indexed to CPI each year of the ${years(term)} term`,
    `break clause at year ${brk} on six months' notice`,
    'service charge capped at the 2024 level plus RPI',
    'our standard terms, no material deviations',
  );
}

/** What a fee-bearing contract's note says of its price within its term. */
export const priceReview = (rng: Rng, term: number): string =>
  term > 1
    ? `price review every ${rng.pick(term > 2 ? ['12', '24'] : ['12'])} months, CPI-linked`
    : 'price fixed for the one-year term, reviewed at renewal';

/** How long an NDA keeps its information confidential: its own term. */
export const confidentiality = (term: number): string => `mutual, ${years(term)} confidentiality period`;
