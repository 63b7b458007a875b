import type { Rng } from '../../../env/rng.js';
import { facilities } from '../../../services/domains/facilities.js';
import { oneOf, writePlan } from '../../kit/content.js';
import { daysFrom } from '../../rules/fields.js';
import { colleague, fresh, stateOf } from '../sources/kit.js';
import { addDays, nth, onDay, packAction, packSource, toWorkingDay } from './table-source.js';
import {
  CAPACITY,
  ITEMS,
  KIT,
  LOAN_TERMS,
  MEETINGS,
  PURCHASE_TERMS,
  ROOM_TERMS,
  STARTS,
  VISIT_TERMS,
  VISITORS,
} from './office-productivity-data.js';

// Office_Productivity: the workplace system an office manager runs — meeting-room bookings, purchase requests
// waiting for a budget holder, kit lent out from the IT store, and visitor passes at reception. Meeting titles,
// items and visitors are what an office manager or an executive assistant would see.

function setupNote(rng: Rng, term: string | undefined, _v?: unknown, rec?: Readonly<Record<string, unknown>>): string {
  // a booking with catering ordered is not "water and glasses only"
  const drinks = rec && rec.catering !== 'none' ? `${rec.catering} ordered` : 'water and glasses only';
  return writePlan(
    rng,
    {
      facts: [
        oneOf(
          rng,
          'set up 15 minutes before',
          'regular weekly slot',
          "booked by the organiser's assistant",
          'agenda circulated',
        ),
        ...(term
          ? [
              oneOf(
                rng,
                `${term} needed`,
                `please note ${term}`,
                `${term} — reception informed`,
                `organiser asked for ${term}`,
              ),
            ]
          : []),
        oneOf(rng, drinks, 'leave the room as found', 'may overrun slightly', ''),
      ].filter(Boolean),
    },
    'terse',
  );
}

export const roomBookings = packSource({
  name: 'room_bookings',
  system: facilities,
  table: 'room_bookings',
  domains: ['Office_Productivity'],
  capabilities: ['Logic_Reasoning'],
  // the people at the meetings (catering is ordered per head), not the minutes of unrelated bookings
  measure: { field: 'attendees', label: 'number of attendees', unit: 'people' },
  fields: {
    room: { label: 'room', weights: [2, 3, 3, 3, 2, 1] },
    date: { label: 'meeting date', from: -3, to: 21, verb: 'taking place', past: 'held' },
    catering: { label: 'catering', weights: [5, 3, 1, 2, 1] },
    av_support: { label: 'AV support', yes: 'with AV support requested', no: 'without AV support', p: 0.35 },
    notes: { label: 'setup note', terms: ROOM_TERMS, write: setupNote, ofRecord: true },
  },
  make: (w, id, i) => ({
    room_booking_id: id,
    organiser: colleague(w, i).email,
  }),
  // meetings happen on working days
  agree: (rec) => toWorkingDay(rec.date).map((date) => ({ date })),
  // no more people than the room holds; the meeting starts when its catering is served (a working lunch at
  // noon, breakfast first thing); a booking's state follows from its date
  derive: (rec, w, i) => {
    const d = daysFrom(w.today, rec.date);
    const status = stateOf(
      rec,
      'status',
      w,
      d > 0
        ? ['tentative', 'confirmed', 'confirmed', 'confirmed', 'cancelled']
        : d === 0
          ? ['confirmed', 'checked in']
          : ['checked in', 'checked in', 'no-show', 'released'],
    );
    const seats = CAPACITY[String(rec.room)] ?? 6;
    const fit = MEETINGS.filter(([, lo, hi]) => seats >= lo && seats <= hi).map(([t]) => t);
    const title = fresh(
      w,
      'meeting title',
      fit.length ? fit : MEETINGS.map(([t]) => t),
      i,
      (t, n) => `${t}: ${['part 2', 'follow-up', 'dry run'][n % 3]}`,
    );
    const [, least, , lengths] = MEETINGS.find(([t]) => title.startsWith(t)) ?? [title, 2, seats, [60]];
    return {
      meeting_title: title,
      duration_min: w.rng.pick(lengths),
      // a room is booked for most of the people it seats (a 14-seat boardroom for a dozen, not for three)
      attendees: w.rng.int(Math.min(seats, Math.max(2, least, Math.ceil(seats / 2))), seats),
      start: w.rng.pick(STARTS[String(rec.catering)] ?? STARTS.none ?? ['10:00']),
      status,
    };
  },
  title: (rec) => `${rec.room_booking_id} (${rec.meeting_title}, ${rec.room}, ${rec.date})`,
  nameField: { field: 'meeting_title', label: 'meeting title' },
  owner: { field: 'organiser', role: 'organiser' },
  textField: 'notes',
});

