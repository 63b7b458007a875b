import type { Rng } from '../../env/rng.js';
import { grouped } from '../../schema/text.js';
import { CURRENCY_SIGN } from '../kit/money.js';
import { isAre } from '../kit/text.js';
import type { ActionPart, SourcePart } from './parts.js';

// A limit on the batch's figure, in the words of the work it stops: the total a batch of refunds, bookings or hours
// may come to before the work waits for someone's sign-off. Only a measure whose total is what the work commits
// (money, hours, seats, land) takes a limit: nobody caps a batch of pauses by the views its jobs had.

/** What a batch's total commits: the kind decides who signs a larger batch off. */
export type LimitKind = 'money' | 'time' | 'seats' | 'land';

const KIND_OF_UNIT: Readonly<Record<string, LimitKind>> = {
  GBP: 'money',
  USD: 'money',
  EUR: 'money',
  hours: 'time',
  minutes: 'time',
  people: 'seats',
  places: 'seats',
  ha: 'land',
};

/** The kind of limit a record type's measure takes (none: its total is nothing the work commits). */
export function limitKind(src: SourcePart): LimitKind | undefined {
  const m = src.measure;
  if (!m?.unit || m.additive === false) return undefined;
  return KIND_OF_UNIT[m.unit];
}

// who takes a batch above the limit, by what it commits (where the work names nobody of its own)
const APPROVERS: Readonly<Record<LimitKind, readonly string[]>> = {
  money: ['finance lead', 'budget holder', 'finance controller', 'head of finance'],
  time: ['operations manager', 'resourcing lead', 'practice manager'],
  seats: ['facilities manager', 'events lead'],
  land: ['farm manager', 'agronomy lead'],
};

/**
 * The work a cap on the batch's total fits, in its own words: only work that spends, commits or approves that total
 * (paying, approving, renewing, watering, filing scans whose fees add up) or gives it back (cancelling bookings), so a
 * larger batch is someone else's to sign off. What is not done over the cap (`none`), whether the list then goes for
 * sign-off or to a senior colleague to take on, and who that is. Work that spends nothing (a questionnaire, a query, a
 * chaser, a follow-up task, a flag) has no entry: a batch of those is not held back because its records' amounts add
 * up (review 29: 24 of 60 caps), and nor is work a cap would make dangerous to hold back (diarising a court deadline).
 */
// Every such work done anyway over the cap harms (compile/figure-route.ts forbids it): it spends the total, or takes
// something away (a patient's appointment cancelled, which goes to the clinic manager to take on, not to sign off).
// A cap is an approver's limit for that work, so it is never below what such a limit really is (`least`, in the
// measure's unit): a per-batch sign-off on expense reimbursement is in the thousands, on a contract's renewal in
// the tens of thousands. A batch whose total no such limit comes near takes no cap at all (a €120 cap on a run of
// receipts is no finance team's).
interface CapWork {
  none: readonly string[];
  hands: 'sign' | 'take';
  roles?: readonly string[];
  least?: number;
}
const CAP_WORK: Readonly<Record<string, CapWork>> = {
  approve_purchase: { none: ['approve none of them', 'approve none of the requests'], hands: 'sign', least: 1_000 },
  approve_trip: {
    none: ['approve none of the trips', 'approve none of them'],
    hands: 'sign',
    least: 1_000,
    roles: ['travel manager', 'budget holder'],
  },
  mark_bill_paid: {
    none: ['pay none of the bills', 'mark none of them paid'],
    hands: 'sign',
    least: 250,
    roles: ['budget holder'],
  },
  contract_into_renewal: {
    none: ['put none of them into renewal', 'start none of the renewals'],
    hands: 'sign',
    least: 50_000,
    roles: ['finance lead', 'commercial director'],
  },
  upload_scan: {
    none: ['upload none of the scans', 'file none of the scans'],
    hands: 'sign',
    least: 1_000,
    roles: ['budget holder', 'finance controller'],
  },
  schedule_irrigation: {
    none: ['schedule watering for none of them', 'book none of the irrigation'],
    hands: 'sign',
    roles: ['farm manager', 'agronomy lead'],
  },
  cancel_catering: {
    none: ['cancel none of the catering', 'leave every catering order in place'],
    hands: 'sign',
    roles: ['events lead', 'facilities manager'],
  },
  cancel_appointment: {
    none: ['cancel none of them yourself', 'leave every one of them booked'],
    hands: 'take',
    roles: ['practice manager', 'clinic manager'],
  },
};

