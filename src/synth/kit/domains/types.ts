/** The curated business vocabulary of one scenario domain (plain company names, no generated words). */
export interface DomainVocab {
  /** customer / partner organisations */
  companies: readonly string[];
  /** work-item titles: tickets, tasks, requests */
  items: readonly string[];
  /** products, assets or subscriptions */
  products: readonly string[];
  /** meeting or review topics */
  topics: readonly string[];
}
