// education knowledge: the curated names, spreads and note terms its record types draw from (its pack,
// education-knowledge.ts, holds the record types themselves)

import type { World } from '../parts.js';
import { nth, refId } from './table-source.js';

// title, department, level, credits
export const COURSES: readonly (readonly [string, string, string, number])[] = [
  ['A-level Chemistry: Organic Synthesis', 'Chemistry', 'A-level', 0],
  ['A-level Physics: Fields and Particles', 'Physics', 'A-level', 0],
  ['GCSE Mathematics (Higher) Revision', 'Mathematics', 'GCSE', 0],
  ['Further Mathematics: Complex Numbers', 'Mathematics', 'A-level', 0],
  ['Foundations of Programming in Python', 'Computer Science', 'first year', 20],
  ['Data Structures and Algorithms', 'Computer Science', 'second year', 20],
  ['Cell Biology and Genetics', 'Biology', 'first year', 20],
  ['Ecology Field Methods', 'Biology', 'second year', 10],
  ['Victorian Literature', 'English', 'second year', 20],
  ['Creative Writing Workshop', 'English', 'first year', 10],
  ['The Cold War, 1945–1991', 'History', 'final year', 30],
  ['Intermediate Microeconomics', 'Economics', 'second year', 20],
  ['Econometrics Dissertation Seminar', 'Economics', 'postgraduate', 30],
  ['Quantum Mechanics I', 'Physics', 'final year', 20],
  ['A-level History: Tudors and Stuarts', 'History', 'A-level', 0],
  ['GCSE English Literature', 'English', 'GCSE', 0],
  ['A-level Economics: Macroeconomics', 'Economics', 'A-level', 0],
  ['GCSE Biology (Triple Science)', 'Biology', 'GCSE', 0],
  ['GCSE Computer Science', 'Computer Science', 'GCSE', 0],
  ['A-level Biology: Genetics and Evolution', 'Biology', 'A-level', 0],
  ['GCSE History: Conflict and Tension', 'History', 'GCSE', 0],
  ['A-level English Literature: Modern Drama', 'English', 'A-level', 0],
  ['Organic Chemistry Laboratory', 'Chemistry', 'first year', 20],
  ['Linear Algebra', 'Mathematics', 'first year', 20],
];

/** Whether a course level is a school's (GCSE, A-level) rather than a university's. */
export const atSchool = (level: string): boolean => level === 'GCSE' || level === 'A-level';

export const STUDENTS = [
  'Amira Hassan',
  'Ben Carter',
  'Chloe Nguyen',
  'Daniel Osei',
  'Ella Kowalski',
  'Farah Siddiqui',
  'George Whitfield',
  'Hana Sato',
  'Isaac Mensah',
  'Jade Thornton',
  'Kofi Asante',
  'Lucy Brennan',
  'Mateo Ruiz',
  'Niamh Gallagher',
];

export const COURSE_TERMS = [
  'lab practicals',
  'field trip',
  'mock exam',
  'group project',
  'reading list',
  'guest lecture',
];

export const ENROLMENT_TERMS = [
  'learning support',
  'mitigating circumstances',
  'part-time job',
  'caring responsibilities',
  'bursary',
  'counselling',
];

