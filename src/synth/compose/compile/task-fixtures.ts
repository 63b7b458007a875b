import type { Person } from '../../kit/people.js';
import { teamWorld } from '../backgrounds.js';
import type { Fixtures, Parts, Rec, World } from '../parts.js';
import { type Recipe, recipeServices } from '../recipe.js';
import { merge } from './merge-fixtures.js';

// the fixtures phase 1 adds around a task's records (records.ts): the people the records lead to, and background
// records for the services the parts left empty

/** The owner of each record by id: a join's, else the one the record names. */
export function owners(recipe: Recipe, records: Rec[], w: World, fixtures: Fixtures): Map<string, Person> {
  const src = recipe.source;
  if (recipe.join) {
    const j = recipe.join.attach(records, src, w);
    merge(fixtures, j.fixtures);
    return j.owner;
  }
  const owner = new Map<string, Person>();
  if (src.owner)
    for (const rec of records) {
      const o = src.owner(rec, w);
      if (o) owner.set(String(rec[src.idField]), o);
    }
  return owner;
}

/** Every service the task lists holds data: those the parts left empty get background records. */
export function backgrounds(recipe: Recipe, w: World, fixtures: Fixtures, parts: Parts<string>): void {
  for (const s of recipeServices(recipe)) {
    if (fixtures[s] && Object.keys(fixtures[s]).length) continue;
    const team = teamWorld(w, recipe.source);
    const topic = w.rng.pick(team.vocab.topics);
    const bg = parts.backgrounds.find((b) => b.service === s);
    if (bg) merge(fixtures, { [s]: bg.records(team, topic) });
  }
}
