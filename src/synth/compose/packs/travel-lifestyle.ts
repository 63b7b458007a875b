import type { Rng } from '../../../env/rng.js';
import { travel } from '../../../services/domains/travel.js';
import { oneOf, writePlan } from '../../kit/content.js';
import type { Rec, World } from '../parts.js';
import { colleague } from '../sources/kit.js';
import { type Household, oneMandate, onePerCycle, SEVERAL } from './household-cycles.js';
import { addDays, nth, packAction, packSource, refId } from './table-source.js';
import {
  cityOf,
  destinationOf,
  suppliersFor,
  tripSeat,
  billNote,
  tripOf,
  BILL,
  BILL_TERMS,
  BOOKING_TERMS,
  COSTS,
  DESTINATIONS,
  FAMILY,
  HOTELS,
  PER_DIEM_TERMS,
  PNR,
  HOMES,
  RATES,
  TRIP_TERMS,
} from './travel-lifestyle-data.js';
import { tripNote, fareNote } from './travel-lifestyle-notes.js';

// Travel_Lifestyle: a corporate travel desk's trip requests, the bookings made for them through the travel
// management company and the per diem claims filed afterwards, plus the household bills a family admin keeps
// on top of. Destinations, suppliers, rates and providers are what a travel coordinator would see.

export const tripRequests = packSource({
  name: 'trip_requests',
  system: travel,
  table: 'trips',
  fixed: ['purpose'],
  noun: ['trip request', 'trip requests'],
  domains: ['Travel_Lifestyle'],
  capabilities: ['Logic_Reasoning'],
  measure: { field: 'estimated_cost', label: 'estimated cost', unit: 'EUR' },
  fields: {
    purpose: { label: 'purpose', weights: [4, 3, 1, 3, 2, 1] },
    depart_on: {
      label: 'departure date',
      from: -4,
      to: 60,
      verb: 'whose departure falls',
      past: 'whose departure fell',
    },
    estimated_cost: { label: 'estimated cost', min: 250, max: 9000, step: 10 },
    policy_exception: {
      label: 'policy exception',
      yes: 'flagged as a travel policy exception',
      no: 'within travel policy',
      p: 0.25,
    },
    approval_status: { label: 'approval status', weights: [1, 4, 3, 1, 2, 1] },
    notes: { label: 'justification', terms: TRIP_TERMS, write: tripNote },
  },
  make: (w, id, i) => {
    const [destination, region] = nth(w, DESTINATIONS, i);
    return {
      trip_id: id,
      traveller: colleague(w, i).email,
      destination,
      region,
      approver: colleague(w, i + 3).email,
    };
  },
  derive: (rec, w) => (rec.return_on ? {} : { return_on: addDays(rec.depart_on, w.rng.int(1, 6)) }),
  title: (rec) => `${rec.trip_id} (${rec.destination}, ${rec.purpose})`,
  nameField: { field: 'destination', label: 'destination' },
  owner: { field: 'traveller', role: 'traveller' },
  textField: 'notes',
});

export const travelBookings = packSource({
  name: 'travel_bookings',
  system: travel,
  table: 'bookings',
  fixed: ['booking_type'],
  noun: ['travel booking', 'travel bookings'],
  domains: ['Travel_Lifestyle'],
  capabilities: ['Data_Analysis'],
  measure: { field: 'cost', label: 'booked cost', unit: 'EUR' },
  fields: {
    booking_type: { label: 'booking type', weights: [4, 4, 2, 1, 1] },
    cancellation_deadline: {
      label: 'free cancellation deadline',
      from: -10,
      to: 40,
      verb: 'whose free cancellation ends',
      past: 'whose free cancellation ended',
    },
    refundable: { label: 'refundability', yes: 'refundable', no: 'non-refundable', p: 0.45 },
    status: { label: 'status', weights: [2, 3, 4, 1, 1, 1] },
    notes: { label: 'booking notes', terms: BOOKING_TERMS, write: fareNote, ofRecord: true },
  },
  make: (w, id, i) => ({
    booking_id: id,
    trip_id: refId(w, 'TRP-', i, 3),
    booked_by: colleague(w, i).email,
  }),
  derive: (rec, w, i) => {
    const type = String(rec.booking_type);
    const [lo, hi] = COSTS[type] ?? [50, 500];
    return {
      supplier:
        type === 'hotel'
          ? (HOTELS[cityOf(destinationOf(rec.trip_id)[0])] ?? 'Travel agent')
          : nth(w, suppliersFor(type, rec.trip_id), i),
      confirmation_code: Array.from({ length: 6 }, () => w.rng.pick([...PNR])).join(''),
      starts_on: addDays(rec.cancellation_deadline, w.rng.int(type === 'hotel' ? 1 : 0, 14)),
      cost: Math.round((lo + w.rng.next() * (hi - lo)) * 100) / 100,
    };
  },
  title: (rec) => `${rec.booking_id} (${rec.booking_type}, ${rec.supplier})`,
  nameField: { field: 'supplier', label: 'supplier' },
  owner: { field: 'booked_by', role: 'travel coordinator who booked it' },
  textField: 'notes',
  parents: { trip_id: tripRequests },
  fitParent: tripOf,
});

