import type { UserReply, UserSimulator } from '../env/turns.js';
import type { Episode } from '../env/episode.js';
import { createRng } from '../env/rng.js';
import { CoworkError } from '../schema/errors.js';
import type { TaskSpec } from '../schema/task-spec.js';
import type { UserPlan } from '../schema/user-plan.js';
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
 * What the scripted user says when no signal has a line for the agent. Fixed first-person text: the plan's
 * boundary, persona and goal describe the simulator and are private (DESIGN §3), so none of them is ever sent.
 */
export const FALLBACK_REPLIES = {
  /** the agent asked something the plan has no answer for */
  unknown: [
    "I don't know that — please go ahead with what you have.",
    "I'm not sure, sorry. Please use your best judgement with what you have.",
    "I don't have that information. Please carry on with what you've got.",
    "No idea, I'm afraid — please go ahead with what you have.",
  ],
  /** the agent said something without asking */
  nothing_to_add: [
    "I don't have more to add — please go ahead with what you have.",
    'Okay, thanks. Please carry on.',
    'Noted. Please continue with what you have.',
  ],
} as const;

/**
 * Cowork-Gym's π_U played deterministically: follows `spec.user.signals` (trigger → effect) and ends
 * explicitly. It only ever says authored signal text or one of the fixed `FALLBACK_REPLIES`, so private
 * state (persona, goal, knowledge, boundary) never reaches the agent.
 */
export function scriptedUser(spec: TaskSpec, episode: Episode): PlannedUser {
  const planned = requireUserPlan(spec);
  const plan = planned.user;
  const engine = new SignalEngine(planned, episode);
  // the fallback phrasing varies by seed and trial, and is the same on every replay of one episode
  const rng = createRng('user-fallback', spec.id, episode.seed, episode.trial);
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
      else if (!done)
        reply.text = rng.pick(claimsDone(view) ? FALLBACK_REPLIES.nothing_to_add : FALLBACK_REPLIES.unknown);
      return reply;
    },
  };
}
