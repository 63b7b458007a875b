import type { Rng } from '../../../env/rng.js';
import { oneOf, writePlan } from '../../kit/content.js';

/** The days since last use within which an account counts as in use: under the shortest line a rule draws (30). */
export const RECENT_USE = 21;

// the idle days of each record, set once its last use is final (safety-compliance.ts settle): the note speaks of
// them, but the record never carries them as a field — a rule on "last used at least 30 days ago" is read off the
// date (review 36: a days_inactive beside last_used_on left no date to work out)
const IDLE = new WeakMap<object, number>();

/** Records the days since `rec`'s last use for the note written about it. */
export const setIdle = (rec: object, days: number): void => void IDLE.set(rec, days);

// the justification as the reviewer wrote it for this account: a need confirmed or a monthly use only where the
// account was used lately and is not being revoked; an idle account's note says why it went quiet (without the
// record, before its fields are final, a note that holds either way)
export function accessNote(
  rng: Rng,
  term: string | undefined,
  _v: unknown,
  rec?: Readonly<Record<string, unknown>>,
): string {
  const idle = rec ? IDLE.get(rec) : undefined;
  const revoked = rec?.decision === 'revoke' || rec?.decision === 'reduce to least privilege';
  const why =
    idle === undefined
      ? ['covered by the SoD matrix', `ticket ACC-${rng.int(1000, 9999)} raised`]
      : idle <= RECENT_USE && !revoked
        ? ['manager confirmed the need', 'used for month-end close', 'covered by the SoD matrix']
        : idle <= RECENT_USE
          ? ['covered by the SoD matrix', `ticket ACC-${rng.int(1000, 9999)} raised`, 'role wider than the job needs']
          : [
              'user moved to another team',
              'project the access was for has ended',
              'no logins in the audit log for weeks',
              `ticket ACC-${rng.int(1000, 9999)} raised`,
            ];
  return writePlan(
    rng,
    {
      facts: [
        oneOf(rng, ...why),
        ...(term
          ? [oneOf(rng, `${term} — check with HR`, `flagged as ${term}`, `reviewer notes ${term}`, `possible ${term}`)]
          : []),
        oneOf(
          rng,
          'evidence screenshot attached',
          'reviewed in last quarter’s cycle too',
          'owner on leave until Monday',
          '',
        ),
      ].filter(Boolean),
    },
    'terse',
  );
}
