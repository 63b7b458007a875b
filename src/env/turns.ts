import type { ToolDef } from '../services/types.js';
import type { TrajectoryEvent } from '../schema/trajectory.js';

// the turn types shared by the agents (agent/), the user simulators (user/) and everything that drives an
// episode turn by turn (the rollout loop, the servers): what each side sees and returns.

/** What an agent may see: the request, its tools, today's mock date and the public history. */
export interface AgentView {
  request: string;
  mockToday: string;
  tools: readonly ToolDef[];
  /** user, assistant and tool events so far (never private user state or grading data) */
  history: readonly TrajectoryEvent[];
  turn: number;
}

export interface AgentToolCall {
  id?: string;
  name: string;
  args: unknown;
}

/** One assistant turn: text and/or tool calls. No tool calls ends the agent's turn. */
export interface AgentTurn {
  text?: string;
  tool_calls: AgentToolCall[];
  usage?: Record<string, number>;
  finish_reason?: string;
  latency_ms?: number;
  raw?: unknown;
}

/** A policy: decides the next assistant turn. */
export interface Agent {
  readonly name: string;
  /** full configuration, recorded in episode_start */
  readonly config: Readonly<Record<string, unknown>>;
  next(view: AgentView, signal?: AbortSignal): Promise<AgentTurn>;
}

/** The seam for user simulators: answers when the agent ends its turn, and may act between turns. */
export interface UserSimulator {
  readonly name: string;
  readonly config: Readonly<Record<string, unknown>>;
  respond(view: UserView, signal?: AbortSignal): Promise<UserReply>;
  /** after each assistant turn that called tools: state changes the user makes meanwhile (no message) */
  observe?(view: UserView): Promise<TrajectoryEvent[]>;
}

export interface UserView {
  history: readonly TrajectoryEvent[];
  turn: number;
}

export interface UserReply {
  text?: string;
  /** the user ends the conversation */
  done: boolean;
  /** agent-visible state changes the user made (already applied to the episode) */
  events?: TrajectoryEvent[];
}