function perDiemNote(
  rng: Rng,
  term: string | undefined,
  _v?: unknown,
  rec?: Readonly<Record<string, unknown>>,
): string {
  // a claim without lodging receipts has no hotel invoice attached (one still to come, at most)
  const invoice = rec?.receipts_attached === false ? 'hotel invoice to follow' : 'hotel invoice attached';
  return writePlan(
    rng,
    {
      facts: [
        oneOf(
          rng,
          'claimed at the standard city rate',
          'dates match the booking',
          'submitted through the mobile app',
          `${rng.int(2, 4)} meetings across the trip`,
        ),
        ...(term
          ? [
              oneOf(
                rng,
                `note: ${term} on day ${rng.int(1, 3)}`,
                `${term}, see comment`,
                `${term} — reduce the allowance?`,
                `traveller mentions: ${term}`,
              ),
            ]
          : []),
        oneOf(rng, invoice, 'trip approved in advance', 'card statement attached', ''),
      ].filter(Boolean),
    },
    'terse',
  );
}

export const perDiemClaims = packSource({
  name: 'per_diem_claims',
  system: travel,
  table: 'per_diem_claims',
  // (the nights are the trip's: news that a claim is for 8 nights leaves its trip at 6, review 51)
  fixed: ['allowance_type', 'nights'],
  domains: ['Travel_Lifestyle'],
  capabilities: ['Math_Scientific', 'Data_Analysis'],
  measure: { field: 'amount_claimed', label: 'amount claimed', unit: 'EUR', mean: true },
  fields: {
    allowance_type: { label: 'allowance type', weights: [5, 3, 2, 1, 1] },
    nights: { label: 'time away', min: 1, max: 10, step: 1 },
    submitted_on: { label: 'submission date', from: -45, to: 0, verb: 'submitted' },
    receipts_attached: {
      label: 'lodging receipts',
      yes: 'backed by lodging receipts',
      no: 'without lodging receipts',
      p: 0.65,
    },
    // (a claim with a submission date has been submitted: no drafts)
    status: {
      label: 'status',
      values: ['submitted', 'queried', 'approved', 'rejected', 'paid'],
      weights: [5, 2, 2, 1, 2],
    },
    notes: { label: 'claim notes', terms: PER_DIEM_TERMS, write: perDiemNote, ofRecord: true },
  },
  make: (w, id, i) => {
    // (a trip of its own: two claims for one trip disagreed on its nights, review 51)
    const trip_id = refId(w, 'TRP-', i, 16);
    // the claim is for the city the trip went to
    const city = cityOf(destinationOf(trip_id)[0]);
    const rate = RATES.find(([c]) => c === city)?.[1] ?? 50;
    return {
      per_diem_id: id,
      trip_id,
      // the one who went on the trip claims for it (the trip names them too: fitParent)
      traveller: colleague(w, tripSeat(trip_id)).email,
      city,
      daily_rate: rate,
      // (someone other than the traveller: nobody signs off their own claim)
      approver: colleague(w, tripSeat(trip_id) + 1 + (i % 5)).email,
    };
  },
  derive: (rec) => {
    const share: Record<string, number> = {
      'full day': 1,
      'travel day (75%)': 0.75,
      'meals only': 0.6,
      'lodging only': 0.4,
      'incidentals only': 0.15,
    };
    const claimed =
      Math.round(Number(rec.daily_rate) * (Number(rec.nights) + 1) * (share[String(rec.allowance_type)] ?? 1) * 100) /
      100;
    const decided = ['approved', 'paid'].includes(String(rec.status));
    return { amount_claimed: claimed, amount_approved: decided ? claimed : 0 };
  },
  title: (rec) => `${rec.per_diem_id} (${rec.city}, ${rec.nights} nights)`,
  nameField: { field: 'city', label: 'city' },
  owner: { field: 'traveller', role: 'traveller' },
  textField: 'notes',
  parents: { trip_id: tripRequests },
  // a claim follows the trip: it went where the claim says and ended before the claim was filed
  fitParent: (trip, claims, w) => {
    const first = claims.map((c) => String(c.submitted_on)).sort()[0] ?? String(trip.depart_on);
    const nights = Math.max(1, ...claims.map((c) => Number(c.nights) || 1));
    const back = addDays(first, -w.rng.int(1, 5));
    const [destination, region] = destinationOf(trip.trip_id);
    return {
      destination,
      region,
      ...(claims[0]?.traveller ? { traveller: claims[0].traveller } : {}),
      // (and the trip's approver is not its traveller either: the claim's approver signed it off)
      ...(claims[0]?.traveller === trip.approver ? { approver: claims[0]?.approver } : {}),
      depart_on: addDays(back, -nights),
      return_on: back,
      ...(['draft', 'rejected', 'cancelled', 'submitted'].includes(String(trip.approval_status))
        ? { approval_status: 'approved' }
        : {}),
    };
  },
});

