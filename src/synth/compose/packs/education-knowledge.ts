import { outsider } from './name-pools.js';
import { school } from '../../../services/domains/school.js';
import { shuffle } from '../../kit/ids.js';
import { daysFrom } from '../../rules/fields.js';
import type { Rec, World } from '../parts.js';
import { actedFrom, colleague, fresh, stateOf } from '../sources/kit.js';
import { addDays, nth, onDay, packAction, packSource, refId } from './table-source.js';
import { syllabus, pastoralNote, feedback, sittingNote } from './education-knowledge-notes.js';
import {
  ASSIGNMENTS,
  COURSE_TERMS,
  courseAt,
  courseOfEnrolment,
  COURSES,
  ENROLMENT_TERMS,
  FEEDBACK_TERMS,
  SERIES_MONTH,
  SITTING_TERMS,
  STUDENTS,
} from './education-knowledge-data.js';

// Education_Knowledge: a sixth-form college's student records — the courses on offer, who is enrolled with
// what attendance, coursework submissions and their lateness, and exam entries with access arrangements.
// Course titles, assignments and notes are what a head of department or an exams officer would see.

const studentEmail = (name: string) => `${name.toLowerCase().replace(/ /g, '.')}@students.college.example`;

export const courses = packSource({
  name: 'courses',
  system: school,
  table: 'courses',
  domains: ['Education_Knowledge'],
  capabilities: ['Knowledge_Retrieval'],
  measure: { field: 'capacity', label: 'capacity', unit: 'places' },
  fields: {
    starts_on: { label: 'start date', from: -60, to: 60, verb: 'starting', past: 'started' },
    // a college's cohort over a few teaching groups, a university module's seminar groups: not a lecture hall
    capacity: { label: 'capacity', min: 12, max: 60, step: 1, unit: 'places' },
    online: { label: 'delivery', yes: 'taught online', no: 'taught in person', p: 0.3 },
    description: { label: 'syllabus', terms: COURSE_TERMS, write: syllabus },
  },
  make: (w, id, i) => {
    const [title, department, level, credits] = courseAt(w, id);
    return {
      course_id: id,
      title,
      department,
      level,
      credits,
      lead_teacher: colleague(w, i).email,
    };
  },
  // where a course stands follows from its first teaching day (one with students or candidates on it is not
  // cancelled: its status came with them; nor is one the task's rule comes near, review 51: a cancelled course in a
  // review "to fix rooms and rosters before the first class")
  derive: (rec, w) => {
    const d = daysFrom(w.today, rec.starts_on);
    const cancelled = !rec.status && w.rng.chance(0.06) && !actedFrom(rec);
    const dated = d > 0 ? ['planned', 'open for enrolment', 'open for enrolment'] : ['running'];
    const status = rec.status ? String(rec.status) : cancelled ? 'cancelled' : stateOf(rec, 'status', w, dated);
    return { status };
  },
  title: (rec) => `${rec.course_id} (${rec.title})`,
  nameField: { field: 'title', label: 'course title' },
  owner: { field: 'lead_teacher', role: 'course lead' },
  textField: 'description',
});

export const enrolments = packSource({
  name: 'enrolments',
  system: school,
  table: 'enrolments',
  domains: ['Education_Knowledge'],
  capabilities: ['Data_Analysis', 'Logic_Reasoning'],
  fields: {
    mode: { label: 'mode of study', weights: [6, 3, 1, 1, 1] },
    enrolled_on: { label: 'enrolment date', from: -150, to: 0, verb: 'made' },
    attendance_pct: { label: 'term attendance', min: 40, max: 100, step: 1, unit: '%', usual: 88 },
    fees_paid: {
      label: 'fees',
      yes: 'fully paid',
      no: 'still owing fees',
      p: 0.75,
      stake: { no: 'must be settled before the student can sit the exams' },
    },
    status: { label: 'enrolment status', weights: [1, 7, 1, 1, 1, 0.5] },
    notes: { label: 'pastoral note', terms: ENROLMENT_TERMS, write: pastoralNote, ofRecord: true },
  },
  make: (w, id, i) => {
    const student = outsider(w, 'students', STUDENTS, i);
    return {
      enrolment_id: id,
      course_id: courseOfEnrolment(w, id),
      student,
      student_email: studentEmail(student),
      personal_tutor: colleague(w, i).email,
    };
  },
  title: (rec) => `${rec.enrolment_id} (${rec.student}, ${rec.course_id})`,
  nameField: { field: 'student', label: 'student name' },
  owner: { field: 'personal_tutor', role: 'personal tutor' },
  textField: 'notes',
  parents: { course_id: courses },
  // students completed, failed or left a course that has started: it began soon after the first enrolment
  fitParent: (course, enrolled, w) => {
    const first = enrolled.map((e) => String(e.enrolled_on)).sort()[0];
    if (!first) return {};
    const start = addDays(first, w.rng.int(0, 14));
    return { starts_on: start > onDay(w, 0) ? onDay(w, 0) : start, status: 'running' };
  },
});

