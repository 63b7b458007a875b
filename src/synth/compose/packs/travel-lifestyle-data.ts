import type { Rng } from '../../../env/rng.js';
import { oneOf, writePlan } from '../../kit/content.js';
import type { Rec, World } from '../parts.js';
import { addDays } from './table-source.js';

// travel lifestyle: the curated names, spreads and note terms its record types draw from (its pack,
// travel-lifestyle.ts, holds the record types themselves)

// destination and the policy region it falls in
export const DESTINATIONS: readonly (readonly [string, string])[] = [
  ['Manchester, UK', 'domestic'],
  ['Edinburgh, UK', 'domestic'],
  ['Amsterdam, Netherlands', 'Europe'],
  ['Munich, Germany', 'Europe'],
  ['Lisbon, Portugal', 'Europe'],
  ['Stockholm, Sweden', 'Europe'],
  ['New York, USA', 'North America'],
  ['Toronto, Canada', 'North America'],
  ['Singapore', 'Asia-Pacific'],
  ['Sydney, Australia', 'Asia-Pacific'],
  ['Dubai, UAE', 'Middle East'],
  ['São Paulo, Brazil', 'Latin America'],
  ['Milan, Italy', 'Europe'],
  ['Chicago, USA', 'North America'],
];

export const TRIP_TERMS = [
  'visa letter',
  'business class',
  'Saturday night stay',
  'client entertainment',
  'extra night',
  'carbon offset',
];

export const SUPPLIERS: Readonly<Record<string, readonly string[]>> = {
  flight: ['Lufthansa', 'British Airways', 'KLM', 'Air France', 'TAP Air Portugal', 'SAS', 'Emirates', 'Iberia'],
  rail: ['Eurostar', 'Deutsche Bahn', 'Avanti West Coast', 'LNER', 'Trenitalia', 'SJ'],
  'car hire': ['Sixt', 'Europcar', 'Hertz', 'Avis', 'Enterprise'],
  'airport transfer': ['Blacklane', 'Addison Lee', 'Welcome Pickups', 'Carey'],
};

// the rail operators of a policy region: a Sydney trip is not booked on LNER
export const RAIL_BY_REGION: Readonly<Record<string, readonly string[]>> = {
  domestic: ['Avanti West Coast', 'LNER'],
  Europe: ['Eurostar', 'Deutsche Bahn', 'Trenitalia', 'SJ'],
  'North America': ['Amtrak', 'VIA Rail'],
  'Asia-Pacific': ['NSW TrainLink', 'SMRT'],
  'Middle East': ['Etihad Rail'],
  'Latin America': ['CPTM'],
};

// a hotel in each destination: a trip's hotel is in the city it goes to
export const HOTELS: Readonly<Record<string, string>> = {
  Manchester: 'Innside Manchester',
  Edinburgh: 'Radisson Blu Edinburgh',
  Amsterdam: 'Motel One Amsterdam',
  Munich: 'Hilton Munich Park',
  Lisbon: 'Lisboa Plaza',
  Stockholm: 'Scandic Continental',
  'New York': 'Marriott Marquis NYC',
  Toronto: 'Chelsea Hotel Toronto',
  Singapore: 'Pan Pacific Singapore',
  Sydney: 'Sydney Harbour Marriott',
  Dubai: 'Rove Downtown Dubai',
  'São Paulo': 'Tivoli Mofarrej São Paulo',
  Milan: 'NH Collection Milano',
  Chicago: 'Palmer House Chicago',
};

export const COSTS: Readonly<Record<string, readonly [number, number]>> = {
  flight: [90, 1800],
  hotel: [140, 1400],
  rail: [35, 380],
  'car hire': [80, 620],
  'airport transfer': [30, 140],
};

export const BOOKING_TERMS = [
  'late arrival',
  'special assistance',
  'name change',
  'fare difference',
  'upgrade',
  'no-show fee',
];

export const PNR = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

// city and its policy per diem rate
export const RATES: readonly (readonly [string, number])[] = [
  ['Amsterdam', 62],
  ['Munich', 58],
  ['Lisbon', 48],
  ['Stockholm', 66],
  ['New York', 89],
  ['Toronto', 71],
  ['Singapore', 74],
  ['Sydney', 78],
  ['Dubai', 81],
  ['São Paulo', 55],
  ['Milan', 57],
  ['Chicago', 82],
  ['Manchester', 45],
];