function justification(rng: Rng, term: string | undefined): string {
  return writePlan(
    rng,
    {
      facts: [
        oneOf(
          rng,
          'within this quarter’s budget',
          'agreed with the head of department',
          'supplier already set up in finance',
          'cheaper than renting',
        ),
        ...(term
          ? [oneOf(rng, `reason: ${term}`, `${term} — see attached`, `needed because of ${term}`, `${term} applies`)]
          : []),
        oneOf(rng, 'delivery to the London office', 'invoice to the cost centre below', 'urgent if possible', ''),
      ].filter(Boolean),
    },
    rng.pick(['plain', 'chatty'] as const),
  );
}

export const purchaseRequests = packSource({
  name: 'purchase_requests',
  system: facilities,
  table: 'purchase_requests',
  order: [['requested_on', 'needed_by']],
  fixed: ['cost_centre'],
  domains: ['Office_Productivity'],
  capabilities: ['Data_Analysis', 'Logic_Reasoning'],
  measure: { field: 'amount', label: 'amount', unit: 'GBP', mean: true },
  fields: {
    cost_centre: { label: 'cost centre', weights: [2, 2, 3, 2, 1, 1] },
    requested_on: { label: 'date raised', from: -30, to: 0, verb: 'raised' },
    needed_by: { label: 'needed-by date', from: -5, to: 30, verb: 'needed', past: 'needed' },
    preferred_supplier: {
      label: 'supplier',
      yes: 'from a preferred supplier',
      no: 'from a supplier off the preferred list',
      p: 0.6,
    },
    status: { label: 'status', weights: [1, 6, 2, 1, 1, 1, 1] },
    justification: { label: 'justification', terms: PURCHASE_TERMS, write: justification },
  },
  make: (w, id, i) => {
    const [item, category, amount] = nth(w, ITEMS, i);
    return {
      request_id: id,
      item,
      category,
      amount: Math.round(amount * (0.85 + w.rng.next() * 0.3) * 100) / 100,
      requester: colleague(w, i).email,
      approver: colleague(w, i + 3).email,
    };
  },
  title: (rec) => `${rec.request_id} (${rec.item})`,
  nameField: { field: 'item', label: 'item requested' },
  owner: { field: 'approver', role: 'budget holder' },
  textField: 'justification',
});

function loanNote(rng: Rng, term: string | undefined): string {
  return writePlan(
    rng,
    {
      facts: [
        oneOf(rng, 'for the offsite', 'borrower working from home this week', 'signed out by reception', 'PAT tested'),
        ...(term ? [oneOf(rng, `with ${term}`, `${term} reported`, `check the ${term} on return`, `no ${term}`)] : []),
        oneOf(rng, 'asset register updated', 'borrower reminded once', 'returned items go to the IT desk', ''),
      ].filter(Boolean),
    },
    'terse',
  );
}

export const equipmentLoans = packSource({
  name: 'equipment_loans',
  system: facilities,
  table: 'equipment_loans',
  fixed: ['item_type', 'condition_checked'],
  domains: ['Office_Productivity'],
  capabilities: ['Logic_Reasoning'],
  measure: { field: 'replacement_value', label: 'replacement value', unit: 'GBP' },
  fields: {
    item_type: { label: 'item', weights: [5, 3, 1, 1, 1, 2] },
    due_back_on: { label: 'return date', from: -20, to: 30, verb: 'due back', past: 'due back' },
    condition_checked: {
      label: 'condition check',
      yes: 'condition-checked',
      no: 'not yet condition-checked',
      p: 0.4,
    },
    notes: { label: 'loan note', terms: LOAN_TERMS, write: loanNote },
  },
  make: (w, id, i) => ({ loan_id: id, borrower: colleague(w, i).email }),
  derive: (rec, w, i) => {
    const [prefix, value] = KIT[String(rec.item_type)] ?? ['EQ', 300];
    const out = addDays(rec.due_back_on, -w.rng.pick([7, 14, 14, 28, 60]));
    const late = daysFrom(w.today, rec.due_back_on) < 0;
    const status = stateOf(
      rec,
      'status',
      w,
      late
        ? ['overdue', 'overdue', 'returned', 'returned', 'lost', 'damaged']
        : ['reserved', 'on loan', 'on loan', 'on loan', 'returned'],
    );
    // a reservation is collected on its day (today at the soonest); a loan went out by today, one back before today
    const latest = status === 'returned' ? -w.rng.int(1, 5) : 0;
    return {
      status,
      asset_tag: `${prefix}-${String(100 + ((i * 37 + w.rng.int(0, 36)) % 900)).padStart(4, '0')}`,
      loaned_on:
        status === 'reserved'
          ? daysFrom(w.today, out) < 0
            ? onDay(w, 0)
            : out
          : daysFrom(w.today, out) > latest
            ? onDay(w, latest)
            : out,
      replacement_value: value,
    };
  },
  title: (rec) => `${rec.loan_id} (${rec.asset_tag}, ${rec.item_type})`,
  nameField: { field: 'asset_tag', label: 'asset tag' },
  owner: { field: 'borrower', role: 'borrower' },
  textField: 'notes',
});