/** Whether a cap on the batch's total fits the work (an act with its own words for holding it back). */
export const capFits = (action: ActionPart<string>): boolean => action.name in CAP_WORK;

/** The least cap an approver of the work really holds (0: any the batch's total gives). */
export const capFloor = (action: ActionPart<string>): number => CAP_WORK[action.name]?.least ?? 0;

/** Whether the list over the cap goes for sign-off, or to a senior colleague to take on. */
export const capHands = (action: ActionPart<string>): 'sign' | 'take' => CAP_WORK[action.name]?.hands ?? 'sign';

/** The role that takes a batch above the limit (a draw of the task's stream). */
export function approverRole(kind: LimitKind, action: ActionPart<string>, rng: Rng): string {
  return rng.pick(CAP_WORK[action.name]?.roles ?? APPROVERS[kind]);
}

/** A limit as the policy writes it: "£2,000", "$1,250.50", "40 hours". */
export function limitText(src: SourcePart, limit: number): string {
  const unit = src.measure?.unit ?? '';
  const n = grouped(limit, 0, 2);
  const sign = CURRENCY_SIGN[unit];
  return sign ? `${sign}${n}` : `${n} ${unit}`;
}

/** The facts a limit clause states. */
export interface LimitWords {
  src: SourcePart;
  action: ActionPart<string>;
  limit: number;
  role: string;
  name: string;
  email: string;
}

/**
 * The clause a policy section adds on its batch's total: above the limit none of the work is done, the list goes
 * to the approver instead; at or under it the section applies as written. "When the refunds this section picks out
 * add up to more than £2,000 in amount, issue none of them: send the list …". One sentence, so the checks that
 * follow from it trace to it whole.
 */
export function limitClause(x: LimitWords, rng: Rng): string {
  const [, many] = x.src.noun;
  const label = x.src.measure?.label ?? 'total';
  const cap = limitText(x.src, x.limit);
  const none = rng.pick(CAP_WORK[x.action.name]?.none ?? ['act on none of them']);
  const who = `the ${x.role}, ${x.name} (${x.email})`;
  const sign = capHands(x.action) === 'sign';
  const forWhat = sign ? 'for sign-off' : 'to take on';
  const signs = sign ? 'who signs off batches that size' : 'who takes up batches that size';
  const needs = sign ? 'needs sign-off first' : `is the ${x.role}'s, not ours`;
  // "whose booked minutes add up", "whose amount adds up"
  const adds = isAre(label) === 'are' ? 'add' : 'adds';
  // the list names each record as a deliverable does: its id and what the team calls it by
  const name = x.src.nameField.label;
  const ids = rng.pick([`each one's id and ${name}`, `the id and ${name} of each`, `every id and its ${name}`]);
  return rng.pick([
    `When the ${many} this section picks out come to more than ${cap} in ${label} all together, ${none}: pass the list, with ${ids}, to ${who} ${forWhat} instead; at or under ${cap}, go ahead as above.`,
    `If their combined ${label} is over ${cap}, ${none} — email the list (${ids}) to ${who}, ${signs}; at ${cap} or less, carry on as above.`,
    `A batch of these ${many} whose ${label} ${adds} up to more than ${cap} ${needs}: ${none}, and mail the list with ${ids} to ${who} instead. Up to ${cap}, go ahead as above.`,
    `Above ${cap} in ${label} across all the ${many} it picks out, ${none}; the list (${ids}) goes to ${who} ${forWhat} instead. At or below ${cap}, the section applies as written.`,
  ]);
}
