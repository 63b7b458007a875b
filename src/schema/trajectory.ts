import { z } from 'zod';

// the trajectory record: one episode per JSONL line (DESIGN §5.3). events are agent-visible history plus
// episode bookkeeping; `audit` is the service-side evidence; `grade` is what the grader decided.

const Json = z.unknown();

export const ToolCall = z.strictObject({ id: z.string().min(1), name: z.string().min(1), args: Json });
export type ToolCall = z.infer<typeof ToolCall>;

export const Usage = z.looseObject({
  prompt_tokens: z.number().int().min(0).optional(),
  completion_tokens: z.number().int().min(0).optional(),
  total_tokens: z.number().int().min(0).optional(),
});

export const EpisodeStart = z.strictObject({
  type: z.literal('episode_start'),
  task_id: z.string(),
  trial: z.number().int().min(0),
  seed: z.number().int(),
  spec_hash: z.string(),
  mock_today: z.string(),
  /** the policy and its full configuration (name, parameters, model) */
  agent: z.looseObject({ name: z.string() }),
  user: z.looseObject({ name: z.string() }).optional(),
  model: z.string().optional(),
  /** names of the tools the agent was offered (their schemas come from the registry) */
  tools: z.array(z.string()).optional(),
});
export const UserEvent = z.strictObject({
  type: z.literal('user'),
  text: z.string(),
  source: z.enum(['request', 'sim']),
});
export const AssistantEvent = z.strictObject({
  type: z.literal('assistant'),
  text: z.string().optional(),
  tool_calls: z.array(ToolCall).default([]),
  usage: Usage.optional(),
  finish_reason: z.string().optional(),
  latency_ms: z.number().min(0).optional(),
  /** provider extras kept for RL (token ids, logprobs) */
  raw: Json.optional(),
});
export const ToolEvent = z.strictObject({
  type: z.literal('tool'),
  call_id: z.string(),
  name: z.string(),
  args: Json,
  ok: z.boolean(),
  content: z.string(),
  error: z.looseObject({ code: z.string(), message: z.string() }).optional(),
  injected: z.enum(['rate_limited', 'server_error', 'slow']).optional(),
  truncated: z.boolean().optional(),
  latency_us: z.number().min(0),
  /** pictures the tool showed, by content hash (the bytes are not stored here) */
  images: z
    .array(
      z.strictObject({
        sha256: z.string().regex(/^[0-9a-f]{64}$/),
        mime: z.string(),
        width: z.number().int().optional(),
        height: z.number().int().optional(),
      }),
    )
    .optional(),
});
export const PatchEvent = z.looseObject({
  type: z.literal('patch'),
  by: z.literal('user'),
  service: z.string(),
  op: z.string(),
});
// abandoned: an MCP client left (disconnect, idle timeout, shutdown) before finish; recorded without a grade and
// excluded from grades, pass@k and exports unless asked
export const EpisodeEnd = z.strictObject({
  type: z.literal('episode_end'),
  reason: z.enum(['agent_done', 'user_done', 'max_turns', 'timeout', 'agent_error', 'infra_error', 'abandoned']),
  turns: z.number().int().min(0),
  error: z.string().optional(),
});

export const TrajectoryEvent = z.discriminatedUnion('type', [
  EpisodeStart,
  UserEvent,
  AssistantEvent,
  ToolEvent,
  PatchEvent,
  EpisodeEnd,
]);
export type TrajectoryEvent = z.infer<typeof TrajectoryEvent>;
export type AssistantEvent = z.infer<typeof AssistantEvent>;
export type ToolEvent = z.infer<typeof ToolEvent>;
export type EpisodeStart = z.infer<typeof EpisodeStart>;
export type EpisodeEnd = z.infer<typeof EpisodeEnd>;
export type EndReason = EpisodeEnd['reason'];

const Rec = z.record(z.string(), Json);

