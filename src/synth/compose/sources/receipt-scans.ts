import { shuffle } from '../../kit/ids.js';
import type { FieldModel } from '../../rules/fields.js';
import type { Rec, World } from '../parts.js';
import { defineSource } from './kit.js';
import { truthOf } from './picture-truth.js';

// receipt scans: one picture per receipt, the merchant, total, date and payment printed on it and nowhere else;
// the office scanner feeds some in sideways or upside down (the picture's `turned`), which the work that files
// them has to undo (media-actions.ts).

// what a shop of each kind prints on its receipts, at its prices (per unit): the main items a receipt is mostly
// made of, and the smaller ones beside them; a hotel bills its extras per night
type Priced = readonly [item: string, lo: number, hi: number];
interface Shop {
  merchants: readonly string[];
  mains: readonly Priced[];
  extras: readonly Priced[];
  /** the most of a main item one receipt holds (covers at a table, nights, boxes) */
  most: number;
  perNight?: true;
  /** the totals a receipt of the kind plausibly comes to (EUR): no hotel night for €6, no €400 taxi ride */
  totals: readonly [number, number];
  /** the desk takes a card only (a hire firm or hotel holds a card for the deposit): never paid in cash */
  card?: true;
}
type Desk = 'Travel_Lifestyle' | 'Office_Productivity';
// charged once a receipt however many items it has (one delivery for six organisers, one booking fee per order)
const ONCE: ReadonlySet<string> = new Set([
  'Delivery',
  'Booking fee',
  'Airport surcharge',
  'Waiting time',
  'Signature on delivery',
  'Fuel top-up',
]);

