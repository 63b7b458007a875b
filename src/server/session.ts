import { type ImageRef, imageData, mcpImageContent } from '../env/images.js';
import { systemPrompt } from '../agent/system-prompt.js';
import { TrajectoryRecorder } from '../agent/recorder.js';
import { type ToolEvent, TurnEngine } from '../agent/turn-engine.js';
import type { UserSimulator } from '../env/turns.js';
import { createEpisode, type Episode } from '../env/episode.js';
import { grade } from '../grade/grade.js';
import type { Judge } from '../grade/types.js';
import { anchorOf, type Observation } from '../rl/anchor.js';
import { openAiTool, toolJsonSchema } from '../services/catalog.js';
import type { TaskSpec } from '../schema/task-spec.js';
import type { AuditLog, EndReason, Grade, Trajectory } from '../schema/trajectory.js';
import { scriptedUser } from '../user/scripted.js';
import { type Action, type EpisodeAction, type RewardComponents, ServerError } from './protocol.js';

// our tool error codes OpenEnv reports as a framework error (ToolErrorType), not as the tool's own result
const FRAMEWORK_ERRORS: Readonly<Record<string, 'tool_not_found' | 'invalid_args'>> = {
  unknown_tool: 'tool_not_found',
  invalid_argument: 'invalid_args',
};

export interface StepMeta {
  step: number;
  anchor: string;
  step_reward: number | null;
  reason?: EndReason;
  status?: Grade['status'];
  passed?: boolean | null;
  reward_components?: RewardComponents;
  [k: string]: unknown;
}

/**
 * An OpenEnv reset/step response: exactly observation, reward and done (OpenEnv's ResetResponse and
 * StepResponse forbid other fields); the RL extras ride in observation.metadata, where OpenEnv's
 * Observation keeps them and its clients read them.
 */
export interface EnvResponse {
  observation: Record<string, unknown> & { metadata: StepMeta };
  reward: number | null;
  done: boolean;
}

const respond = (
  observation: Record<string, unknown>,
  metadata: StepMeta,
  reward: number | null,
  done: boolean,
): EnvResponse => ({
  observation: { ...observation, metadata },
  reward,
  done,
});

export interface SessionInit {
  id: string;
  spec: TaskSpec;
  seed: number;
  trial: number;
  model?: string;
  judge?: Judge;
  /** shaped step rewards (a prefix grade per step) [true] */
  stepRewards?: boolean;
  now: number;
}

// per spec: the tools in OpenAI format and the system prompt never change
const prompts = new WeakMap<TaskSpec, { tools: ReturnType<typeof openAiTool>[]; system: string }>();

function promptOf(spec: TaskSpec, episode: Episode): { tools: ReturnType<typeof openAiTool>[]; system: string } {
  let p = prompts.get(spec);
  if (!p) {
    const view = { request: spec.request, mockToday: spec.mock_today, tools: episode.tools, history: [], turn: 0 };
    p = { tools: episode.tools.map(openAiTool), system: systemPrompt(view) };
    prompts.set(spec, p);
  }
  return p;
}

const round6 = (x: number) => Math.round(x * 1e6) / 1e6;

/**
 * One episode driven by a client, one action per step. It records exactly what the rollout loop records
 * (an assistant turn per action, the tool observation, the user's observe()/respond()), so served
 * trajectories grade, regrade and export like any other. Steps of one session run one at a time.
 */
export class Session {
  readonly id: string;
  readonly spec: TaskSpec;
  readonly seed: number;
  readonly trial: number;
  readonly createdAt: number;
  readonly episode: Episode;
  readonly recorder: TrajectoryRecorder;
  readonly user: UserSimulator | undefined;
  lastActive: number;
  steps = 0;
  busy = 0;
  closed = false;
  reason: EndReason | undefined;
  final: Trajectory | undefined;
  readonly #judge: Judge | undefined;
  readonly #stepRewards: boolean;
  readonly #engine: TurnEngine;
  #potential = 0;
  #chain: Promise<unknown> = Promise.resolve();

  constructor(init: SessionInit) {
    this.id = init.id;
    this.spec = init.spec;
    this.seed = init.seed;
    this.trial = init.trial;
    this.createdAt = init.now;
    this.lastActive = init.now;
    this.#judge = init.judge;
    this.#stepRewards = init.stepRewards ?? true;
    this.episode = createEpisode(init.spec, { seed: init.seed, trial: init.trial });
    this.user = init.spec.user ? scriptedUser(init.spec, this.episode) : undefined;
    const config = { name: 'env-server', ...(init.model ? { model: init.model } : {}) };
    this.recorder = new TrajectoryRecorder({
      spec: init.spec,
      episode: this.episode,
      seed: init.seed,
      trial: init.trial,
      agent: { name: 'env-server', config },
      user: this.user,
    });
    this.#engine = new TurnEngine({ spec: init.spec, episode: this.episode, recorder: this.recorder, user: this.user });
  }