export const PER_DIEM_TERMS = [
  'breakfast included',
  'client dinner',
  'conference lunch',
  'extra night',
  'late return',
  'lost receipt',
];

// where a household lives decides who bills it (the bills are in euros, so a euro-area home): one provider per kind
// of bill, the ones a family there actually pays
export const HOMES: readonly {
  country: string;
  providers: Readonly<Record<string, readonly string[]>>;
  /** the bills one provider of a kind sends a household, each its own account (a council's separate levies) */
  accounts: Readonly<Record<string, readonly string[]>>;
  /** an account few households have, held only where a task's bills would otherwise repeat one (a garage's notice) */
  spare?: Readonly<Record<string, readonly string[]>>;
}[] = [
  {
    country: 'Netherlands',
    providers: {
      energy: ['Vattenfall', 'Eneco', 'Essent'],
      water: ['Waternet', 'Vitens', 'Evides'],
      'property tax': ['Gemeente Amsterdam', 'Gemeente Utrecht'],
      'municipal charges': ['Gemeente Amsterdam', 'Gemeente Utrecht'],
      broadband: ['Ziggo', 'KPN', 'Odido Thuis'],
      mobile: ['KPN', 'Vodafone', 'Odido'],
      'home insurance': ['Centraal Beheer', 'Interpolis', 'Allianz Direct'],
      streaming: ['Netflix', 'Spotify Family', 'Videoland'],
      gym: ['Basic-Fit', 'SportCity'],
    },
    accounts: {
      // (only the OZB is a tax on the property: the waste and sewerage levies are municipal charges)
      'property tax': ['OZB'],
      'municipal charges': ['afvalstoffenheffing', 'rioolheffing'],
      energy: ['electricity', 'gas'],
      // (the water board levy is the waterschap's tax, not the drinking-water company's bill)
      water: ['drinking water'],
      'home insurance': ['contents', 'buildings'],
    },
  },
  {
    country: 'Ireland',
    providers: {
      energy: ['Electric Ireland', 'Bord Gáis Energy', 'SSE Airtricity'],
      // (no water: an Irish home pays no domestic water charges; no municipal charges either, its bins are
      // collected by a private company)
      'property tax': ['Revenue'],
      broadband: ['Eir', 'Virgin Media Ireland', 'Pure Telecom'],
      mobile: ['Three Ireland', 'Vodafone Ireland', 'Eir Mobile'],
      'home insurance': ['FBD Insurance', 'Aviva Ireland', 'Zurich Home'],
      streaming: ['Netflix', 'Spotify Family', 'Disney+'],
      gym: ['Flyefit', 'Ben Dunne Gyms'],
    },
    accounts: {
      'property tax': ['Local Property Tax'],
      energy: ['electricity', 'gas'],
      'home insurance': ['contents', 'buildings'],
    },
  },
  {
    country: 'Germany',
    providers: {
      energy: ['E.ON', 'Vattenfall', 'EnBW'],
      water: ['Berliner Wasserbetriebe', 'Hamburg Wasser', 'Stadtwerke München'],
      'property tax': ['Stadtkasse', 'Gemeindekasse'],
      'municipal charges': ['Stadtkasse', 'Gemeindekasse'],
      broadband: ['Telekom', 'Vodafone Kabel', 'PYUR'],
      mobile: ['Telekom Mobil', 'O2', 'Vodafone'],
      // (the insurer, not one of its policies: "Hausrat" is contents cover, and the home also has buildings cover)
      'home insurance': ['Allianz', 'HUK-COBURG', 'ERGO'],
      streaming: ['Netflix', 'Spotify Family', 'Disney+'],
      gym: ['McFit', 'FitX'],
    },
    accounts: {
      // (Grundsteuer is the property tax, one notice per plot: a flat and its separately owned parking space; waste,
      // street cleaning and rainwater are fees for a service)
      'property tax': ['Grundsteuer Wohnung', 'Grundsteuer Stellplatz'],
      'municipal charges': ['Abfallgebühren', 'Straßenreinigung', 'Niederschlagswasser'],
      energy: ['Strom', 'Gas'],
      water: ['Trinkwasser', 'Abwasser'],
      'home insurance': ['Hausrat', 'Wohngebäude'],
    },
    spare: { 'property tax': ['Grundsteuer Garage'] },
  },
];