// the receipts each desk files, and what is on them: a trip's are its nights, trains, the cab between airport and
// hotel and the traveller's own meals on the road; the office's are what a working day in town costs (lunch with
// a client, supplies, a courier, parking at the client's, the cab there), so a receipt always fits the desk its
// task is filed under (packs/scenarios.ts)
const DESKS: Readonly<Record<Desk, Readonly<Record<string, Shop>>>> = {
  Travel_Lifestyle: {
    hotel: {
      merchants: ['Hotel Meridian', 'Harbour View Inn', 'Parkside Suites'],
      mains: [['Room, per night', 55, 240]],
      extras: [
        ['City tax', 1.5, 4.5],
        ['Breakfast', 12, 24],
      ],
      most: 4,
      perNight: true,
      totals: [60, 420],
      card: true,
    },
    rail: {
      merchants: ['Eurostar', 'SNCF Voyageurs', 'Deutsche Bahn'],
      mains: [
        ['Standard return', 24, 180],
        ['Off-peak single', 9, 95],
        ['Standard single', 14, 140],
      ],
      extras: [
        ['Seat reservation', 3, 10],
        ['Booking fee', 1, 3],
      ],
      most: 3,
      totals: [9, 420],
    },
    taxi: {
      merchants: ['Airport Express Taxis', 'Metro Taxi Co.', 'Aerotaxi'],
      mains: [['Fare, airport to hotel', 18, 150]],
      extras: [
        ['Airport surcharge', 3, 8],
        ['Luggage', 1, 4],
        ['Waiting time', 2, 12],
      ],
      most: 1,
      totals: [18, 180],
    },
    // a car hired at the destination, billed per day with its fuel and cover
    'car hire': {
      merchants: ['Europcar', 'Sixt', 'Hertz'],
      mains: [['Car hire, per day', 32, 95]],
      extras: [
        ['Fuel top-up', 18, 60],
        ['Collision damage waiver', 8, 22],
      ],
      most: 4,
      perNight: true,
      totals: [32, 420],
      card: true,
    },
    // the traveller's own meals away from home (what a per diem is meant to cover)
    meals: {
      merchants: ['Station Café', 'Brasserie du Quai', 'Noodle Bar 88', 'The Brass Kettle'],
      mains: [
        ['Breakfast', 7, 18],
        ['Lunch menu', 11, 26],
        ['Dinner', 18, 45],
        ['Sandwich', 4.5, 9],
      ],
      extras: [
        ['Sparkling water', 2.5, 5.5],
        ['Coffee', 2.2, 4.5],
        ['Dessert', 5, 9],
      ],
      most: 2,
      totals: [4, 100],
    },
  },
  Office_Productivity: {
    'client meals': {
      merchants: ['Brasserie Lumière', 'Trattoria Sole', 'The Grain Store', 'Le Petit Jardin'],
      mains: [
        ['Lunch menu', 14, 32],
        ['Dish of the day', 12, 24],
        ['Set dinner', 28, 55],
      ],
      extras: [
        ['Sparkling water', 2.5, 5.5],
        ['Coffee', 2.2, 4.5],
        ['Dessert', 5, 9],
        ['Glass of wine', 5, 11],
      ],
      most: 8,
      totals: [20, 420],
    },
    supplies: {
      merchants: ['Bureau Plus', 'OfficeWorld', 'Paper & Pen Co.'],
      mains: [
        ['Toner cartridge', 38, 160],
        ['Printer paper, box of 5 reams', 18, 45],
        ['Notebooks, pack of 5', 6, 14],
        ['Desk organiser', 12, 30],
      ],
      extras: [
        ['Pens, box of 10', 4, 12],
        ['Sticky notes', 2, 6],
        ['Delivery', 4, 9],
      ],
      most: 6,
      totals: [4, 420],
    },
    courier: {
      merchants: ['CityLink Couriers', 'Swift Parcel', 'Metro Bikes Courier'],
      mains: [
        ['Same-day courier', 18, 95],
        ['Parcel, next day', 8, 35],
        ['International documents', 35, 120],
      ],
      extras: [
        ['Insurance', 3, 12],
        ['Signature on delivery', 2, 5],
      ],
      most: 3,
      totals: [8, 300],
    },
    parking: {
      merchants: ['Q-Park', 'City Car Park', 'Indigo Parking'],
      mains: [
        ['Parking, per hour', 2, 6],
        ['Parking, day rate', 12, 35],
      ],
      extras: [],
      most: 10,
      totals: [3, 60],
    },
    taxi: {
      merchants: ['City Cabs', 'Metro Taxi Co.', 'Black Cab Hire'],
      mains: [['Fare', 6, 85]],
      extras: [['Waiting time', 2, 12]],
      most: 1,
      totals: [8, 100],
    },
  },
};
/** The desks that keep receipt scans, the first their home when a task is filed under neither. */
export const RECEIPT_DESKS = Object.keys(DESKS) as Desk[];
const deskOf = (w: World): Desk => (w.domain in DESKS ? (w.domain as Desk) : 'Travel_Lifestyle');
const shopOf = (w: World, category: unknown): Shop | undefined => DESKS[deskOf(w)][String(category)];
// how a desk's kinds of expense read in a rule or a request
const SAY: Readonly<Record<Desk, Readonly<Record<string, string>>>> = {
  Travel_Lifestyle: { rail: 'train travel', taxi: 'airport taxi', meals: 'meals on the trip', 'car hire': 'car hire' },
  Office_Productivity: { supplies: 'office supplies', taxi: 'taxi to a client' },
};

/** The kind-of-expense field as a desk keeps it: the kinds of receipt it files (record-type-choice.ts). */
export function receiptDeskFields(fields: readonly FieldModel[], desk: string): FieldModel[] {
  const shops = DESKS[desk as Desk];
  return fields.map((m) =>
    m.field === 'category' && m.kind === 'enum' && shops
      ? { ...m, values: Object.keys(shops), say: SAY[desk as Desk] }
      : m,
  );
}
const PAID = {
  'corporate card': 'Paid by corporate card',
  'personal card': 'Paid by personal card',
  cash: 'Paid in cash',
};

// a kind paid by card alone (car hire, a hotel) paid in cash: put on a card, else made a kind cash pays for at
// its total (a taxi, a meal), so no Sixt hire with a damage waiver is settled in notes
function paidAsItCan(rec: Rec, w: World): Rec[] {
  if (rec.payment !== 'cash' || !shopOf(w, rec.category)?.card) return [];
  const total = Number(rec.total);
  const cashKinds = Object.entries(DESKS[deskOf(w)])
    .filter(([, shop]) => !shop.card && total >= shop.totals[0] && total <= shop.totals[1])
    .map(([category]) => ({ category }));
  return [{ payment: 'corporate card' }, { payment: 'personal card' }, ...shuffle(w.rng, cashKinds)];
}

