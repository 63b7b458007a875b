import type { Rng } from '../../../env/rng.js';
import { oneOf, writePlan } from '../../kit/content.js';
import { colleague } from '../sources/kit.js';
import { PNR } from './travel-lifestyle-data.js';

// travel: the notes its trips and bookings carry (travel-lifestyle.ts, its pack, holds the record types)

const dayName = (rng: Rng) => rng.pick(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday']);

export function tripNote(rng: Rng, term: string | undefined): string {
  return writePlan(
    rng,
    {
      facts: [
        oneOf(
          rng,
          // (nothing that says what the trip is for: the purpose is the record's own field)
          `dates fixed by the host, first session on ${dayName(rng)}`,
          'agenda attached to the request',
          'combining two visits in one trip',
          'first visit to this office',
        ),
        ...(term
          ? [
              oneOf(
                rng,
                `${term} requested`,
                `asking for ${term}, see justification`,
                `${term} needed — manager aware`,
                `will need ${term}`,
              ),
            ]
          : []),
        oneOf(
          rng,
          'flexible on flight times',
          'hotel near the venue preferred',
          'cost centre agreed with finance',
          'travelling with a colleague from sales',
        ),
      ],
    },
    rng.pick(['plain', 'chatty'] as const),
  );
}

// a ticket has fare rules and a PNR; a room, a car or a transfer has a rate and a confirmation number
const TICKETED = ['flight', 'rail'];

export function fareNote(
  rng: Rng,
  term: string | undefined,
  _v?: unknown,
  rec?: Readonly<Record<string, unknown>>,
): string {
  const ticket = rec === undefined || TICKETED.includes(String(rec.booking_type));
  return writePlan(
    rng,
    {
      facts: [
        oneOf(
          rng,
          'booked via the TMC online tool',
          'corporate rate applied',
          'booked by phone with the agent',
          ticket ? 'fare rules checked at booking' : 'cancellation terms checked at booking',
        ),
        ...(term
          ? [
              oneOf(
                rng,
                `${term} noted with the supplier`,
                `traveller asked about ${term}`,
                ticket ? `${term} — see the PNR remarks` : `${term} — see the confirmation`,
              ),
            ]
          : []),
        oneOf(
          rng,
          'invoice goes to the cost centre',
          'itinerary sent to the traveller',
          'loyalty number added',
          'confirmation forwarded to the traveller',
        ),
      ],
    },
    'terse',
  );
}
