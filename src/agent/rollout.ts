import { createEpisode, type Episode } from '../env/episode.js';
import type { GradeOptions } from '../grade/grade.js';
import type { TaskSpec } from '../schema/task-spec.js';
import type { Trajectory } from '../schema/trajectory.js';
import { TrajectoryRecorder } from './recorder.js';
import { DeadlineError, TurnEngine } from './turn-engine.js';
import { InfraError } from './types.js';
import type { Agent, AgentView, UserSimulator } from '../env/turns.js';

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
  const engine = new TurnEngine({ spec, episode, recorder: rec, user });
  // one timer per episode: it aborts whatever the agent or user is waiting on
  const controller = new AbortController();
  engine.arm(spec.limits.timeout_s * 1000, () => controller.abort());
  const timedOut = new Promise<never>((_, reject) =>
    controller.signal.addEventListener('abort', () => reject(new DeadlineError('wall timeout')), { once: true }),
  );
  timedOut.catch(() => {});
  const race = <T>(p: Promise<T>): Promise<T> => Promise.race([p, timedOut]);
  while (!engine.reason) {
    if (engine.expired) {
      engine.end('timeout');
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
      turn = await race(agent.next(view, controller.signal));
    } catch (e) {
      if (e instanceof DeadlineError) engine.end('timeout');
      // an endpoint that is down is infrastructure; anything else the agent threw is the agent's
      else
        engine.end(e instanceof InfraError ? 'infra_error' : 'agent_error', e instanceof Error ? e.message : String(e));
      break;
    }
    await engine.turn(turn, { signal: controller.signal, race });
  }
  return engine.finish('agent_done', {
    ...(opts.judge ? { judge: opts.judge } : {}),
    ...(opts.noGrade ? { noGrade: true } : {}),
  });
}
