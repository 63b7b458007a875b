import type { Rng } from '../../env/rng.js';
import type { FieldModel } from '../rules/fields.js';
import type { ScenarioDomain } from '../../schema/taxonomy.js';
import type { SourcePart } from './parts.js';
import { receiptDeskFields } from './sources/receipt-scans.js';

// a record type more than one desk keeps, each with its own kinds of record: receipts are a trip's (hotel nights,
// trains, the cab from the airport) at the travel desk and a working day's (a client lunch, supplies, a courier)
// at the office. A draft takes the record type as the desk of its domain keeps it, so what the records show fits
// the sub-scenario the task is filed under (packs/scenarios.ts), by construction

/** Per record type, its fields as each desk keeps them. */
const DESK_FIELDS: Readonly<Record<string, (fields: readonly FieldModel[], desk: string) => FieldModel[]>> = {
  receipt_scans: receiptDeskFields,
};

const KEPT = new WeakMap<SourcePart, Map<string, SourcePart>>();

/**
 * The record type as the desk of `domain` keeps it, that desk its one domain: the slot's own where it keeps the
 * type, else one of the desks that do (the task goes there: recipe.ts host). A type one desk keeps is itself.
 */
export function keptBy(rng: Rng, src: SourcePart, domain: ScenarioDomain): SourcePart {
  const fieldsOf = DESK_FIELDS[src.name];
  const desks = src.domains ?? [];
  if (!fieldsOf || desks.length < 2) return src;
  const desk = desks.includes(domain) ? domain : rng.pick(desks);
  let byDesk = KEPT.get(src);
  if (!byDesk) KEPT.set(src, (byDesk = new Map()));
  let kept = byDesk.get(desk);
  if (!kept) byDesk.set(desk, (kept = { ...src, domains: [desk], fields: fieldsOf(src.fields, desk) }));
  return kept;
}
