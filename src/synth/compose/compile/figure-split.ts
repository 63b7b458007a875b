import { shuffle } from '../../kit/ids.js';
import { count, countWhere, splitFields, splitValue, telling } from '../computations.js';
import type { ComputationPart, Parts, Rec, SourcePart, World } from '../parts.js';
import { figuresOf, type Recipe, writtenBy } from '../recipe.js';

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
export function tellingFigure(recipe: Recipe, sel: Rec[], all: Rec[], parts: Parts<string>, w: World): ComputationPart {
  const src = recipe.source;
  const drawn = recipe.computation;
  const splits = !drawn.by || drawn.by(sel, src) !== undefined;
  if (splits && telling(drawn, sel, all, src, w)) return drawn;
  const others = figuresOf(parts, src).filter((c) => c.needsMeasure && c.name !== drawn.name);
  const next = others.find((c) => telling(c, sel, all, src, w));
  if (next) return next;
  return sel.length >= 2 ? countWhere(writtenBy(recipe.action, recipe.branch)) : count;
}
