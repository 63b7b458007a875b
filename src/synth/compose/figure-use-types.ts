// The shape of a record type's figure uses (figure-uses-data.ts and the domain files it gathers).

/** An aggregate a figure is (computations.ts names; `count` covers count_where). */
export type FigureAgg = 'count' | 'sum' | 'max' | 'min' | 'mean';

/** Uses of a figure that someone other than the row's reader has: billing wants the court fees on the bills. */
export interface ReadBy {
  reader: string;
  for: readonly string[];
}

/**
 * A figure's uses, each said after "needs it" or "I need it": "to order the spray", "for the WIP report". A plain
 * use is the row's reader's; a `ReadBy` is another reader's, alone or beside the row reader's own in one list (the
 * partner takes the unbilled hours to the matter report, the finance director to the lock-up report).
 */
export type FigureUseList = readonly (string | ReadBy)[] | ReadBy;

/** Who reads a record type's figures, and the figures they use. */
export interface FigureUses {
  /** the role that asks for the figure, in the team that keeps the records ("agronomist") */
  reader: string;
  /** each figure and what it is for, with a reader of its own where someone else reads it */
  figures: Partial<Record<FigureAgg, FigureUseList>>;
  /**
   * the fields the team breaks a count of the handled records down by, each with its use (and reader, where
   * another reads it): a count is split by these alone where listed (computations.ts count_where), since a count of
   * the window beds or the seats along the windows serves nobody's meeting
   */
  by?: Readonly<Record<string, FigureUseList>>;
  /**
   * by the heading of the work the task is (policy-acts.ts sections), the figures that work has a use of its own
   * for: the area to be sprayed books the sprayer, the area to be watered sets the pump hours
   */
  work?: Readonly<Record<string, FigureUses['figures']>>;
}
