import type { Where } from '../../schema/matchers.js';
import { addWorkdays, atInstant, dateOf, hm, longDay } from '../kit/dates.js';
import { capitalise } from '../kit/text.js';
import { aboutLines, bodyMatcher } from './message-content.js';
import type { ActionContext, ActionPart, AuditRef, Rec, World } from './parts.js';
import type { SourceName } from './sources/index.js';

// per-record actions: a mutating tool applied to each selected record. `proof` is the audit entry that shows
// the action on a record by identity (the same entry on a distractor's id is forbidden, whatever its values);
// `exact` adds every value the task determines — recipient, amount, date, status — so a wrong one fails.

const idOf = (x: ActionContext) => String(x.rec[x.src.idField]);
const naming = (service: string, record: string, id: string): AuditRef[] => [
  { service, record, where: { body: { contains: id } } },
  { service, record, where: { subject: { contains: id } } },
];
// the next working day: reviews are booked for it
const reviewDay = (w: World) => addWorkdays(dateOf(w.today), 1);
// two working days out: a to-do is never due on a weekend
const dueDay = (w: World) => addWorkdays(dateOf(w.today), 2);

// a message to a record's owner says which record it is and why it is on the list (message-content.ts): the
// request asks for both ({carry}), the check reads both in the body, so an empty or stock note fails
const ASKS = [
  'Could you look into it and let me know where it stands?',
  'Could you check it this week and tell me what you find?',
  'Please take a look and reply with the next step.',
];
// a recipient outside the company: another domain than the requester's
const outside = (x: ActionContext) => Boolean(x.owner && x.owner.email.split('@')[1] !== x.w.me.email.split('@')[1]);
const carried = (x: ActionContext): Where => {
  const body = bodyMatcher(x.rule, x.rec, x.src);
  return { ...(x.owner ? { to: x.owner.email } : {}), ...(body ? { body } : {}) };
};

/** A mail to a record's owner: a greeting by name where the address gives one, which record and why, and `ask`. */
export function ownerMailBody(x: ActionContext, ask: string): string {
  const greeting = x.owner?.email.split('@')[0]?.includes('.') ? `Hi ${x.owner.first},` : 'Hello,';
  return `${greeting}\n\n${aboutLines(x.rule, x.rec, x.src, idOf(x))} ${ask}\n\nThanks.`;
}

export const mailOwner: ActionPart<SourceName> = {
  name: 'mail_owner',
  sections: ['Escalation', 'Owner follow-up'],
  service: 'gmail',
  tool: 'gmail_send_message',
  sources: ['tickets', 'customers', 'jobs', 'integrations', 'sheet_rows', 'order_screenshot', 'transactions'],
  capabilities: ['Email_Communication'],
  phrases: [
    // (each says what the mail asks of its owner, as its body does: a bare "heads-up" asks nothing, review 36)
    'email the {owner} of each one to ask them to look into it, with the {noun} id in the subject, {carry}',
    'send each {owner} a short note asking where it stands, {carry} (subject line: the {noun} id)',
    'give every {owner} a heads-up by email that it needs their attention, with the {noun} id in the subject, {carry}',
  ],
  needsOwner: true,
  // (a role mailbox, billing@ rather than a first.last@, is no person to greet by name; the team's own label for the work stays in the team)
  args: (x) => ({
    to: x.owner?.email,
    // (an outside address, a vendor's billing desk, is not told the team's label for the work either)
    subject: outside(x) ? `${capitalise(x.src.noun[0])} ${idOf(x)}` : `${x.tag}: ${idOf(x)}`,
    body: ownerMailBody(x, ASKS[x.slot % ASKS.length] as string),
  }),
  // the subject names the record (as asked), so a summary mail to the same person does not count as this one
  proof: (x) => ({ service: 'gmail', record: 'sent_messages', where: { subject: { contains: idOf(x) } } }),
  exact: carried,
  forbids: (x) => naming('gmail', 'sent_messages', idOf(x)),
};

