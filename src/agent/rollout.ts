import { createEpisode, type Episode } from '../env/episode.js';
import { grade, type GradeOptions } from '../grade/grade.js';
import { hashValue } from '../spec/canonical-json.js';
import type { TaskSpec } from '../spec/task-spec.js';
import type { EndReason, Trajectory, TrajectoryEvent } from '../spec/trajectory.js';
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

/** Spec hash memo: hashing the canonical spec once per spec object. */
const hashes = new WeakMap<TaskSpec, string>();
export function specHash(spec: TaskSpec): string {
  let h = hashes.get(spec);
  if (!h) {
    h = hashValue(spec);
    hashes.set(spec, h);
  }
  return h;
}

/**
 * Runs one episode: agent (and user) turns against a fresh episode until the agent finishes, the user ends
 * the conversation, max_turns or the wall timeout; then grades it. Agent exceptions end the episode as
 * agent_error, InfraError as infra_error — both are data in the trajectory.
 */
export async function runEpisode(opts: RunEpisodeOptions): Promise<Trajectory> {
  const { spec, agent, user } = opts;
  const seed = opts.seed ?? 0;
  const trial = opts.trial ?? 0;
  const episode = opts.episode ?? createEpisode(spec, { seed, trial });
  const events: TrajectoryEvent[] = [
    {
      type: 'episode_start',
      task_id: spec.id,
      trial,
      seed,
      spec_hash: specHash(spec),
      mock_today: spec.mock_today,
      agent: { ...agent.config, name: agent.name },
      ...(user ? { user: { ...user.config, name: user.name } } : {}),
      ...(typeof agent.config.model === 'string' ? { model: agent.config.model } : {}),
    },
    { type: 'user', text: spec.request, source: 'request' },
  ];
  const deadline = Date.now() + spec.limits.timeout_s * 1000;
  // one timer per episode: it aborts whatever the agent or user is waiting on
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), spec.limits.timeout_s * 1000);
  const timedOut = new Promise<never>((_, reject) => controller.signal.addEventListener('abort', () => reject(new DeadlineError('wall timeout')), { once: true }));
  timedOut.catch(() => {});
  const withDeadline = <T>(p: Promise<T>): Promise<T> => Promise.race([p, timedOut]);
  let turns = 0;
  let reason: EndReason | undefined;
  let error: string | undefined;
  while (!reason) {
    if (turns >= spec.limits.max_turns) {
      reason = 'max_turns';
      break;
    }
    if (Date.now() >= deadline) {
      reason = 'timeout';
      break;
    }
    const view: AgentView = { request: spec.request, mockToday: spec.mock_today, tools: episode.tools, history: events, turn: turns };
    let turn: Awaited<ReturnType<Agent['next']>>;
    try {
      turn = await withDeadline(agent.next(view, controller.signal));
    } catch (e) {
      if (e instanceof DeadlineError) reason = 'timeout';
      else {
        reason = e instanceof InfraError ? 'infra_error' : 'agent_error';
        error = e instanceof Error ? e.message : String(e);
      }
      break;
    }
    turns++;
    const calls = turn.tool_calls.map((c, i) => ({ id: c.id ?? `call_${turns}_${i + 1}`, name: c.name, args: c.args ?? {} }));
    events.push({
      type: 'assistant',
      ...(turn.text ? { text: turn.text } : {}),
      tool_calls: calls,
      ...(turn.usage ? { usage: turn.usage } : {}),
      ...(turn.finish_reason ? { finish_reason: turn.finish_reason } : {}),
      ...(turn.latency_ms !== undefined ? { latency_ms: turn.latency_ms } : {}),
      ...(turn.raw !== undefined ? { raw: turn.raw } : {}),
    });
    if (calls.length === 0) {
      if (!user) {
        reason = 'agent_done';
        break;
      }
      try {
        const reply = await withDeadline(user.respond({ history: events, turn: turns }, controller.signal));
        if (reply.events) events.push(...reply.events);
        if (reply.text) events.push({ type: 'user', text: reply.text, source: 'sim' });
        if (reply.done) reason = 'user_done';
      } catch (e) {
        if (e instanceof DeadlineError) reason = 'timeout';
        else {
          // a failing user simulator is infrastructure, never "the user was satisfied"
          reason = 'infra_error';
          error = `user simulator: ${e instanceof Error ? e.message : String(e)}`;
        }
      }
      continue;
    }
    for (const c of calls) {
      const r = await episode.run(c.name, c.args);
      events.push({
        type: 'tool',
        call_id: c.id,
        name: c.name,
        args: c.args,
        ok: r.ok,
        content: r.content,
        ...(r.error ? { error: r.error } : {}),
        ...(r.injected ? { injected: r.injected } : {}),
        ...(r.truncated ? { truncated: true } : {}),
        latency_us: r.latencyUs,
      });
    }
    if (user?.observe) {
      try {
        events.push(...(await user.observe({ history: events, turn: turns })));
      } catch (e) {
        reason = 'infra_error';
        error = `user simulator: ${e instanceof Error ? e.message : String(e)}`;
      }
    }
  }
  clearTimeout(timer);
  events.push({ type: 'episode_end', reason, turns, ...(error ? { error } : {}) });
  const audit = { ...episode.audit(), state: episode.changedState() } as Trajectory['audit'];
  const trajectory: Trajectory = { kind: 'trajectory', version: 1, task_id: spec.id, trial, events, audit };
  if (!opts.noGrade) trajectory.grade = await grade(spec, trajectory, opts.judge ? { judge: opts.judge } : {});
  return trajectory;
}

class DeadlineError extends Error {}
