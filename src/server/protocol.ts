import { z } from 'zod';
import type { PathSegment } from '../schema/diagnostics.js';
import { formatPath } from '../schema/diagnostics.js';
import { zodDiagnostics } from '../schema/zod-diagnostics.js';

/**
 * The wire protocol of the env server (OpenEnv-compatible; docs/rl.md): request schemas, the JSON Schemas
 * served at GET /schema, and the error type every transport maps to its own shape (HTTP status, WS code,
 * JSON-RPC code).
 */

export const MAX_ID_CHARS = 255;
const Id = z.string().min(1).max(MAX_ID_CHARS);

/** POST /reset and WS `reset` data. Extra fields are allowed (OpenEnv ResetRequest) and ignored. */
export const ResetRequest = z.looseObject({
  task_id: Id.nullish().describe('task to start; default tasks[seed % n]'),
  seed: z
    .int()
    .min(0)
    .max(2 ** 31 - 1)
    .nullish()
    .describe('episode seed (task choice without task_id, fault injection) [0]'),
  episode_id: Id.nullish().describe(
    'episode id; default a server counter id (ep-1, ep-2, …). A live id is restarted (its episode closed)',
  ),
  trial: z.int().min(0).max(1_000_000).nullish().describe('trial index recorded in the trajectory [0]'),
  model: z.string().max(MAX_ID_CHARS).nullish().describe('policy model name recorded in episode_start'),
});
export type ResetRequest = z.infer<typeof ResetRequest>;

const Meta = z.record(z.string(), z.unknown()).optional().describe('free client metadata (ignored)');

export const ToolCallAction = z.strictObject({
  tool_call: z.strictObject({
    name: z.string().min(1).describe('tool name from the reset observation'),
    arguments: z
      .unknown()
      .optional()
      .describe('JSON object (or its JSON text) of arguments; bad ones give an ok:false tool result'),
    id: Id.optional().describe("the model's tool-call id, recorded in the trajectory"),
  }),
  content: z.string().optional().describe('assistant text sent along with the call (recorded; nobody answers it)'),
  metadata: Meta,
});

export const MessageAction = z.strictObject({
  message: z
    .string()
    .describe('assistant text: to the simulated user (dialogue tasks) or the final answer (ends the episode)'),
  metadata: Meta,
});

/** OpenEnv's MCP step actions (MCPToolClient's step mode): list the tools, or call one (one tool_call step). */
export const ListToolsAction = z.strictObject({
  type: z.literal('list_tools'),
  metadata: Meta,
});

export const CallToolAction = z.strictObject({
  type: z.literal('call_tool'),
  tool_name: z.string().min(1).describe('tool name'),
  arguments: z.record(z.string(), z.unknown()).optional().describe('JSON object of arguments [{}]'),
  metadata: Meta,
});

export const Action = z.union([ToolCallAction, MessageAction, ListToolsAction, CallToolAction]);
export type Action = z.infer<typeof Action>;
export type EpisodeAction = z.infer<typeof ToolCallAction> | z.infer<typeof MessageAction>;

/**
 * POST /step. `timeout_s` and `request_id` (OpenEnv StepRequest) are accepted and ignored. Without
 * `episode_id` the step runs on a fresh episode (`task_id`/`seed` as in a reset) that is then discarded,
 * as OpenEnv's stateless HTTP /step does.
 */
export const StepRequest = z.looseObject({
  episode_id: Id.nullish(),
  task_id: Id.nullish(),
  seed: z
    .int()
    .min(0)
    .max(2 ** 31 - 1)
    .nullish(),
  action: z.unknown(),
  timeout_s: z.number().positive().nullish(),
  request_id: z.string().max(MAX_ID_CHARS).nullish(),
});

/** Every failure a transport reports; `code` is OpenEnv's WSErrorCode, `status` the HTTP status. */
export type ErrorCode =
  | 'INVALID_JSON'
  | 'UNKNOWN_TYPE'
  | 'VALIDATION_ERROR'
  | 'EXECUTION_ERROR'
  | 'CAPACITY_REACHED'
  | 'FACTORY_ERROR'
  | 'SESSION_ERROR';

