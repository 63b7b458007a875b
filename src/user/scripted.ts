import type { UserReply, UserSimulator, UserView } from '../agent/types.js';
import type { Episode } from '../env/episode.js';
import { matchWhere } from '../grade/match.js';
import { CoworkError } from '../spec/errors.js';
import type { Signal } from '../spec/user-plan.js';
import type { TaskSpec } from '../spec/task-spec.js';
import type { TrajectoryEvent } from '../spec/trajectory.js';

const QUESTION = /[?？]/;

/** A scripted user that also reports which signals fired (for the gate's plan replay). */
export interface ScriptedUser extends UserSimulator {
  fired(): readonly string[];
}

/**
 * Cowork-Gym's π_U played deterministically: follows `spec.user.signals` (trigger → effect), applies
 * record changes to the episode, and ends explicitly. It only ever says authored signal text, so private
 * state (goal, knowledge) never reaches the agent.
 */
export function scriptedUser(spec: TaskSpec, episode: Episode): ScriptedUser {
  const plan = spec.user;
  if (!plan) throw new CoworkError('bad_input', `${spec.id} has no user block; a scripted user needs one`);
  const fired: string[] = [];
  const pending: string[] = [];
  let rounds = 0;
  let ended = false;

  const lastText = (view: UserView) => {
    const last = [...view.history].reverse().find((e) => e.type === 'assistant');
    return last?.type === 'assistant' ? (last.text ?? '') : '';
  };
  const holds = (s: Signal, view: UserView, speaking: boolean): boolean => {
    const t = s.trigger;
    if ('after_turn' in t) return view.turn >= t.after_turn;
    if ('record_exists' in t) {
      const { service, record, where } = t.record_exists;
      return (episode.audit().records[service]?.[record] ?? []).some((r) => matchWhere(where, r));
    }
    if ('file_exists' in t) return (episode.snapshot().workspace?.files ?? []).some((f) => f.path === t.file_exists);
    if (!speaking) return false;
    const text = lastText(view).toLowerCase();
    if ('asks_about' in t) return t.asks_about.some((k) => text.includes(k.toLowerCase()));
    return !QUESTION.test(text); // claims_done: the agent ends its turn without asking anything
  };
  const fire = (view: UserView, speaking: boolean): TrajectoryEvent[] => {
    const events: TrajectoryEvent[] = [];
    for (const s of plan.signals) {
      if ((s.once && fired.includes(s.id)) || !holds(s, view, speaking)) continue;
      fired.push(s.id);
      const e = s.effect;
      if (e.update_record) {
        const u = e.update_record;
        episode.patchRecord(u.service, u.collection, u.record_id, u.set);
        events.push({ type: 'patch', by: 'user', service: u.service, op: 'update_record', collection: u.collection, record_id: u.record_id, set: u.set });
      }
      if (e.say) pending.push(e.say);
      if (e.end) ended = true;
    }
    return events;
  };

  return {
    name: 'scripted',
    config: { name: 'scripted', max_rounds: plan.max_rounds, end: plan.end },
    fired: () => fired,
    async observe(view) {
      return fire(view, false);
    },
    async respond(view): Promise<UserReply> {
      rounds++;
      const before = fired.length;
      const events = fire(view, true);
      const saidSomething = pending.length > 0;
      const text = pending.splice(0).join('\n');
      const claimsDone = !QUESTION.test(lastText(view));
      const done =
        ended ||
        rounds >= plan.max_rounds ||
        (plan.end === 'claims_done' && claimsDone && fired.length === before) ||
        (plan.end === 'signals_done' && fired.length === plan.signals.length && !saidSomething);
      const reply: UserReply = { done, events };
      if (text) reply.text = text;
      else if (!done) reply.text = plan.boundary || "I don't have more to add — please go ahead with what you have.";
      return reply;
    },
  };
}