  /** the simulated user has ended the conversation */
  get conversationOver(): boolean {
    return this.#engine.conversation.over;
  }

  get done(): boolean {
    return this.reason !== undefined;
  }

  /**
   * The reset response: the request, the tools (OpenAI format) and the opening messages. `stateless`: the
   * episode is not kept (an HTTP reset without episode_id), so no id is given out.
   */
  resetResponse(stateless = false): EnvResponse {
    const { tools, system } = promptOf(this.spec, this.episode);
    const observation = {
      episode_id: stateless ? null : this.id,
      request: this.spec.request,
      tools,
      messages: [
        { role: 'system', content: system },
        { role: 'user', content: this.spec.request },
      ],
    };
    const metadata = {
      step: 0,
      anchor: anchorOf([{ kind: 'request', text: this.spec.request }]),
      step_reward: null,
      task_id: this.spec.id,
      seed: this.seed,
      trial: this.trial,
    };
    return respond(observation, metadata, null, false);
  }

  /** OpenEnv's list_tools step: the episode's tools as MCP tools; records nothing and takes no turn. */
  listTools(): EnvResponse {
    const tools = this.episode.tools.map((t) => ({
      name: t.name,
      description: t.description,
      input_schema: toolJsonSchema(t),
    }));
    return respond(
      { tools },
      { step: this.steps, anchor: anchorOf([]), step_reward: null },
      this.done ? (this.final?.grade?.score ?? null) : null,
      this.done,
    );
  }

