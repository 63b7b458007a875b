import { PLACE_ALLOCATION } from './place-aggregates.js';
import { act, type PolicyAct } from './policy-act.js';

// The work a policy has sections for over the places a floor plan shows (desks, ward beds, exam seats, pallet
// bays): getting free ones ready (one list over them: place-aggregates.ts), bringing blocked ones back into use, checking taken ones.

export const PLACE_ACTS: Readonly<Record<string, readonly PolicyAct[]>> = {
  desk_plan: [
    act(
      // the right kit (screens, a dock, a sit-stand desk, a locker, the step-free route) is each drawn with its own
      // reason (act-narrowings-places.ts)
      ['Desk allocation', 'Workstation set-up'],
      'New starters and people with a workstation assessment need a free desk with the right kit on their first day.',
      { status: ['free'] },
      PLACE_ALLOCATION,
    ),
    act('Desk repair', 'Blocked desks are reported to facilities so they come back into use.', {
      status: ['blocked'],
      window: 'unrelated',
      screens: 'unrelated',
      sit_stand: 'unrelated',
    }),
    act('Hot-desk check', 'Hot desks held all week are checked so that the zone stays bookable.', {
      status: ['taken'],
      zone: ['Hot desks'],
      window: 'unrelated',
      screens: 'unrelated',
      sit_stand: 'unrelated',
    }),
  ],
  ward_beds: [
    {
      ...act(
        // a free bed is already clean and ready: the work is holding it for the admissions that need what it has (gas
        // points, a hoist, a monitor, a bariatric frame, observation); which needs a round is for, the plan's
        // features say, each with its own reason (act-narrowings-places.ts)
        ['Bed allocation', 'Admission readiness'],
        'Each admission goes to a free bed with what their care needs at the bedside; those beds are held for them before anyone else is placed.',
        { status: ['free'], sockets: 'high' },
        PLACE_ALLOCATION,
        // "oxygen and suction": both gas points, never one
        { sockets: [2, 2] },
      ),
      // (the gas points are one need among the bedside's: a round names them, at both, or another need instead)
      must: ['status'],
    },
    // a blocked bed is released by domestic services (report_bed_release): every one, or first those the
    // admissions waiting in the emergency department need
    act(
      'Bed release',
      'A blocked bed costs an admission; each one is chased with domestic services or estates.',
      { status: ['blocked'], window: 'unrelated', sockets: 'unrelated', hoist: 'unrelated' },
      'report_bed_release',
    ),
    act(
      'Respiratory bed release',
      'Respiratory admissions wait in the emergency department for a bed with piped oxygen and suction, so a blocked bed with both is turned round first.',
      { status: ['blocked'], sockets: 'high', window: 'unrelated', hoist: 'unrelated' },
      'report_bed_release',
      // "with both": both gas points, never one
      { sockets: [2, 2] },
    ),
    act(
      'Hoist bed release',
      'A patient nobody can move by hand can only go to a bed with a ceiling hoist, so a blocked hoist bed is released before the rest.',
      { status: ['blocked'], hoist: true, window: 'unrelated', sockets: 'unrelated' },
      'report_bed_release',
    ),
    act('Isolation check', 'Side rooms are kept for patients who need isolation; occupancy is checked every shift.', {
      zone: ['Side rooms'],
      status: ['taken'],
      window: 'unrelated',
    }),
  ],
  exam_seats: [
    act(
      // which arrangement a round seats (a socket, a wide desk, the exit, the step-free route, the invigilators'
      // view) is each drawn with its own reason (act-narrowings-places.ts)
      ['Seat allocation', 'Access arrangements'],
      'Candidates with access arrangements need a free seat that suits their arrangement before the session.',
      { status: ['free'] },
      PLACE_ALLOCATION,
    ),
    act('Seat repair', 'Blocked seats are fixed or taken off the plan before candidates arrive.', {
      status: ['blocked'],
      window: 'unrelated',
      wide_desk: 'unrelated',
    }),
    act('Register check', 'Invigilators check every occupied seat against the attendance register.', {
      status: ['taken'],
      window: 'unrelated',
      sockets: 'unrelated',
      wide_desk: 'unrelated',
    }),
  ],
  warehouse_bays: [
    act(
      ['Put-away', 'Slotting'],
      'Incoming pallets go to free bays that match how they must be stored.',
      // how a pallet must be stored (chilled, an aisle, by the dock) picks its bay; the height of the racking is
      // no reason to leave a free bay empty
      { status: ['free'], levels: 'unrelated' },
      PLACE_ALLOCATION,
    ),
    act(
      'Racking inspection',
      'A blocked bay is usually damaged racking; it is inspected before anything goes back in.',
      // every blocked bay is inspected, however many levels its racking has
      { status: ['blocked'], window: 'unrelated', chilled: 'unrelated', levels: 'unrelated' },
    ),
    act('Stock rotation', 'Chilled stock has the shortest shelf life, so its bays are rotated first.', {
      status: ['taken'],
      chilled: true,
      window: 'unrelated',
    }),
  ],
};
