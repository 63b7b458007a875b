import { setAtom } from '../../rules/set-atom.js';
import { holds, lineOf, modelOf, type Rule, selects } from '../../rules/rule.js';
import { isClosed } from './live-states.js';
import type { Rec, SourcePart, World } from '../parts.js';
import type { Recipe } from '../recipe.js';
import { inThePast, isMutable } from '../sources/kit.js';
import { at, dateOf, workingDay } from '../../kit/dates.js';

// the record the simulated user changes mid-episode: which condition it misses until then, what the change sets,
// and whether the change brings it into the selection or leaves it out on another condition

// the condition the late record misses until the user's change: not the measure (a figure the task adds up
// must be the same in the records as in the checks), and a field that can change (a status or a due date,
// never a creation date or a flag that only turns on); nor a flag turned off — an NDA does not become unsigned, a
// read message unread; -1: none
export const lateAtom = (rule: Rule, src: SourcePart) =>
  rule.all.findIndex(
    (a) => a.field !== src.measure?.field && isMutable(src, a.field) && !(a.kind === 'flag' && !a.value),
  );

// the late record's change: what the user sets mid-episode so that the first condition holds (and the record
// qualifies, unless it is `out`: another condition still fails, which only a reader who re-checks them all sees)
export function lateChange(
  late: Rec | undefined,
  rule: Rule,
  src: SourcePart,
  w: World,
  out: boolean,
): Rec | undefined {
  const first = rule.all[lateAtom(rule, src)];
  if (!late || !first) return undefined;
  const after = { ...late };
  // (a line per category stays the record's own: the change moves its number, never its category)
  const own =
    (first.kind === 'at_least' || first.kind === 'at_most') && first.per
      ? { ...first, per: { field: first.per.field, lines: { [String(late[first.per.field])]: lineOf(first, late) } } }
      : first;
  setAtom(own, modelOf(src.fields, first), after, true, false, { rng: w.rng, today: w.today, vocab: w.vocab });
  inThePast(after, [modelOf(src.fields, first)], w);
  if (!holds(first, after, w.today) || selects(rule, after, w.today) === out) return undefined;
  onWorkingDay(after, first.field, (r) => holds(first, r, w.today) && selects(rule, r, w.today) !== out);
  const set = Object.fromEntries(
    Object.entries(after).filter(([k, v]) => JSON.stringify(v) !== JSON.stringify(late[k])),
  );
  // (a record that already meets the condition has nothing to change: no message about a change that is none)
  return Object.keys(set).length ? set : undefined;
}

// a date a coworker moves lands on a working day (review 33: court deadlines and clinic appointments "moved to
// Sunday"): the Friday before or the Monday after, where the change still does what it did
function onWorkingDay(rec: Rec, field: string, still: (r: Rec) => boolean): void {
  const v = rec[field];
  if (typeof v !== 'string' || !/^\d{4}-\d{2}-\d{2}/.test(v)) return;
  const iso = v.length === 10 ? `${v}T12:00:00Z` : v;
  const near = workingDay(iso);
  if (near === iso) return;
  // (the nearer working day, else the one on the weekend's other side)
  for (const moved of [near, at(iso, { days: dateOf(near) < dateOf(iso) ? 2 : -2 })]) {
    const tried = { ...rec, [field]: v.length === 10 ? dateOf(moved) : moved };
    if (still(tried)) {
      rec[field] = tried[field];
      return;
    }
  }
}

// a third of mid-task changes leave the record out: the change meets the condition the user speaks of, and another
// condition (or the exception) still keeps it out — the index of that condition, -1 for the exception
export function staysOut(recipe: Recipe, rule: Rule, w: World): number | undefined {
  const k = lateAtom(rule, recipe.source);
  // (never on a hard task: its news is there to change the work, and news that leaves it as it was is no step more,
  // review 33; an easy or medium task's may test that a reader re-checks every condition)
  if (recipe.interaction !== 'change' || k < 0 || w.difficulty === 'hard' || !w.rng.chance(1 / 3)) return undefined;
  const others = [...rule.all.keys()].filter((i) => rule.all[i]?.field !== rule.all[k]?.field);
  const options = [...others, ...(rule.unless ? [-1] : [])];
  return options.length ? w.rng.pick(options) : undefined;
}

// states a record is not brought back from by news: its work is over (live-states.ts), or what happened stays done
// (a merged pull request, a posted payment, an exported cut)
const FINAL: Readonly<Record<string, Readonly<Record<string, readonly string[]>>>> = {
  pull_requests: { status: ['merged'] },
  transactions: { status: ['posted'] },
  video_edits: { status: ['exported'] },
};
const settled = (src: SourcePart, field: string, v: unknown) =>
  isClosed(src, { [field]: v }) || (FINAL[src.name]?.[field] ?? []).includes(String(v));

/**
 * The late record before the user's news is in a state that news can move it out of: never a merged pull request
 * "reopened", a closed one back in draft (review 51: 29 such changes); another state it misses the condition in.
 */
export function unsettle(late: Rec | undefined, rule: Rule, src: SourcePart, w: World): void {
  const first = rule.all[lateAtom(rule, src)];
  const m = first && modelOf(src.fields, first);
  if (!late || !first || m?.kind !== 'enum' || !settled(src, first.field, late[first.field])) return;
  const open = m.values.filter((v) => {
    const rec = { ...late, [first.field]: v };
    return !settled(src, first.field, v) && !holds(first, rec, w.today) && !selects(rule, rec, w.today);
  });
  if (open.length) late[first.field] = w.rng.pick(open);
}
