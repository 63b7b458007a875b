import type { Rng } from '../../../env/rng.js';
import { oneOf, writePlan } from '../../kit/content.js';
import { aOrAn, isPlural } from '../../kit/text.js';

// the free texts of the education-knowledge pack's records, from content plans: what a practitioner writes in a note

export function syllabus(rng: Rng, term: string | undefined): string {
  return writePlan(
    rng,
    {
      facts: [
        oneOf(
          rng,
          `${rng.int(2, 4)} hours of teaching a week plus a weekly seminar`,
          'builds on the first-term material',
          `assessed ${rng.int(40, 70)}% by final examination`,
          'recommended for students planning to take the subject further',
        ),
        ...(term
          ? [
              oneOf(
                rng,
                // ("includes lab practicals", "includes a field trip")
                `includes ${isPlural(term) ? '' : `${aOrAn(term)} `}${term} in the spring term`,
                `${term} required`,
                `students should budget for the ${term}`,
                `${term} in week ${rng.int(3, 10)}`,
              ),
            ]
          : []),
        oneOf(
          rng,
          'past papers on the VLE',
          'office hours on Thursday afternoons',
          'no prior knowledge assumed beyond the prerequisites',
          'shared with the evening cohort',
        ),
      ],
    },
    'plain',
  );
}

// a student who has left (withdrawn, completed, failed) has no progress review booked nor tutor meetings to come
const LEFT = ['withdrawn', 'completed', 'failed'];

export function pastoralNote(
  rng: Rng,
  term: string | undefined,
  _v: unknown,
  rec?: Readonly<Record<string, unknown>>,
): string {
  const left = LEFT.includes(String(rec?.status));
  // (attendance that fell away, or is picking up, is low: most students attend nearly every session)
  const low = rec?.attendance_pct === undefined || Number(rec.attendance_pct) < 85;
  return writePlan(
    rng,
    {
      facts: [
        left
          ? oneOf(
              rng,
              'met the personal tutor regularly while enrolled',
              'exit conversation held with the tutor',
              'contact details kept for the alumni office',
              'parent contact on file',
            )
          : oneOf(
              rng,
              'meets the personal tutor fortnightly',
              'contact details updated this term',
              `progress review booked for week ${rng.int(4, 11)}`,
              'parent contact on file',
            ),
        ...(term
          ? [
              oneOf(
                rng,
                `${term} discussed at the last review`,
                `student mentioned ${term}`,
                `${term} — see the student services record`,
                `referred regarding ${term}`,
              ),
            ]
          : []),
        left
          ? oneOf(
              rng,
              'missed two deadlines in the final term',
              ...(low ? ['attendance fell away before leaving'] : []),
              '',
            )
          : oneOf(
              rng,
              'engaged in seminars',
              'missed two deadlines last term',
              ...(low ? ['attendance improving'] : []),
              '',
            ),
      ].filter(Boolean),
    },
    'terse',
  );
}

export function feedback(rng: Rng, term: string | undefined): string {
  return writePlan(
    rng,
    {
      facts: [
        oneOf(
          rng,
          'clear structure throughout',
          'good use of sources',
          'see the rubric for the mark breakdown',
          'strong opening section',
          'method well explained',
        ),
        ...(term
          ? [
              oneOf(
                rng,
                `check your ${term}`,
                `${term}: see comments in the margin`,
                `please look again at the ${term}`,
                `${term} needs attention`,
              ),
            ]
          : []),
        oneOf(rng, 'discuss in your next tutorial', 'well done overall', 'aim for more depth in the analysis', ''),
      ].filter(Boolean),
    },
    rng.pick(['plain', 'terse'] as const),
  );
}

export function sittingNote(rng: Rng, term: string | undefined): string {
  return writePlan(
    rng,
    {
      facts: [
        oneOf(
          rng,
          'candidate number checked against the entry',
          `seat ${String.fromCharCode(65 + rng.int(0, 7))}${rng.int(1, 24)} in the sports hall`,
          'entry confirmed with the board',
          'photo ID on file',
        ),
        ...(term
          ? [
              oneOf(
                rng,
                `${term} flagged on the entry`,
                `note re ${term} sent to the board`,
                `exams officer aware of the ${term === 'clash' || term === 'transport' ? `${term} problem` : term}`,
              ),
            ]
          : []),
        // (nothing about the arrangement itself: the note is written without the entry's fields; a note that
        // raises something never closes it with "no further action", which would take back what it flags)
        term
          ? // (nothing on whether evidence is in: the entry's own column says so)
            oneOf(rng, 'parents informed', 'candidate statement taken', 'to raise with the head of year', '')
          : oneOf(rng, 'parents informed', 'no further action', 'timetable sent to the candidate', ''),
      ].filter(Boolean),
    },
    'terse',
  );
}
