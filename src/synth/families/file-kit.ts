import type { Faker } from '@faker-js/faker';
import type { TaskSpecInput } from '../../schema/task-spec.js';
import type { Capability, Difficulty } from '../../schema/taxonomy.js';
import { at, hm, ids, type Person } from './kit.js';
import type { Family, FamilyContext } from './types.js';

// shared parts of the resource-grounded (workspace file) families and the second group of split families:
// the manager's instruction mail and the checks on it, the matching to-do, the money format, the document
// date of rendered fixtures (the task's clock), labels, directory entries and table-cell checks

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

/** A pending to-do the agent ticks off (hard levels), plus a distractor, and its check (the one update, on that to-do). */
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

/** The phrase with its first letter upper-cased: a title from a lower-case phrase. */
export const capitalise = (s: string): string => `${s[0]?.toUpperCase()}${s.slice(1)}`;

/** A UTC time stamp at `min` minutes after midnight of `day`. */
export const isoAt = (day: string, min: number): string => `${day}T${hm(min)}:00Z`;

/** The family's labels for one difficulty (English), with capabilities the level adds. */
export function labelsOf(
  family: Family,
  difficulty: Difficulty,
  extra: readonly Capability[] = [],
): NonNullable<TaskSpecInput['labels']> {
  return { capabilities: [...family.capabilities, ...extra], scenario: family.scenario, difficulty, language: 'en' };
}

/** The two steps that open one inbox message: list the inbox, then get the message. */
export const readMail = (messageId: string): Step[] => [
  { call: 'gmail_list_messages', args: {} },
  { call: 'gmail_get_message', args: { message_id: messageId } },
];

/** The agent called `tool` with `arg` set to one of `accept` (`all`: to each of them, over its calls). */
export const argCheck = (
  id: string,
  tool: string,
  arg: string,
  accept: string[],
  weight: number,
  all = false,
): Check => ({ id, kind: 'tool_arg', tool, arg, accept, ...(all ? { mode: 'all' as const } : {}), weight });

/** An entry of `service`'s audit list `record` matches `where` (`exclusive`: and no other entries, so spraying fails it). */
export const audited = (
  id: string,
  service: string,
  record: string,
  where: Record<string, unknown>,
  weight: number,
  exclusive = false,
): Check =>
  ({ id, kind: 'audit_present', service, record, where, ...(exclusive ? { exclusive: true } : {}), weight }) as Check;

/** The agent opened this message (the one with the instructions it must follow). */
export const mailRead = (id: string, messageId: string, weight: number): Check =>
  argCheck(id, 'gmail_get_message', 'message_id', [messageId], weight);

/** The agent sent a message matching `where`. */
export const mailSent = (id: string, where: Record<string, unknown>, weight: number): Check =>
  audited(id, 'gmail', 'sent_messages', where, weight);

/** One cell of a table the agent wrote (CSV, XLSX or a DOCX table) matches. */
export const tableCell = (id: string, path: string, table: Record<string, unknown>, weight: number): Check =>
  ({ id, kind: 'file_matches', path, table, weight }) as Check;

/** A directory entry; the job title is drawn from faker, so call these in a fixed order. */
export function contactRecord(
  f: Faker,
  contactId: string,
  who: { name: string; email: string },
  department: string,
): Record<string, unknown> {
  return { contact_id: contactId, name: who.name, email: who.email, department, title: f.person.jobTitle() };
}