const holder = (w: World, i: number) => {
  const surname = w.me.name.split(' ').at(-1) ?? 'Home';
  const first = FAMILY[i % FAMILY.length] as string;
  return { name: `${first} ${surname}`, email: `${first}.${surname}@homemail.example`.toLowerCase() };
};

// a household's provider of a kind of bill: the one company its country's home pays for it, the same on every bill;
// its j-th bill of the kind is its j-th account there (electricity, then gas), or of a kind it may hold several of,
// a second phone contract or streaming service, another company's
const KINDS = Object.keys(HOMES[0]?.providers ?? {});
const COUNCIL: Readonly<Record<string, string>> = { 'municipal charges': 'property tax' };
type Home = (typeof HOMES)[number];
// the country a task's household is in, once its bills are known (houseFor)
const homes = new WeakMap<World, Home>();
/**
 * The household's country: the drawn one, unless it has fewer accounts of a kind than the task holds bills of it in
 * one cycle (Ireland's one Local Property Tax bill a property beside three property tax bills), or bills no home there
 * gets (a water bill in Ireland): then the next country that has them all, else the one short of the fewest.
 */
export function houseFor(records: readonly Rec[], w: World, cycle: (kind: string) => string): Home {
  const held = new Map<string, number>();
  for (const r of records) held.set(String(r.category), (held.get(String(r.category)) ?? 0) + 1);
  // (a monthly kind's window holds two bills of each account)
  const short = (h: Home) =>
    [...held].reduce((n, [kind, k]) => {
      // (a kind the country's homes are never billed for: every bill of it is one too many)
      if (!h.providers[kind]) return n + k;
      if (SEVERAL.has(kind)) return n;
      const own = Math.max(1, h.accounts[kind]?.length ?? 0) + (h.spare?.[kind]?.length ?? 0);
      const lines = own * (cycle(kind) === 'monthly' ? 2 : 1);
      return n + Math.max(0, k - lines);
    }, 0);
  const start = HOMES.indexOf(nth(w, HOMES, 0));
  const order = HOMES.map((_, i) => HOMES[(start + i) % HOMES.length] as Home);
  return order.reduce((best, h) => (short(h) < short(best) ? h : best));
}
function homeOf(w: World): Household {
  const home = homes.get(w) ?? nth(w, HOMES, 0);
  const pool = (kind: string) => home.providers[kind] ?? ['Utility company'];
  const accounts = (kind: string) => home.accounts[kind] ?? [];
  return {
    line: (kind, j) => {
      if (SEVERAL.has(kind)) return nth(w, pool(kind), KINDS.indexOf(kind) + 1 + j);
      // (the council that levies the property tax bills its fees too: one Stadtkasse, not two)
      const company = nth(w, pool(kind), KINDS.indexOf(COUNCIL[kind] ?? kind) + 1);
      const account = accounts(kind)[j % Math.max(1, accounts(kind).length)];
      return account ? `${company} (${account})` : company;
    },
    spare: (kind) => (home.spare?.[kind] ?? []).map((a) => `${nth(w, pool(kind), KINDS.indexOf(kind) + 1)} (${a})`),
    // (none of a kind its homes are never billed for: no bill becomes one)
    lines: (kind) =>
      !home.providers[kind] ? 0 : SEVERAL.has(kind) ? pool(kind).length : Math.max(1, accounts(kind).length),
    // one cycle per kind in a household, as its provider bills it: no insurer billing it both yearly and monthly
    cycle: (kind) => cycleOf(w, kind)[0],
  };
}
const cycleOf = (w: World, kind: string) => nth(w, BILL[kind] ?? [['monthly', 20, 200]], KINDS.indexOf(kind));

