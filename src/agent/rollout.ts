import { createEpisode, type Episode } from '../env/episode.js';
import type { GradeOptions } from '../grade/grade.js';
import type { TaskSpec } from '../schema/task-spec.js';
import type { EndReason, Trajectory } from '../schema/trajectory.js';
import { TrajectoryRecorder } from './recorder.js';
import { type Agent, type AgentView, InfraError, type UserSimulator } from './types.js';

export interface RunEpisodeOptions extends GradeOptions {
  spec: TaskSpec;
  agent: Agent;
  user?: UserSimulator;
  seed?: number;
  trial?: number;
  /** the episode, when the caller needs to drive or inspect it (user simulators patch it) */
  episode?: Episode;
  /** skip grading (the caller grades later) */
  noGrade?: boolean;
}

class DeadlineError extends Error {}

/**
 * Runs one episode: agent (and user) turns against a fresh episode until the agent finishes, the user ends
 * the conversation, max_turns or the wall timeout; then grades it. Agent exceptions end the episode as
 * agent_error, InfraError and user-simulator failures as infra_error — all are data in the trajectory.
 */
export async function runEpisode(opts: RunEpisodeOptions): Promise<Trajectory> {
  const { spec, agent, user } = opts;
  const seed = opts.seed ?? 0;
  const trial = opts.trial ?? 0;
  const episode = opts.episode ?? createEpisode(spec, { seed, trial });
  const rec = new TrajectoryRecorder({ spec, episode, seed, trial, agent, user });
  const deadline = Date.now() + spec.limits.timeout_s * 1000;
  episode.setDeadline(deadline);
  // one timer per episode: it aborts whatever the agent or user is waiting on
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), spec.limits.timeout_s * 1000);
  const timedOut = new Promise<never>((_, reject) =>
    controller.signal.addEventListener('abort', () => reject(new DeadlineError('wall timeout')), { once: true }),
  );
  timedOut.catch(() => {});
  const withDeadline = <T>(p: Promise<T>): Promise<T> => Promise.race([p, timedOut]);
  let reason: EndReason | undefined;
  let error: string | undefined;
  const fail = (e: unknown, who: 'agent' | 'user') => {
    if (e instanceof DeadlineError) return 'timeout' as const;
    error = `${who === 'user' ? 'user simulator: ' : ''}${e instanceof Error ? e.message : String(e)}`;
    // a failing user simulator is infrastructure, never "the user was satisfied"
    return who === 'user' || e instanceof InfraError ? ('infra_error' as const) : ('agent_error' as const);
  };
  while (!reason) {
    if (rec.turns >= spec.limits.max_turns) {
      reason = 'max_turns';
      break;
    }
    if (Date.now() >= deadline) {
      reason = 'timeout';
      break;
    }
    const view: AgentView = {
      request: spec.request,
      mockToday: spec.mock_today,
      tools: episode.tools,
      history: rec.events,
      turn: rec.turns,
    };
    let turn: Awaited<ReturnType<Agent['next']>>;
    try {
      turn = await withDeadline(agent.next(view, controller.signal));
    } catch (e) {
      reason = fail(e, 'agent');
      break;
    }
    const calls = rec.assistant(turn);
    if (calls.length === 0) {
      if (!user) {
        reason = 'agent_done';
        break;
      }
      try {
        const reply = await withDeadline(user.respond({ history: rec.events, turn: rec.turns }, controller.signal));
        rec.user(reply);
        if (reply.done) reason = 'user_done';
      } catch (e) {
        reason = fail(e, 'user');
      }
      continue;
    }
    for (const c of calls) await rec.tool(c);
    if (user?.observe) {
      try {
        rec.user({ events: await user.observe({ history: rec.events, turn: rec.turns }) });
      } catch (e) {
        reason = fail(e, 'user');
      }
    }
  }
  clearTimeout(timer);
  return rec.finish(reason, {
    ...(error ? { error } : {}),
    ...(opts.judge ? { judge: opts.judge } : {}),
    ...(opts.noGrade ? { noGrade: true } : {}),
  });
}
