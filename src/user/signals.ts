import type { UserView } from '../env/turns.js';
import type { Episode } from '../env/episode.js';
import { matchEnvOf } from '../grade/context.js';
import { type MatchEnv, matchWhere } from '../grade/match.js';
import { auditKinds } from '../services/catalog.js';
import { recipeOf, renderRecipe } from '../services/workspace/formats/index.js';
import { toWorkspacePath } from '../services/workspace/paths.js';
import { CoworkError } from '../schema/errors.js';
import type { TaskSpec } from '../schema/task-spec.js';
import type { TrajectoryEvent } from '../schema/trajectory.js';
import type { Signal, UserPlan } from '../schema/user-plan.js';

const QUESTION = /[?？]/;

/** The last assistant text of a history. */
export function lastAssistantText(view: UserView): string {
  const last = view.history.findLast((e) => e.type === 'assistant');
  return last?.type === 'assistant' ? (last.text ?? '') : '';
}

/** The agent ended its turn without asking anything: it claims completion. */
export function claimsDone(view: UserView): boolean {
  return !QUESTION.test(lastAssistantText(view));
}

export interface Fired {
  events: TrajectoryEvent[];
  /** authored lines the user says next */
  says: string[];
  /** a fired effect ends the conversation */
  end: boolean;
}

/**
 * The signal plan of π_U: evaluates triggers against the episode and the public history, applies effects
 * (workspace files, service records) to the episode and returns what the user now says. Shared by the
 * scripted and the LLM user, so both change the world the same way.
 */
export class SignalEngine {
  readonly plan: UserPlan;
  readonly #episode: Episode;
  readonly #fired: string[] = [];
  readonly #pending: string[] = [];
  #ended = false;
  readonly #env: MatchEnv;

  constructor(spec: TaskSpec & { user: UserPlan }, episode: Episode) {
    this.plan = spec.user;
    this.#episode = episode;
    this.#env = matchEnvOf(spec);
  }

  fired(): readonly string[] {
    return this.#fired;
  }

  /** Between tool turns: applies due effects; their lines wait until the user next speaks. */
  observe(view: UserView): TrajectoryEvent[] {
    const f = this.fire(view, false);
    this.#pending.push(...f.says);
    this.#ended ||= f.end;
    return f.events;
  }

  /**
   * When the agent ends its turn: applies due effects and returns every line now owed to the agent. News the
   * agent has not heard yet (a record changed while it worked) comes first: the claims_done signals wait for
   * its next turn, so a conversation never ends in the reply that brings news the agent could still act on.
   */
  speak(view: UserView): { events: TrajectoryEvent[]; says: string[]; ended: boolean } {
    const f = this.fire(view, true, 'other');
    this.#pending.push(...f.says);
    this.#ended ||= f.end;
    const events = f.events;
    if (!this.#pending.length) {
      const c = this.fire(view, true, 'claims');
      this.#pending.push(...c.says);
      this.#ended ||= c.end;
      events.push(...c.events);
    }
    return { events, says: this.#pending.splice(0), ended: this.#ended };
  }

  /**
   * Fires every due signal; `speaking`: the agent just ended its turn (asks_about / claims_done may fire);
   * `only`: just the claims_done signals, or every other one.
   */
  fire(view: UserView, speaking: boolean, only?: 'claims' | 'other'): Fired {
    const out: Fired = { events: [], says: [], end: false };
    for (const s of this.plan.signals) {
      if (only && 'claims_done' in s.trigger !== (only === 'claims')) continue;
      if ((s.once && this.#fired.includes(s.id)) || !this.#holds(s, view, speaking)) continue;
      this.#fired.push(s.id);
      const e = s.effect;
      if (e.patch_file) {
        this.#episode.upsertRecord('workspace', 'files', {
          path: toWorkspacePath(e.patch_file.path),
          content: e.patch_file.content,
          encoding: 'utf8',
        });
        out.events.push({ type: 'patch', by: 'user', service: 'workspace', op: 'patch_file', path: e.patch_file.path });
      }
      if (e.update_record) {
        const u = e.update_record;
        this.#episode.patchRecord(u.service, u.collection, u.record_id, fileSet(u.service, u.collection, u.set));
        out.events.push({
          type: 'patch',
          by: 'user',
          service: u.service,
          op: 'update_record',
          collection: u.collection,
          record_id: u.record_id,
          set: u.set,
        });
      }
      if (e.say) out.says.push(e.say);
      if (e.end) out.end = true;
    }
    return out;
  }

  #holds(s: Signal, view: UserView, speaking: boolean): boolean {
    const t = s.trigger;
    if ('after_turn' in t) return view.turn >= t.after_turn;
    if ('record_exists' in t) {
      const { service, record, where } = t.record_exists;
      // values compare canonically by the list's kinds, as the grader compares them (src/grade/match.ts)
      const kinds = auditKinds(service, record);
      return (this.#episode.audit().records[service]?.[record] ?? []).some((r) =>
        matchWhere(where, r, kinds, this.#env),
      );
    }
    if ('file_exists' in t) {
      const path = t.file_exists.replace(/^\/?workspace\//, '');
      return (this.#episode.snapshot().workspace?.files ?? []).some((f) => f.path === path);
    }
    if (!speaking) return false;
    if ('asks_about' in t) {
      const text = lastAssistantText(view).toLowerCase();
      return t.asks_about.some((k) => text.includes(k.toLowerCase()));
    }
    return claimsDone(view);
  }
}

// a user replacing a workspace file with an office document writes it as a recipe ({xlsx: {sheets}}): rendered
// here exactly as a fixture is, so the plan stays readable and the bytes deterministic
function fileSet(service: string, collection: string, set: Record<string, unknown>): Record<string, unknown> {
  if (service !== 'workspace' || collection !== 'files') return set;
  const recipe = recipeOf(set);
  if (!recipe) return set;
  const { [recipe.kind]: _, ...rest } = set;
  try {
    return {
      ...rest,
      content: Buffer.from(renderRecipe(recipe.kind, recipe.value)).toString('base64'),
      encoding: 'base64',
    };
  } catch (e) {
    const first = (e as { issues?: { path: PropertyKey[]; message: string }[] }).issues?.[0];
    throw new CoworkError(
      'spec_invalid',
      `user patch: ${[recipe.kind, ...(first?.path ?? [])].map(String).join('.')}: ${first?.message ?? (e as Error).message}`,
    );
  }
}
