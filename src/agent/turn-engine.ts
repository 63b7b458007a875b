import type { Episode } from '../env/episode.js';
import type { Judge } from '../grade/types.js';
import { CoworkError } from '../schema/errors.js';
import type { TaskSpec } from '../schema/task-spec.js';
import type { EndReason, Trajectory, TrajectoryEvent } from '../schema/trajectory.js';
import type { TrajectoryRecorder } from './recorder.js';
import type { AgentTurn, UserReply, UserSimulator } from '../env/turns.js';

export type ToolEvent = Extract<TrajectoryEvent, { type: 'tool' }>;

/** Thrown (or rejected with) when the episode's wall clock ran out; a wait cut short by it ends as `timeout`. */
export class DeadlineError extends Error {
  constructor(message = 'wall timeout') {
    super(message);
    this.name = 'DeadlineError';
  }
}

/**
 * Who ends an episode.
 * - `silence` (rollout loop, env server): a turn without tool calls goes to the user, or ends the episode as
 *   `agent_done` when there is none; the user's `done` ends it as `user_done`; the turn that reaches
 *   max_turns ends it.
 * - `finish` (MCP): only a `finish` turn ends it as the agent's; a message without a listening user (none, or
 *   the conversation is closed) gets no answer; the user's `done` closes the conversation only; a turn
 *   beyond max_turns is refused and ends the episode as `max_turns`.
 */
export type EndingRule = 'silence' | 'finish';

export interface TurnEngineInit {
  spec: TaskSpec;
  episode: Episode;
  recorder: TrajectoryRecorder;
  user?: UserSimulator | undefined;
  /** [silence] */
  ending?: EndingRule;
}

export interface TurnOptions {
  /** handed to user.respond */
  signal?: AbortSignal;
  /** wraps the wait for user.respond (the rollout races it against the wall clock) */
  race?: <T>(p: Promise<T>) => Promise<T>;
  /** the agent's final answer: ends the episode as agent_done whoever listens */
  finish?: boolean;
}

export interface TurnResult {
  /** the turn came after the end (beyond max_turns, or past the wall clock): nothing was recorded and the episode ended */
  refused: boolean;
  /** index in the recorder's events just after the assistant event: what the agent observes starts here */
  from: number;
  /** the tool observations of this turn, in call order */
  tools: ToolEvent[];
  /** the user's answer to a message turn (absent when nobody answered or the user failed) */
  reply?: UserReply;
}

/** How an episode's end is graded (the caller decides: the MCP server records infra errors ungraded). */
export interface FinishOptions {
  judge?: Judge;
  noGrade?: boolean;
}

/**
 * The rules of one turn, shared by the rollout loop, the env server (HTTP, WS, MCP over JSON-RPC) and the MCP
 * server: record the assistant turn; run its tool calls in order, then let the user act (`observe`); or hand
 * a message to the user (`respond`); a failing user simulator ends the episode as `infra_error`; the turn
 * budget (max_turns) and the wall clock; and one end, recorded once. Callers only translate their protocol
 * to turns and the results back.
 */
export class TurnEngine {
  readonly spec: TaskSpec;
  readonly episode: Episode;
  readonly recorder: TrajectoryRecorder;
  readonly user: UserSimulator | undefined;
  readonly ending: EndingRule;
  /** the conversation with the user is closed (the user said done, the agent closed it, or there is no user) */
  conversation: { over: boolean; reason?: 'user_done' | 'agent_ended' | 'no_user' } = { over: false };
  #reason: EndReason | undefined;
  #error: string | undefined;
  #final: Promise<Trajectory> | undefined;
  #timer: NodeJS.Timeout | undefined;
  #deadline = Number.POSITIVE_INFINITY;

  constructor(init: TurnEngineInit) {
    this.spec = init.spec;
    this.episode = init.episode;
    this.recorder = init.recorder;
    this.user = init.user;
    this.ending = init.ending ?? 'silence';
  }

  /** assistant turns recorded so far */
  get turns(): number {
    return this.recorder.turns;
  }

  get maxTurns(): number {
    return this.spec.limits.max_turns;
  }

  /** why the episode ended (set by a turn or by end()); undefined while it runs */
  get reason(): EndReason | undefined {
    return this.#reason;
  }

  get error(): string | undefined {
    return this.#error;
  }

  /** true once the wall clock armed by arm() ran out */
  get expired(): boolean {
    return Date.now() >= this.#deadline;
  }

