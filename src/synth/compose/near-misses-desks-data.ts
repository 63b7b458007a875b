import type { NearMiss } from './near-miss.js';

// the near misses of the places a plan shows, of care, legal, travel, a household and a college (near-misses-data.ts)
export const DESK_NEAR_MISSES: Readonly<Record<string, readonly NearMiss[]>> = {
  desk_plan: [
    [
      '{Day} two new starters were given the same desk, and {who} spent the morning finding one of them somewhere to sit',
      'Desk allocation',
      'Hot-desk check',
    ],
    [
      "A desk shown as free on the plan had someone's kit on it {day}, and {who} had to move a visitor twice",
      'Hot-desk check',
      'Desk allocation',
    ],
    [
      '{Day} a new starter was given a desk with a broken monitor arm, and {who} spent the morning swapping it',
      'Desk repair',
      'Desk allocation',
    ],
  ],
  ward_beds: [
    [
      '{Day} a patient waited two hours in recovery because a bed showed as clean on the plan while it was still being cleaned',
      'Bed allocation',
      'Bed release',
      'Respiratory bed release',
      'Hoist bed release',
    ],
    [
      '{Day} we nearly admitted a patient to a bed blocked for infection control; {who} caught it at handover',
      'Isolation check',
      'Bed allocation',
    ],
  ],
  exam_seats: [
    [
      'At the sitting {day} two candidates were sent to the same seat, and the start was held up ten minutes while {who} sorted it out',
      'Seat allocation',
      'Register check',
    ],
    [
      '{Day} a candidate with extra time was seated where the invigilator could not see them, and {who} had to move them after the start',
      'Seat allocation',
    ],
    [
      '{Day} a candidate sat down at a desk with a wobbling leg, and {who} had to move them ten minutes into the paper',
      'Seat repair',
    ],
  ],
  warehouse_bays: [
    [
      '{Day} a delivery was put away into a bay that was already full, and {who} spent the shift finding the pallets again',
      'Put-away',
    ],
    [
      'A pallet bay shown as empty on the plan had stock in it {day}, and the driver nearly put a second pallet on top',
      'Put-away',
      'Racking inspection',
    ],
    [
      '{Day} {who} found a pallet past its date at the back of a bay, with newer stock picked in front of it',
      'Stock rotation',
    ],
  ],
  referrals: [
    [
      '{Day} an urgent referral turned up in the routine pile, and {who} only found it when the GP rang to chase',
      'Clinical review',
      'Chasing',
    ],
    [
      'A referral went back to the GP {day} after six weeks with no appointment, and {who} had to explain why',
      'Chasing',
      'Closure',
    ],
  ],
  appointments: [
    [
      '{Day} a patient turned up for an appointment we had cancelled without telling them, and {who} had to fit them in',
      'Cancellation',
      'Room closure',
      'Reminder',
    ],
    [
      '{Day} a patient missed a third appointment in a row and nobody had rung to check, so {who} lost another slot',
      'Repeat non-attendance',
      'Did-not-attend follow-up',
      'Reminder',
    ],
  ],
  claims: [
    [
      '{Day} the insurer turned down a claim because it went in after their deadline, and {who} had to write the fee off',
      'Resubmission',
      'Write-off review',
    ],
    [
      'An insurance claim came back {day} for a missing code, three weeks after it should have been paid',
      'Claim query',
      'Resubmission',
    ],
  ],
  vaccinations: [
    [
      // (no species: the section may cover only rabbits, review 62)
      '{Day} a pet came in for boarding with its booster lapsed because the reminder never went out, and {who} had to turn it away',
      'Booster reminder',
      'Lapsed cover',
    ],
    [
      "An owner rang {day}, upset that nobody had told them their pet's booster was overdue",
      'Booster reminder',
      'Lapsed cover',
    ],
  ],
  client_matters: [
    [
      '{Day} the risk partner found a matter with no conflict check on file, six months after it was opened',
      'Conflict check',
      'File review',
    ],
    ['A client asked {who} {day} for news of a matter nobody had touched in months', 'File review'],
    [
      '{Day} a client queried an invoice for work on a matter we had closed in the spring, and {who} had to credit it',
      'Billing',
      'Closure',
    ],
  ],
  contracts: [
    [
      '{Day} a supplier contract rolled over for another year because nobody gave notice in time, and {who} is now stuck with it',
      'Notice decision',
      'Renewal',
    ],
    [
      'We almost missed the notice date on a contract {day}; {who} spotted it with two days to spare',
      'Notice decision',
      'Renewal',
    ],
    [
      '{Day} a supplier started work on a contract we had never countersigned, and {who} had to sort out the paperwork after the fact',
      'Signature chase',
    ],
  ],
  court_deadlines: [
    [
      "{Day} {who} found a court deadline in the diary with nobody's name against it, three days before it fell",
      'Diary entry',
      'Preparation',
    ],
    ['We came within a day of missing a filing {day} because the diary entry had the wrong date on it', 'Diary entry'],
    [
      '{Day} {who} found that an extension we had asked for was never confirmed by the other side, two days before the original date',
      'Extension follow-up',
    ],
  ],
  legal_holds: [
    [
      '{Day} IT nearly wiped the mailbox of a custodian who was still under a hold, and {who} stopped it with an hour to spare',
      'IT suspension',
      'Escalation',
      'Leaver escalation',
    ],
    [
      'A custodian left {day} without anyone checking whether a hold covered them, and {who} had to ask IT to restore their files',
      'Leaver escalation',
      'Collection',
      'Escalation',
    ],
    [
      '{Day} a custodian swapped their phone for a new one before anyone had collected the old one, and {who} had to get it back from IT',
      'Device escalation',
      'Collection',
    ],
  ],
  trip_requests: [
    [
      '{Day} a traveller booked a trip that had never been approved, and {who} had to decide whether we would pay for it',
      'Approval',
      'Exception review',
    ],
    [
      'A trip request sat with an approver on leave from {day}, and the fares had gone up by the time {who} found it',
      'Approval',
      'Cost review',
    ],
  ],
  travel_bookings: [
    [
      '{Day} a traveller reached a hotel that had no booking for them, and {who} had to rebook at twice the rate',
      'Ticketing',
      'Change review',
    ],
    [
      'We paid {day} for a flight that had been cancelled a week earlier, and {who} is still chasing the refund',
      'Cancellation check',
      'Change review',
    ],
  ],
  per_diem_claims: [
    [
      '{Day} a per diem claim was paid twice because it had been filed under two trips, and {who} had to get it back through payroll',
      'Query',
      'Payment',
    ],
    ["A per diem claim came back from finance {day} because it used last year's rates", 'Query', 'Payment'],
    [
      '{Day} a per diem claim had sat with its approver for six weeks, and {who} got a second reminder from the traveller',
      'Approver chase',
      'Payment',
    ],
  ],
  household_bills: [
    [
      '{Day} the energy bill went unpaid because the direct debit had been cancelled, and a late fee came with the reminder',
      'Direct debit set-up',
      'Payment',
      'Arrears',
      'Essentials first',
    ],
    [
      'A final reminder came {day} for a bill I was sure had been paid the month before',
      'Arrears',
      'Payment',
      'Dispute follow-up',
    ],
  ],
  courses: [
    ['{Day} students turned up to a course that had moved rooms, and {who} had no way of telling them', 'Timetabling'],
    [
      '{Day} students on an online course found no link to the first session, and {who} spent the morning answering emails',
      'Online set-up',
    ],
    [
      '{Day} a tutorial group was given thirty students for a room of twenty, and {who} had to split it on the spot',
      'Tutorial group planning',
    ],
  ],
  enrolments: [
    [
      '{Day} a student found they were not enrolled on a module they had been attending for three weeks, and {who} had to fix it before the register closed',
      'Enrolment confirmation',
      'Attendance follow-up',
    ],
    [
      'A student was nearly withdrawn {day} over an enrolment that was never finished; {who} caught it at the last check',
      'Enrolment confirmation',
    ],
    [
      '{Day} a student was locked out of the library over a fee nobody had reminded them about, and {who} had to lift it by hand',
      'Fee reminder',
    ],
  ],
  submissions: [
    [
      '{Day} a submission was marked late when the student had an extension, and {who} had to reissue the mark',
      'Late penalty',
      'Extension',
      'Practical work extension',
    ],
    ['A submission went past its return date unmarked {day}, and the student complained to {who}', 'Marking'],
  ],
  exam_sittings: [
    [
      'We nearly missed an access arrangements application {day}; {who} found it the day before the deadline',
      'Special consideration',
    ],
    [
      '{Day} a candidate missed a paper and nobody asked why until the board queried the result, and {who} had to chase the medical note',
      'Absence follow-up',
      'Special consideration',
    ],
    [
      '{Day} two sittings were booked into the same hall, and {who} spent the morning finding a second room',
      'Room booking',
    ],
  ],
};
