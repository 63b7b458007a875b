import type { Person } from '../../kit/people.js';
import type { Fixtures, Rec, SourcePart, World } from '../parts.js';

// helpers every source part uses: its definition (keeping its name's literal type), the staff member behind an
// owner field, the records as fixtures.

/** A source part; its literal name joins the SourceName union when it is registered (sources/index.ts). */
export const defineSource = <const N extends string>(part: SourcePart<N>): SourcePart<N> => part;

export const byEmail = (w: World, email: unknown) => w.staff.find((p) => p.email === email || p.name === email);
/** The i-th entry of a vocabulary list, wrapping around: record i's company, product or topic. */
export const cycle = (xs: readonly string[], i: number): string => xs[i % xs.length] as string;
/** The colleague who owns record i (never the user, never the first colleague: those play other roles). */
export const colleague = (w: World, i: number): Person => w.staff[(i % 8) + 2] as Person;

/** The records of `src` as initial state: its own `fixtures`, else its collection of its service. */
export function sourceFixtures(src: SourcePart, records: Rec[], w: World): Fixtures {
  if (src.fixtures) return src.fixtures(records, w);
  return { [src.service]: { [src.collection ?? src.name]: records } };
}
