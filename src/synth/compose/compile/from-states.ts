import type { Rec, SourcePart, World } from '../parts.js';
import type { Recipe } from '../recipe.js';

// the states a task's actions act from and write: every record the rule comes near holds a from-state, and a
// record the action is not meant to touch does not already hold the state the action writes

/** Per field, the values every record the rule comes near holds: the states the task's actions act from. */
export type FromStates = Readonly<Record<string, readonly string[]>>;

/** The actions' from-states, intersected where both actions read one field (disjoint: the main action's). */
export function fromStates(recipe: Recipe): FromStates {
  const out: Record<string, readonly string[]> = { ...recipe.action?.from };
  for (const [field, values] of Object.entries(recipe.branch?.from ?? {})) {
    const both = out[field]?.filter((v) => values.includes(v)) ?? values;
    out[field] = both.length ? both : (out[field] ?? values);
  }
  return out;
}

/**
 * The fields whose from-states the section's reason narrows to some of them: an action that may hold a design job at
 * any stage, filed under a sign-off hold that gates release (the jobs at review or with the requester). Its rule
 * names the states the reason does, so a job still in design is a near miss rather than held.
 */
export function narrowedFrom(from: FromStates, lean: Readonly<Record<string, unknown>> = {}): string[] {
  return Object.keys(from).filter((f) => {
    const side = lean[f];
    return Array.isArray(side) && side.length < (from[f]?.length ?? 0) && side.every((v) => from[f]?.includes(v));
  });
}

/**
 * The flags an action writes whose undone side its section's reason names: work that every live record gets once
 * ("a court deadline that is not in the firm diary"). Its rule names that side (a record already done is one it
 * leaves out, as the work does), rather than leaving the flag to the action and selecting by a window the work
 * never had: every record was left undone, so a deadline a month out simply stayed out of the diary.
 */
export function undoneOf(
  writes: Readonly<Record<string, string | boolean>>,
  lean: Readonly<Record<string, unknown>> = {},
): string[] {
  return Object.keys(writes).filter((f) => typeof writes[f] === 'boolean' && lean[f] === !writes[f]);
}

/** Moves a record off every value the actions write (an untouched record must not look already done). */
export function unwritten(
  rec: Rec,
  writes: Readonly<Record<string, string | boolean>>,
  src: SourcePart,
  w: World,
): void {
  for (const [field, value] of Object.entries(writes)) {
    if (rec[field] !== value) continue;
    const m = src.fields.find((f) => f.field === field);
    if (m?.kind === 'enum') rec[field] = w.rng.pick(m.values.filter((v) => v !== value));
    else if (typeof value === 'boolean') rec[field] = !value;
  }
}
