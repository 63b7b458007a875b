import { cadenceBounds } from './act-narrowings.js';
import { ACT_SCOPES } from './act-scopes.js';
import { CONCERNS } from './concerns.js';
import { CARE_ACTS } from './acts-care.js';
import { COMPLIANCE_ACTS } from './acts-compliance.js';
import { INDUSTRY_ACTS } from './acts-industry.js';
import { STUDIO_ACTS } from './acts-studio.js';
import { WORK_ACTS } from './acts-work.js';
import type { PolicyAct } from './policy-act.js';
import { purposeAt, REVIEW_PURPOSES } from './review-purposes-data.js';
import { sparedBy } from './spared.js';

export type { PolicyAct } from './policy-act.js';

// What a policy over each record type has sections for: the acts the people who keep those records really take
// on them (a ward chases blocked beds and prepares free ones; a trading desk chases failed settlements), each
// with the side of the fields that calls for it (beyond the record type's concerns, concerns.ts) and the reason a
// practitioner would give for it. A policy document's sections besides the task's are drawn from these, so no
// exam seat is "chased" and no completed to-do "escalated"; the task's own section takes its reason from here.

/** Per record type, the work its policies have sections for. */
export const ACTS: Readonly<Record<string, readonly PolicyAct[]>> = Object.fromEntries(
  Object.entries({ ...WORK_ACTS, ...CARE_ACTS, ...INDUSTRY_ACTS, ...COMPLIANCE_ACTS, ...STUDIO_ACTS }).map(
    ([src, acts]) => [
      src,
      // each with the categories it is really narrowed to, and why (none: never by category), and those it spares
      // (and its windows within the rhythm its reasons name)
      acts.map((a) => {
        const bounds = cadenceBounds(src, a.sections[0], a.bounds, a);
        return {
          ...a,
          ...(Object.keys(bounds).length ? { bounds } : {}),
          scopes: ACT_SCOPES[src]?.[a.sections[0] as string] ?? [],
          spared: sparedBy(src, a.sections[0]),
        };
      }),
    ],
  ),
);

/** The act a section heading names on a record type, if any. */
export const actNamed = (source: string, section: string): PolicyAct | undefined =>
  ACTS[source]?.find((a) => a.sections.includes(section));

/**
 * The record type's own forms of an action (a ward bed's "Follow-up" is its preparation): each a different reason
 * to do the same thing, turning on its own fields (an A/B test is paused for a breached guardrail, or for a flat
 * result weeks in), so that no one pattern of fields picks out every task's records the action is drawn for.
 */
export const formsOf = (source: string, action: string | undefined): readonly PolicyAct[] =>
  action === undefined ? [] : (ACTS[source]?.filter((a) => a.of === action) ?? []);

// the sections whose records are looked at, whatever their type (a task with no action of its own is a review):
// their purpose is the record type's where its rule tests what it speaks of (review-purpose.ts), else the reason
// the rule gives (review-reasons.ts), never a stock line that fits any records
export const REVIEW_SECTIONS: ReadonlySet<string> = new Set(['Review', 'Audit sample']);

/**
 * A review (or an audit sample) as the work its section is: its purpose is the team's stake in the records
 * (review-purposes-data.ts), its sides the record type's concerns, and it is narrowed by category only where
 * ACT_SCOPES gives the review a reason. Without it a review's rule took any category ("the episode is from Money
 * Talks") under a purpose that never says why; as an act, the narrowing checks (purpose-scope.ts) apply to it too.
 */
export function reviewAct(source: string, section: string): PolicyAct | undefined {
  if (!REVIEW_SECTIONS.has(section)) return undefined;
  const act: PolicyAct = {
    sections: [section],
    why: REVIEW_PURPOSES[source]?.[purposeAt(section)] ?? '',
    lean: CONCERNS[source] ?? {},
    scopes: ACT_SCOPES[source]?.[section] ?? [],
    spared: sparedBy(source, section),
  };
  const bounds = cadenceBounds(source, section);
  return Object.keys(bounds).length ? { ...act, bounds } : act;
}

/** The act a task's section is: the one its heading names, else a review's. */
export const sectionAct = (source: string, section: string): PolicyAct | undefined =>
  actNamed(source, section) ?? reviewAct(source, section);
