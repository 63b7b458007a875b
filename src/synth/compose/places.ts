import type { SourcePart } from './parts.js';

// Where a record type's values live, as the people who read them name it: a system ("the practice system"), a
// picture ("the seating plan"), a file ("the current export") or a mailbox. A definition in a policy and a reason
// for asking name the place, never "the system" for a picture.

/** Where a record type's values are read from. */
export interface Place {
  kind: 'system' | 'picture' | 'file' | 'mailbox';
  /** with its article, one thing (a verb after it is singular): "the CRM", "the floor plan" */
  name: string;
}

// the system a service's records are kept in, as its users call it
const SYSTEMS: Readonly<Record<string, string>> = {
  analytics: 'the data catalogue',
  automations: 'the automation console',
  clinic: 'the practice system',
  cms: 'the CMS',
  config: 'the admin console',
  crm: 'the CRM',
  devops: 'the engineering platform',
  facilities: 'the facilities system',
  finance: 'the finance system',
  grc: 'the GRC tool',
  helpdesk: 'the helpdesk',
  inventory: 'the stock system',
  matters: 'the case management system',
  plant: 'the plant system',
  portfolio: 'the order management system',
  research: 'the research tracker',
  rss: 'the feed reader',
  scheduler: 'the scheduler',
  school: 'the student records system',
  studio: 'the studio tracker',
  todo: 'the to-do list',
  travel: 'the travel system',
};
// a record type kept in a system of its own where its service holds several kinds of work (research notes are not
// in the order management system, a farm's plots are not in the plant's MES)
const SYSTEMS_OF: Readonly<Record<string, string>> = {
  fx_exposures: 'the treasury system',
  research_notes: 'the research publishing system',
  aircraft_inspections: 'the maintenance tracking system',
  field_plots: 'the farm management system',
  nonconformances: 'the quality system',
  household_bills: 'the household ledger',
  legal_holds: 'the legal hold system',
  access_reviews: 'the identity governance tool',
};
// the picture a record type is seen in
const PICTURES: Readonly<Record<string, string>> = {
  desk_plan: 'the floor plan',
  ward_beds: 'the ward plan',
  exam_seats: 'the seating plan',
  warehouse_bays: 'the hall plan',
  order_screenshot: 'the dashboard screenshot',
  receipt_scans: 'the scan',
};

/** Where `src`'s records are read from. */
export function placeOf(src: SourcePart): Place {
  if (src.service === 'gmail') return { kind: 'mailbox', name: 'the mailbox' };
  if (!src.collection)
    return src.capabilities.includes('Multimodal_Perception')
      ? { kind: 'picture', name: PICTURES[src.name] ?? 'the picture' }
      : { kind: 'file', name: 'the current export' };
  return { kind: 'system', name: SYSTEMS_OF[src.name] ?? SYSTEMS[src.service] ?? 'the system' };
}
