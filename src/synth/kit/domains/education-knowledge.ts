import type { DomainVocab } from './types.js';

export const educationKnowledge: DomainVocab = {
  companies: [
    'Ashcombe College',
    'Beacon Tutoring',
    'Crestwood Academy',
    'Dunmore Learning',
    'Elmstead University Press',
    'Fairhaven School Trust',
  ],
  items: [
    'Course page shows old syllabus',
    'Quiz grades not exported',
    'Reading list links broken',
    'Exam room double-booked',
    'Enrolment form rejects postcodes',
    'Lecture recording missing',
    'Attendance register not synced',
    'Marking rubric missing from the module page',
    'Timetable clash for Year 10 science',
    'Feedback deadline not set for essay 2',
    'Parent evening slots not published',
    'Lab booking form not working',
  ],
  products: [
    'Learning platform seat',
    'Exam proctoring licence',
    'Library e-book bundle',
    'Plagiarism check credits',
    'Tutoring hours',
    'Lab kit',
  ],
  topics: ['term planning', 'exam timetable', 'curriculum review', 'tutor rota'],
  meetings: ['exam board', 'department meeting', 'curriculum working group', 'tutor briefing'],
};