export class ServerError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly extra: Record<string, unknown>;
  constructor(status: number, code: ErrorCode, message: string, extra: Record<string, unknown> = {}) {
    super(message);
    this.name = 'ServerError';
    this.status = status;
    this.code = code;
    this.extra = extra;
  }
  /** The JSON body of an HTTP error (FastAPI-style `detail`) or the `data` of a WS error. */
  body(): Record<string, unknown> {
    return { detail: this.message, code: this.code, ...this.extra };
  }
}

export function validationError(message: string, errors: { path: string; message: string }[] = []): ServerError {
  return new ServerError(422, 'VALIDATION_ERROR', message, errors.length ? { errors } : {});
}

/** Parses `raw` or throws a 422 naming every problem as `path: message` (paths prefixed with `at`). */
export function parseOr422<T extends z.ZodType>(
  schema: T,
  raw: unknown,
  what: string,
  at: readonly PathSegment[] = [],
): z.infer<T> {
  const res = schema.safeParse(raw);
  if (res.success) return res.data;
  const errors = zodDiagnostics(res.error.issues, raw, schema, at).map((d) => ({ path: d.path, message: d.message }));
  throw validationError(`invalid ${what}: ${errors.map((e) => `${e.path}: ${e.message}`).join('; ')}`, errors);
}

/** An action: exactly one of `tool_call` or `message`, with a readable message for any other shape. */
export function parseAction(raw: unknown, at: readonly PathSegment[] = ['action']): Action {
  const where = formatPath(at);
  const shape = `send {"tool_call": {"name": ..., "arguments": {...}}} or {"message": "..."} (or OpenEnv's {"type": "list_tools"} / {"type": "call_tool", "tool_name": ..., "arguments": {...}})`;
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    throw validationError(`invalid ${where}: expected an object; ${shape}`, [
      { path: where, message: 'expected an object' },
    ]);
  }
  const has = (k: string) => Object.hasOwn(raw, k);
  if (has('tool_call') && has('message')) {
    throw validationError(`invalid ${where}: has both tool_call and message; ${shape}`, [
      { path: where, message: 'both tool_call and message' },
    ]);
  }
  if (has('type')) {
    const type = (raw as { type?: unknown }).type;
    if (type === 'list_tools') return parseOr422(ListToolsAction, raw, 'action', at);
    if (type === 'call_tool') return parseOr422(CallToolAction, raw, 'action', at);
    throw validationError(
      `invalid ${where}.type: ${JSON.stringify(type)} is not an action type (list_tools, call_tool); ${shape}`,
      [{ path: `${where}.type`, message: 'expected list_tools or call_tool' }],
    );
  }
  if (has('tool_call')) return parseOr422(ToolCallAction, raw, 'action', at);
  if (has('message')) return parseOr422(MessageAction, raw, 'action', at);
  const keys = Object.keys(raw);
  throw validationError(
    `invalid ${where}: unknown action shape${keys.length ? ` (fields: ${keys.join(', ')})` : ' (empty object)'}; ${shape}`,
    [{ path: where, message: 'expected tool_call or message' }],
  );
}

// ---- response shapes, for GET /schema ----

const OpenAiTool = z.object({
  type: z.literal('function'),
  function: z.object({ name: z.string(), description: z.string(), parameters: z.record(z.string(), z.unknown()) }),
});
const ChatMessage = z.object({ role: z.enum(['system', 'user']), content: z.string() });

export const RewardComponents = z.object({
  completion: z.number().nullable(),
  safety: z.number(),
  robustness: z.number(),
  code: z.number().nullable(),
  llm: z.number().nullable(),
  checks: z.record(z.string(), z.number().nullable()).describe('score of each check by id'),
});
export type RewardComponents = z.infer<typeof RewardComponents>;

/** observation.metadata: where OpenEnv's Observation keeps extras; every response carries it. */
export const StepMetadata = z.looseObject({
  step: z.int().min(0).describe('steps taken so far'),
  anchor: z.string().describe('GiGPO anchor: hash of the canonical agent-visible observation in this response'),
  step_reward: z.number().nullable().describe('Δ(safety × code completion) of this step; null at reset'),
  episode_id: z.string().nullable().optional().describe('the episode (null for a stateless HTTP reset or step)'),
  reason: z
    .enum(['agent_done', 'user_done', 'max_turns', 'timeout', 'agent_error', 'infra_error'])
    .optional()
    .describe('on done: why the episode ended'),
  status: z.enum(['ok', 'judge_unavailable', 'judge_error']).optional().describe("on done: the grade's status"),
  passed: z.boolean().nullable().optional(),
  reward_components: RewardComponents.optional(),
});

