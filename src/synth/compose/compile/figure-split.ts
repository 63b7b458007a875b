import { shuffle } from '../../kit/ids.js';
import { count, countWhere, splitFields, splitValue, telling } from '../computations.js';
import type { ComputationPart, Parts, Rec, SourcePart, World } from '../parts.js';
import type { EnumModel, FieldModel } from '../../rules/fields.js';
import { figuresOf, OVER_SELECTION, type Recipe, writtenBy } from '../recipe.js';
import { readings, usesOf } from '../figure-uses.js';
import { type Rule, sparedByException } from '../../rules/rule.js';
import { countBeyond } from './figure-beyond.js';
import { cappedBy } from './coherence.js';
import { conditionPattern } from './live-conditions.js';

/**
 * A count of the handled records that meet a further condition (computations.ts count_where) needs handled
 * records that differ in a field the team breaks its work down by; where the draw left them alike in every such
 * field, one of them takes another value of one, so long as its part in the task stays (`keeps`). Otherwise the
 * figure would be the length of the list the agent hands in anyway. `joining` is the record the user's change
 * brings into the selection: it is counted too.
 */
export function splitTargets(
  targets: Rec[],
  src: SourcePart,
  avoid: readonly string[],
  keeps: (rec: Rec) => boolean,
  w: World,
  spread?: { joining?: Rec; keepsJoining: (rec: Rec) => boolean },
): void {
  if (targets.length < 2) return;
  const fields = splitFields(src, avoid);
  const pop = spread?.joining ? [...targets, spread.joining] : targets;
  const keepsAny = (rec: Rec) => (rec === spread?.joining ? spread.keepsJoining(rec) : keeps(rec));
  const differ = (field: string) => new Set(pop.map((r) => r[field])).size > 1;
  // the field the count is by (computations.ts splitOf): the first that splits these records
  const by = () => fields.find((m) => differ(m.field) && (m.kind === 'flag' || splitValue(targets[0]?.[m.field])));
  let split = by();
  if (!split) {
    differOne(targets, fields, keeps, w);
    split = by();
  }
  if (split && spread) spreadCount(pop, split, keepsAny, w);
}

/**
 * How a count under a further condition spreads over its range (spreadCount), with the record the user's change
 * brings into the selection among those counted: that record keeps which of the rule's conditions it fails. None
 * for any other figure.
 */
export function countSpread(
  c: ComputationPart,
  rule: Rule,
  joining: Rec | undefined,
  today: string,
): { joining?: Rec; keepsJoining: (rec: Rec) => boolean } | undefined {
  if (c.name !== 'count_where') return undefined;
  const pattern = joining && conditionPattern(rule, joining, today);
  return { ...(joining ? { joining } : {}), keepsJoining: (r) => conditionPattern(rule, r, today) === pattern };
}

// one record (the last) takes another value of the first field where it can, its part in the task kept
function differOne(targets: Rec[], fields: readonly FieldModel[], keeps: (rec: Rec) => boolean, w: World): void {
  const last = targets[targets.length - 1] as Rec;
  for (const m of fields) {
    const was = last[m.field];
    // (an enum split names the first record's value: it must be one a count can be named by)
    if (m.kind === 'enum' && !splitValue(targets[0]?.[m.field])) continue;
    const others: unknown[] = m.kind === 'flag' ? [!was] : m.kind === 'enum' ? m.values.filter((v) => v !== was) : [];
    for (const v of shuffle(w.rng, others)) {
      last[m.field] = v;
      if (keeps(last)) return;
    }
    last[m.field] = was;
  }
}

/**
 * The records that meet the further condition, as many as a uniform draw between one and all but one of them: left
 * to the fields' own draws the count was 1 in two tasks of five (one record made to differ), so "1" was a good guess.
 * None is no answer here either: "none of them" cannot be told from a reply that never counted.
 */
function spreadCount(pop: Rec[], m: FieldModel, keeps: (rec: Rec) => boolean, w: World): void {
  const first = pop[0] as Rec;
  // a flag counts the records that hold it; an enum counts the first record's value (splitOf), so the first meets it
  const v = m.kind === 'flag' ? true : first[m.field];
  const k = w.rng.int(1, pop.length - 1);
  const meets = (rec: Rec) => rec[m.field] === v;
  const others: unknown[] = m.kind === 'flag' ? [false] : (m as EnumModel).values.filter((x) => x !== v);
  // one record at a time to the side the count needs, each kept in its part (one that cannot move is passed over)
  const move = (rec: Rec, to: boolean): boolean => {
    const was = rec[m.field];
    for (const o of to ? [v] : shuffle(w.rng, others)) {
      rec[m.field] = o;
      if (keeps(rec)) return true;
    }
    rec[m.field] = was;
    return false;
  };
  const count = () => pop.filter(meets).length;
  for (const rec of shuffle(
    w.rng,
    pop.filter((r) => !meets(r)),
  ))
    if (count() < k) move(rec, true);
  const free = m.kind === 'flag' ? pop : pop.slice(1);
  for (const rec of shuffle(w.rng, free.filter(meets))) if (count() > k) move(rec, false);
}

