import type { Predicate, Rec, World } from './types.js';

// helpers every source part uses: a predicate, the staff member behind an owner field, an ISO date.

export const pred = (id: string, phrase: string, apply: (r: Rec, ok: boolean, w: World) => void): Predicate => ({
  id,
  phrase,
  apply,
});
export const byEmail = (w: World, email: unknown) => w.staff.find((p) => p.email === email || p.name === email);
export const dateOnly = (iso: string) => iso.slice(0, 10);
