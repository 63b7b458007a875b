import type { Person } from '../kit/people.js';
import type { Predicate, Rec, World } from './types.js';

// helpers every source part uses: a predicate, the staff member behind an owner field, an ISO date.

export const pred = (id: string, phrase: string, apply: (r: Rec, ok: boolean, w: World) => void): Predicate => ({
  id,
  phrase,
  apply,
});
export const byEmail = (w: World, email: unknown) => w.staff.find((p) => p.email === email || p.name === email);
/** The i-th entry of a vocabulary list, wrapping around: record i's company, product or topic. */
export const cycle = (xs: readonly string[], i: number): string => xs[i % xs.length] as string;
/** The colleague who owns record i (never the user, never the first colleague: those play other roles). */
export const colleague = (w: World, i: number): Person => w.staff[(i % 8) + 2] as Person;
