import { type Check, type Step } from './checks.js';
import { at, dateOf } from './dates.js';
import type { GeneratorContext } from './generator.js';
import { ids } from './ids.js';
import type { Person } from './people.js';
import type { Words } from './words.js';

// record and file builders the presets share: the instruction mail and how it is read, the matching to-do,
// directory entries, the date office files are stamped with, and the record shapes of the support presets.

/** A crm customer account as the support presets seed it (hard levels may keep the manager's address in contacts only). */
export interface CrmCustomer {
  customer_id: string;
  name: string;
  tier: string;
  status: string;
  industry: string;
  contact_person: string;
  account_manager: string;
  account_manager_email?: string;
}

/** A helpdesk ticket as the support presets seed it. */
export interface HelpdeskTicket {
  ticket_id: string;
  title: string;
  status: string;
  priority: string;
  customer_id: string;
  reporter: string;
  created_at: string;
  description: string;
  resolution?: string;
}

/** The date office files are stamped with: the task's mock day. */
export const docDate = (ctx: GeneratorContext): string => dateOf(ctx.mockToday);

/** An inbox message. */
export function mail(id: string, from: Person, subject: string, body: string, date: string): Record<string, unknown> {
  return {
    message_id: id,
    from: `${from.name} <${from.email}>`,
    to: 'me@acme.example',
    subject,
    body,
    date,
    labels: ['INBOX'],
  };
}

/** The two steps that open one inbox message: list the inbox, then get the message. */
export const readMail = (messageId: string): Step[] => [
  { call: 'gmail_list_messages', args: {} },
  { call: 'gmail_get_message', args: { message_id: messageId } },
];

/** A pending to-do the agent ticks off (hard levels), plus a distractor, and its check (the one update, on that to-do). */
export function todoPart(
  ctx: GeneratorContext,
  title: string,
  weight: number,
): { tasks: Record<string, unknown>[]; steps: Step[]; check: Check; id: string } {
  const [id, other] = ids(ctx.rng, 'todo_', 2, 3) as [string, string];
  const due = dateOf(at(ctx.mockToday, { days: ctx.rng.int(2, 6) }));
  return {
    id,
    tasks: [
      { task_id: id, title, status: 'pending', priority: 'high', due_date: due, tags: ['files'] },
      {
        task_id: other,
        title: 'Renew the parking permit',
        status: 'pending',
        priority: 'low',
        due_date: due,
        tags: ['admin'],
      },
    ],
    steps: [
      { call: 'todo_list_tasks', args: { status: 'pending' } },
      { call: 'todo_update_task', args: { task_id: id, status: 'completed' } },
    ],
    // exclusive: ticking off the unrelated to-do as well (spraying updates) fails the check
    check: {
      id: 'todo_completed',
      kind: 'audit_present',
      service: 'todo',
      record: 'updated_tasks',
      where: { task_id: id, status: 'completed' },
      exclusive: true,
      weight,
    },
  };
}

/** A directory entry; the job title is drawn from the task's words, so call these in a fixed order. */
export function contactRecord(
  words: Words,
  contactId: string,
  who: { name: string; email: string },
  department: string,
): Record<string, unknown> {
  return { contact_id: contactId, name: who.name, email: who.email, department, title: words.jobTitle() };
}
