import type { Rng } from '../../env/rng.js';
import { grouped } from '../../schema/text.js';
import type { ActionPart, SourcePart } from './parts.js';

// A limit on the batch's figure, in the words of the work it stops: the total a batch of refunds, bookings or hours
// may come to before the work waits for someone's sign-off. Only a measure whose total is what the work commits
// (money, hours, seats, land) takes a limit: nobody caps a batch of pauses by the views its jobs had.

/** What a batch's total commits: the kind decides who signs a larger batch off. */
export type LimitKind = 'money' | 'time' | 'seats' | 'land';

const CURRENCY: Readonly<Record<string, string>> = { GBP: '£', USD: '$', EUR: '€' };
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

// who signs a batch off above the limit, by what it commits
const APPROVERS: Readonly<Record<LimitKind, readonly string[]>> = {
  money: ['finance lead', 'budget holder', 'finance controller', 'head of finance'],
  time: ['operations manager', 'resourcing lead', 'practice manager'],
  seats: ['facilities manager', 'events lead'],
  land: ['farm manager', 'agronomy lead'],
};

/** The role that signs a batch above the limit off (a draw of the task's stream). */
export const approverRole = (kind: LimitKind, rng: Rng): string => rng.pick(APPROVERS[kind]);

/** A limit as the policy writes it: "£2,000", "$1,250.50", "40 hours". */
export function limitText(src: SourcePart, limit: number): string {
  const unit = src.measure?.unit ?? '';
  const n = grouped(limit, 0, 2);
  const sign = CURRENCY[unit];
  return sign ? `${sign}${n}` : `${n} ${unit}`;
}

// what the work would do, said as not doing it for any of the batch: per tool, the act's own words
function holdsBack(action: ActionPart<string>): readonly string[] {
  const t = action.tool;
  if (action.approves) return ['approve none of them', 'approve none of the batch'];
  if (t === 'gmail_send_message') return ['send none of the mails', 'send none of them'];
  if (t === 'gmail_save_draft') return ['draft none of the replies', 'draft nothing for any of them'];
  if (t === 'todo_create_task') return ['open no tasks for them', 'open none of the tasks'];
  if (t === 'calendar_create_event') return ['book none of them', 'put none of them in the diary'];
  if (t === 'inventory_create_order') return ['place none of the orders', 'order none of them'];
  if (/add_comment$/.test(t)) return ['post none of the notes', 'comment on none of them'];
  if (/^fs_|^image_/.test(t)) return ['do none of that work', 'leave all of that work undone'];
  return ['change none of them', 'leave every one of them as it is', 'act on none of them'];
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
  const none = rng.pick(holdsBack(x.action));
  const who = `the ${x.role}, ${x.name} (${x.email})`;
  // the list names each record as a deliverable does: its id and what the team calls it by
  const name = x.src.nameField.label;
  const ids = rng.pick([`each one's id and ${name}`, `the id and ${name} of each`, `every id with its ${name}`]);
  return rng.pick([
    `When the ${many} this section picks out come to more than ${cap} in ${label} all together, ${none}: send the list, with ${ids}, to ${who} for sign-off instead; at or under ${cap}, go ahead as above.`,
    `If their combined ${label} is over ${cap}, ${none} — email the list (${ids}) to ${who}, who signs off batches that size; at ${cap} or less, carry on as above.`,
    `A batch of these ${many} whose ${label} adds up to more than ${cap} needs sign-off first: ${none}, and mail the list with ${ids} to ${who} instead. Up to ${cap}, go ahead as above.`,
    `Above ${cap} of ${label} in total across the ${many} it picks out, ${none}; the list (${ids}) goes to ${who} for sign-off instead. At or below ${cap}, the section applies as written.`,
  ]);
}
