import type { ImageRef } from './images.js';
import type { EpisodeSettings, Rec } from '../services/types.js';
import type { Prepared } from './prepared.js';

export type InjectedFault = 'rate_limited' | 'server_error' | 'slow';

/** One tool call as the service side saw it: agent-proof evidence for graders. */
export type { AuditCall } from '../schema/trajectory.js';
import type { AuditCall } from '../schema/trajectory.js';

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
  /** pictures the result attaches (env/images.ts holds their bytes) */
  images?: ImageRef[];
}

/** What a ServiceContext may touch inside its episode. */
export interface EpisodeInternals {
  readonly prepared: Prepared;
  readonly settings: Readonly<EpisodeSettings>;
  readonly state: Record<string, Record<string, readonly Rec[]>>;
  readonly counters: Map<string, number>;
  callMs: number;
  seq: number;
  /** wall-clock deadline (Date.now() ms), set by whoever enforces the episode's timeout */
  deadlineMs: number | undefined;
  writable(service: string, collection: string): Rec[];
  recordList(service: string, list: string): Rec[];
}
