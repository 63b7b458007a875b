/** The curated business vocabulary of one scenario domain (plain company names, no generated words). */
export interface DomainVocab {
  /** customer / partner organisations */
  companies: readonly string[];
  /** work-item titles: tickets, tasks, requests */
  items: readonly string[];
  /** products, assets or subscriptions */
  products: readonly string[];
  /** workstreams: what a team's work is about (a budget, a review, a clean-up) */
  topics: readonly string[];
  /** the firms a workstream waits on where its trade is narrower than `companies` (a removals firm for a move) */
  partners?: Readonly<Record<string, readonly string[]>>;
  /** meetings: working meetings on a day (they get notes, slides, a room, a new slot), never a social event */
  meetings: readonly string[];
}