// the figure drawn, where it tells something over these records; else the next figure the record type's team uses
// (figure-uses.ts), then a count under a further condition, then the bare count. A count under a further condition
// that finds no line to draw through these records (all alike in every field the team breaks its work down by)
// would be the bare length of the list: a figure read from a field comes first
export function tellingFigure(
  recipe: Recipe,
  sel: Rec[],
  all: Rec[],
  parts: Parts<string>,
  w: World,
  rule?: Rule,
  late: readonly Rec[] = [],
): ComputationPart {
  const src = recipe.source;
  const drawn = recipe.computation;
  const splits = !drawn.by || drawn.by(sel, src) !== undefined;
  // a highest or lowest of the very field the rule thresholds is pinned by the policy line ("at most 5 replies …
  // which has the most?"): nobody asks it, so the figure is one worked out over the whole selection instead, a
  // total or an average, else whatever the team uses next (an extreme of that field never)
  const pinned = rule !== undefined && cappedBy(rule, recipe).length > 0;
  // (the bare count is the length of the handed-in list: never a figure of its own where another tells something)
  if (splits && !pinned && drawn.name !== 'count' && telling(drawn, sel, all, src, w)) return drawn;
  const measured = figuresOf(parts, src).filter((c) => c.needsMeasure && c.name !== drawn.name);
  const others = pinned
    ? measured
        .filter((c) => OVER_SELECTION.has(c.name))
        .concat(
          measured.filter((c) => !cappedBy(rule, { ...recipe, computation: c }).length && !OVER_SELECTION.has(c.name)),
        )
    : measured;
  const next = others.find((c) => telling(c, sel, all, src, w));
  if (next) return next;
  // (over two records a count under a further condition is 1 whatever the line: no figure to work out)
  if (sel.length >= 3) {
    const where = countWhere(writtenBy(recipe.action, recipe.branch));
    if (where.by?.(sel, src) !== undefined) return where;
  }
  // no line to draw through them by a field the team breaks its work down by: a stricter line than the rule's own
  // window, threshold or list of terms (figure-beyond.ts)
  const beyond = rule ? countBeyond(rule, sel, recipe.source, w, writtenBy(recipe.action, recipe.branch)) : undefined;
  if (beyond) return beyond;
  // (a list only a picture or a file shows — a floor plan's places, taken ones too — has no clear "left out": review
  // 35 found "the beds you checked and left out" keyed over every bed on the plan)
  const spared = rule && reviewed(src) && !src.seenIn ? exceptedCount(rule, all, w, late, sel.length) : undefined;
  return spared ?? count;
}

// whether a record type's count goes to a meeting, a report or a return (where "how many we ruled out" is a line
// of its own), not to ordering or booking something by it (vaccine, nurse time)
function reviewed(src: SourcePart): boolean {
  const own = usesOf(src.name).figures.count;
  const uses = own ? readings(own, '').map((r) => r.use) : [];
  return uses.length > 0 && uses.every((u) => /^for (?:the|a|an)\b/.test(u));
}

/**
 * How many records the rule's exception kept out that met every other condition ("twelve due, three spared as
 * TikTok posts"): what a review of the work asks beside the list, and one reading only. Review 36 found "the posts
 * you ruled out" keyed over every record not selected (9), never-boosted posts too, where an agent counts the
 * candidates it turned down (4). None where the rule has no exception or it spares nothing ("none" cannot be told
 * from a reply that never counted), nor where the user's change moves a record into or out of the exception (the
 * count before and after would differ: `late`, the record's states before and after).
 */
export function exceptedCount(
  rule: Rule,
  all: Rec[],
  w: World,
  late: readonly Rec[] = [],
  handled?: number,
): ComputationPart | undefined {
  if (!rule.unless) return undefined;
  const spared = (r: Rec) => sparedByException(rule, r, w.today);
  if (late.some(spared)) return undefined;
  const n = all.filter(spared).length;
  // (nor where it comes to as many as were handled: "I handled 2 in total" answered it unread, review 41)
  if (n < 1 || n === handled) return undefined;
  const shape = w.rng.pick([
    (pl: string) => `the number of ${pl} that met every other condition but were left out under the exception`,
    // (not "left out only because of the exception (ones that met every other condition)": the generator's own
    // words, review 70)
    (pl: string) => `the number of ${pl} the exception kept off the list`,
    (pl: string) => `the number of ${pl} that would have qualified but for the exception`,
  ]);
  return {
    name: 'count_excepted',
    needsMeasure: false,
    capabilities: ['Logic_Reasoning', 'Data_Analysis'],
    ask: (s) => shape(s.noun[1]),
    value: () => String(n),
  };
}
