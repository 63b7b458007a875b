import type { Rec } from '../services/types.js';

export type InjectedFault = 'rate_limited' | 'server_error' | 'slow';

/** One tool call as the service side saw it: agent-proof evidence for graders. */
export interface AuditCall {
  seq: number;
  tool: string;
  /** the name the agent used, when it was an alias */
  called_as?: string;
  /** null when the tool is unknown */
  service: string | null;
  /** arguments exactly as sent */
  args: unknown;
  /** arguments after validation with defaults filled (absent when invalid) */
  params?: Readonly<Record<string, unknown>>;
  ok: boolean;
  result?: unknown;
  error?: ToolErrorInfo;
  injected?: InjectedFault;
  /** simulated service latency */
  latency_ms: number;
  truncated?: boolean;
  /** mock time of the call, ISO 8601 */
  t: string;
}

export interface ToolErrorInfo {
  code: string;
  message: string;
  [extra: string]: unknown;
}

/** The episode's audit: every call plus each service's record lists. */
export interface Audit {
  calls: readonly AuditCall[];
  records: Readonly<Record<string, Readonly<Record<string, readonly Rec[]>>>>;
}

/** What `Episode.call` returns: the observation an agent sees plus its evidence. */
export interface CallResult {
  ok: boolean;
  /** serialised result or error, capped at limits.max_result_chars */
  content: string;
  error?: ToolErrorInfo;
  injected?: InjectedFault;
  /** simulated latency in µs (deterministic; real in-process calls take microseconds) */
  latencyUs: number;
  truncated?: boolean;
  seq: number;
}
