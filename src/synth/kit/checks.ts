import type { TaskSpecInput } from '../../schema/task-spec.js';

// check builders every generator shares: weights that sum to exactly 1, the outcome cap that keeps lazy
// trajectories below the pass line, and the common check shapes.

export type Check = NonNullable<TaskSpecInput['checks']>[number];
export type Step = NonNullable<TaskSpecInput['reference']>[number];

/** Weights that sum to exactly 1 after rounding to 4 decimals (the last entry absorbs the remainder). */
export function weights<K extends string>(shares: readonly (readonly [K, number])[]): Record<K, number> {
  const total = shares.reduce((s, [, w]) => s + w, 0);
  const out = {} as Record<K, number>;
  let used = 0;
  shares.forEach(([k, w], i) => {
    const v = i === shares.length - 1 ? Math.round((1 - used) * 1e4) / 1e4 : Math.round((w / total) * 1e4) / 1e4;
    out[k] = v;
    used += v;
  });
  return out;
}

/** Checks drafted with weight shares, given weights that sum to exactly 1 (see `weights`), in draft order. */
export function weighted(draft: readonly { share: number; check: Check }[]): Check[] {
  const w = weights(draft.map((d) => [d.check.id, d.share] as const));
  return draft.map((d) => ({ ...d.check, weight: w[d.check.id] as number }));
}

/** Check kinds that test what the agent achieved (state, audit records, files, the answer) rather than what it read. */
export const OUTCOME_KINDS: ReadonlySet<string> = new Set([
  'audit_present',
  'audit_absent',
  'audit_count',
  'audit_sequence',
  'state_equals',
  'file_exists',
  'file_matches',
  'file_unchanged',
  'media_matches',
  'response_contains',
  'response_matches',
]);
/**
 * Completion when an outcome check without its own cap fails: 0.8 · 0.6 + 0.2 robustness = 0.68 < the 0.75 pass
 * threshold. Partial credit for how done work is shown; the compositional generator caps the checks that say whether
 * the work was done lower (compose/compile/checks.ts DECISIVE_CAP).
 */
export const OUTCOME_CAP = 0.6;
/**
 * Completion when a check that says whether the work was done at all fails: 0.8 · 0.3 + 0.2 = 0.44 at best, under
 * half, not 0.68 a stone's throw from passing (compose/compile/checks.ts DECISIVE_CAP; every preset outcome check).
 */
export const WORK_CAP = 0.3;

/**
 * Every outcome check without its own cap caps completion at `cap` (OUTCOME_CAP unless given) when it fails, so
 * reading everything, claiming success, or acting with one wrong value can never pass; read checks keep partial credit.
 */
export function outcomesGate(spec: TaskSpecInput, cap = OUTCOME_CAP): TaskSpecInput {
  const capped = (c: Check): Check =>
    OUTCOME_KINDS.has(c.kind) && !c.cap ? { ...c, cap: { completion_at_most: cap } } : c;
  return spec.checks ? { ...spec, checks: spec.checks.map(capped) } : spec;
}

/**
 * An outcome check against spraying: every entry of an audit list (e.g. helpdesk updated_tickets) concerns one of
 * `targets` (and matches `also`) and each target has one. Acting on any other record as well fails it (and caps completion).
 */
export function onlyOn(
  id: string,
  service: string,
  record: string,
  field: string,
  targets: readonly string[],
  weight: number,
  also: Record<string, unknown> = {},
): Check {
  return {
    id,
    kind: 'audit_present',
    service,
    record,
    where: { [field]: { in: [...targets] }, ...also } as never,
    min: targets.length,
    exclusive: true,
    weight,
  };
}

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

/**
 * A phone or account number as people write it, for a case-insensitive pattern: its digit groups joined by any
 * separator (space, dash, dot, slash) or none, a leading country code ("+1 ") optional and an area code in
 * parentheses or not: "+1 555 258 6088" is also "(555) 258-6088", "555.258.6088" and "5552586088"; never inside a
 * longer number.
 */
export function digitsRegex(value: string): string {
  const groups = value.match(/\d+/g) ?? [];
  const sep = '[\\s./-]*';
  const code = value.trim().startsWith('+') && groups.length > 2 ? groups.shift() : undefined;
  const body = groups.map((g, i) => (i === 0 && code ? `\\(?${g}\\)?` : g)).join(sep);
  return `(?<![\\d])${code ? `(?:\\+?${code}${sep})?` : ''}${body}(?![\\d])`;
}

/**
 * A time of day as people write it in a reply or a message, for a case-insensitive pattern: 06:00 → "06:00",
 * "6:00", "6.00", "06h00", "6am", "6 a.m.", "6:00 AM", "06:00 UTC"; 18:00 → "18:00", "6pm", "6:00 p.m."; noon and
 * midnight by name. Never another time: not "16:00", "6:30", "6pm" for 06:00, nor "6:00" inside "16:00" or "6:00:30".
 */
export function timeOfDayRegex(hour: number, minute = 0): string {
  const mm = String(minute).padStart(2, '0');
  const h24 = hour < 10 ? `0?${hour}` : String(hour);
  const h12 = hour % 12 === 0 ? 12 : hour % 12;
  const half = hour < 12 ? 'a' : 'p';
  const other = hour < 12 ? 'p' : 'a';
  const before = '(?<![\\d:.])';
  const forms = [
    // on the 24-hour clock (an am/pm of the other half after it says another time)
    `${before}${h24}[:.h]${mm}(?![\\d]|[:.]\\d|\\s?${other}\\.?\\s?m\\b)`,
    // on the 12-hour clock, minutes optional on the hour
    `${before}${h12}${minute === 0 ? `(?:[:.]${mm})?` : `[:.]${mm}`}\\s?${half}\\.?\\s?m\\b\\.?`,
    ...(minute === 0 && hour === 12 ? ['\\bnoon\\b', '\\bmidday\\b'] : []),
    ...(minute === 0 && hour === 0 ? ['\\bmidnight\\b'] : []),
  ];
  return forms.join('|');
}

/** timeOfDayRegex of a time given as minutes after midnight (14:30 → 870). */
export const clockRegex = (min: number): string => timeOfDayRegex(Math.floor(min / 60), min % 60);
