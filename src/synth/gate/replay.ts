import { referenceTurns, scriptedAgent } from '../../agent/reference.js';
import { runEpisode } from '../../agent/rollout.js';
import { createEpisode } from '../../env/episode.js';
import type { TaskSpec } from '../../spec/task-spec.js';
import type { Trajectory } from '../../spec/trajectory.js';
import { type ScriptedUser, scriptedUser } from '../../user/scripted.js';

/**
 * Plays reference steps (the spec's own, or a mutant's) in a fresh episode with fault injection off and,
 * for dialogue specs, the scripted user.
 */
export async function playReference(spec: TaskSpec, steps: TaskSpec['reference'] = spec.reference): Promise<{ trajectory: Trajectory; user?: ScriptedUser }> {
  const clean: TaskSpec = { ...spec, errors: { ...spec.errors, rate: 0 } };
  const episode = createEpisode(clean, { seed: 0 });
  const user = clean.user ? scriptedUser(clean, episode) : undefined;
  const agent = scriptedAgent('reference', referenceTurns(steps), { retries: 0 });
  const trajectory = await runEpisode({ spec: clean, agent, episode, ...(user ? { user } : {}) });
  return user ? { trajectory, user } : { trajectory };
}

/** The number a mutant is compared on: the score, or the code score when LLM items are unjudged. */
export function comparable(t: Trajectory): number {
  const g = t.grade;
  if (!g) return 0;
  return g.score ?? g.safety * (g.code ?? 0);
}