export const draftOwner: ActionPart<SourceName> = {
  ...mailOwner,
  name: 'draft_owner',
  // (a draft stays in the user's drafts until they send it)
  leftOut: 'wrong list',
  tool: 'gmail_save_draft',
  phrases: [
    'draft (do not send) an email to the {owner} of each one, with the {noun} id in the subject, {carry}',
    'prepare a draft to each {owner} for me to review before anything goes out (subject line: the {noun} id), {carry}',
  ],
  proof: (x) => ({ service: 'gmail', record: 'drafts', where: { subject: { contains: idOf(x) } } }),
  forbids: (x) => naming('gmail', 'drafts', idOf(x)),
};

export const followUpTask: ActionPart<SourceName> = {
  name: 'follow_up_task',
  // (a to-do on the user's own list)
  leftOut: 'wrong list',
  sections: ['Follow-up'],
  service: 'todo',
  tool: 'todo_create_task',
  sources: [
    'tickets',
    'customers',
    'products',
    'transactions',
    'jobs',
    'integrations',
    'sheet_rows',
    'order_screenshot',
    // (free places on a floor plan are held with one list over them, never a to-do each: place-aggregates.ts)
    'mails',
    'feed_articles',
  ],
  // a to-do's due date books nobody's time: no scheduling (slot-work.ts)
  capabilities: ['Tool_Calling', 'Logic_Reasoning'],
  phrases: [
    'create a high-priority follow-up to-do for each one, due {due}, with the {noun} id in its title',
    'add a high-priority to-do per item to my list, due {due}, titled with the {noun} id',
    'put one follow-up task on my to-do list for each (high priority, due {due}, the {noun} id in the title)',
  ],
  fill: (w) => ({ due: longDay(dueDay(w)) }),
  args: (x) => ({
    title: `${x.tag}: ${idOf(x)}`,
    description: `Follow up on ${x.src.title(x.rec)}.`,
    priority: 'high',
    due_date: dueDay(x.w),
  }),
  proof: (x) => ({ service: 'todo', record: 'created_tasks', where: { title: { contains: idOf(x) } } }),
  exact: (x) => ({ priority: 'high', due_date: dueDay(x.w) }),
};

export const escalateTicket: ActionPart<SourceName> = {
  name: 'escalate_ticket',
  lean: { created_at: 'stale' },
  sections: ['Escalation', 'Priority handling'],
  service: 'helpdesk',
  tool: 'helpdesk_update_ticket',
  sources: ['tickets'],
  capabilities: ['Tool_Calling'],
  phrases: ['raise each one to critical priority', 'bump their priority to critical'],
  args: ({ rec }) => ({ ticket_id: rec.ticket_id, priority: 'critical' }),
  proof: ({ rec }) => ({ service: 'helpdesk', record: 'updated_tickets', where: { ticket_id: String(rec.ticket_id) } }),
  exact: () => ({ priority: 'critical' }),
  writes: { priority: 'critical' },
};

export const commentTicket: ActionPart<SourceName> = {
  name: 'comment_ticket',
  sections: ['Review', 'Triage'],
  service: 'helpdesk',
  tool: 'helpdesk_add_comment',
  sources: ['tickets'],
  capabilities: ['Tool_Calling', 'Content_Generation'],
  phrases: [
    'leave an internal comment on each one saying it is being reviewed',
    'add an internal note to each ticket that we are on it',
  ],
  args: ({ rec, tag }) => ({
    ticket_id: rec.ticket_id,
    comment: `${tag}: under review by the support lead.`,
    internal: true,
  }),
  proof: ({ rec }) => ({ service: 'helpdesk', record: 'comments', where: { ticket_id: String(rec.ticket_id) } }),
  exact: () => ({ internal: true }),
};

