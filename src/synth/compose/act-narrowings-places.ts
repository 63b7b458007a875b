// Why a floor plan's work is narrowed by what a place offers (act-narrowings.ts's form: per record type and section,
// per side of a field): a ward's beds by their monitor, hoist or observation, an exam hall's seats by
// their rest breaks, step-free route or supervision, an office's desks by their dock, locker or route. Each
// reason is why that work, over those places, comes first or is another team's; a side with none is never drawn.

type Reasons = Readonly<Record<string, string>>;

// (a bed's equipment picks the patient it is held for, and the admission a blocked one keeps waiting)
const BED_HELD: Reasons = {
  'monitor=true': 'the monitored beds are held for the cardiac admissions the emergency department sends up',
  'monitor=false': 'the monitored beds are placed by the outreach team, who see the cardiac admissions first',
  'bariatric=true': 'a bariatric bed is the only safe bed for a heavier patient, so those are held for them',
  'bariatric=false': 'the bariatric beds are booked through the moving-and-handling lead, not at the bed meeting',
  'near_station=true': 'the observation beds go to the confused and falls-risk admissions',
  'near_station=false': 'the observation beds are kept for falls-risk patients, placed by the nurse in charge',
  'window=true': 'the window beds go to the long-stay patients, who are moved in at the bed meeting',
  'hoist=true': 'a hoist bed is the only bed for a patient nobody can move by hand, so those are held for them',
  'sockets>': 'the admissions on oxygen or suction need the gas points at the bedside',
};
const BED_RELEASE: Reasons = {
  'monitor=true': 'a blocked monitored bed keeps a cardiac admission waiting in the emergency department',
  'bariatric=true': 'the ward has few bariatric beds, and a heavier patient can go to no other',
  'near_station=true': 'the observation beds take the falls-risk admissions waiting downstairs',
  'near_station=false': 'the observation beds are turned round by the ward’s own housekeeper each shift',
  'window=false': 'the window beds are deep-cleaned on the estates’ weekly round, with their blinds and sills',
  'sockets>': 'a bed with both gas points takes the patients on oxygen, who wait longest for a bed',
};

const releaseBut = (side: string): Reasons =>
  Object.fromEntries(Object.entries(BED_RELEASE).filter(([k]) => k !== side));

const SEAT_HELD: Reasons = {
  'clock_view=true': 'candidates with extra time keep track of it by a desk clock, so they sit at a seat with one',
  'sockets>': 'candidates who word-process their papers need a socket for the laptop',
  'wide_desk=true': 'a candidate with a reader or a scribe needs a wide desk with room for two',
  'wide_desk=false': 'the wide desks are set out for the reader and scribe candidates, whom the SENCo seats',
  'by_exit=true': 'candidates with rest breaks sit at the rest-break seats, so they leave without passing other desks',
  'by_exit=false': 'the rest-break seats are kept for rest-break candidates, whom the exams officer seats herself',
  'step_free=true': 'candidates using a wheelchair or crutches need a seat on the step-free route',
  'step_free=false': 'the step-free seats are allocated by the SENCo with the access arrangements',
  'near_invigilator=true': 'candidates with a prompter or a reader sit at the supervised seats',
  'near_invigilator=false': 'the supervised seats are given out by the senior invigilator on the day',
  'window=false':
    'candidates allowed rest breaks or extra time are seated away from the glare and draughts of the windows',
};
const SEAT_REPAIR: Reasons = {
  'step_free=true': 'a step-free seat cannot be swapped for one up the steps, so a broken one there is fixed first',
  'by_exit=true':
    'a rest-break seat is the only one a candidate with rest breaks may take, so a broken one there is fixed first',
  'near_invigilator=true': 'the supervised seats seat the candidates with a prompter, who cannot move',
  'sockets>': 'a seat with a socket is where a word-processing candidate sits, and none of the others will do',
};

