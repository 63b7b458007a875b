import type { Rng } from '../../../env/rng.js';
import { oneOf, writePlan } from '../../kit/content.js';

// The practice's own notes on its records (healthcare.ts).

/** Reception's note on an appointment: how the patient is reached, what the visit needs, its history, so that a
 * dozen appointments never share one line. */
export function receptionNote(rng: Rng, missed = 0): string {
  return writePlan(
    rng,
    {
      facts: [
        oneOf(
          rng,
          'prefers text reminders',
          'call the mobile, not the landline',
          'email reminders only',
          'booked online',
          'booked by phone',
          'booked at reception',
        ),
        oneOf(
          rng,
          'wheelchair access needed',
          'needs a ground-floor room',
          'hearing loop please',
          'Polish interpreter booked',
          'Arabic interpreter booked',
          'comes with a carer',
          '',
        ),
        // (a patient who missed appointments this year has been on the list before: no "first visit")
        oneOf(
          rng,
          'rebooked once already',
          missed > 0 ? 'missed the last reminder call' : 'first visit to the practice',
          'results to go through',
          '',
        ),
      ].filter(Boolean),
    },
    'terse',
  );
}
