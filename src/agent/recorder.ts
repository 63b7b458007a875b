import type { Episode } from '../env/episode.js';
import type { CallResult } from '../env/types.js';
import { grade } from '../grade/grade.js';
import type { Judge } from '../grade/types.js';
import { specHash } from '../schema/canonical-json.js';
import type { TaskSpec } from '../schema/task-spec.js';
import type { EndReason, Trajectory, TrajectoryEvent } from '../schema/trajectory.js';
import type { AgentTurn, UserReply } from '../env/turns.js';

type ToolEvent = Extract<TrajectoryEvent, { type: 'tool' }>;
type ToolCall = { id: string; name: string; args: unknown };

/** The trajectory event of one executed tool call: every recorder and importer writes it this way. */
export function toolEvent(call: ToolCall, r: CallResult): ToolEvent {
  return {
    type: 'tool',
    call_id: call.id,
    name: call.name,
    args: call.args,
    ok: r.ok,
    content: r.content,
    ...(r.error ? { error: r.error } : {}),
    ...(r.injected ? { injected: r.injected } : {}),
    ...(r.truncated ? { truncated: true } : {}),
    latency_us: r.latencyUs,
    ...(r.images ? { images: r.images } : {}),
  };
}

export interface RecorderStart {
  spec: TaskSpec;
  episode: Episode;
  seed: number;
  trial: number;
  agent: { name: string; config: Readonly<Record<string, unknown>> };
  user?: { name: string; config: Readonly<Record<string, unknown>> } | undefined;
}

/**
 * Builds a trajectory as an episode unfolds — shared by the agent-driven rollout loop and the client-driven
 * MCP and HTTP servers, so every path records the same events the same way.
 */
export class TrajectoryRecorder {
  readonly spec: TaskSpec;
  readonly episode: Episode;
  readonly events: TrajectoryEvent[];
  readonly trial: number;
  turns = 0;
  #ended = false;

  constructor(s: RecorderStart) {
    this.spec = s.spec;
    this.episode = s.episode;
    this.trial = s.trial;
    this.events = [
      {
        type: 'episode_start',
        task_id: s.spec.id,
        trial: s.trial,
        seed: s.seed,
        spec_hash: specHash(s.spec),
        mock_today: s.spec.mock_today,
        agent: { ...s.agent.config, name: s.agent.name },
        ...(s.user ? { user: { ...s.user.config, name: s.user.name } } : {}),
        ...(typeof s.agent.config.model === 'string' ? { model: s.agent.config.model } : {}),
        tools: s.episode.tools.map((t) => t.name),
      },
      { type: 'user', text: s.spec.request, source: 'request' },
    ];
  }

  get ended(): boolean {
    return this.#ended;
  }

  /** Records an assistant turn; tool calls get ids when they have none. */
  assistant(turn: AgentTurn): { id: string; name: string; args: unknown }[] {
    this.turns++;
    const calls = turn.tool_calls.map((c, i) => ({
      id: c.id ?? `call_${this.turns}_${i + 1}`,
      name: c.name,
      args: c.args ?? {},
    }));
    this.events.push({
      type: 'assistant',
      ...(turn.text ? { text: turn.text } : {}),
      tool_calls: calls,
      ...(turn.usage ? { usage: turn.usage } : {}),
      ...(turn.finish_reason ? { finish_reason: turn.finish_reason } : {}),
      ...(turn.latency_ms !== undefined ? { latency_ms: turn.latency_ms } : {}),
      ...(turn.raw !== undefined ? { raw: turn.raw } : {}),
    });
    return calls;
  }

  /** Executes one recorded call against the episode and records its observation. */
  async tool(call: ToolCall): Promise<ToolEvent> {
    const ev = toolEvent(call, await this.episode.run(call.name, call.args));
    this.events.push(ev);
    return ev;
  }

  /** Records the user's side: state changes and the reply text. */
  user(reply: Pick<UserReply, 'text' | 'events'>): void {
    if (reply.events) this.events.push(...reply.events);
    if (reply.text) this.events.push({ type: 'user', text: reply.text, source: 'sim' });
  }

  /** Ends the episode (once) and returns the trajectory, graded unless `noGrade`. */
  async finish(
    reason: EndReason,
    opts: { error?: string; judge?: Judge; noGrade?: boolean } = {},
  ): Promise<Trajectory> {
    if (!this.#ended) {
      this.#ended = true;
      this.events.push({
        type: 'episode_end',
        reason,
        turns: this.turns,
        ...(opts.error ? { error: opts.error } : {}),
      });
    }
    const audit = { ...this.episode.audit(), state: this.episode.changedState() } as Trajectory['audit'];
    const t: Trajectory = {
      kind: 'trajectory',
      version: 1,
      task_id: this.spec.id,
      trial: this.trial,
      events: this.events,
      audit,
    };
    if (!opts.noGrade) t.grade = await grade(this.spec, t, opts.judge ? { judge: opts.judge } : {});
    return t;
  }
}
