import type { FieldModel } from '../rules/fields.js';
import { aOrAn } from '../kit/text.js';

// Which of a branch's two routes the pressing records take, and why (review 26, G: "received 2 or more working days
// ago go to my to-do list instead of being forwarded", with no reason, and the direction drawn at random). A branch
// splits by a sum or a date; the pressing side of it (the larger sum, the longer wait, the nearer date) goes the
// heavier way, the route that brings a person or an authority to the record, and the request says why. A pair of
// works that is equally heavy on a field's kind, or that one of them gives no reason for, splits nothing.

/** What side of a field a branch's pressing records are on: a larger sum, a longer wait, a nearer date. */
export type PressKind = 'money' | 'waited' | 'soon';

// per work, how heavy a route it is for the pressing side of each kind (higher: more of a person's attention or
// authority); a kind it has no rank for is one it gives no reason to split by
const RANK: Readonly<Record<string, Partial<Record<PressKind, number>>>> = {
  comment_ticket: { waited: 0, soon: 0 },
  translate_message: { waited: 0 },
  upload_scan: { money: 1 },
  reorder_product: { money: 1 },
  route_by_language: { waited: 1 },
  // a draft waits on my reading: slower for a wait, the careful route for a large sum
  draft_owner: { waited: 1, soon: 1, money: 2 },
  mail_owner: { waited: 2, soon: 2, money: 1 },
  reply_draft: { waited: 2 },
  reply_in_language: { waited: 2 },
  key_expense_line: { money: 2 },
  flag_customer: { money: 3 },
  start_task: { waited: 1, soon: 3 },
  review_meeting: { waited: 3, soon: 2, money: 3 },
  follow_up_task: { waited: 3, soon: 3, money: 3 },
  triage_partner_mail: { waited: 3 },
  escalate_ticket: { waited: 4, soon: 4 },
  // (an integration's one date is its last verification: unverified that long, it is switched off until checked)
  deactivate_integration: { waited: 4 },
};

// what a to-do of its own gives each pressing record (both works put one on my list)
const OWN_ITEM = [
  'a to-do of its own keeps each one from slipping',
  'each needs its own item on the list, so none slips',
];

// what the heavier route gives the pressing records (after "…, and")
const WHY: Readonly<Record<string, readonly string[]>> = {
  draft_owner: [
    'a mail about that much goes out only once it has been read over',
    'those are read over before they go out',
  ],
  mail_owner: ['whoever is responsible should hear of it directly', 'they should hear of it from us today'],
  reply_draft: ['the sender should hear from us now', 'a holding reply tells the sender where things stand'],
  reply_in_language: [
    'the sender should hear from us now, in their own language',
    'a reply in their language tells them where things stand',
  ],
  route_by_language: ['the desk for their language can take them on at once', 'their language desk answers fastest'],
  key_expense_line: [
    'each is keyed in line by line so its figures are checked',
    'keying them in makes finance check every figure',
  ],
  flag_customer: [
    'an account that size is watched as at risk, not left to a note',
    'the account team watches the at-risk list',
  ],
  start_task: ['they get started now'],
  review_meeting: ['they need a proper look in a review slot', 'a review slot makes sure someone looks at them'],
  follow_up_task: OWN_ITEM,
  triage_partner_mail: OWN_ITEM,
  escalate_ticket: ['they go up a tier', 'the next tier takes them over'],
  deactivate_integration: [
    'an integration nobody has checked in a while is switched off until someone does',
    'an unverified connection is closed until it is checked',
  ],
};

// why the pressing side is pressing ("since …"), and why the other side can take the lighter route, in the field's
// own words (`v`: its verb, "received", "last verified"; `l`: its label, "receipt total")
const PRESSING: Readonly<Record<PressKind, readonly ((v: string, l: string) => string)[]>> = {
  money: [
    (_, l) => `the larger the ${l}, the more a mistake costs`,
    // (not "beyond what we handle routinely": said of the records the main work handles, it read as a refusal to
    // handle them, review 67)
    (_, l) => `a larger ${l} needs more than the routine check`,
    (_, l) => `a higher ${l} is past the routine limit`,
  ],
  waited: [
    (v) => `the longer ago they were ${v}, the less they can wait on the usual route`,
    // (said before the branch's own window where the branch is the lighter route: nothing for "that long ago" to
    // point back to, review 36)
    (v) => `the ones ${v} earliest have waited long enough`,
    // (never "come first": that read as an order the list should be in, review 46)
    (v) => `those ${v} longest ago are the furthest behind`,
  ],
  soon: [() => 'those coming up soonest cannot wait', () => 'there is too little time left on those'],
};
const LIGHT: Readonly<Record<PressKind, readonly ((v: string, l: string) => string)[]>> = {
  money: [(_, l) => `${aOrAn(l)} ${l} that small is routine`, () => 'small sums need no more than that'],
  waited: [
    (v) => `those ${v} so recently can take the usual route`,
    // (never "can wait a little": the lighter route may still be work done at once, a forward to a desk, review 38)
    (v) => `anything ${v} that recently is still within the normal turnaround`,
  ],
  soon: [],
};

/** The pressing kind of a field, where a branch may split by it: money, or a date with room on its side. */
export function pressKindOf(f: FieldModel): PressKind | undefined {
  if (f.kind === 'number') return f.currency ? 'money' : undefined;
  if (f.kind !== 'date') return undefined;
  const past = Math.max(0, -f.from);
  const ahead = Math.max(0, f.to);
  if (ahead >= 5 && ahead >= past) return 'soon';
  // (a thing made long ago, a job or a page, has waited for nothing: its age is no wait)
  return past >= 5 && f.verb !== 'created' ? 'waited' : undefined;
}

/**
 * Whether the branch takes the pressing side of a field of this kind (the main work the other), or not, or the
 * pair does not split by it: equally heavy, or the heavier gives no reason. A nearer date is split only towards
 * the branch: "due later than" is no condition a policy writes.
 */
export function branchPresses(main: string, branch: string, kind: PressKind): boolean | undefined {
  const a = RANK[main]?.[kind];
  const b = RANK[branch]?.[kind];
  if (a === undefined || b === undefined || a === b) return undefined;
  const heavier = b > a ? branch : main;
  if (!WHY[heavier]?.length) return undefined;
  if (kind === 'soon' && b < a) return undefined;
  return b > a;
}

/** Whether two works split by some kind of field at all (the recipe draws a branch only among these). */
export const splits = (main: string, branch: string): boolean =>
  (['money', 'waited', 'soon'] as const).some((k) => branchPresses(main, branch, k) !== undefined);

/** The reason a branch gives, drawn with it: why its pressing side takes the heavier route. */
export interface BranchReason {
  /** the branch's own records are the pressing ones */
  presses: boolean;
  /** why the pressing side is pressing, and what the heavier route gives it */
  pressing: string;
  /** why the other side can take the lighter route */
  light: string;
}

/** A branch's reason over its field, in varied prose (`pick`: the task's seeded draw). */
export function branchReason(
  main: string,
  branch: string,
  f: FieldModel,
  kind: PressKind,
  presses: boolean,
  pick: <T>(xs: readonly T[]) => T,
): BranchReason {
  const heavier = presses ? branch : main;
  const verb = f.kind === 'date' ? (kind === 'waited' ? (f.past ?? f.verb) : f.verb) : '';
  const light = LIGHT[kind].length ? pick(LIGHT[kind])(verb, f.label) : 'those can take the usual route';
  return { presses, pressing: `${pick(PRESSING[kind])(verb, f.label)}, and ${pick(WHY[heavier] ?? [])}`, light };
}