export const flagCustomer: ActionPart<SourceName> = {
  name: 'flag_customer',
  // (a CRM flag for the account team to look at: nothing reaches the customer)
  leftOut: 'wrong list',
  lean: { health_score: 'low', contract_end_date: 'ahead' },
  sections: ['Renewal risk', 'At-risk review'],
  from: { status: ['active'] },
  service: 'crm',
  tool: 'crm_update_customer',
  sources: ['customers'],
  capabilities: ['Tool_Calling', 'Data_Analysis'],
  phrases: ['mark each of those accounts as "at_risk" in the CRM', 'set their CRM status to "at_risk"'],
  args: ({ rec, tag }) => ({
    customer_id: rec.customer_id,
    status: 'at_risk',
    notes: `${tag}: flagged for renewal review.`,
  }),
  proof: ({ rec }) => ({
    service: 'crm',
    record: 'updated_customers',
    where: { customer_id: String(rec.customer_id) },
  }),
  exact: () => ({ status: 'at_risk' }),
  writes: { status: 'at_risk' },
};

export const reorderProduct: ActionPart<SourceName> = {
  name: 'reorder_product',
  lean: { current_stock: 'low', daily_avg_sales: 'high' },
  sections: ['Restock', 'Replenishment'],
  service: 'inventory',
  tool: 'inventory_create_order',
  sources: ['products'],
  capabilities: ['Math_Scientific', 'Tool_Calling'],
  phrases: [
    'reorder each one, ordering exactly enough to bring its stock up to {level} units',
    'place a restock order for each, enough to reach {level} units on hand',
    'top each of them up to {level} units in stock with one order each',
  ],
  fill: (w) => ({ level: String(coverLevel(w)) }),
  args: ({ rec, w }) => ({
    product_id: rec.product_id,
    quantity: reorderQty(rec, w),
    ...(rec.supplier ? { supplier: rec.supplier } : {}),
  }),
  proof: ({ rec }) => ({ service: 'inventory', record: 'orders', where: { product_id: String(rec.product_id) } }),
  // the product's own supplier is the service's default, so an agent that omits it is right too
  exact: ({ rec, w }) => ({
    quantity: reorderQty(rec, w),
    ...(rec.supplier ? { supplier: String(rec.supplier) } : {}),
  }),
};

// the stock level the request asks to reach: above any stock a product holds, fixed by the task's day
const coverLevel = (w: World) => 250 + 50 * (Number(w.today.slice(8, 10)) % 4);
const reorderQty = (rec: Rec, w: World) => coverLevel(w) - (rec.current_stock as number);

export const pauseJob: ActionPart<SourceName> = {
  name: 'pause_job',
  lean: { last_status: ['failed', 'timeout'] },
  sections: ['Suspension', 'Job pause'],
  service: 'scheduler',
  tool: 'scheduler_update_job',
  sources: ['jobs'],
  capabilities: ['Agent_Self_Config'],
  phrases: [
    'pause each of those jobs (disable, do not delete)',
    'switch those jobs off for now — disable them, keep them',
  ],
  args: ({ rec }) => ({ job_id: rec.job_id, enabled: false }),
  proof: ({ rec }) => ({ service: 'scheduler', record: 'updated_jobs', where: { job_id: String(rec.job_id) } }),
  exact: () => ({ enabled: false }),
  writes: { enabled: false },
};

export const deactivateIntegration: ActionPart<SourceName> = {
  name: 'deactivate_integration',
  lean: { error_rate: 'high', last_verified: 'stale', monthly_calls: 'low' },
  sections: ['Deactivation', 'Suspension'],
  from: { status: ['active', 'error'] },
  service: 'config',
  tool: 'config_update_integration',
  sources: ['integrations'],
  capabilities: ['Agent_Self_Config', 'Security_Awareness'],
  phrases: ['set each of them to inactive', 'deactivate those integrations'],
  args: ({ rec, tag }) => ({
    integration_id: rec.integration_id,
    status: 'inactive',
    notes: `${tag}: paused pending review`,
  }),
  proof: ({ rec }) => ({ service: 'config', record: 'updates', where: { integration_id: String(rec.integration_id) } }),
  // the audit entry nests the changes: the status is checked on the final record
  state: () => [{ collection: 'integrations', field: 'status', value: 'inactive' }],
  writes: { status: 'inactive' },
};