// what one bill of each kind comes to, by how often it comes (a kind may be billed on more than one cycle): property
// tax on a flat is a few hundred euros a year, in quarterly or yearly instalments, never a four-figure monthly bill
export const BILL: Readonly<Record<string, readonly (readonly [cycle: string, lo: number, hi: number])[]>> = {
  energy: [['monthly', 60, 240]],
  water: [
    ['quarterly', 45, 160],
    ['monthly', 15, 55],
  ],
  'property tax': [
    ['quarterly', 60, 280],
    ['annual', 240, 1100],
  ],
  // a council's waste, sewerage or street-cleaning fee: tens of euros a quarter, a few hundred a year
  'municipal charges': [
    ['quarterly', 25, 120],
    ['annual', 90, 420],
  ],
  broadband: [['monthly', 25, 60]],
  mobile: [['monthly', 12, 45]],
  'home insurance': [
    ['annual', 180, 520],
    ['monthly', 15, 45],
  ],
  streaming: [['monthly', 8, 20]],
  gym: [['monthly', 25, 90]],
};

export const BILL_TERMS = [
  'price rise',
  'meter reading',
  'end of contract',
  'loyalty discount',
  'refund',
  'switching supplier',
];

export const FAMILY = ['Anna', 'Jonas', 'Mia', 'Lukas'];

// the destination of a trip, fixed by its id: every record about the trip (its bookings, its per diem claims)
// agrees on where it went
export const destinationOf = (tripId: unknown): readonly [string, string] => {
  const n = [...String(tripId)].reduce((a, c) => (a * 31 + c.charCodeAt(0)) % 9973, 7);
  return DESTINATIONS[n % DESTINATIONS.length] as readonly [string, string];
};
export const cityOf = (destination: string) => destination.split(',')[0] as string;

// a trip's dates, destination, cost and state as its bookings (or claims) show them
export function tripOf(trip: Rec, children: Rec[], w: World): Rec {
  const [destination, region] = destinationOf(trip.trip_id);
  const starts = children
    .map((c) => String(c.starts_on ?? ''))
    .filter(Boolean)
    .sort();
  const live = children.some((c) => ['held', 'ticketed', 'confirmed', 'changed'].includes(String(c.status)));
  const booked = children.reduce((a, c) => a + (Number(c.cost) || 0), 0);
  return {
    destination,
    region,
    ...(starts.length ? { depart_on: starts[0], return_on: addDays(starts.at(-1), w.rng.int(1, 3)) } : {}),
    ...(booked > Number(trip.estimated_cost) ? { estimated_cost: Math.ceil((booked * 1.1) / 10) * 10 } : {}),
    ...(live && ['draft', 'rejected', 'cancelled'].includes(String(trip.approval_status))
      ? { approval_status: w.rng.pick(['approved', 'booked']) }
      : {}),
  };
}

/** Which colleague a trip is for, fixed by its id (every claim for the trip names the same traveller). */
export function tripSeat(tripId: string): number {
  return [...tripId].reduce((a, c) => (a * 31 + c.charCodeAt(0)) % 997, 3);
}

/** Who a booking of `type` on a trip can be with: rail in the trip's own region (a Sydney trip is not on LNER). */
export function suppliersFor(type: string, tripId: unknown): readonly string[] {
  return (
    (type === 'rail' ? RAIL_BY_REGION[destinationOf(tripId)[1]] : undefined) ?? SUPPLIERS[type] ?? ['Travel agent']
  );
}

/** A household bill's note: how it is paid and what to check, from a content plan. */
export function billNote(rng: Rng, term: string | undefined): string {
  return writePlan(
    rng,
    {
      facts: [
        oneOf(
          rng,
          'paid from the joint account',
          'paperless billing',
          `reference on the statement ends ${rng.int(10, 99)}`,
          'same as last cycle',
        ),
        ...(term
          ? [oneOf(rng, `letter mentions: ${term}`, `${term} — check before paying`, `ask about ${term} when calling`)]
          : []),
        oneOf(rng, 'login in the password manager', 'account number on the letter', 'bill came by email', ''),
      ].filter(Boolean),
    },
    rng.pick(['terse', 'chatty'] as const),
  );
}
