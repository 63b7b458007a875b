import { llmAgent } from '../agent/llm-agent.js';
import { runEpisode } from '../agent/rollout.js';
import { createEpisode } from '../env/episode.js';
import type { Judge } from '../grade/types.js';
import type { ChatModel } from '../llm/types.js';
import type { Diagnostic } from '../schema/diagnostics.js';
import type { TaskSpec } from '../schema/task-spec.js';
import type { Trajectory } from '../schema/trajectory.js';
import { scriptedUser } from '../user/scripted.js';
import { comparable } from './replay.js';
import { err } from './types.js';

/** One solver attempt as `validate --json` reports it (step `solve`, `stats.attempts`). */
export interface SolveAttempt {
  attempt: number;
  seed: number;
  /** the grade's score (the code part when LLM-judged items went unjudged) */
  score: number;
  passed: boolean;
  end: string;
  /** set when the episode failed for infrastructure (endpoint down, …), not for the agent's behaviour */
  error?: string;
}

export interface SolverOptions {
  model: ChatModel;
  /** independent attempts [1] */
  attempts?: number;
  /** attempt i runs with seed + i (episode and sampling) [0] */
  seed?: number;
  /** sampling temperature [0 for one attempt, 0.7 for several, so they differ] */
  temperature?: number;
  /** judges LLM-judged checks; without one a task passes on its code part */
  judge?: Judge;
}

/**
 * Cowork-Gym's execution check: an LLM agent solves the task from the request alone, `attempts` times
 * (seeded; with the task's scripted user when it has a user plan), in the spec's own conditions (fault
 * injection included). A task no attempt passes is `solver_unsolved`; when none passed and an attempt could
 * not run (endpoint down), the verdict is `solver_failed` — never a silent pass.
 */
export async function checkSolvable(
  spec: TaskSpec,
  opts: SolverOptions,
): Promise<{ diagnostics: Diagnostic[]; stats: Record<string, unknown> }> {
  const k = opts.attempts ?? 1;
  const seed = opts.seed ?? 0;
  const temperature = opts.temperature ?? (k > 1 ? 0.7 : 0);
  const attempts: SolveAttempt[] = [];
  const trajectories: Trajectory[] = [];
  // sequential: attempts are few, and the report stays in attempt order
  for (let i = 0; i < k; i++) {
    const s = seed + i;
    const episode = createEpisode(spec, { seed: s, trial: i });
    const user = spec.user ? scriptedUser(spec, episode) : undefined;
    const agent = llmAgent(opts.model, { params: { temperature, seed: s } });
    const t = await runEpisode({
      spec,
      agent,
      episode,
      seed: s,
      trial: i,
      ...(user ? { user } : {}),
      ...(opts.judge ? { judge: opts.judge } : {}),
    });
    trajectories.push(t);
    const end = t.events.at(-1);
    const reason = end?.type === 'episode_end' ? end.reason : 'unknown';
    const score = comparable(t);
    const passed = t.grade?.passed ?? score >= spec.scoring.pass_threshold;
    attempts.push({
      attempt: i + 1,
      seed: s,
      score,
      passed: reason !== 'infra_error' && passed,
      end: reason,
      ...(reason === 'infra_error' && end?.type === 'episode_end' && end.error ? { error: end.error } : {}),
    });
  }
  const solved = attempts.filter((a) => a.passed).length;
  const stats = { model: opts.model.id, solved, pass_rate: solved / k, attempts };
  if (solved > 0) return { diagnostics: [], stats };
  const broken = attempts.filter((a) => a.error !== undefined);
  if (broken.length)
    return {
      diagnostics: [
        {
          code: 'solver_failed',
          path: '(root)',
          message: `the solver ${opts.model.id} could not run ${broken.length} of ${k} attempt(s) (${(broken[0]?.error ?? '').slice(0, 240)}) and no attempt solved the task; it is not certified — check the endpoint and rerun`,
        },
      ],
      stats,
    };
  const best = attempts.reduce((b, a) => (a.score > b.score ? a : b));
  const missed = (trajectories[best.attempt - 1]?.grade?.checks ?? [])
    .filter((c) => c.score !== null && c.score < 1)
    .map((c) => c.id);
  return {
    diagnostics: [
      err(
        'solver_unsolved',
        'request',
        `no attempt of ${k} by ${opts.model.id} solved the task from the request alone (best score ${round(best.score)} on attempt ${best.attempt}, pass threshold ${spec.scoring.pass_threshold}${missed.length ? `; checks it missed: ${missed.join(', ')}` : ''}); make the request state what those checks require, or fix a check that asks for the impossible`,
        'builder',
      ),
    ],
    stats,
  };
}

const round = (n: number) => Math.round(n * 1000) / 1000;
