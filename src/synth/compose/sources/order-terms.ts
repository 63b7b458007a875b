import { shuffle } from '../../kit/ids.js';
import { daysFrom } from '../../rules/fields.js';
import { at, dateOf } from '../../kit/dates.js';
import type { Rec, World } from '../parts.js';

// An order falls due its terms after it is placed (net 30: thirty days on), and credit control chases only what
// is overdue. The order book's open orders agree: one still open three weeks after it was placed is at least a
// week past its terms, so the chase a credit-control policy draws over its age (acts-orders.ts, from 21 days) never
// reaches an order still inside net 60.

/** The days an order's terms give the customer to pay ("net 30": 30). */
export const termDays = (terms: unknown): number => Number(String(terms).match(/\d+/)?.[0] ?? 0);

/** The age from which an open order is past its terms: a credit-control chase starts no earlier. */
export const CHASED_FROM = 21;
/** How far past its terms an open order of that age is at least. */
const PAST_DUE = 7;

const OPEN: ReadonlySet<string> = new Set(['unpaid', 'part-paid']);

/**
 * The changes that make an open order's age, terms and reminders agree (SourcePart.agree): an order still open
 * CHASED_FROM days or more after it was placed gets shorter terms it is a week past, else is placed again inside its
 * terms; one not yet due has had no reminder (else it is on shorter terms it is past); none when it agrees (paid,
 * disputed, fresh and unreminded, or past due already).
 */
export function pastItsTerms(rec: Rec, w: World, terms: readonly string[]): Rec[] {
  const age = -daysFrom(w.today, rec.order_date);
  // (a reminder is dunning, sent once an order is overdue: an open order not yet due has had none)
  if (OPEN.has(String(rec.status)) && age <= termDays(rec.terms) && Number(rec.reminders) > 0) {
    const overdue = terms.filter((t) => age - termDays(t) >= PAST_DUE).map((t) => ({ terms: t }));
    return [{ reminders: 0 }, ...shuffle(w.rng, overdue)];
  }
  if (!OPEN.has(String(rec.status)) || age < CHASED_FROM || age - termDays(rec.terms) >= PAST_DUE) return [];
  const shorter = terms.filter((t) => age - termDays(t) >= PAST_DUE).map((t) => ({ terms: t }));
  // (placed again inside its terms: a fresh order not yet due, which no chase counts)
  const back = w.rng.int(1, Math.min(termDays(rec.terms), CHASED_FROM) - 1);
  const fresh = { order_date: `${dateOf(at(w.today, { days: -back }))}${String(rec.order_date).slice(10)}` };
  return [...shuffle(w.rng, shorter), fresh];
}