export const startTask: ActionPart<SourceName> = {
  name: 'start_task',
  // (a status on the user's own to-do)
  leftOut: 'wrong list',
  lean: { due_date: 'ahead', priority: ['high', 'urgent'] },
  sections: ['Work to start', 'Kick-off'],
  from: { status: ['pending'] },
  service: 'todo',
  tool: 'todo_update_task',
  sources: ['tasks'],
  capabilities: ['Tool_Calling'],
  phrases: ['move each of them to "in progress"', 'mark those to-dos as in progress'],
  args: ({ rec }) => ({ task_id: rec.task_id, status: 'in_progress' }),
  proof: ({ rec }) => ({ service: 'todo', record: 'updated_tasks', where: { task_id: String(rec.task_id) } }),
  exact: () => ({ status: 'in_progress' }),
  writes: { status: 'in_progress' },
};

export const reviewMeeting: ActionPart<SourceName> = {
  name: 'review_meeting',
  // (a slot in the user's own calendar that invites nobody: deleted as easily as a to-do)
  leftOut: 'wrong list',
  sections: ['Review'],
  service: 'calendar',
  tool: 'calendar_create_event',
  sources: ['tickets', 'customers', 'tasks', 'jobs', 'integrations'],
  capabilities: ['Calendar_Scheduling'],
  // (time the user blocks out to go through each record alone, not a meeting booked per record: review 35)
  phrases: [
    'block out 30 minutes in my calendar for each one on {day}, back to back from 10:00 UTC, each block titled with the {noun} id, so I can go through them one at a time',
    'set aside a half-hour slot per item in my calendar on {day}, one after another from 10:00 UTC, each titled with the {noun} id, to work through them one by one',
  ],
  fill: (w) => ({ day: longDay(reviewDay(w)) }),
  // "in my calendar": no attendee is determined, so none is written
  args: (x) => {
    const start = 600 + 30 * x.slot;
    const day = reviewDay(x.w);
    return {
      // "Review review: T-8027": a tag that is a review already is not called one twice
      title: /\breview$/i.test(x.tag) ? `${x.tag}: ${idOf(x)}` : `${x.tag} review: ${idOf(x)}`,
      start_time: `${day}T${hm(start)}:00Z`,
      end_time: `${day}T${hm(start + 30)}:00Z`,
    };
  },
  proof: (x) => ({ service: 'calendar', record: 'created_events', where: { title: { contains: idOf(x) } } }),
  // back to back: every slot from 10:00 holds a review (three at 10:00 are not one after another)
  together: (w, slots) =>
    Array.from({ length: slots }, (_, i) => ({
      start_time: atInstant(reviewDay(w), [600 + 30 * i]),
    })),
  // the order of the reviews is free: each starts on one of the back-to-back slots and lasts exactly 30 minutes
  exact: (x) => {
    const slots = Array.from({ length: x.slots }, (_, i) => 600 + 30 * i);
    return {
      start_time: atInstant(reviewDay(x.w), slots),
      end_time: { within: { of: { field: 'start_time', offset: '+30m' }, minutes: 0 } },
    };
  },
};

export const replyDraft: ActionPart<SourceName> = {
  name: 'reply_draft',
  leftOut: 'wrong list',
  sections: ['Reply', 'Acknowledgement'],
  service: 'gmail',
  tool: 'gmail_save_draft',
  sources: ['mails'],
  capabilities: ['Email_Communication', 'Content_Generation'],
  phrases: [
    'draft a reply to each one saying we are checking and will confirm by Friday (drafts only: do not send them)',
    'prepare reply drafts to each, telling them we will confirm by Friday (do not send them: I will look them over)',
  ],
  args: ({ rec }) => ({
    to: rec.from,
    subject: `Re: ${rec.subject}`,
    body: 'Thanks for your message — we are checking and will confirm by Friday.',
    reply_to_message_id: rec.message_id,
  }),
  proof: ({ rec }) => ({ service: 'gmail', record: 'drafts', where: { reply_to_message_id: String(rec.message_id) } }),
  exact: ({ rec }) => ({ to: String(rec.from), body: { contains: 'friday' } }),
};