function receptionNote(rng: Rng, term: string | undefined): string {
  return writePlan(
    rng,
    {
      facts: [
        oneOf(
          rng,
          'meeting in Thames',
          'host to collect from reception',
          'purpose: supplier meeting',
          'purpose: interview',
        ),
        ...(term
          ? [oneOf(rng, `${term} needed`, `${term} requested`, `please arrange ${term}`, `${term} — host confirmed`)]
          : []),
        oneOf(rng, 'arriving around 10', 'Wi-Fi guest code to be issued', 'leaves by 3pm', ''),
      ].filter(Boolean),
    },
    'terse',
  );
}

export const visitorPasses = packSource({
  name: 'visitor_passes',
  system: facilities,
  table: 'visitor_passes',
  domains: ['Office_Productivity'],
  capabilities: ['Security_Awareness'],
  // (the largest party of 1 to 4 is a guess; how many people are coming is what reception needs)
  measure: { field: 'party_size', label: 'party size', unit: 'people', extreme: false },
  fields: {
    site: { label: 'site', weights: [5, 2, 2, 1] },
    access_level: { label: 'access level', weights: [2, 5, 2, 1] },
    visit_date: { label: 'visit date', from: -5, to: 21, verb: 'expected', past: 'on site', subject: 'visitor' },
    nda_signed: { label: 'NDA', yes: 'with the NDA signed', no: 'without a signed NDA', p: 0.55 },
    notes: { label: 'reception note', terms: VISIT_TERMS, write: receptionNote },
  },
  make: (w, id, i) => {
    const [visitor, company] = nth(w, VISITORS, i);
    return {
      pass_id: id,
      visitor,
      company,
      party_size: w.rng.pick([1, 1, 1, 2, 2, 3, 4]),
      host: colleague(w, i).email,
    };
  },
  // a pass's state follows from the visit date
  derive: (rec, w) => {
    const d = daysFrom(w.today, rec.visit_date);
    const status = stateOf(
      rec,
      'status',
      w,
      d > 0
        ? ['pre-registered', 'pre-registered', 'pre-registered', 'denied']
        : d === 0
          ? ['pre-registered', 'checked in']
          : ['checked out', 'checked out', 'checked out', 'no-show'],
    );
    return { status };
  },
  // visitors come on working days
  agree: (rec) => toWorkingDay(rec.visit_date).map((visit_date) => ({ visit_date })),
  title: (rec) => `${rec.pass_id} (${rec.visitor}, ${rec.company})`,
  nameField: { field: 'visitor', label: 'visitor' },
  owner: { field: 'host', role: 'host' },
  textField: 'notes',
});

export const actions = [
  packAction(roomBookings, facilities, {
    name: 'cancel_catering',
    lean: { date: 'ahead', room: ['Cotswold (4)', 'Focus pod A (2)'], av_support: 'unrelated' },
    sections: ['Catering cancellation', 'Catering'],
    when: { status: ['tentative', 'confirmed'] },
    field: 'catering',
    value: 'none',
    phrases: [
      'set the catering on each of those bookings to none',
      'cancel the catering on each of them (catering: none)',
    ],
    capabilities: ['Tool_Calling'],
  }),
  packAction(equipmentLoans, facilities, {
    name: 'check_condition',
    sections: ['Condition check', 'Return check'],
    when: { status: ['returned', 'damaged'] },
    field: 'condition_checked',
    value: true,
    phrases: ['record a condition check on each of those loans', 'mark each of those loans as condition-checked'],
    capabilities: ['Tool_Calling'],
  }),
  packAction(purchaseRequests, facilities, {
    name: 'approve_purchase',
    must: ['preferred_supplier'],
    approves: true,
    lean: { needed_by: 'ahead', preferred_supplier: true },
    sections: ['Approval', 'Purchase approval'],
    from: ['pending approval'],
    field: 'status',
    value: 'approved',
    phrases: ['mark each of those purchase requests as approved', 'set each of them to approved'],
  }),
  packAction(visitorPasses, facilities, {
    name: 'escort_visitor',
    lean: { visit_date: 'ahead', nda_signed: false },
    sections: ['Escort', 'Visitor escort'],
    when: { status: ['pre-registered', 'checked in'] },
    field: 'access_level',
    value: 'escorted',
    phrases: [
      'set the access level on each of those passes to escorted',
      'change each of those passes to escorted access',
    ],
    capabilities: ['Tool_Calling', 'Security_Awareness'],
  }),
];