const withMeta = <T extends z.ZodRawShape>(shape: T) => z.object({ ...shape, metadata: StepMetadata });

export const ResetObservation = withMeta({
  episode_id: z.string().nullable().describe('null for a stateless HTTP reset (no episode_id sent)'),
  request: z.string().describe("the user's request (also the last message)"),
  tools: z.array(OpenAiTool).describe('tools in OpenAI function format'),
  messages: z.array(ChatMessage).describe('system prompt and the request, ready for a chat template'),
}).describe('reset');
const ToolResult = z.object({
  call_id: z.string(),
  name: z.string(),
  ok: z.boolean(),
  content: z.string().describe('the tool message content (JSON text)'),
  error: z.looseObject({ code: z.string(), message: z.string() }).optional(),
});
export const ToolObservation = withMeta({ tool_result: ToolResult }).describe('after a tool_call action');
export const UserObservation = withMeta({ user_message: z.string(), conversation_over: z.boolean() }).describe(
  'after a message action on a task with a simulated user',
);
export const FinalObservation = withMeta({}).describe(
  'after a message action on a task without a simulated user (the final answer)',
);
export const ListToolsObservation = withMeta({
  tools: z.array(
    z.object({ name: z.string(), description: z.string(), input_schema: z.record(z.string(), z.unknown()) }),
  ),
}).describe("after a list_tools action (OpenEnv's ListToolsObservation)");
export const CallToolObservation = withMeta({
  tool_name: z.string(),
  result: z.object({
    content: z.array(z.object({ type: z.literal('text'), text: z.string() })),
    data: z.unknown().describe('the parsed tool result (the JSON text when it does not parse)'),
    is_error: z.boolean(),
  }),
  error: z
    .object({ error_type: z.enum(['tool_not_found', 'invalid_args']), message: z.string() })
    .optional()
    .describe("a tool the task lacks or arguments that do not fit (OpenEnv's ToolError): its clients raise on it"),
}).describe(
  "after a call_tool action (OpenEnv's CallToolObservation; a tool's errors are in result, as OpenEnv's are; metadata.call_id is the recorded call id)",
);

export const Observation = z.union([
  ResetObservation,
  ToolObservation,
  UserObservation,
  FinalObservation,
  ListToolsObservation,
  CallToolObservation,
]);

/** The body of every reset and step answer (OpenEnv ResetResponse / StepResponse: nothing else at the top). */
export const StepResponse = z.object({
  observation: Observation,
  reward: z
    .number()
    .nullable()
    .describe(
      '0 until done; then the grade score (null when the grade is undecided: judge_unavailable or judge_error)',
    ),
  done: z.boolean(),
});

export const State = z.looseObject({
  episode_id: z.string().nullable(),
  step_count: z.int().min(0),
  task_id: z.string().optional(),
  seed: z.int().optional(),
  trial: z.int().optional(),
  turns: z.int().optional(),
  max_turns: z.int().optional(),
  done: z.boolean().optional(),
  conversation_over: z.boolean().optional(),
  reason: z.string().optional(),
  reward: z.number().nullable().optional(),
  reward_components: RewardComponents.optional(),
});

let schemas: Record<string, unknown> | undefined;

/** A request or response schema as a JSON Schema (draft 2020-12, as the client sends it), without `$schema`. */
export function jsonSchemaOf(s: z.ZodType): Record<string, unknown> {
  const { $schema: _, ...rest } = z.toJSONSchema(s, {
    io: 'input',
    target: 'draft-2020-12',
    unrepresentable: 'any',
  }) as Record<string, unknown>;
  return rest;
}

/** GET /schema: exactly OpenEnv's SchemaResponse, {action, observation, state} as JSON Schemas. */
export function schemaResponse(): Record<string, unknown> {
  schemas ??= { action: jsonSchemaOf(Action), observation: jsonSchemaOf(Observation), state: jsonSchemaOf(State) };
  return schemas;
}

/** A request object with `task_id` defaulted to the route's task (/tasks/<task_id>/…); its own task_id wins. */
export function withTask(raw: unknown, task: string | undefined): unknown {
  if (task === undefined || raw === null || typeof raw !== 'object' || Array.isArray(raw)) return raw;
  return { task_id: task, ...(raw as Record<string, unknown>) };
}