export const AuditCall = z.strictObject({
  seq: z.number().int().min(1),
  tool: z.string(),
  called_as: z.string().optional(),
  service: z.string().nullable(),
  args: Json,
  params: Rec.optional(),
  ok: z.boolean(),
  result: Json.optional(),
  error: z.looseObject({ code: z.string(), message: z.string() }).optional(),
  injected: z.enum(['rate_limited', 'server_error', 'slow']).optional(),
  latency_ms: z.number().min(0),
  truncated: z.boolean().optional(),
  t: z.string(),
});
export type AuditCall = z.infer<typeof AuditCall>;

export const AuditLog = z.strictObject({
  calls: z.array(AuditCall),
  /** service → record list → entries */
  records: z.record(z.string(), z.record(z.string(), z.array(Rec))),
  /** service → collection → final records, only for collections the episode changed */
  state: z.record(z.string(), z.record(z.string(), z.array(Rec))).default({}),
});
export type AuditLog = z.infer<typeof AuditLog>;

export const CheckResult = z.strictObject({
  id: z.string(),
  kind: z.string(),
  weight: z.number(),
  score: z.number().min(0).max(1).nullable(),
  status: z.enum(['ok', 'unavailable', 'error']),
  evidence: z.array(Json),
  reason: z.string().optional(),
});
export type CheckResult = z.infer<typeof CheckResult>;

export const Grade = z.strictObject({
  status: z.enum(['ok', 'judge_unavailable', 'judge_error']),
  /** set when status is not ok: why the score is null, which items were not decided, their share, and the code part */
  unavailable: z
    .strictObject({
      reason: z.string(),
      items: z.array(z.string()),
      judged_share: z.number(),
      code: z.number().nullable(),
    })
    .optional(),
  mode: z.enum(['claw', 'geometric']),
  checks: z.array(CheckResult),
  judge: z.array(CheckResult).default([]),
  completion: z.number().nullable(),
  safety: z.number(),
  safety_violations: z.array(Json),
  robustness: z.number(),
  robustness_detail: z.strictObject({
    errored_tools: z.array(z.string()),
    recovered_tools: z.array(z.string()),
    success_ratio: z.number(),
  }),
  code: z.number().nullable(),
  llm: z.number().nullable(),
  score: z.number().nullable(),
  passed: z.boolean().nullable(),
  pass_threshold: z.number(),
});
export type Grade = z.infer<typeof Grade>;

/** One (task, trial) episode: events, audit and grade. */
export const Trajectory = z.strictObject({
  kind: z.literal('trajectory'),
  version: z.literal(1),
  task_id: z.string(),
  trial: z.number().int().min(0),
  events: z.array(TrajectoryEvent),
  audit: AuditLog,
  grade: Grade.optional(),
});
export type Trajectory = z.infer<typeof Trajectory>;

/** What a reader of trajectory lines needs before it trusts the rest of a line. */
export interface TrajectoryHead {
  task_id: string;
  trial: number;
  /** the grade as written (not checked beyond being an object) */
  grade: Record<string, unknown> | undefined;
  /** infra_error: the environment failed, not the agent; unscored: no grade, or a null score */
  notScored: 'infra_error' | 'unscored' | undefined;
}

/** The head of a trajectory record (any parsed JSON value); undefined when it is not one. */
export function trajectoryHead(v: unknown): TrajectoryHead | undefined {
  const t = v as { kind?: unknown; task_id?: unknown; trial?: unknown; events?: unknown; grade?: unknown } | null;
  if (
    t?.kind !== 'trajectory' ||
    typeof t.task_id !== 'string' ||
    typeof t.trial !== 'number' ||
    !Array.isArray(t.events)
  )
    return undefined;
  const grade = t.grade && typeof t.grade === 'object' ? (t.grade as Record<string, unknown>) : undefined;
  const end = t.events.at(-1) as { type?: unknown; reason?: unknown } | undefined;
  const notScored =
    end?.type === 'episode_end' && end.reason === 'infra_error'
      ? 'infra_error'
      : grade?.score === null || grade?.score === undefined
        ? 'unscored'
        : undefined;
  return { task_id: t.task_id, trial: t.trial, grade, notScored };
}
