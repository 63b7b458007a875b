// The shape of a record type's figure uses (figure-uses-data.ts, figure-uses-places.ts).

/** An aggregate a figure is (computations.ts names; `count` covers count_where). */
export type FigureAgg = 'count' | 'sum' | 'max' | 'min' | 'mean';

/** Who reads a record type's figures, and the figures they use. */
export interface FigureUses {
  /** the role that asks for the figure, in the team that keeps the records ("agronomist") */
  reader: string;
  /**
   * each figure and what it is for, said after "needs it" or "I need it": "to order the spray", "for the WIP report";
   * with a reader of its own where someone else reads that figure (billing wants the fees, the diary clerk the count)
   */
  figures: Partial<Record<FigureAgg, readonly string[] | { reader: string; for: readonly string[] }>>;
  /**
   * the fields the team breaks a count of the handled records down by, each with its use (and reader, where
   * another reads it): a count is split by these alone where listed (computations.ts count_where), since a count of
   * the window beds or the seats along the windows serves nobody's meeting
   */
  by?: Readonly<Record<string, readonly string[] | { reader: string; for: readonly string[] }>>;
  /**
   * by the heading of the work the task is (policy-acts.ts sections), the figures that work has a use of its own
   * for: the area to be sprayed books the sprayer, the area to be watered sets the pump hours
   */
  work?: Readonly<Record<string, FigureUses['figures']>>;
}
