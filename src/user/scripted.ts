import type { UserReply, UserSimulator } from '../agent/types.js';
import type { Episode } from '../env/episode.js';
import { CoworkError } from '../spec/errors.js';
import type { TaskSpec } from '../spec/task-spec.js';
import type { UserPlan } from '../spec/user-plan.js';
import { claimsDone, SignalEngine } from './signals.js';

/** A user simulator that also reports which signals fired (for the gate's plan replay). */
export interface PlannedUser extends UserSimulator {
  fired(): readonly string[];
}

export function requireUserPlan(spec: TaskSpec): TaskSpec & { user: UserPlan } {
  if (!spec.user) throw new CoworkError('bad_input', `${spec.id} has no user block; a user simulator needs one`);
  return spec as TaskSpec & { user: UserPlan };
}

/**
 * Cowork-Gym's π_U played deterministically: follows `spec.user.signals` (trigger → effect) and ends
 * explicitly. It only ever says authored signal text, so private state (goal, knowledge) never reaches
 * the agent.
 */
export function scriptedUser(spec: TaskSpec, episode: Episode): PlannedUser {
  const planned = requireUserPlan(spec);
  const plan = planned.user;
  const engine = new SignalEngine(planned, episode);
  let rounds = 0;
  return {
    name: 'scripted',
    config: { name: 'scripted', max_rounds: plan.max_rounds, end: plan.end },
    fired: () => engine.fired(),
    observe: async (view) => engine.observe(view),
    async respond(view): Promise<UserReply> {
      rounds++;
      const f = engine.speak(view);
      const ended = f.ended;
      const text = f.says.join('\n');
      // the user ends only when it has nothing left to say (or a signal ends it explicitly)
      const done =
        ended ||
        rounds >= plan.max_rounds ||
        (plan.end === 'claims_done' && claimsDone(view) && !text) ||
        (plan.end === 'signals_done' && engine.fired().length === plan.signals.length && !text);
      const reply: UserReply = { done, events: f.events };
      if (text) reply.text = text;
      else if (!done) reply.text = plan.boundary || "I don't have more to add — please go ahead with what you have.";
      return reply;
    },
  };
}