/** Where the scanner drops a receipt's picture. */
export const scanPath = (rec: Rec) => `scans/inbox/${rec.scan_id}.png`;
/** How far a scan is turned clockwise (the scanner's feed, drawn per record). */
export const turnOf = (rec: Rec): 0 | 90 | 180 | 270 => (Number(rec.turned) || 0) as 0 | 90 | 180 | 270;

type Line = { item: string; qty?: number; amount: number };

// lines that add up to the total, each an item the shop sells at its price: a main item (as many as the total
// calls for: covers, nights, boxes) taking what the smaller items leave; none fits (a total no shop of the kind
// prints): the main item once
function receiptLines(rec: Rec, w: World): Line[] {
  const shop = shopOf(w, rec.category) ?? (Object.values(DESKS[deskOf(w)])[0] as Shop);
  const total = Math.round(Number(rec.total) * 100);
  const price = ([, lo, hi]: Priced) => Math.round((lo + w.rng.next() * (hi - lo)) * 10) * 10;
  // the main items the total buys, a few of them at most where one does (three lunches, not twelve coffees)
  const affordable = shop.mains.filter(([, lo]) => lo * 100 <= total);
  const few = affordable.filter(([, , hi]) => (total * 0.55) / (hi * 100) <= 4);
  const mains = few.length ? few : affordable.length ? affordable : shop.mains;
  for (let tries = 0; tries < 24; tries++) {
    const main = w.rng.pick(mains);
    const [item, lo, hi] = main;
    // as many as the total calls for at the item's prices (the smaller items take a share of it too)
    const fewest = Math.max(1, Math.ceil((total * 0.8) / (hi * 100)));
    const most = Math.min(shop.most, Math.floor(total / (lo * 100)));
    if (fewest > most) continue;
    const n = w.rng.int(fewest, most);
    const extras: Line[] = [];
    let left = total - n * lo * 100;
    for (const extra of shuffle(w.rng, shop.extras).slice(0, w.rng.int(0, 2))) {
      if (extra[0] === item) continue;
      const qty = ONCE.has(extra[0]) ? 1 : shop.perNight ? n : w.rng.int(1, Math.max(1, Math.min(n, 4)));
      const cents = qty * price(extra);
      if (cents > left) continue;
      left -= cents;
      extras.push({ item: extra[0], ...(qty > 1 || shop.perNight ? { qty } : {}), amount: cents / 100 });
    }
    const rest = total - extras.reduce((a, l) => a + Math.round(l.amount * 100), 0);
    // (several of one item cost the same each: "2 × Room, per night 110.51" is no price a hotel charges, review 65)
    if (rest < n * lo * 100 || rest > n * hi * 100 || rest % n !== 0) continue;
    return [{ item, ...(n > 1 || shop.perNight ? { qty: n } : {}), amount: rest / 100 }, ...extras];
  }
  return [{ item: (shop.mains[0] as Priced)[0], amount: total / 100 }];
}

