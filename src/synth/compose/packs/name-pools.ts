import { createRng } from '../../../env/rng.js';
import { shuffle } from '../../kit/ids.js';
import { FIRST_NAMES, LAST_NAMES } from '../../kit/words-data.js';
import type { World } from '../parts.js';
import { nth } from './table-source.js';

// Pools of names several times a task's rows, so that tasks do not all hold the same dozen names: a list of 13
// field names puts nearly all of them in every task of 12 plots, and "Twelve Acres" in almost every field-plot task
// of the corpus. Names composed from parts that read naturally together (a field's "Church" and "Meadow", a
// person's given and family name), in a fixed order shuffled once, so every pairing is as likely at any start.

/** Every pairing of `heads` and `tails` (joined by `join`), in an order fixed by `key`. */
export function composed(
  key: string,
  heads: readonly string[],
  tails: readonly string[],
  join: (head: string, tail: string) => string = (h, t) => `${h} ${t}`,
): readonly string[] {
  return shuffle(
    createRng('name-pool', key),
    heads.flatMap((h) => tails.map((t) => join(h, t))),
  );
}

const surname = (name: string) => name.slice(name.lastIndexOf(' ') + 1);

// the people outside the team a record names (a patient, a student): the given and family names of the curated
// lists with those of `extra`, none sharing a family name with the task's staff (a patient "Okafor" beside a
// colleague Okafor reads as the same family or the same person)
const outsiders = new WeakMap<World, Map<string, readonly string[]>>();

/** Record i's outside person of `kind` (patients, students…), from a pool of hundreds, distinct within a task. */
export function outsider(w: World, kind: string, extra: readonly string[], i: number): string {
  let byKind = outsiders.get(w);
  if (!byKind) outsiders.set(w, (byKind = new Map()));
  let pool = byKind.get(kind);
  if (!pool) {
    const staff = new Set(w.staff.map((p) => surname(p.name)));
    const firsts = [...new Set([...FIRST_NAMES, ...extra.map((n) => n.slice(0, n.indexOf(' ')))])];
    const lasts = [...new Set([...LAST_NAMES, ...extra.map(surname)])].filter((l) => !staff.has(l));
    pool = composed(kind, firsts, lasts);
    byKind.set(kind, pool);
  }
  return nth(w, pool, i);
}
