import type { Rng } from '../../../env/rng.js';
import { oneOf, writePlan } from '../../kit/content.js';
import { confidentiality, leaseTerms, priceReview, termYears } from './contract-term.js';
import { courtClosed } from './court-days.js';

// the free texts of the legal pack's records, from content plans: what a practitioner writes in a note

const dayName = (rng: Rng) => rng.pick(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday']);

export function matterNote(rng: Rng, term: string | undefined): string {
  return writePlan(
    rng,
    {
      facts: [
        oneOf(
          rng,
          `client call on ${dayName(rng)}, wants a monthly update`,
          'WIP reviewed with the partner',
          `invoice ${rng.int(2, 6)} queried by the client's finance team`,
          'client chasing for a progress report',
        ),
        ...(term
          ? [
              oneOf(
                rng,
                `${term} discussed with the client`,
                `awaiting instructions on ${term}`,
                `partner to consider ${term} before the next step`,
                `${term} raised by the other side`,
              ),
            ]
          : []),
        oneOf(
          rng,
          'trainee to prepare the chronology',
          'witness availability confirmed',
          'file reviewed for the quarterly risk audit',
          'revised fee estimate sent',
          'documents from the client still outstanding',
        ),
      ],
    },
    rng.pick(['terse', 'plain'] as const),
  );
}

// what a contract's own terms say, by its type: no price review on an NDA, no data schedule on a lease; a review, a
// break or a confidentiality period falls within the contract's own term (contract-term.ts)
function termsOf(rng: Rng, rec: Readonly<Record<string, unknown>> | undefined): string {
  const term = termYears(rec);
  switch (String(rec?.contract_type ?? '')) {
    case 'NDA':
      return oneOf(
        rng,
        confidentiality(term),
        'one-way: our information only',
        'residuals clause struck out',
        'our standard terms, no material deviations',
      );
    case 'lease':
      return leaseTerms(rng, term);
    case 'DPA':
      return oneOf(
        rng,
        'sub-processors listed in annex 3',
        `breach notice within ${rng.pick(['24', '48', '72'])} hours`,
        'standard contractual clauses attached for transfers',
        'our standard terms, no material deviations',
      );
    default:
      return oneOf(
        rng,
        `liability capped at ${rng.pick(['12', '18', '24'])} months' fees`,
        priceReview(rng, term),
        'service credits up to 10% of monthly charges',
        'our standard terms, no material deviations',
      );
  }
}

// the law a note names is the record's own governing law (a German-law contract is not noted as English); a note
// written without its record names none
function governedBy(rec: Readonly<Record<string, unknown>> | undefined): string {
  const law = rec?.governing_law;
  return typeof law === 'string' && law ? `governed by the law of ${law}` : 'signed copy in the contract repository';
}

export function clauseNote(
  rng: Rng,
  term: string | undefined,
  _v?: unknown,
  rec?: Readonly<Record<string, unknown>>,
): string {
  const type = String(rec?.contract_type ?? '');
  // data processing terms sit in a service contract, never in a lease or an NDA
  const processes = !['NDA', 'lease'].includes(type);
  return writePlan(
    rng,
    {
      facts: [
        termsOf(rng, rec),
        ...(term
          ? [
              oneOf(
                rng,
                `${term} clause at ${rng.int(8, 22)}.${rng.int(1, 6)}`,
                `note the ${term} wording`,
                `${term} accepted in negotiation`,
                `counterparty insisted on ${term}`,
              ),
            ]
          : []),
        oneOf(
          rng,
          'signed copy in the contract repository',
          processes ? `data processing terms in schedule ${rng.int(2, 6)}` : governedBy(rec),
          'assignment needs prior written consent',
          'notice by email is not valid, post to the registered office',
        ),
      ],
    },
    'terse',
  );
}

// the next step a deadline's note records, by its status: one still to come says what is left to do, one filed,
// vacated, extended or missed what happened (no "bundle to be agreed" on a vacated hearing)
const DEADLINE_NEXT: Readonly<Record<string, readonly string[]>> = {
  filed: ['filed and served', 'sealed copy on file', 'served on the other side by email'],
  vacated: ['vacated by consent order', 'vacated, new date awaited from the listing office'],
  missed: ['missed: application for more time being drafted', 'not filed in time, partner told'],
  extended: ['extended to this date by consent', 'new date agreed in correspondence, order to follow'],
};

// how a document reaches each forum: CE-File is the High Court's and the Court of Appeal's, not a tribunal's
const FILING: Readonly<Record<string, readonly string[]>> = {
  'High Court (KBD)': ['file by CE-File before 4pm', 'file on CE-File, serve the same day'],
  'Business and Property Courts': ['file by CE-File before 4pm', 'file on CE-File, serve the same day'],
  'Court of Appeal': ['file by CE-File with the Civil Appeals Office', 'file on CE-File, copy to the respondent'],
  'County Court': ['lodge with the hearing centre by email before 4pm', 'file with the County Court, serve by post'],
  'Employment Tribunal': [
    'send to the tribunal office by email, copy to the respondent',
    'submit through the tribunal portal',
  ],
  'LCIA arbitration': [
    'upload to the LCIA online platform, copy to the tribunal',
    'send to the tribunal and the LCIA by email',
  ],
};

// what is left to do before a step, by the step (a hearing wants a bundle, a limitation date a protective claim)
function stillToDo(rec: Readonly<Record<string, unknown>> | undefined): readonly string[] {
  const file = FILING[String(rec?.court)] ?? ['serve by email, the other side has agreed'];
  switch (String(rec?.deadline_kind)) {
    case 'hearing':
      return [
        'bundle to be agreed 7 days before',
        'skeletons due two clear days before',
        'counsel confirmed for the day',
      ];
    case 'limitation period':
      return ['protective claim to be issued before this', 'standstill agreement proposed to the other side'];
    case 'appeal window':
      return ['grounds of appeal in draft with counsel', ...file];
    default:
      return ['client to approve the draft first', 'serve by email, the other side has agreed', ...file];
  }
}

const MONTHS = 'January February March April May June July August September October November December'.split(' ');
// a day written as a practitioner writes it in a note: "14 March"
const spoken = (day: string) => `${Number(day.slice(8, 10))} ${MONTHS[Number(day.slice(5, 7)) - 1]}`;
// `days` before an ISO day
function before(day: string, days: number): string {
  const d = new Date(`${day.slice(0, 10)}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - days);
  // an order is made on a day the court sits
  while (courtClosed(d.toISOString())) d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}

/**
 * How many days before a deadline the order that set it may have been made (75 to 150): a due date lies at most
 * about 60 days after the task's today, so the order is in the past, and a matter with deadlines was opened more
 * than ORDERED_WITHIN days before its first one (legal.ts openedBefore), so the order never predates the matter.
 */
export const ORDERED_WITHIN = 150;

// where the date came from, by the forum and the step: a limitation date is the statute's, not an order's
function origin(rng: Rng, rec: Readonly<Record<string, unknown>> | undefined): string {
  const due = String(rec?.due_date ?? '');
  const made = /^\d{4}-\d{2}-\d{2}/.test(due) ? spoken(before(due, rng.int(75, ORDERED_WITHIN))) : '';
  // (a tribunal claim has three months less a day, a contract claim six years; a claim form is served within
  // four months of issue, by the rules rather than by an order)
  if (String(rec?.deadline_kind) === 'limitation period')
    return String(rec?.court) === 'Employment Tribunal'
      ? oneOf(
          rng,
          'three months less a day from the dismissal',
          'time limit runs from the effective date of termination',
        )
      : oneOf(
          rng,
          'six years from the breach (Limitation Act s.5)',
          'limitation computed from accrual, partner checked',
        );
  if (String(rec?.deadline_kind) === 'service of claim form')
    return oneOf(rng, 'four months from issue (CPR 7.5)', 'claim form issued, four months to serve');
  if (String(rec?.deadline_kind) === 'appeal window')
    return String(rec?.court) === 'Employment Tribunal'
      ? oneOf(rng, '42 days from the written reasons', 'appeal to the EAT, 42 days from the reasons')
      : oneOf(rng, '21 days from the date of the decision', 'time runs from the sealed order');
  const orders: Readonly<Record<string, readonly string[]>> = {
    'Employment Tribunal': [
      made ? `per the case management order of ${made}` : 'per the case management order',
      'set at the preliminary hearing',
    ],
    'LCIA arbitration': [
      made ? `per Procedural Order No. ${rng.int(1, 4)} of ${made}` : 'per the procedural timetable',
      'timetable agreed with the tribunal',
    ],
    'Court of Appeal': [made ? `per the order granting permission of ${made}` : 'per the order granting permission'],
  };
  return oneOf(
    rng,
    ...(orders[String(rec?.court)] ?? [
      made ? `per the directions order of ${made}` : 'per the directions order',
      made ? `set at the case management conference on ${made}` : 'set at the case management conference',
    ]),
    'date agreed with the other side in correspondence',
    'counsel instructed, fee note awaited',
  );
}

export function directionsNote(
  rng: Rng,
  term: string | undefined,
  _v: unknown,
  rec?: Readonly<Record<string, unknown>>,
): string {
  return writePlan(
    rng,
    {
      facts: [
        origin(rng, rec),
        ...(term
          ? [
              oneOf(
                rng,
                `${term} flagged by counsel`,
                `note re ${term} on file`,
                `${term}: check the order`,
                `see attendance note on ${term}`,
              ),
            ]
          : []),
        rng.pick(DEADLINE_NEXT[String(rec?.status)] ?? stillToDo(rec)),
      ],
    },
    'terse',
  );
}