  /**
   * Starts the wall clock: the episode's tools see the deadline, and `onExpire` runs when it passes (unless the
   * episode finished first). `unref`: the timer does not keep the process alive.
   */
  arm(timeoutMs: number, onExpire: () => void, unref = false): void {
    this.#deadline = Date.now() + timeoutMs;
    this.episode.setDeadline(this.#deadline);
    this.#timer = setTimeout(onExpire, timeoutMs);
    if (unref) this.#timer.unref();
  }

  get armed(): boolean {
    return this.#timer !== undefined;
  }

  /** Ends the episode for a reason found outside a turn (agent error, timeout, disconnect); the first end wins. */
  end(reason: EndReason, error?: string): void {
    if (this.#reason) return;
    this.#reason = reason;
    this.#error = error;
  }

  /** Closes the conversation from the agent's side (the episode goes on). */
  closeConversation(): void {
    if (!this.conversation.over) this.conversation = { over: true, reason: 'agent_ended' };
  }

  /** Plays one assistant turn by the rules above; throws (internal) once the episode has ended. */
  async turn(turn: AgentTurn, opts: TurnOptions = {}): Promise<TurnResult> {
    const rec = this.recorder;
    // every caller stops at the end; a turn after it would record events past episode_end
    if (this.#reason) throw new CoworkError('internal', `turn after the episode ended (${this.#reason})`);
    // the wall clock ran out before this turn: a busy event loop may not have run the timer yet, but the
    // episode is over all the same (otherwise tools refused for the deadline could run the turns out first)
    if (this.armed && this.expired) {
      this.end('timeout');
      return { refused: true, from: rec.events.length, tools: [] };
    }
    if (rec.turns >= this.maxTurns) {
      this.end('max_turns');
      return { refused: true, from: rec.events.length, tools: [] };
    }
    const calls = rec.assistant(turn);
    const from = rec.events.length;
    const out: TurnResult = { refused: false, from, tools: [] };
    if (calls.length > 0) {
      for (const c of calls) out.tools.push(await rec.tool(c));
      await this.#observe();
    } else if (opts.finish) {
      this.end('agent_done');
    } else {
      const reply = await this.#respond(opts);
      if (reply) out.reply = reply;
    }
    if (this.ending === 'silence' && !this.#reason && rec.turns >= this.maxTurns) this.end('max_turns');
    return out;
  }

  // the user acts between the agent's turns (state changes, no message)
  async #observe(): Promise<void> {
    if (!this.user?.observe) return;
    const rec = this.recorder;
    try {
      rec.user({ events: await this.user.observe({ history: rec.events, turn: rec.turns }) });
    } catch (e) {
      this.#userFailed(e);
    }
  }

  async #respond(opts: TurnOptions): Promise<UserReply | undefined> {
    const { user } = this;
    const rec = this.recorder;
    if (!user) {
      if (this.ending === 'silence') this.end('agent_done');
      else if (!this.conversation.over) this.conversation = { over: true, reason: 'no_user' };
      return undefined;
    }
    if (this.conversation.over) return undefined;
    let reply: UserReply;
    try {
      const p = user.respond({ history: rec.events, turn: rec.turns }, opts.signal);
      reply = await (opts.race ? opts.race(p) : p);
    } catch (e) {
      this.#userFailed(e);
      return undefined;
    }
    rec.user(reply);
    if (reply.done) {
      this.conversation = { over: true, reason: 'user_done' };
      if (this.ending === 'silence') this.end('user_done');
    }
    return reply;
  }

  // a failing user simulator is infrastructure, never "the user was satisfied"
  #userFailed(e: unknown): void {
    if (e instanceof DeadlineError) this.end('timeout');
    else this.end('infra_error', `user simulator: ${e instanceof Error ? e.message : String(e)}`);
  }

  /**
   * Records the end (the reason given by a turn or end(), else `reason`) and returns the trajectory; later
   * calls return the same one. Stops the wall clock.
   */
  finish(reason: EndReason, opts: FinishOptions = {}): Promise<Trajectory> {
    if (!this.#final) {
      clearTimeout(this.#timer);
      this.end(reason);
      const r = this.#reason as EndReason;
      const error = this.#error;
      this.#final = this.recorder.finish(r, {
        ...(error ? { error } : {}),
        ...(opts.judge ? { judge: opts.judge } : {}),
        ...(opts.noGrade ? { noGrade: true } : {}),
      });
    }
    return this.#final;
  }

  /** true once finish() was called */
  get finished(): boolean {
    return this.#final !== undefined;
  }
}
