// education knowledge: the curated names, spreads and note terms its record types draw from (its pack,
// education-knowledge.ts, holds the record types themselves)

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
];

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

export const ASSIGNMENTS: Readonly<Record<string, readonly string[]>> = {
  essay: ['Causes of the Cuban Missile Crisis', 'Narrative voice in Middlemarch', 'Is inflation targeting dead?'],
  'problem set': ['Problem set 4: integration by parts', 'Problem set 2: Big-O and recurrences', 'Problem sheet 6'],
  'lab report': ['Lab report: rates of reaction', 'Lab report: enzyme kinetics', 'Practical 3: specific heat'],
  project: ['Programming project: library system', 'Fieldwork project: hedgerow survey', 'Extended project'],
  presentation: ['Group presentation: market structures', 'Seminar presentation: Yalta', 'Poster presentation'],
  portfolio: ['Creative writing portfolio', 'Coding portfolio, term 1', 'Reflective practice portfolio'],
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
