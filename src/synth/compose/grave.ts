import type { Lean } from '../rules/draw.js';

// The side of a yes/no field that marks a record as one of the most serious of its type: an exposed finding, an
// unacknowledged hold, admin access, a grounded aircraft. A work whose own reason leans on that side exists for
// those records, so its rule spares none of them (rules/draw.ts); a scale's top end (critical, two-week-wait) is
// one by itself, read from the scale.

/** Per record type, the fields whose side marks its gravest records. */
export const GRAVE: Readonly<Record<string, Readonly<Record<string, Lean>>>> = {
  legal_holds: { acknowledged: false },
  security_findings: { internet_facing: true },
  access_reviews: { privileged: true },
  aircraft_inspections: { aog: true },
};
