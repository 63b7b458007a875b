import type { Rng } from '../../env/rng.js';
import { withDecisions } from './figure-decisions.js';
import type { FigureUseList } from './figure-use-types.js';
import { FIGURE_USES, type FigureAgg, type FigureUses } from './figure-uses-data.js';
import { ofWork } from './work-keyed.js';

// The figures a request may ask for over a record type's selection, and who wants each and what for (by record
// type, like the acts): the agronomist wants the combined area of the plots to be sprayed, the risk desk the
// largest notional, billing the combined court fees. A figure nobody in that team would ask for (the highest
// number of lines changed, the highest citation count) is not listed, so it is never asked. `count` stands for the
// plain count and for the count of those meeting a further condition (computations.ts count_where); the measure
// is the record type's own (parts.ts `measure`), and a listed aggregate still has to fit it (computations.ts fits).

export { FIGURE_USES, type FigureAgg, type FigureUseList, type FigureUses };

/** Each use of a list with who says it: the row's reader for a plain use, else the use's own reader. */
export const readings = (list: FigureUseList, reader: string): { reader: string; use: string }[] =>
  ('for' in list ? [list] : list).flatMap((u) =>
    typeof u === 'string' ? [{ reader, use: u }] : u.for.map((use) => ({ reader: u.reader, use })),
  );

/** The uses of a record type's figures; none listed: the count alone, for the team's own review. */
export function usesOf(name: string): FigureUses {
  return FIGURE_USES[name] ?? { reader: 'team lead', figures: { count: ['for the weekly review'] } };
}

// the counts of a part of the selection (figure-beyond.ts, figure-split.ts): read as counts, never as the work's size
const PART_COUNTS: ReadonlySet<string> = new Set(['count_beyond', 'count_excepted']);

/** The aggregates of a computation's name as the table lists them (count_where is a count). */
export const aggOf = (computation: string): FigureAgg =>
  (computation === 'count_where' || PART_COUNTS.has(computation) ? 'count' : computation) as FigureAgg;

/**
 * Who wants the figure a task asks for and what for, drawn from the record type's row: `{ reader: 'agronomist', use:
 * 'to work out how much product to order' }`. A count split by a field the row names under `by` is that
 * breakdown's (the hoist beds are the moving-and-handling lead's), not the plain count's.
 */
export function figureUse(
  src: { name: string },
  computation: string,
  rng: Rng,
  by?: string,
  work?: string,
): { reader: string; use: string } {
  const uses = usesOf(src.name);
  const split = aggOf(computation) === 'count' && by ? uses.by?.[by] : undefined;
  // a count of only some of the handled records (split by a field, past a stricter line, the ones ruled out) is not
  // the size of the work: "the jobs last run yesterday" fit no sprint, so it keeps the row's own uses, never what the
  // work's size decides (figure-decisions.ts) nor the work's own use of the whole batch (review 29: 13 tasks)
  const part = (aggOf(computation) === 'count' && by !== undefined) || PART_COUNTS.has(computation);
  // the work's own use of the figure where the row has one (the sprayed area books the sprayer, not the watered)
  const worked = part ? undefined : ofWork(uses.work, src.name, work)?.[aggOf(computation)];
  const figures = part ? uses.figures : withDecisions(src.name, uses.figures);
  const own = split ?? worked ?? figures[aggOf(computation)] ?? figures.count ?? ['for the weekly review'];
  return rng.pick(readings(own, uses.reader));
}
