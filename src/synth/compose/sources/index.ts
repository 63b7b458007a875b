import type { SourcePart } from '../parts.js';
import { feedArticles, mails, sheetRows } from './documents.js';
import { customers, integrations, jobs, products, tasks, tickets, transactions } from './records.js';
import { appointments, claims, referrals, vaccinations } from '../packs/healthcare.js';

// the sources the compositional generator may draw on. a new source is one file (defineSource) plus one line
// here; its name then joins SourceName, so every other part may name it, and a part naming a source that is
// not here fails to compile.
const ALL = [
  tickets,
  customers,
  products,
  transactions,
  jobs,
  integrations,
  tasks,
  sheetRows,
  mails,
  feedArticles,
  // domain packs (src/synth/compose/packs/): a domain's own record types
  referrals,
  appointments,
  claims,
  vaccinations,
] as const;

/** The name of a registered source. */
export type SourceName = (typeof ALL)[number]['name'];

export const SOURCES: readonly SourcePart<SourceName>[] = ALL;