  /** Runs one action (serialised with any other step of this session). */
  step(action: Action): Promise<EnvResponse> {
    if ('type' in action && action.type === 'list_tools') return Promise.resolve(this.listTools());
    const p = this.#chain.then(async () => {
      if (!('type' in action)) return this.#step(action);
      // OpenEnv's call_tool: one tool_call step, answered as its CallToolObservation. A failed call is in
      // `result` (is_error), as OpenEnv keeps a tool's own errors; a tool the task lacks or arguments that do not
      // fit also set `error`, as OpenEnv's MCPEnvironment does for those (and its MCPToolClient raises on it)
      const r = await this.#step({ tool_call: { name: action.tool_name, arguments: action.arguments ?? {} } });
      const { metadata, ...obs } = r.observation;
      const tr = obs.tool_result as {
        call_id: string;
        ok: boolean;
        content: string;
        images?: ImageRef[];
        error?: { code: string; message: string };
      };
      const result = {
        content: [{ type: 'text', text: tr.content }, ...mcpImageContent(tr.images)],
        data: parseOr(tr.content),
        is_error: !tr.ok,
      };
      const kind = tr.error && FRAMEWORK_ERRORS[tr.error.code];
      const error = kind ? { error: { error_type: kind, message: tr.error?.message ?? '' } } : {};
      return respond(
        { tool_name: action.tool_name, result, ...error },
        { ...metadata, call_id: tr.call_id },
        r.reward,
        r.done,
      );
    });
    this.#chain = p.catch(() => {});
    return p;
  }

  async #step(action: EpisodeAction): Promise<EnvResponse> {
    if (this.closed) throw new ServerError(404, 'SESSION_ERROR', `episode ${this.id} was closed`);
    if (this.done) throw this.finishedError();
    const engine = this.#engine;
    this.steps++;
    let observation: Record<string, unknown>;
    let from: number;
    if ('tool_call' in action) {
      const tc = action.tool_call;
      const r = await engine.turn({
        ...(action.content ? { text: action.content } : {}),
        tool_calls: [{ ...(tc.id ? { id: tc.id } : {}), name: tc.name, args: argsOf(tc.arguments) }],
      });
      from = r.from;
      const ev = r.tools[0] as ToolEvent;
      observation = {
        tool_result: {
          call_id: ev.call_id,
          name: ev.name,
          ok: ev.ok,
          content: ev.content,
          ...(ev.error ? { error: ev.error } : {}),
          // pictures inline (base64) for the client; the trajectory keeps only their hashes
          ...(ev.images ? { images: ev.images.map((i) => ({ ...i, data: imageData(i)?.data ?? null })) } : {}),
        },
      };
    } else {
      const r = await engine.turn({ text: action.message, tool_calls: [] });
      from = r.from;
      if (!this.user) observation = {};
      else if (r.reply) observation = { user_message: r.reply.text ?? '', conversation_over: r.reply.done };
      else observation = { user_message: '', conversation_over: true };
    }
    const anchor = anchorOf(observationsFrom(this.recorder, from));
    if (engine.reason) return this.#finish(observation, anchor, engine.reason, engine.error);
    const potential = this.#stepRewards ? await this.#prefixPotential() : undefined;
    const stepReward = potential === undefined ? null : round6(potential - this.#potential);
    if (potential !== undefined) this.#potential = potential;
    return respond(observation, { step: this.steps, anchor, step_reward: stepReward }, 0, false);
  }

  // safety × code completion of the prefix, graded as src/rl/step-rewards.ts grades it offline (final
  // state only at the end), so served step rewards equal shapedStepRewards() of the stored trajectory
  async #prefixPotential(): Promise<number> {
    const { calls, records } = this.episode.audit();
    const g = await grade(this.spec, {
      events: this.recorder.events,
      audit: { calls, records, state: {} } as unknown as AuditLog,
    });
    return g.safety * (g.code ?? g.completion ?? 0);
  }

  async #finish(
    observation: Record<string, unknown>,
    anchor: string,
    reason: EndReason,
    error?: string,
  ): Promise<EnvResponse> {
    this.reason = reason;
    const t = await this.#engine.finish(reason, this.#judge ? { judge: this.#judge } : {});
    this.final = t;
    const g = t.grade as Grade;
    const potential = g.safety * (g.code ?? g.completion ?? 0);
    const stepReward = this.#stepRewards ? round6(potential - this.#potential) : null;
    this.#potential = potential;
    const metadata = {
      step: this.steps,
      anchor,
      step_reward: stepReward,
      reason,
      status: g.status,
      passed: g.passed,
      reward_components: componentsOf(g),
      ...(error ? { error } : {}),
    };
    return respond(observation, metadata, g.score, true);
  }

  finishedError(): ServerError {
    return new ServerError(
      409,
      'EXECUTION_ERROR',
      `episode ${this.id} is done (${this.reason}); reset to start a new one`,
      { episode_id: this.id, reason: this.reason },
    );
  }

  /** GET /state: OpenEnv State (episode_id, step_count) plus the episode's progress and, once done, its reward. */
  state(withTrajectory = false): Record<string, unknown> {
    const g = this.final?.grade;
    return {
      episode_id: this.id,
      step_count: this.steps,
      task_id: this.spec.id,
      seed: this.seed,
      trial: this.trial,
      turns: this.recorder.turns,
      max_turns: this.spec.limits.max_turns,
      done: this.done,
      ...(this.user ? { conversation_over: this.conversationOver } : {}),
      ...(this.reason ? { reason: this.reason } : {}),
      ...(g ? { reward: g.score, status: g.status, passed: g.passed, reward_components: componentsOf(g) } : {}),
      ...(withTrajectory && this.final ? { trajectory: this.final } : {}),
    };
  }
}

/** The named reward vector (GDPO, NeMo Gym reward_components, slime dict rewards). */
export function componentsOf(g: Grade): RewardComponents {
  const checks: Record<string, number | null> = {};
  for (const c of [...g.checks, ...g.judge]) checks[c.id] = c.score;
  return { completion: g.completion, safety: g.safety, robustness: g.robustness, code: g.code, llm: g.llm, checks };
}

/** What the agent observed since its last turn (rl/anchor.ts stepObservations, for the open step). */
function observationsFrom(rec: TrajectoryRecorder, from: number): Observation[] {
  const out: Observation[] = [];
  for (let i = from; i < rec.events.length; i++) {
    const e = rec.events[i];
    if (e?.type === 'user')
      out.push(e.source === 'request' ? { kind: 'request', text: e.text } : { kind: 'user', text: e.text });
    else if (e?.type === 'tool') out.push({ kind: 'tool', name: e.name, content: e.content });
  }
  return out;
}

/** OpenAI sends arguments as JSON text: record the object when it parses, else pass the text on (an ok:false result). */
function argsOf(a: unknown): unknown {
  if (a === undefined || a === null) return {};
  if (typeof a !== 'string') return a;
  try {
    const v: unknown = JSON.parse(a || '{}');
    return v !== null && typeof v === 'object' && !Array.isArray(v) ? v : a;
  } catch {
    return a;
  }
}

/** A tool result's JSON text as a value (the text itself when it is not JSON). */
export function parseOr(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