const DESK_HELD: Reasons = {
  'screens>': 'the analysts and designers starting need two screens or more from their first day',
  'dock=true': 'new starters come with a laptop only, so they need a desk with a docking station',
  'dock=false': 'the docked desks are assigned by IT with each laptop, not by the workplace team',
  'locker=true': 'the people who come in every day are given a desk with a locker beside it',
  'accessible=true': 'staff with a mobility need are given a desk on the step-free route',
  'accessible=false': 'the step-free desks are kept for staff with a mobility need, whom HR places',
  'sit_stand=true': 'a sit-stand desk is kept for staff whose workstation assessment calls for one',
  'window=true': 'the window desks go to the long-standing teams first, under the floor’s seating plan',
};
const DESK_REPAIR: Reasons = {
  'accessible=true': 'a step-free desk cannot be swapped for another, so a broken one there is fixed first',
  'dock=true': 'a broken dock stops a laptop user’s day, where a plain desk can be swapped for another',
  'sit_stand=true': 'a sit-stand desk is set up for one person’s assessment, so nobody can be moved off it',
  'screens>': 'the multi-screen desks are the ones the analysts book, and a broken one stops their day',
};

// (the dashboard's dunning count: an order reminded that often without payment needs a person, not an email)
const REMINDED: Reasons = {
  'reminders>':
    'an order the dunning emails have reminded that often without payment needs a person, not another email',
};

export const PLACE_NARROWS: Readonly<Record<string, Readonly<Record<string, Reasons>>>> = {
  ward_beds: {
    Review: {
      'sockets>':
        'a bed with piped oxygen and suction goes to the sickest patients, so a wrong entry for one sends them to a bed that cannot support them',
      'hoist=true': 'a hoist bed goes to a patient nobody can move by hand, so a wrong entry strands them',
      'monitor=true':
        'a monitored bed goes to a patient whose heart must be watched, so a wrong entry leaves them unwatched',
      'bariatric=true': 'a bariatric bed is the only safe bed for a heavier patient, so a wrong entry strands them',
    },
    'Bed allocation': BED_HELD,
    'Bed release': BED_RELEASE,
    // (a release for one kind of patient is not narrowed by another's equipment: no respiratory or hoist release
    // "takes only the beds with a cardiac monitor" for a cardiac admission's sake, review 56)
    'Respiratory bed release': { ...releaseBut('monitor=true'), 'sockets>': BED_HELD['sockets>'] as string },
    'Hoist bed release': releaseBut('monitor=true'),
    'Isolation check': {
      'monitor=true':
        'a monitor’s alarms bring staff into an isolated patient’s room at any hour, so the barrier set-up there matters most',
    },
  },
  exam_seats: {
    Review: {
      'sockets>': 'candidates who word-process their papers are seated where there is a socket for the laptop',
      'wide_desk=true': 'a wide desk is where a candidate sits with a reader or a scribe beside them',
      'window=false':
        'candidates allowed rest breaks or extra time are seated away from the glare and draughts of the windows',
      'step_free=true': 'a step-free seat is where a wheelchair user sits, so a wrong entry leaves them without one',
    },
    'Seat allocation': SEAT_HELD,
    'Seat repair': SEAT_REPAIR,
    'Register check': {
      'clock_view=false':
        'the seats without a desk clock are where candidates most often ask the time, so are walked first',
      'by_exit=true':
        'candidates at rest-break seats may leave for breaks, so their register is checked on each return',
      'near_invigilator=false': 'the seats nobody supervises closely are walked past least, so they are checked first',
    },
  },
  order_screenshot: {
    Escalation: REMINDED,
    'Follow-up': {
      'reminders>': 'a dispute the customer has been reminded of that often is heading for the small-claims court',
    },
    'Credit hold': {
      'reminders>': 'a hold goes only on a customer who has ignored the reminders the credit policy sends first',
    },
    'Write-off review': {
      'reminders>': 'the auditors accept a write-off only after the reminders the credit policy requires',
      'reminders<': 'a balance reminded fewer times goes back to the dunning run before anyone writes it off',
    },
  },
  desk_plan: {
    Review: {
      'sit_stand=true':
        'a sit-stand desk is kept for staff whose workstation assessment calls for one, so a wrong entry leaves them at a fixed desk',
      'screens>': 'the multi-screen desks are the ones the analysts book, and a broken screen there stops their day',
      'accessible=true': 'a step-free desk is kept for staff with a mobility need, so a wrong entry strands them',
    },
    'Desk allocation': DESK_HELD,
    'Desk repair': DESK_REPAIR,
    'Hot-desk check': {
      'dock=true': 'a docked hot desk is the one laptop users book, so holding it all week shuts them out',
      'locker=false': 'a desk without a locker held all week usually means belongings left on it',
    },
  },
};
