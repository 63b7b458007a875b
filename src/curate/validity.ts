import { finalResponse } from '../grade/context.js';
import { resolveTool } from '../services/registry.js';
import type { TaskSpec } from '../schema/task-spec.js';
import type { AuditCall, Trajectory } from '../schema/trajectory.js';
import { unsupportedClaims } from './claims.js';
import { peopleOf } from './people.js';

/** Validity rejections (Cowork-Gym §3.4): record integrity, task outcome, claims and recovery. */
export const VALIDITY_REJECTIONS = [
  'incomplete_record',
  'ended_abnormally',
  'private_state_leak',
  'private_state_unchecked',
  'secret_leak',
  'ungraded',
  'unsupported_claim',
  'unresolved_failure',
] as const;
export type ValidityRejection = (typeof VALIDITY_REJECTIONS)[number];

export interface ValidityContext {
  /** the spec, when known: its private user state must not appear in agent-visible text */
  spec?: TaskSpec;
  /**
   * why no verified spec is known for this record, when none is: a record a user simulator took part in
   * is then rejected (`private_state_unchecked`), since its private state cannot be checked
   */
  specMissing?: string;
  /** secret values (API keys from the environment) that must never appear */
  secrets: readonly string[];
}

/** Values of environment variables that look like credentials (never logged, only compared). */
export function environmentSecrets(env: Readonly<Record<string, string | undefined>> = process.env): string[] {
  return Object.entries(env)
    .filter(([k, v]) => /KEY|TOKEN|SECRET|PASSWORD/i.test(k) && typeof v === 'string' && v.length >= 8)
    .map(([, v]) => v as string);
}

function agentVisibleText(t: Trajectory): string {
  const parts: string[] = [];
  for (const e of t.events) {
    if (e.type === 'user') parts.push(e.text);
    else if (e.type === 'assistant') parts.push(e.text ?? '', JSON.stringify(e.tool_calls));
    else if (e.type === 'tool') parts.push(e.content);
  }
  return parts.join('\n');
}

/** Why a record is not reliable supervision, or undefined when it is. */
export function validityOf(
  t: Trajectory,
  ctx: ValidityContext,
): { reason: ValidityRejection; detail: string } | undefined {
  const start = t.events[0];
  const end = t.events.at(-1);
  if (start?.type !== 'episode_start' || end?.type !== 'episode_end')
    return { reason: 'incomplete_record', detail: 'the event log lacks episode_start or episode_end' };
  const answered = new Set(t.events.flatMap((e) => (e.type === 'tool' ? [e.call_id] : [])));
  const asked = t.events.flatMap((e) => (e.type === 'assistant' ? e.tool_calls.map((c) => c.id) : []));
  if (asked.some((id) => !answered.has(id)))
    return { reason: 'incomplete_record', detail: 'a tool call has no recorded result' };
  if (end.reason !== 'agent_done' && end.reason !== 'user_done')
    return { reason: 'ended_abnormally', detail: `episode ended with ${end.reason}` };
  const visible = agentVisibleText(t);
  if (!ctx.spec && ctx.specMissing !== undefined && simulated(t))
    return { reason: 'private_state_unchecked', detail: ctx.specMissing };
  const plan = ctx.spec?.user;
  if (plan) {
    for (const s of [plan.goal, ...plan.knowledge]) {
      if (s.length >= 12 && visible.includes(s))
        return { reason: 'private_state_leak', detail: 'private user state appears verbatim in agent-visible text' };
    }
  }
  if (ctx.secrets.some((s) => visible.includes(s)))
    return { reason: 'secret_leak', detail: 'a credential from the environment appears in the record' };
  if (!t.grade || t.grade.status !== 'ok' || t.grade.score === null)
    return { reason: 'ungraded', detail: `grade status ${t.grade?.status ?? 'missing'}` };
  const claims = unsupportedClaims(finalResponse(t.events), t.audit, () => peopleOf(t, ctx.spec?.fixtures));
  if (claims.length) return { reason: 'unsupported_claim', detail: `${claims[0]?.claim}: "${claims[0]?.sentence}"` };
  // a failed action the agent never recovered from (failed reads while exploring are fine)
  const lastOk = new Map<string, number>();
  const lastFail = new Map<string, number>();
  for (const c of t.audit.calls) (c.ok || ranToExit(c) ? lastOk : lastFail).set(c.tool, c.seq);
  for (const [tool, seq] of lastFail) {
    if (resolveTool(tool)?.tool.mutates && (lastOk.get(tool) ?? 0) < seq)
      return { reason: 'unresolved_failure', detail: `${tool} failed and was never retried successfully` };
  }
  return undefined;
}

/** Whether a user simulator took part (it knows private state the agent must not be shown). */
function simulated(t: Trajectory): boolean {
  const start = t.events[0];
  return (
    (start?.type === 'episode_start' && start.user !== undefined) ||
    t.events.some((e) => (e.type === 'user' && e.source === 'sim') || e.type === 'patch')
  );
}

/**
 * A shell command that ran and returned a non-zero exit (grep with no match) is an answer, not a tool
 * error. Older workspaces report it as a `command_failed` error carrying `exit_code`; newer ones as a
 * normal result. A timeout or an injected fault did not run to its own exit and still counts as failed.
 */
function ranToExit(c: AuditCall): boolean {
  const e = c.error as (Record<string, unknown> & { code: string; message: string }) | undefined;
  if (!e || c.injected || e.code !== 'command_failed') return false;
  const details = e.details && typeof e.details === 'object' ? (e.details as Record<string, unknown>) : {};
  const exit = e.exit_code ?? details.exit_code;
  return typeof exit === 'number' && !(e.timed_out ?? details.timed_out) && !/^timed out/i.test(e.message);
}
