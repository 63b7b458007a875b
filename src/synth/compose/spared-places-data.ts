import type { ByAct } from './spared-kinds.js';

// The kinds of place a floor plan's work spares, per act (spared-data.ts says why a reason belongs to one act's
// work only): a bay, a seating block or a zone whose places someone else brings back into use or gives out.

export const PLACES_SPARED: Readonly<Record<string, ByAct>> = {
  ward_beds: {
    // (a side room's clean after an infectious patient is infection control's, who release it themselves)
    'Hoist bed release': {
      zone: {
        'Side rooms': 'the side rooms’ hoist beds are released by infection control after their terminal clean',
        'Bay 4': 'Bay 4’s hoist beds belong to the day-surgery recovery bay, whose own porters turn them round',
      },
    },
    'Respiratory bed release': {
      zone: {
        'Bay 4': 'Bay 4’s piped beds serve theatre recovery, whose own staff clean and release them between lists',
        'Bay 1': [
          'Bay 1’s piped beds are cleaned between patients by the high-observation team, who release them themselves',
          'the high-observation bay turns round its own oxygen beds, so they never wait for domestic services',
        ],
      },
    },
    'Bed release': {
      zone: {
        // (said of an ordinary release only: "whose beds the theatre recovery staff turn round themselves" contradicted
        // a respiratory or hoist release of a Bay 4 bed in the same policy, review 72)
        'Bay 4':
          'an ordinary Bay 4 bed is a day-surgery recovery bed, which the theatre recovery staff turn round themselves after each list',
        'Bay 1': [
          'an ordinary Bay 1 bed is turned round by the high-observation team’s own housekeeper, who releases it herself',
          'the high-observation bay has its own housekeeper on every shift, who cleans and releases its ordinary beds',
          'Bay 1’s ordinary beds are cleaned by the night housekeeper before each morning’s admissions, without being asked',
        ],
      },
    },
    // (Bay 2 and the side rooms are what its allocation is narrowed to, act-scopes.ts: never spared there)
    'Bed allocation': {
      zone: {
        'Bay 3': [
          'Bay 3 is the surgical step-down bay, filled from theatre recovery by the surgical team',
          'Bay 3’s beds take the patients coming back from theatre, booked by the surgical coordinator',
        ],
        'Bay 4': 'Bay 4 is the day-surgery recovery bay, which closes overnight and takes no admissions',
        'Bay 1': [
          'Bay 1 is the high-observation bay, whose beds the nurse in charge manages herself',
          'Bay 1 is staffed one nurse to four, and its beds go through the nurse in charge',
          'Bay 1 takes the patients who need close watching, and the nurse in charge places them herself',
        ],
      },
    },
  },
  exam_seats: {
    'Seat repair': {
      zone: {
        'Side block':
          'the side block is the music department’s fixed desks, which its technician repairs on his rounds',
        Annexe: 'the annexe is the sports hall, whose tables the PE department sets out and swaps itself',
        'Back block': [
          'the back block’s desks are the school’s own stacking tables, which the site team swaps out without a ticket',
          'the back block is set out with spare tables on the day, so a broken one there is simply replaced',
        ],
      },
    },
    'Seat allocation': {
      zone: {
        'Side block': [
          'the side block seats the candidates sitting a different board’s paper, set out by that board’s own plan',
          'the side block takes the resit candidates, whom the exams officer seats from the resit list',
        ],
        Annexe: [
          'the annexe seats the candidates with a separate invigilation, whom the SENCo places herself',
          'the annexe is the small-room sitting for access candidates, seated by the SENCo',
        ],
        'Front block': [
          'the front block is under the senior invigilator’s desk, who seats it herself on the day',
          'the front block’s seats are given out by the senior invigilator on the morning of each paper',
          'the front block is seated by the senior invigilator, who keeps it for candidates she must see from her desk',
        ],
        'Middle block': [
          'the middle block is set out by the exam board’s visiting inspector this series',
          'the middle block seats the candidates sitting the board’s pilot paper, under the board’s own instructions',
        ],
        'Back block': [
          'the back block is the late-entry area, set out by the invigilation lead on the day',
          'the back block is kept for late entrants, whom the invigilation lead seats as they arrive',
        ],
      },
    },
  },
  desk_plan: {
    // (the quiet zone and the team area are what its repair is narrowed to, act-scopes.ts: never spared there)
    'Desk repair': {
      zone: {
        'Project corner':
          'the project corner’s desks are hired furniture, which the supplier repairs on its own visits',
        'Hot desks': [
          'a broken hot desk is simply switched off in the booking app until facilities’ weekly round',
          'the hot desks are checked every Friday by facilities, who log their own repairs',
        ],
      },
    },
    'Desk allocation': {
      zone: {
        'Project corner': 'the project corner is booked by each project for its run, through the PMO',
        'Hot desks': 'hot desks are booked day by day in the booking app, not assigned',
        'Quiet zone': 'the quiet zone belongs to the research team, whose office manager gives out its desks',
      },
    },
  },
};
