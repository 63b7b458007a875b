import type { Bound, Lean, Scope } from '../rules/draw.js';
import { atomsOf, type Rule } from '../rules/rule.js';
import type { SparedKinds } from './spared.js';

// One kind of work a policy over a record type has a section for, and how it is written down (policy-acts.ts).

/** One kind of work a policy over a record type has a section for. */
export interface PolicyAct {
  /** the headings the section goes under ("Chasing", "Referral chase") */
  sections: readonly string[];
  /** per field, the side that calls for the work, over the record type's concerns */
  lean?: Readonly<Record<string, Lean>>;
  /** why the work is done, one sentence in the words of the team that does it */
  why: string;
  /**
   * per field the reason names a state of, the reason as said by a section whose rule does not test that field
   * (the action's own from-state, left to it): no "not started yet" over a rule on priority alone
   */
  whyWithout?: Readonly<Record<string, string>>;
  /** the fields the reason turns on (its leans): every rule of the section names each, on its side */
  must?: readonly string[];
  /**
   * the generic action (follow_up_task …) this is the record type's form of, where the action's own headings say
   * nothing of the work ("Follow-up" of a ward bed is getting it ready for an admission)
   */
  of?: string;
  /**
   * where waiting is the reason (a chase): the longest a record of each urgent kind may wait before the work is
   * due, counted on `date`; a rule that admits such a record never waits longer (a two-week-wait referral is
   * chased within days, never after the 28 days a routine one may wait)
   */
  waits?: Wait;
  /**
   * the magnitudes the reason claims, per field: a number's threshold or a date window's days (what "nobody opens"
   * means is a few views a month and none for weeks, never 250 views and one yesterday)
   */
  bounds?: Readonly<Record<string, Bound>>;
  /**
   * the only categories the work is narrowed to, each with its reason (act-scopes.ts); none: it is never narrowed
   * by category
   */
  scopes?: readonly Scope[];
  /**
   * the window the reason names and another act of the record type names too (inside the claim window, outside it):
   * a policy counts it once, in the days of the first section that does (shared-windows.ts)
   */
  window?: SharedWindow;
  /**
   * the count the reason names and another act of the record type names too (past the agreed rounds of revisions):
   * a policy agrees it once, at the count of the first section that does (shared-limits.ts)
   */
  limit?: SharedLimit;
  /**
   * the kinds of record the work may leave out, each with why this work needs no doing for them (spared.ts); none:
   * it spares no category
   */
  spared?: SparedKinds;
}

/** A window two acts of one record type share, by name: the section that is inside it and the one outside. */
export interface SharedWindow {
  /** what the policy calls it ("claim window") */
  name: string;
  /** the date field it is counted on */
  field: string;
}

/** A count two acts of one record type share, by name: a record at `field` this high or higher is past it. */
export interface SharedLimit {
  /** what the policy calls what is agreed ("agreed rounds of revisions") */
  name: string;
  /** one of what is agreed ("agreed round of revisions") */
  one: string;
  /** the number field it is counted on */
  field: string;
}

/** The longest wait per value of an urgency field, on a date field. */
export interface Wait {
  field: string;
  date: string;
  within: Readonly<Record<string, number>>;
}

/**
 * Whether a rule lets a record of an urgent kind wait longer than the work allows it: the urgent values the rule
 * admits (every one its conditions do not leave out) against the longest window it counts on the waiting date.
 */
export function waitsTooLong(r: Rule, w: Wait | undefined): boolean {
  if (!w) return false;
  let admitted = Object.keys(w.within);
  for (const a of r.all) {
    if (a.kind === 'in' && a.field === w.field) admitted = admitted.filter((v) => a.values.includes(v));
    if (a.kind === 'not_in' && a.field === w.field) admitted = admitted.filter((v) => !a.values.includes(v));
  }
  const u = r.unless;
  if (u?.kind === 'in' && u.field === w.field) admitted = admitted.filter((v) => !u.values.includes(v));
  const longest = Math.min(...admitted.map((v) => w.within[v] as number));
  return [...r.all, ...(r.any ?? [])].some(
    (a) => a.kind === 'older' && a.field === w.date && (a.workdays ? Math.ceil((a.days * 7) / 5) : a.days) > longest,
  );
}

/**
 * An act; the fields it leans on are the ones its reason turns on, so every rule of its section names each on the
 * side the reason calls for (a drawn rule never leaves out what the reason is about, nor keeps its other side)
 */
export const act = (
  sections: string | readonly string[],
  why: string,
  lean?: PolicyAct['lean'],
  of?: string,
  bounds?: PolicyAct['bounds'],
): PolicyAct => ({
  sections: typeof sections === 'string' ? [sections] : sections,
  why,
  ...(lean ? { lean, must: Object.keys(lean).filter((f) => lean[f] !== 'unrelated' && lean[f] !== 'scope') } : {}),
  ...(of ? { of } : {}),
  ...(bounds ? { bounds } : {}),
});

/** The act's reason as a section with this rule says it: never naming a state the rule does not test. */
export function reasonOf(a: PolicyAct, r: Rule): string {
  const named = new Set(atomsOf(r).map((x) => x.field));
  const field = Object.keys(a.whyWithout ?? {}).find((f) => !named.has(f));
  return field ? (a.whyWithout?.[field] as string) : a.why;
}

/**
 * A review act's reason (a record type's own "Review": overdue to-dos, the largest accounts), only over a rule that
 * tests every field it turns on: a review drawn for an action that takes one of them (a meeting booked over the
 * to-dos a branch starts) has none of this act's, and "Overdue to-dos are reviewed" over a priority rule sends a
 * literal reader to the overdue to-dos the checks leave out. None: the section says its record type's review
 * purpose where that fits the rule (review-purpose.ts), else the rule's own reason.
 */
export function reviewReasonOf(a: PolicyAct | undefined, r: Rule): string | undefined {
  if (!a) return undefined;
  const named = new Set(atomsOf(r).map((x) => x.field));
  return (a.must ?? []).every((f) => named.has(f)) ? reasonOf(a, r) : undefined;
}
