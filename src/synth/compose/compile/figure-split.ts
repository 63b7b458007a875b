import { shuffle } from '../../kit/ids.js';
import { count, countWhere, splitFields, splitValue, telling } from '../computations.js';
import type { ComputationPart, Parts, Rec, SourcePart, World } from '../parts.js';
import { figuresOf, OVER_SELECTION, type Recipe, writtenBy } from '../recipe.js';
import { usesOf } from '../figure-uses.js';
import type { Rule } from '../../rules/rule.js';
import { countBeyond } from './figure-beyond.js';
import { cappedBy } from './coherence.js';

/**
 * A count of the handled records that meet a further condition (computations.ts count_where) needs handled
 * records that differ in a field the team breaks its work down by; where the draw left them alike in every such
 * field, one of them takes another value of one, so long as its part in the task stays (`keeps`). Otherwise the
 * figure would be the length of the list the agent hands in anyway.
 */
export function splitTargets(
  targets: Rec[],
  src: SourcePart,
  avoid: readonly string[],
  keeps: (rec: Rec) => boolean,
  w: World,
): void {
  if (targets.length < 2) return;
  const fields = splitFields(src, avoid);
  const differ = (field: string) => new Set(targets.map((r) => r[field])).size > 1;
  if (fields.some((m) => differ(m.field) && (m.kind === 'flag' || splitValue(targets[0]?.[m.field])))) return;
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
  if (sel.length >= 2) {
    const where = countWhere(writtenBy(recipe.action, recipe.branch));
    if (where.by?.(sel, src) !== undefined) return where;
  }
  // no line to draw through them by a field the team breaks its work down by: a stricter line than the rule's own
  // window, threshold or list of terms (figure-beyond.ts)
  const beyond = rule ? countBeyond(rule, sel, recipe.source, w, writtenBy(recipe.action, recipe.branch)) : undefined;
  if (beyond) return beyond;
  const left = all.length - sel.length;
  return left > 0 && reviewed(src) ? leftOut(left, w) : count;
}

// whether a record type's count goes to a meeting, a report or a return (where "how many we ruled out" is a line
// of its own), not to ordering or booking something by it (vaccine, nurse time)
function reviewed(src: SourcePart): boolean {
  const own = usesOf(src.name).figures.count;
  const uses = (own && 'for' in own ? own.for : own) as readonly string[] | undefined;
  return Boolean(uses?.length) && (uses ?? []).every((u) => /^for (?:the|a|an)\b/.test(u));
}

/**
 * How many of the records in the list the rules left out: read off the whole list, not the handed-in one (so not
 * its length), and what a review of the work asks beside it ("twelve looked at, three ruled out").
 */
export function leftOut(n: number, w: World): ComputationPart {
  const shape = w.rng.pick(['ruled out', 'checked and left out', 'looked at and left out']);
  return {
    name: 'count_out',
    needsMeasure: false,
    capabilities: ['Logic_Reasoning', 'Data_Analysis'],
    ask: (s) => `the number of ${s.noun[1]} you ${shape}`,
    value: () => String(n),
  };
}
