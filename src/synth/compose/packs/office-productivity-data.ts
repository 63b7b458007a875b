// office productivity: the curated names, spreads and note terms its record types draw from (its pack,
// office-productivity.ts, holds the record types themselves)

// meeting title, the smallest and largest room it is held in (nobody runs an all-hands rehearsal in a focus pod),
// and how long it is booked for (minutes)
export const MEETINGS: readonly (readonly [string, number, number, readonly number[]])[] = [
  ['Quarterly business review', 8, 24, [90, 120]],
  ['Sprint planning', 6, 14, [60, 90, 120]],
  ['Interview panel: senior accountant', 4, 8, [45, 60]],
  ['Board prep', 4, 14, [60, 90]],
  ['Customer workshop with Harlow Group', 8, 24, [120, 180]],
  ['Budget 2026 kick-off', 6, 14, [60, 90]],
  ['New starter induction', 8, 24, [120, 180]],
  ['Design critique', 4, 8, [45, 60]],
  ['Supplier negotiation', 4, 8, [60, 90]],
  ['All-hands rehearsal', 14, 24, [60, 90]],
  ['Team offsite planning', 6, 14, [60, 90]],
  ['Security awareness training', 14, 24, [60, 90]],
  ['One-to-one catch-up', 2, 4, [30, 30, 45]],
  ['Mentoring session', 2, 4, [30, 45, 60]],
  ['Candidate interview: data analyst', 2, 6, [45, 60]],
  ['Pairing on the month-end close', 2, 4, [60, 90, 120]],
  ['Vendor demo: expense software', 6, 14, [45, 60]],
  ['Project retrospective', 6, 14, [60, 90]],
  ['Leadership offsite debrief', 8, 14, [60, 90]],
  ['Fire warden training', 14, 24, [90, 120]],
];

export const CAPACITY: Readonly<Record<string, number>> = {
  'Boardroom (14)': 14,
  'Thames (8)': 8,
  'Pennine (6)': 6,
  'Cotswold (4)': 4,
  'Focus pod A (2)': 2,
  'Training room (24)': 24,
};

// when a meeting with each kind of catering starts
export const STARTS: Readonly<Record<string, readonly string[]>> = {
  none: ['08:30', '09:00', '09:30', '10:00', '11:00', '13:00', '14:00', '15:30', '16:00'],
  'tea and coffee': ['09:00', '09:30', '10:00', '11:00', '14:00', '15:00'],
  breakfast: ['08:00', '08:30', '09:00'],
  'working lunch': ['12:00', '12:00', '12:30', '13:00'],
  'afternoon tea': ['14:30', '15:00', '15:30'],
};

export const ROOM_TERMS = [
  'wheelchair access',
  'external guests',
  'boardroom layout',
  'dietary requirements',
  'hybrid',
  'flip chart',
];

// item, spend category, typical amount
export const ITEMS: readonly (readonly [string, string, number])[] = [
  ['14-inch laptops for new starters (x3)', 'IT hardware', 4200],
  ['27-inch monitors (x6)', 'IT hardware', 1500],
  ['Figma licences, annual (x10)', 'software licence', 1800],
  ['Adobe Acrobat Pro renewal', 'software licence', 620],
  ['Printer paper and toner', 'office supplies', 240],
  ['Ergonomic chairs (x4)', 'furniture', 1960],
  ['Standing desk for a new starter', 'furniture', 540],
  ['Employment law advice, 10 hours', 'professional services', 2800],
  ['Penetration test of the customer portal', 'professional services', 9500],
  ['First aid training for 8 staff', 'training', 880],
  ['Excel modelling course', 'training', 450],
  ['Summer party venue deposit', 'events', 3000],
  ['Conference booth at TechExpo', 'events', 6400],
];

export const PURCHASE_TERMS = [
  'new starter',
  'broken',
  'health and safety',
  'client project',
  'end of life',
  'three quotes',
];

export const KIT: Readonly<Record<string, readonly [string, number]>> = {
  laptop: ['LT', 1350],
  monitor: ['MN', 240],
  projector: ['PJ', 690],
  'conference speaker': ['CS', 320],
  camera: ['CM', 880],
  tablet: ['TB', 540],
};

export const LOAN_TERMS = ['charger', 'carry case', 'cracked screen', 'HDMI adapter', 'sticky keys', 'spare battery'];

// visitor and their company
export const VISITORS: readonly (readonly [string, string])[] = [
  ['Helen Matthews', 'Harlow Group'],
  ['Ravi Kapoor', 'Deloitte'],
  ['Sophie Laurent', 'Quayside Print Group'],
  ['Mark Jennings', 'Ashdown Security Services'],
  ['Aisha Bello', 'Greyfield Estates'],
  ['Tom Fielding', 'Cobalt Cloud Services'],
  ['Ingrid Olsen', 'Vantage Payroll'],
  ['Pedro Alves', 'Orbital Telecom'],
  ['Nina Petrova', 'University of Bristol'],
  ['James O’Connor', 'Health and Safety Executive'],
  ['Lena Fischer', 'Clearwater Analytics'],
  ['David Chen', 'Northgate Facilities'],
  ['Grace Owusu', 'Larkspur Data Systems'],
];

export const VISIT_TERMS = ['parking space', 'interpreter', 'photo ID', 'lab induction', 'laptop', 'step-free access'];
