import { referenceAgent, referenceTurns, scriptedAgent } from '../agent/reference.js';
import { runEpisode } from '../agent/rollout.js';
import { createEpisode } from '../env/episode.js';
import type { Judge } from '../grade/types.js';
import type { TaskSpec } from '../schema/task-spec.js';
import type { Trajectory } from '../schema/trajectory.js';
import { type PlannedUser, scriptedUser } from '../user/scripted.js';

/**
 * Plays reference steps (the spec's own, or a mutant's) in a fresh episode with fault injection off and,
 * for dialogue specs, the scripted user.
 */
export async function playReference(
  spec: TaskSpec,
  steps: TaskSpec['reference'] = spec.reference,
  judge?: Judge,
): Promise<{ trajectory: Trajectory; user?: PlannedUser }> {
  const clean = cleanOf(spec);
  const episode = createEpisode(clean, { seed: 0 });
  const user = clean.user ? scriptedUser(clean, episode) : undefined;
  const agent = scriptedAgent('reference', referenceTurns(steps), { retries: 0 });
  const trajectory = await runEpisode({
    spec: clean,
    agent,
    episode,
    ...(user ? { user } : {}),
    ...(judge ? { judge } : {}),
  });
  return user ? { trajectory, user } : { trajectory };
}

/**
 * Plays the reference under the spec's own fault configuration (`errors.rate`), retrying injected 429/500s
 * as the reference policy does: a task whose faults its own reference cannot survive measures luck.
 */
export async function playReferenceUnderFaults(spec: TaskSpec): Promise<Trajectory> {
  const episode = createEpisode(spec, { seed: 0 });
  const user = spec.user ? scriptedUser(spec, episode) : undefined;
  return runEpisode({ spec, agent: referenceAgent(spec), episode, ...(user ? { user } : {}) });
}

// one fault-free copy per spec object, so every mutant shares its prepared state and hash
const cleanCopies = new WeakMap<TaskSpec, TaskSpec>();
function cleanOf(spec: TaskSpec): TaskSpec {
  if (spec.errors.rate === 0) return spec;
  let c = cleanCopies.get(spec);
  if (!c) {
    c = { ...spec, errors: { ...spec.errors, rate: 0 } };
    cleanCopies.set(spec, c);
  }
  return c;
}

/** The number a mutant is compared on: the score, or the code score when LLM items are unjudged. */
export function comparable(t: Trajectory): number {
  const g = t.grade;
  if (!g) return 0;
  return g.score ?? g.safety * (g.code ?? 0);
}
