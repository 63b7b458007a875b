import type { TaskSpecInput } from '../../schema/task-spec.js';
import { at, ids, type Person } from './kit.js';
import type { FamilyContext } from './types.js';

// shared parts of the resource-grounded (workspace file) families: the manager's instruction mail, the
// matching to-do, the money format, and the document date of rendered fixtures (the task's clock)

export type Check = NonNullable<TaskSpecInput['checks']>[number];
export type Step = NonNullable<TaskSpecInput['reference']>[number];

/** Money as people write it in mail: 1,234.50 */
export const money = (n: number): string =>
  n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** A regex matching the amount however it is written: 1234.5, 1,234.50, 1234.50 (not inside a longer number). */
export function amountRegex(n: number): string {
  const [int, dec] = n.toFixed(2).split('.') as [string, string];
  const grouped = Number(int).toLocaleString('en-US').replace(/,/g, ',?');
  const cents = dec === '00' ? '(\\.00?)?' : dec.endsWith('0') ? `\\.${dec[0]}0?` : `\\.${dec}`;
  return `(^|[^\\d.,])${grouped}${cents}($|[^\\d])`;
}
/** Cents-exact sum. */
export const sum = (xs: readonly number[]): number => Math.round(xs.reduce((s, x) => s + Math.round(x * 100), 0)) / 100;

/** The date office files are stamped with: the task's mock day. */
export const docDate = (ctx: FamilyContext): string => ctx.mockToday.slice(0, 10);

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

/** A pending to-do the agent ticks off (hard levels), plus a distractor, and its state check. */
export function todoPart(
  ctx: FamilyContext,
  title: string,
  weight: number,
): { tasks: Record<string, unknown>[]; steps: Step[]; check: Check; id: string } {
  const [id, other] = ids(ctx.rng, 'todo_', 2, 3) as [string, string];
  const due = at(ctx.mockToday, { days: ctx.rng.int(2, 6) }).slice(0, 10);
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
    check: {
      id: 'todo_completed',
      kind: 'state_equals',
      service: 'todo',
      collection: 'tasks',
      record_id: id,
      field: 'status',
      value: 'completed',
      weight,
    },
  };
}
