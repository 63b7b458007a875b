import type { Rng } from '../../../env/rng.js';
import { oneOf, writePlan } from '../../kit/content.js';

// the free texts of the legal pack's records, from content plans: what a practitioner writes in a note

const dayName = (rng: Rng) => rng.pick(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday']);

export function matterNote(rng: Rng, term: string | undefined): string {
  return writePlan(
    rng,
    {
      facts: [
        oneOf(
          rng,
          `client call on ${dayName(rng)}, wants a monthly update`,
          'WIP reviewed with the partner',
          `invoice ${rng.int(2, 6)} queried by the client's finance team`,
          'client chasing for a progress report',
        ),
        ...(term
          ? [
              oneOf(
                rng,
                `${term} discussed with the client`,
                `awaiting instructions on ${term}`,
                `partner to consider ${term} before the next step`,
                `${term} raised by the other side`,
              ),
            ]
          : []),
        oneOf(
          rng,
          'trainee to prepare the chronology',
          'witness availability confirmed',
          'file reviewed for the quarterly risk audit',
          'revised fee estimate sent',
          'documents from the client still outstanding',
        ),
      ],
    },
    rng.pick(['terse', 'plain'] as const),
  );
}

export function clauseNote(rng: Rng, term: string | undefined): string {
  return writePlan(
    rng,
    {
      facts: [
        oneOf(
          rng,
          `liability capped at ${rng.pick(['12', '18', '24'])} months' fees`,
          `price review every ${rng.pick(['12', '24'])} months, CPI-linked`,
          'service credits up to 10% of monthly charges',
          'our standard terms, no material deviations',
        ),
        ...(term
          ? [
              oneOf(
                rng,
                `${term} clause at ${rng.int(8, 22)}.${rng.int(1, 6)}`,
                `note the ${term} wording`,
                `${term} accepted in negotiation`,
                `counterparty insisted on ${term}`,
              ),
            ]
          : []),
        oneOf(
          rng,
          'signed copy in the contract repository',
          `data processing terms in schedule ${rng.int(2, 6)}`,
          'assignment needs prior written consent',
          'notice by email is not valid, post to the registered office',
        ),
      ],
    },
    'terse',
  );
}

// the next step a deadline's note records, by its status: one still to come says what is left to do, one filed,
// vacated or missed what happened (no "bundle to be agreed" on a vacated hearing)
const DEADLINE_NEXT: Readonly<Record<string, readonly string[]>> = {
  filed: ['filed and served', 'sealed copy on file', 'served on the other side by email'],
  vacated: ['vacated by consent order', 'vacated, new date awaited from the listing office'],
  missed: ['missed: application for more time being drafted', 'not filed in time, partner told'],
};
const STILL_TO_DO = [
  'bundle to be agreed 7 days before',
  'client to approve the draft first',
  'file by CE-File before 4pm',
  'serve by email, the other side has agreed',
];

export function directionsNote(
  rng: Rng,
  term: string | undefined,
  _v: unknown,
  rec?: Readonly<Record<string, unknown>>,
): string {
  return writePlan(
    rng,
    {
      facts: [
        oneOf(
          rng,
          `per the directions order of ${rng.int(2, 27)} ${rng.pick(['January', 'February', 'November', 'December'])}`,
          'date agreed with the other side in correspondence',
          'set at the case management conference',
          'counsel instructed, fee note awaited',
        ),
        ...(term
          ? [
              oneOf(
                rng,
                `${term} flagged by counsel`,
                `note re ${term} on file`,
                `${term}: check the order`,
                `see attendance note on ${term}`,
              ),
            ]
          : []),
        rng.pick(DEADLINE_NEXT[String(rec?.status)] ?? STILL_TO_DO),
      ],
    },
    'terse',
  );
}