export const submissions = packSource({
  name: 'submissions',
  system: school,
  table: 'submissions',
  fixed: ['assessment_type', 'late_days'],
  noun: ['coursework submission', 'coursework submissions'],
  domains: ['Education_Knowledge'],
  capabilities: ['Logic_Reasoning', 'Data_Analysis'],
  measure: { field: 'late_days', label: 'lateness', unit: 'days', mean: true, additive: false },
  fields: {
    assessment_type: { label: 'assessment type', weights: [3, 3, 2, 2, 1, 1] },
    due_on: { label: 'deadline', from: -40, to: -1, verb: 'due' },
    late_days: { label: 'lateness', min: 0, max: 10, step: 1 },
    extension_granted: { label: 'extension', yes: 'granted an extension', no: 'not granted an extension', p: 0.2 },
    // an extension is asked for by the student, before the deadline: the registry grants none unasked
    extension_requested: {
      label: 'extension request',
      yes: 'covered by an extension request made before the deadline',
      no: 'not covered by any extension request',
      p: 0.4,
    },
    status: { label: 'status', weights: [3, 2, 2, 3, 1, 3, 0.5] },
    feedback: { label: 'marker feedback', terms: FEEDBACK_TERMS, write: feedback },
  },
  make: (w, id, i) => ({
    submission_id: id,
    enrolment_id: refId(w, 'ENR-', i, 6),
    marker: colleague(w, i).email,
  }),
  derive: (rec, w, i) => {
    const marked = ['marked', 'moderated', 'returned'].includes(String(rec.status));
    const handedIn = addDays(rec.due_on, Number(rec.late_days));
    return {
      // an assignment the student's course sets (students of one course hand in the same one)
      assignment: nth(
        w,
        ASSIGNMENTS[courseAt(w, courseOfEnrolment(w, String(rec.enrolment_id)))[1]]?.[String(rec.assessment_type)] ?? [
          'Coursework',
        ],
        i,
      ),
      submitted_on: daysFrom(w.today, handedIn) > 0 ? onDay(w, 0) : handedIn,
      marked,
      score: marked ? w.rng.int(38, 92) : 0,
    };
  },
  // a submission is late by no more days than have passed since its deadline; one marked late came in after it,
  // one handed in late without an extension is late
  agree: (rec, w) => {
    const since = -daysFrom(w.today, rec.due_on);
    const days = Number(rec.late_days);
    const out: Rec[] = [];
    if (days > Math.max(0, since))
      out.push(...[0, 1, 3, 6].map((d) => ({ due_on: onDay(w, -days - d) })), { late_days: Math.max(0, since) });
    // (a day late first: under a rule of at most a day or two late, the least lateness keeps the record's part)
    if (rec.status === 'late' && days === 0)
      out.push({ status: 'submitted' }, { late_days: 1 }, { late_days: w.rng.int(2, 3) });
    if (rec.status === 'submitted' && days > 0 && !rec.extension_granted)
      out.push({ status: 'late' }, { late_days: 0 });
    return out;
  },
  title: (rec) => `${rec.submission_id} (${rec.assignment})`,
  nameField: { field: 'assignment', label: 'assignment' },
  owner: { field: 'marker', role: 'marker' },
  textField: 'feedback',
  parents: { enrolment_id: enrolments },
  // the student was enrolled on the course before the first of its work fell due
  fitParent: (enrolment, work, w) => {
    const first = work.map((x) => String(x.due_on).slice(0, 10)).sort()[0];
    return first && String(enrolment.enrolled_on) >= first ? { enrolled_on: addDays(first, -w.rng.int(14, 60)) } : {};
  },
});