export const householdBills = packSource({
  name: 'household_bills',
  system: travel,
  table: 'household_bills',
  fixed: ['category'],
  // an unpaid bill is due until its date, that day included, and overdue after it
  tense: { state: 'status', date: 'due_on', past: ['overdue'], ahead: ['due'], today: 'ahead' },
  domains: ['Travel_Lifestyle'],
  capabilities: ['Math_Scientific'],
  measure: { field: 'amount', label: 'amount due', unit: 'EUR' },
  fields: {
    category: { label: 'bill type', weights: [3, 2, 2, 1, 2, 2, 1, 2, 1] },
    due_on: { label: 'due date', from: -15, to: 30, verb: 'due', past: 'due' },
    direct_debit: { label: 'payment method', yes: 'paid by direct debit', no: 'not on direct debit', p: 0.55 },
    status: { label: 'payment status', weights: [5, 4, 1, 1, 0.5] },
    notes: { label: 'note', terms: BILL_TERMS, write: billNote },
  },
  make: (w, id, i) => ({ bill_id: id, account_holder: holder(w, i % 2).email }),
  // one bill per account per cycle, one payment method per account (household-cycles.ts); the records imply no others
  companions: (records, w, keep) => {
    homes.set(
      w,
      houseFor(records, w, (kind) => cycleOf(w, kind)[0]),
    );
    onePerCycle(records, w, homeOf(w), KINDS, keep);
    oneMandate(records, keep);
    return [];
  },
  derive: (rec, w) => {
    const kind = String(rec.category);
    const [cycle, lo, hi] = cycleOf(w, kind);
    return {
      // (a bill outside a task's list, its first account)
      provider: typeof rec.provider === 'string' ? rec.provider : homeOf(w).line(kind, 0),
      billing_cycle: cycle,
      amount: Math.round((lo + w.rng.next() * (hi - lo)) * 100) / 100,
    };
  },
  title: (rec) => `${rec.bill_id} (${rec.provider}, due ${rec.due_on})`,
  nameField: { field: 'provider', label: 'provider' },
  owner: {
    field: 'account_holder',
    role: 'account holder',
    name: (rec) =>
      String(rec.account_holder)
        .split('@')[0]
        ?.split('.')
        .map((x) => `${x[0]?.toUpperCase()}${x.slice(1)}`)
        .join(' ') ?? 'account holder',
  },
  textField: 'notes',
});

export const actions = [
  packAction(tripRequests, travel, {
    name: 'approve_trip',
    must: ['policy_exception'],
    approves: true,
    lean: { depart_on: 'ahead', estimated_cost: 'low', policy_exception: false },
    sections: ['Approval', 'Travel approval'],
    from: ['submitted'],
    field: 'approval_status',
    value: 'approved',
    phrases: ['mark each of those trip requests as approved', 'set each of those trips to approved'],
    capabilities: ['Tool_Calling', 'Logic_Reasoning'],
  }),
  packAction(perDiemClaims, travel, {
    name: 'query_per_diem',
    lean: { nights: 'high', receipts_attached: false },
    sections: ['Query', 'Per diem query'],
    from: ['submitted'],
    field: 'status',
    value: 'queried',
    phrases: ['set each of those claims to "queried"', 'mark each of those per diem claims as queried'],
    capabilities: ['Tool_Calling', 'Data_Analysis'],
  }),
  packAction(householdBills, travel, {
    name: 'mark_bill_paid',
    approves: true,
    // the bills to pay by hand: due soon and not collected by direct debit
    // (which of them is the section's reason: acts-care.ts, a bill on direct debit that failed is paid by hand too)
    lean: { due_on: 'ahead', direct_debit: false },
    sections: ['Payment', 'Settlement'],
    from: ['due', 'overdue'],
    field: 'status',
    value: 'paid',
    phrases: ['mark each of those bills as paid', 'record each of them as paid'],
  }),
];
