import type { Diagnostic } from '../schema/diagnostics.js';
import type { TaskSpec } from '../schema/task-spec.js';
import { type ReplayMemo, replay } from './replay.js';
import { err } from './types.js';

/**
 * Gate step 10 (multi-turn specs): replaying the reference with the scripted user fires every signal and
 * ends with the user's explicit end, within max_rounds.
 */
export async function checkUserReplay(spec: TaskSpec, memo?: ReplayMemo): Promise<Diagnostic[]> {
  if (!spec.user) return [];
  const { trajectory, user } = await replay(spec, spec.reference, memo);
  const out: Diagnostic[] = [];
  const fired = new Set(user?.fired() ?? []);
  spec.user.signals.forEach((s, i) => {
    if (!fired.has(s.id))
      out.push(
        err(
          'user_signal_never_fired',
          `user.signals[${i}]`,
          `signal "${s.id}" never fired while replaying the reference; its trigger cannot happen or the reference skips it`,
          'builder',
        ),
      );
  });
  const end = trajectory.events.at(-1);
  if (end?.type === 'episode_end' && end.reason !== 'user_done') {
    out.push(
      err(
        'user_never_ends',
        'user',
        `the conversation ended with ${end.reason}, not an explicit end by the user (end: ${spec.user.end}, max_rounds ${spec.user.max_rounds})`,
        'builder',
      ),
    );
  }
  return out;
}
