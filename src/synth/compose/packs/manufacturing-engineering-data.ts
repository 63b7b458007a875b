// manufacturing engineering: the curated names, spreads and note terms its record types draw from (its pack,
// manufacturing-engineering.ts, holds the record types themselves)

import type { Rng } from '../../../env/rng.js';
import { oneOf, writePlan } from '../../kit/content.js';
import { composed } from './name-pools.js';
// a part's family (its code and what it is) and the part numbers of that family in use: several times a task's
// orders (name-pools.ts), so that no part turns up in every task
const PART_FAMILIES = [
  'HM hydraulic manifold',
  'BR bearing housing',
  'GX gearbox cover',
  'PV pump volute',
  'SF drive shaft',
  'CB control bracket',
  'VB valve body',
  'FL mounting flange',
  'MA motor end cap',
  'TS tensioner arm',
  'HX heat exchanger plate',
  'WB welded base frame',
  'CP coupling hub',
];
export const PARTS = composed(
  'parts',
  PART_FAMILIES,
  ['114', '220', '305', '440', '508', '62', '73', '902'],
  (f, n) => {
    const sp = f.indexOf(' ');
    return `${f.slice(0, sp)}-${n} ${f.slice(sp + 1)}`;
  },
);

export const ORDER_TERMS = [
  'first-off inspection',
  'fixture change',
  'overtime',
  'tool wear',
  'customer witness',
  'concession',
];

export const NCR_TERMS = [
  'goods-in',
  'customer return',
  'final inspection',
  'first article',
  'line stoppage',
  'repeat defect',
];

// where an NCR stands and what the review board decided, in pairs that go together
export const NCR_STATES: readonly (readonly [string, string])[] = [
  ['open', 'pending'],
  ['containment', 'pending'],
  ['root cause analysis', 'rework'],
  ['root cause analysis', 'return to supplier'],
  ['corrective action', 'scrap'],
  ['corrective action', 'repair'],
  ['verification', 'rework'],
  ['closed', 'use as is'],
  ['closed', 'scrap'],
];

// the defects no review board accepts as they are: a cracked weld, metal of unknown grade, a part missing from an
// assembly, a contaminated face, a wrong label (each is reworked, repaired, returned or scrapped)
const NEVER_AS_IS = new Set(['weld crack', 'wrong material', 'missing component', 'contamination', 'labelling']);

/**
 * Whether a disposition can be made on an NCR: nothing made in-house is returned to a supplier, nothing scrapped
 * over an observation, and "use as is"
 * (a concession) is only for a defect that leaves the part fit for use: never a critical one, nor a defect of a kind
 * no board accepts.
 */
export const dispositionFits = (disposition: string, ncr: Readonly<Record<string, unknown>>): boolean =>
  (disposition !== 'return to supplier' || ncr.supplier !== 'in-house') &&
  // (an observation finds parts fit for use: none is scrapped or sent back over one)
  (ncr.severity !== 'observation' || !['scrap', 'return to supplier'].includes(disposition)) &&
  (disposition !== 'use as is' || (ncr.severity !== 'critical' && !NEVER_AS_IS.has(String(ncr.defect_type))));

// registrations of a mixed fleet, British and Irish, several times a task's checks (name-pools.ts)
export const TAILS = [
  ...composed(
    'tails',
    ['G-EZ', 'G-OB', 'G-NE', 'G-VI', 'G-ZB', 'G-LM', 'G-IS', 'G-UZ', 'G-TT'],
    ['TR', 'MP', 'OA', 'IK', 'KH', 'RB', 'HC', 'NC'],
    (a, b) => a + b,
  ),
  ...composed('irish tails', ['EI-D', 'EI-F', 'EI-G'], ['WL', 'NK', 'PL', 'EV', 'SR'], (a, b) => a + b),
];