// per department, an assignment of each kind of assessment (a lab report in History is a write-up of an archive
// visit): a submission's assignment is one its course sets
export const ASSIGNMENTS: Readonly<Record<string, Readonly<Record<string, readonly string[]>>>> = {
  Chemistry: {
    essay: ['Essay: green chemistry in industry'],
    'problem set': ['Problem sheet: equilibria', 'Problem sheet: reaction mechanisms'],
    'lab report': ['Lab report: rates of reaction', 'Lab report: titration of an unknown acid'],
    project: ['Extended project: water hardness in the county'],
    presentation: ['Presentation: polymers in medicine'],
    portfolio: ['Practical endorsement portfolio'],
  },
  Physics: {
    essay: ['Essay: the case for fusion power'],
    'problem set': ['Problem set: electric fields', 'Problem set: quantum tunnelling'],
    'lab report': ['Practical 3: specific heat', 'Lab report: measuring g with a pendulum'],
    project: ['Project: a cosmic ray detector'],
    presentation: ['Seminar presentation: dark matter'],
    portfolio: ['Practical skills portfolio'],
  },
  Mathematics: {
    essay: ['Essay: the history of zero'],
    'problem set': ['Problem set 4: integration by parts', 'Problem sheet 6: complex numbers'],
    'lab report': ['Mechanics practical write-up'],
    project: ['Statistics project: sampling methods'],
    presentation: ['Presentation: proof by induction'],
    portfolio: ['Problem-solving portfolio'],
  },
  'Computer Science': {
    essay: ['Essay: the ethics of facial recognition'],
    'problem set': ['Problem set 2: Big-O and recurrences', 'Problem set 5: graph search'],
    'lab report': ['Lab: measuring cache effects'],
    project: ['Programming project: library system', 'Programming project: route planner'],
    presentation: ['Demo presentation: sorting visualiser'],
    portfolio: ['Coding portfolio, term 1'],
  },
  Biology: {
    essay: ['Essay: antibiotic resistance'],
    'problem set': ['Problem sheet: genetic crosses'],
    'lab report': ['Lab report: enzyme kinetics', 'Lab report: osmosis in potato tissue'],
    project: ['Fieldwork project: hedgerow survey'],
    presentation: ['Poster presentation: cell signalling'],
    portfolio: ['Field notebook portfolio'],
  },
  English: {
    essay: ['Narrative voice in Middlemarch', 'Essay: the Gothic in Jane Eyre'],
    'problem set': ['Close-reading exercises, set 3'],
    'lab report': ['Language investigation write-up'],
    project: ['Extended project: Victorian serial fiction'],
    presentation: ['Seminar presentation: unreliable narrators'],
    portfolio: ['Creative writing portfolio'],
  },
  History: {
    essay: ['Causes of the Cuban Missile Crisis', 'Essay: why did the Berlin Wall fall?'],
    'problem set': ['Source questions, set 3'],
    'lab report': ['Archive visit report'],
    project: ['Extended project: the Berlin airlift'],
    presentation: ['Seminar presentation: Yalta'],
    portfolio: ['Source analysis portfolio'],
  },
  Economics: {
    essay: ['Is inflation targeting dead?', 'Essay: the minimum wage and jobs'],
    'problem set': ['Problem set: elasticity', 'Problem set: game theory'],
    'lab report': ['Classroom experiment write-up: auction markets'],
    project: ['Data project: UK wage growth'],
    presentation: ['Group presentation: market structures'],
    portfolio: ['Reflective practice portfolio'],
  },
};

export const FEEDBACK_TERMS = [
  'referencing',
  'word limit',
  'error bars',
  'counter-argument',
  'similarity report',
  'extension request',
];

// what an exams officer notes on an entry before the sitting as much as after it (a fire alarm or a late arrival
// would be news about a sitting that, for an entry still to sit, has not happened)
export const SITTING_TERMS = [
  'clash',
  'illness',
  'medical evidence',
  'transport',
  'name change',
  'religious observance',
];

// the month each series sits in
export const SERIES_MONTH: Readonly<Record<string, number>> = {
  November: 10,
  January: 0,
  'May/June': 5,
  'August resit': 7,
};

// per task (world): the course each course id is and the course each enrolment is on, whichever record is drawn
// first (a submission's assignment is one its enrolment's course sets)
export const coursesOf = new WeakMap<World, Map<string, (typeof COURSES)[number]>>();

export const enrolledOf = new WeakMap<World, Map<string, string>>();

export function courseAt(w: World, courseId: string): (typeof COURSES)[number] {
  let book = coursesOf.get(w);
  if (!book) coursesOf.set(w, (book = new Map()));
  const known = book.get(courseId);
  if (known) return known;
  const taken = new Set([...book.values()].map(([t]) => t));
  // one task's courses are one provider's: a school's GCSE and A-level classes or a university's modules
  const first = [...book.values()][0];
  const school = first ? atSchool(first[2]) : w.rng.chance(0.5);
  const list = COURSES.filter(([, , level]) => atSchool(level) === school);
  const course =
    list.map((_, k) => nth(w, list, book.size + k)).find(([t]) => !taken.has(t)) ?? nth(w, list, book.size);
  book.set(courseId, course);
  return course;
}

export function courseOfEnrolment(w: World, enrolmentId: string): string {
  let book = enrolledOf.get(w);
  if (!book) enrolledOf.set(w, (book = new Map()));
  const known = book.get(enrolmentId);
  if (known) return known;
  const course = refId(w, 'CRS-', book.size, 3);
  book.set(enrolmentId, course);
  return course;
}