/** Receipt scans in the workspace: the merchant, total, date and payment are only on the picture. */
export const receiptScans = defineSource({
  name: 'receipt_scans',
  // two desks keep them, each its own kinds (DESKS): a trip's at the travel desk, a working day's at the office
  domains: RECEIPT_DESKS,
  // what a printed receipt says never changes
  fixed: ['category', 'payment', 'total', 'receipt_date', 'itemised', 'cost_centre'],
  nameField: { field: 'merchant', label: 'merchant' },
  service: 'workspace',
  noun: ['receipt scan', 'receipt scans'],
  idField: 'scan_id',
  prefix: 'SC-',
  capabilities: ['Multimodal_Perception'],
  measure: { field: 'total', label: 'receipt total', unit: 'EUR' },
  fields: [
    {
      kind: 'enum',
      field: 'category',
      label: 'kind of expense',
      // a trip's receipts here; the office's kinds where the office files them (receiptDeskFields)
      values: Object.keys(DESKS.Travel_Lifestyle),
      say: SAY.Travel_Lifestyle,
    },
    { kind: 'number', field: 'total', label: 'receipt total', min: 6, max: 420, step: 0.01, currency: 'EUR' },
    { kind: 'date', field: 'receipt_date', label: 'receipt date', from: -120, to: 0, verb: 'dated' },
    {
      kind: 'enum',
      field: 'payment',
      label: 'payment method',
      values: ['corporate card', 'personal card', 'cash'],
      weights: [3, 2, 1],
    },
    // a till receipt lists what was bought; a bare card slip or cash ticket shows the amount alone (no VAT to
    // reclaim, nothing for audit to check), which expense policies treat apart
    {
      kind: 'flag',
      field: 'itemised',
      label: 'itemised receipt',
      yes: 'with the items listed',
      no: 'a bare slip',
      p: 0.7,
    },
    // the cost centre the claimant stamps on each receipt before scanning it, which says whose budget pays
    {
      kind: 'enum',
      field: 'cost_centre',
      label: 'cost centre',
      values: ['Sales', 'Operations', 'Marketing', 'Client projects', 'Research', 'Training', 'IT', 'Facilities'],
    },
  ] satisfies FieldModel[],
  // the first record a task draws is always one it selects (compile/records.ts cast): that scan went through the
  // scanner turned, so a request that warns of sideways scans always has one of its own to turn
  make: (w, id, i) => ({
    scan_id: id,
    turned: i === 0 ? w.rng.pick([90, 90, 270, 180]) : w.rng.pick([0, 0, 90, 90, 270, 180]),
  }),
  // a receipt's total is one a shop of its kind prints: another kind of expense where that one fits, else a total
  // within the range
  agree: (rec, w) => {
    const total = Number(rec.total);
    const [lo, hi] = shopOf(w, rec.category)?.totals ?? [0, Number.POSITIVE_INFINITY];
    if (total >= lo && total <= hi) return paidAsItCan(rec, w);
    const kinds = Object.entries(DESKS[deskOf(w)])
      .filter(
        ([
          ,
          {
            totals: [a, b],
          },
        ]) => total >= a && total <= b,
      )
      .map(([category, shop]) => [category, shop.totals] as const);
    // (a total moved into the range stays near where it was first, so a rule's bound on it still holds)
    const near = total < lo ? lo + w.rng.next() * 25 : Math.min(hi, 420) - w.rng.next() * 25;
    return [
      ...shuffle(w.rng, kinds).map(([category]) => ({ category })),
      { total: Math.round(near * 100) / 100 },
      { total: Math.round((lo + w.rng.next() * (Math.min(hi, 420) - lo)) * 100) / 100 },
    ];
  },
  title: (rec) => `${rec.scan_id} (${rec.merchant ?? rec.category}, ${rec.total} EUR)`,
  fixtures: (records, w) => {
    const files: Record<string, unknown> = {};
    records.forEach((rec, i) => {
      const names = shopOf(w, rec.category)?.merchants ?? ['Receipt'];
      // the merchant follows from the kind of expense: the picture and the record say the same
      rec.merchant = names[(i + w.rng.int(0, names.length - 1)) % names.length];
      files[scanPath(rec)] = {
        png: {
          kind: 'receipt',
          merchant: rec.merchant,
          date: String(rec.receipt_date).slice(0, 10),
          lines: rec.itemised === false ? [{ item: 'Amount', amount: Number(rec.total) }] : receiptLines(rec, w),
          total: rec.total,
          currency: '€',
          footer: [PAID[rec.payment as keyof typeof PAID], rec.cost_centre && `Cost centre: ${rec.cost_centre}`]
            .filter(Boolean)
            .join(' — '),
          turned: turnOf(rec),
          truth: [truthOf(rec, 'scan_id')],
        },
      };
    });
    files['scans/README.md'] = 'The office scanner drops one picture per receipt here, named by scan number.\n';
    return { workspace: { files } };
  },
  list: () => [{ call: 'fs_list', args: { path: 'scans/inbox' } }],
  get: (rec) => ({ call: 'fs_read', args: { path: scanPath(rec) } }),
  seenIn: (w) =>
    w.rng.pick([
      'The scans are in scans/inbox/, one picture per receipt; the scanner sometimes feeds them in sideways.',
      'Everything is in scans/inbox/ (one picture per receipt, named by scan number); some went through the scanner the wrong way round.',
    ]),
});