// flight hours and cycles since the last check of each kind
export const INTERVALS: Readonly<Record<string, readonly [number, number, number, number]>> = {
  'daily check': [4, 22, 2, 8],
  'weekly check': [30, 90, 12, 45],
  'A-check': [420, 780, 250, 600],
  'C-check': [4200, 7400, 2400, 5200],
  borescope: [600, 1800, 350, 1200],
  'landing gear overhaul': [18000, 24000, 9000, 12000],
};

export const FINDING_TERMS = [
  'corrosion',
  'bird strike',
  'hydraulic leak',
  'worn brake',
  'cracked fairing',
  'tyre cut',
];

// a farm's field names as its maps have them: a landmark or a shape and a kind of ground, several times a task's
// plots (name-pools.ts), so that no "Twelve Acres" turns up in every task
export const FIELDS = [
  ...composed(
    'fields',
    [
      'Long',
      'Church',
      'Mill',
      'Brook',
      'Hangar',
      'Windmill',
      'Oak Tree',
      'Back Lane',
      'Top',
      'Bottom',
      'Far',
      'Home',
      'Barn',
      'Pond',
      'Ash',
      'Well',
      'Hollow',
      'Keeper’s',
    ],
    ['Field', 'Meadow', 'Piece', 'Ground', 'Close', 'Leys', 'Furlong'],
  ),
  'Twelve Acres',
  'Top Forty',
  'Long Acre north',
  'Long Acre south',
  'Windmill Hill',
  'Lower Marsh',
];

export const SCOUT_TERMS = ['aphids', 'slug damage', 'pigeon damage', 'frost damage', 'waterlogging', 'rabbit damage'];

// the batch sizes each kind of order runs in
export const BATCHES: Readonly<Record<string, readonly number[]>> = {
  'customer order': [20, 25, 40, 50, 100, 120, 200],
  'stock build': [100, 200, 250, 500],
  expedite: [5, 10, 20, 25],
  rework: [3, 5, 8, 12, 20],
  prototype: [1, 2, 3, 5, 10],
};

// how far from today each short-interval check can fall due (days); the others run on months or years
export const WINDOW: Readonly<Record<string, readonly [number, number]>> = {
  'daily check': [-1, 1],
  'weekly check': [-3, 7],
};

// what an agronomist writes of waterlogging on a plot whose probe reads `moisture` %: on a dry reading, a wet
// hollow the probe does not sit in
function waterlogged(rng: Rng, moisture: number): string {
  if (moisture > 30)
    return oneOf(
      rng,
      'waterlogging across the lower half after the storm',
      'standing water, waterlogging in the tramlines',
    );
  return oneOf(
    rng,
    'waterlogging in the hollow by the ditch, though the probe on the ridge reads dry',
    'some waterlogging along the hedge where the drain is blocked; rest of the field dry',
  );
}

// a pest or damage the scout saw, where they saw it
const seen = (rng: Rng, term: string) =>
  oneOf(
    rng,
    `${term} seen in the ${rng.pick(['north', 'south', 'east', 'west'])} corner`,
    `${term} above threshold`,
    `watch for ${term}`,
  );

export function scoutNote(
  rng: Rng,
  term: string | undefined,
  _v?: unknown,
  rec?: Readonly<Record<string, unknown>>,
): string {
  const moisture = Number(rec?.soil_moisture_pct ?? 30);
  return writePlan(
    rng,
    {
      facts: [
        oneOf(
          rng,
          `walked the tramlines on ${rng.pick(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'])}`,
          // (no reading that has a season of its own: a soil temperature would have to follow the month)
          rec?.growth_stage === 'harvested' ? 'stubble clean' : 'crop looking even',
          'probe checked against a hand sample',
          'headlands patchy',
        ),
        ...(term ? [term === 'waterlogging' ? waterlogged(rng, moisture) : seen(rng, term)] : []),
        oneOf(rng, 'next visit in two weeks', 'spray window looks good', 'photos uploaded to the app', ''),
      ].filter(Boolean),
    },
    'terse',
  );
}