// the weeks each series' papers are sat in ([month, first day, last month, last day]; months from 0)
const WINDOW: Readonly<Record<string, readonly [number, number, number, number]>> = {
  November: [10, 1, 10, 20],
  January: [0, 8, 0, 24],
  'May/June': [4, 11, 5, 24],
  'August resit': [7, 3, 7, 14],
};
const DAY = 86_400_000;
const windowOf = (series: string, y: number) => {
  const [m0, d0, m1, d1] = WINDOW[series] ?? [4, 11, 5, 24];
  return { start: Date.UTC(y, m0, d0), end: Date.UTC(y, m1, d1) };
};
// the series' sitting that has begun by today (this year's, else last year's)
function lastSitting(w: World, series: string) {
  const t = Date.parse(`${w.today.slice(0, 10)}T00:00:00Z`);
  const y = new Date(t).getUTCFullYear();
  const now = windowOf(series, y);
  return { ...(now.start < t ? now : windowOf(series, y - 1)), t };
}

// days since the series' papers were last sat (0 while its weeks are still running), the way derive dates an entry
function daysSinceSeries(w: World, series: string): number {
  const { end, t } = lastSitting(w, series);
  return Math.max(0, Math.round((t - end) / DAY));
}

export const examSittings = packSource({
  name: 'exam_sittings',
  system: school,
  table: 'exam_sittings',
  fixed: ['exam_series'],
  noun: ['exam entry', 'exam entries'],
  domains: ['Education_Knowledge'],
  capabilities: ['Logic_Reasoning'],
  fields: {
    exam_series: { label: 'exam series', weights: [2, 3, 5, 1] },
    access_arrangement: { label: 'access arrangement', weights: [8, 3, 1, 1, 1, 1] },
    status: { label: 'entry status', weights: [5, 2, 1, 1, 2, 1] },
    // (the exams office's column beside the note: a board takes a claim only with the evidence the centre holds)
    evidence_on_file: {
      label: 'supporting evidence',
      yes: 'with supporting evidence on file',
      no: 'with no supporting evidence on file yet',
      p: 0.5,
    },
    notes: { label: 'entry note', terms: SITTING_TERMS, write: sittingNote },
  },
  // results come out some two months after a series: an entry still waiting on them was sat lately, one with
  // results (or a remark on them) longer ago; otherwise the status or the series moves
  agree: (rec, w) => {
    // a note that names the medical evidence is of an entry that holds it
    if (/medical evidence/.test(String(rec.notes ?? '')) && rec.evidence_on_file === false)
      return [{ evidence_on_file: true }];
    const since = daysSinceSeries(w, String(rec.exam_series));
    const waiting = ['sat', 'special consideration'].includes(String(rec.status));
    const out = ['results published', 'remark requested'].includes(String(rec.status));
    const fits = (series: string) => {
      const d = daysSinceSeries(w, series);
      return waiting ? d <= 45 : d >= 60;
    };
    // an entry the work acts on (special consideration) is of the latest series: applications close within weeks
    const latest = Object.keys(SERIES_MONTH).sort((a, b) => daysSinceSeries(w, a) - daysSinceSeries(w, b));
    if (actedFrom(rec)?.status && since > Math.max(21, daysSinceSeries(w, latest[0] as string)))
      return latest.filter((x, k) => k === 0 || daysSinceSeries(w, x) <= 21).map((exam_series) => ({ exam_series }));
    if (waiting && since > 45)
      return [
        ...shuffle(w.rng, ['results published', 'remark requested', 'absent']).map((status) => ({ status })),
        ...Object.keys(SERIES_MONTH)
          .filter(fits)
          .map((exam_series) => ({ exam_series })),
      ];
    if (out && since < 60)
      return [
        { status: 'sat' },
        ...Object.keys(SERIES_MONTH)
          .filter(fits)
          .map((exam_series) => ({ exam_series })),
      ];
    return [];
  },
  make: (w, id, i) => {
    const candidate = outsider(w, 'students', STUDENTS, i + 3);
    return {
      sitting_id: id,
      course_id: refId(w, 'CRS-', i, 3),
      candidate,
      candidate_email: studentEmail(candidate),
      // the centre has one exams officer, whoever sits the paper
      exams_officer: colleague(w, 0).email,
    };
  },
  // an entry sits in its series' next weeks to come; once sat (or missed), in its last ones, before today
  derive: (rec, w) => {
    const series = String(rec.exam_series);
    const last = lastSitting(w, series);
    const y = new Date(last.start).getUTCFullYear();
    const next = last.end > last.t ? { start: last.t + DAY, end: last.end } : windowOf(series, y + 1);
    const span = rec.status === 'entered' ? next : { start: last.start, end: Math.min(last.end, last.t - DAY) };
    const d = new Date(span.start + w.rng.int(0, Math.max(0, Math.round((span.end - span.start) / DAY))) * DAY);
    // papers are sat on weekdays: a weekend draw moves to the Friday before (inside the span) or the Monday after
    const back = d.getUTCDay() === 6 ? 1 : d.getUTCDay() === 0 ? 2 : 0;
    if (back) d.setUTCDate(d.getUTCDate() + (d.getTime() - back * DAY >= span.start ? -back : 3 - back));
    // (an entry left at "sat" after its series' results came out has its grade: the board published it, the entry's
    // status was not moved on; no grade stays pending months after the papers)
    // (and one absent from it then has the board's X: no grade is coming)
    const over = daysSinceSeries(w, series) > 60;
    const published =
      ['results published', 'remark requested'].includes(String(rec.status)) ||
      (['sat', 'special consideration'].includes(String(rec.status)) && over);
    const mark = published ? w.rng.int(22, 98) : 0;
    const grade = !published
      ? rec.status === 'absent' && over
        ? 'X'
        : 'pending'
      : mark >= 85
        ? 'A*'
        : mark >= 75
          ? 'A'
          : mark >= 65
            ? 'B'
            : mark >= 55
              ? 'C'
              : mark >= 45
                ? 'D'
                : mark >= 35
                  ? 'E'
                  : 'U';
    return { sat_on: d.toISOString().slice(0, 10), raw_mark: mark, grade };
  },
  title: (rec) => `${rec.sitting_id} (${rec.candidate}, ${rec.exam_series})`,
  nameField: { field: 'candidate', label: 'candidate' },
  owner: { field: 'exams_officer', role: 'exams officer' },
  textField: 'notes',
  parents: { course_id: courses },
  // exam series are the boards' GCSE and A-level sittings: the course is one of those, taught since before the
  // first of its candidates sat
  fitParent: (course, sittings, w) => {
    const titles = COURSES.filter(([, , level]) => level === 'GCSE' || level === 'A-level').map(([t]) => t);
    const title = fresh(w, 'course title', titles, Number(String(course.course_id).slice(4)));
    const [, department, level, credits] =
      COURSES.find(([t]) => t === title) ?? (COURSES[0] as (typeof COURSES)[number]);
    const first = [...sittings.map((x) => String(x.sat_on)), w.today.slice(0, 10)].sort()[0] as string;
    // taught from the September before its first sitting (a two-year course: possibly the one before that)
    const y = Number(first.slice(0, 4)) - (Number(first.slice(5, 7)) >= 9 ? 0 : 1) - (w.rng.chance(0.5) ? 1 : 0);
    const starts_on = `${y}-09-${String(w.rng.int(2, 9)).padStart(2, '0')}`;
    return { title, department, level, credits, starts_on, status: 'running' };
  },
});

export const actions = [
  packAction(submissions, school, {
    name: 'grant_extension',
    approves: true,
    lean: { late_days: 'low' },
    sections: ['Extension', 'Extension grant'],
    // (work handed in late: an extension on work handed in on time changes nothing, review 52)
    when: { status: ['late'] },
    field: 'extension_granted',
    value: true,
    phrases: [
      'record an extension as granted on each of them',
      'mark each of those submissions as granted an extension',
    ],
  }),
  packAction(examSittings, school, {
    name: 'special_consideration',
    // what happened on the day decides it (an illness, a clash), not the arrangements made beforehand; and it is
    // always the series just sat (applications close within days of its last paper), so no rule picks a series
    lean: { access_arrangement: 'unrelated', exam_series: 'unrelated' },
    sections: ['Special consideration', 'Mitigation'],
    // only a paper that has been sat (or missed) can have been affected on the day
    from: ['sat', 'absent'],
    field: 'status',
    value: 'special consideration',
    // (a claim is made in the weeks after a series' last paper, WINDOW: out of those weeks no entry is open to one,
    // and a rule drawn then lost its illness to records that could not agree, leaving a whole series selected)
    season: [1, 5, 6, 8, 11],
    phrases: [
      'set each of those entries to "special consideration"',
      'move each of those exam entries to special consideration',
    ],
    capabilities: ['Tool_Calling', 'Logic_Reasoning'],
  }),
];
