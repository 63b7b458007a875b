import { act, type PolicyAct } from './policy-act.js';

// The work a policy has sections for over healthcare, legal, travel and household, and education records (see policy-acts.ts).

export const CARE_ACTS: Readonly<Record<string, readonly PolicyAct[]>> = {
  referrals: [
    // the chase works on referrals sent, awaiting triage or accepted (packs/healthcare.ts): the reason is the wait,
    // not the acceptance; and the more urgent the referral, the sooner it is chased. Its motive claims no missing
    // appointment: no rule of it tests the booking (review 26, E)
    {
      ...act(
        ['Chasing', 'Referral chase'],
        'A referral that has waited past its waiting-time standard is chased so that the patient does not fall through the gap.',
        // a worsening patient, an anxious one, one declined before: all reasons to chase, never to leave one out;
        // a second opinion is the patient's own choice of route
        {
          referred_on: 'stale',
          notes: [
            'symptoms worsening',
            'family history',
            'previous referral declined',
            'on anticoagulants',
            'patient anxious about waiting',
          ],
        },
      ),
      // (the note's side is for an exception to keep to, not a condition every rule names)
      must: ['referred_on'],
      waits: { field: 'urgency', date: 'referred_on', within: { 'two-week-wait': 7, urgent: 14 } },
    },
    act(
      ['Hold', 'Referral hold'],
      'While the service’s list is over capacity, routine referrals are held so that urgent ones are seen first.',
      { urgency: ['routine', 'soon'] },
    ),
    // every untriaged urgent referral is read, however long ago it came in (never "made 14 or more days ago")
    act('Clinical review', 'Urgent and two-week-wait referrals are read by a clinician on the day they arrive.', {
      urgency: ['urgent', 'two-week-wait'],
      status: ['awaiting triage'],
      referred_on: 'unrelated',
    }),
    act('Closure', 'Rejected referrals are closed once the referring GP has been told why.', {
      status: ['rejected'],
      referred_on: 'stale',
    }),
  ],
  appointments: [
    act(
      ['Cancellation', 'Clinic cancellation'],
      'When a clinic is cancelled, patients are told in time to rebook rather than arriving at a closed door.',
      // a clinic is cancelled for every patient booked into it, whatever their record of missed appointments
      { date: 'ahead', missed_before: 'unrelated' },
      'cancel_appointment',
    ),
    // a patient who keeps missing appointments is rung a day or two ahead to confirm, and a slot nobody confirms goes
    // to the waiting list: a future booking is never cancelled for the misses behind it (practitioners read that as
    // no practice's way); cancelling stays for what justifies it, a clinic called off or a room shut for works
    act(
      ['Repeat non-attendance', 'Confirmation calls'],
      'A patient who has missed appointments before is rung by reception a day or two ahead to confirm; a slot nobody confirms is offered to the waiting list.',
      { missed_before: 'high', date: 'ahead' },
      undefined,
      // "several": two or more, never the one miss anyone can have
      { missed_before: [2, 6] },
    ),
    act(
      ['Room closure', 'Treatment room closure'],
      'Long appointments need the treatment room; while it is shut for refurbishment they are cancelled and rebooked.',
      { duration_min: 'high', date: 'ahead', missed_before: 'unrelated' },
      'cancel_appointment',
    ),
    act('Reminder', 'Booked patients get a reminder so the slot is not wasted.', {
      date: 'ahead',
      status: ['booked'],
    }),
    act(
      'Did-not-attend follow-up',
      'Patients who keep missing appointments get a call from the practice.',
      { missed_before: 'high' },
      undefined,
      { missed_before: [2, 6] },
    ),
  ],
  claims: [
    act(['Claim query', 'Query'], 'A claim unpaid past the insurer’s turnaround is queried before it times out.', {
      submitted_on: 'stale',
    }),
    // (months, as the reason says: the clinic's claims book holds a quarter, so two months is the longest it shows)
    act(
      'Write-off review',
      'Small claims queried for months cost more to pursue than they recover.',
      { status: ['queried'], amount: 'low', submitted_on: 'stale' },
      undefined,
      { submitted_on: [60, 365] },
    ),
    act('Resubmission', 'Rejected claims are checked for a coding error and sent again where the code was wrong.', {
      status: ['rejected'],
    }),
  ],
  vaccinations: [
    act(
      ['Booster reminder', 'Reminder'],
      'Owners are reminded before a booster falls due so that cover does not lapse.',
      { reminder_sent: false },
    ),
    act('Lapsed cover', 'A pet past its booster date may need the course restarted; the vet calls the owner.', {
      due_on: 'stale',
    }),
  ],
  client_matters: [
    act('Conflict check', 'No work starts on a matter until conflicts are cleared.', {
      conflict_cleared: false,
      status: ['intake', 'conflict check pending'],
    }),
    act('Billing', 'Unbilled time ages fast; large amounts of it are billed before the client can dispute them.', {
      unbilled_hours: 'high',
      conflict_cleared: 'unrelated',
    }),
    act('File review', 'Long-running matters get a supervising partner’s file review.', {
      opened_on: 'stale',
      status: ['open'],
      conflict_cleared: 'unrelated',
    }),
    // a matter closes once its time is billed: little left unbilled, never a lot
    act('Closure', 'Matters pending closure are closed once the final bill is paid and the papers returned.', {
      status: ['pending closure'],
      unbilled_hours: 'low',
      conflict_cleared: 'unrelated',
    }),
  ],
  contracts: [
    act(
      ['Renewal', 'Renewal review'],
      'A contract that renews itself commits us for another term unless notice is given by its notice deadline.',
      // keyed on the notice deadline, the last day to decide (packs/legal.ts): a contract past it renews whatever
      // anyone decides; a long notice period is the notice decision's own section
      { notice_deadline: 'ahead', auto_renew: true, notice_period_days: 'unrelated' },
    ),
    act('Notice decision', 'A long notice period means the decision is due well before the end date.', {
      notice_period_days: 'high',
      notice_deadline: 'ahead',
    }),
    // an unsigned contract is chased whatever its renewal terms will be
    act('Signature chase', 'Until it is signed we are working without agreed terms.', {
      status: ['awaiting signature'],
      auto_renew: 'unrelated',
      notice_period_days: 'unrelated',
      notice_deadline: 'unrelated',
    }),
  ],
  court_deadlines: [
    act(
      ['Diary entry', 'Diarising'],
      'A court deadline that is not in the firm diary is a missed date waiting to happen.',
      // every live deadline goes in the diary, whatever its kind (an appeal window least of all) and whatever its
      // note says, in whatever court: only a status (filed, vacated) takes one out (a clerk who leaves a County
      // Court defence out of the diary because this round was the High Court's has missed the point of the diary),
      // and however far off it falls: the rule is the deadlines not yet in the diary (compile/from-states.ts
      // `undoneOf`); a window on the due date narrows it only with the reason it has (act-narrowings.ts); a kind or
      // a forum whose dates another process already diarises (the limitation register, an arbitral timetable) may be
      // spared with that reason (spared-ops-data.ts), never narrowed to
      { diarised: false, notes: 'unrelated' },
    ),
    // whether a deadline is in the diary has no bearing on preparing for it or on chasing an extension
    act(
      'Preparation',
      'Work on a deadline starts well before it falls, not in the week of it.',
      { status: ['upcoming'], diarised: 'unrelated' },
      undefined,
      // a window on the due date is that head start: weeks, never the week of it
      { due_date: [14, 60] },
    ),
    act(
      'Extension follow-up',
      'An application for more time is followed up until the court or the other side agrees.',
      { status: ['extension sought'], diarised: 'unrelated' },
    ),
  ],
  // a hold is escalated for one of three reasons, one per task (policy-acts.ts `formsOf`): a custodian's silence,
  // a custodian on the way out, or data that one reset of a phone loses
  legal_holds: [
    act(
      ['Escalation', 'Hold escalation'],
      'A custodian who has not acknowledged a hold is a spoliation risk; their manager is told.',
      { acknowledged: false },
      'escalate_hold',
      // (a spoliation risk is given days to a few weeks to acknowledge, never months)
      { issued_on: [7, 21] },
    ),
    act(
      ['Leaver escalation', 'Exit escalation'],
      'IT wipes a leaver’s laptop and mailbox 30 days after they go, so a hold on someone leaving or just gone is escalated at once.',
      { custodian_status: ['serving notice', 'left'], acknowledged: false },
      'escalate_hold',
    ),
    act(
      ['Device escalation', 'Mobile data escalation'],
      'Messages on a phone or in a chat app are lost with one reset, so an unacknowledged hold over them is escalated at once.',
      {
        scope: ['personal devices', 'WhatsApp', 'Teams chats'],
        acknowledged: false,
      },
      'escalate_hold',
    ),
    act('Reminder', 'Custodians get reminders before anyone escalates.', {
      acknowledged: false,
      reminders_sent: 'low',
    }),
    act('Release review', 'Holds are reviewed regularly and released once the matter no longer needs them.', {
      issued_on: 'stale',
      status: ['issued', 'reminder sent'],
      acknowledged: 'unrelated',
      reminders_sent: 'unrelated',
    }),
    // what a custodian's acknowledgement cannot preserve: the data the mailbox hold does not reach, collected by
    // forensics while the custodian still has it (acknowledged or not, however often reminded)
    act(
      ['Collection', 'Device collection'],
      'Phones and chat apps sit outside the mailbox preservation, so forensics images them while the custodian still has them.',
      {
        scope: ['personal devices', 'WhatsApp', 'Teams chats'],
        status: ['issued', 'reminder sent', 'escalated'],
        acknowledged: 'unrelated',
        reminders_sent: 'unrelated',
      },
    ),
    // and the stores that delete on a schedule: IT suspends the rotation or clean-up for them
    act(
      ['IT suspension', 'Deletion suspension'],
      'Backup rotation and drive clean-up delete on a schedule unless IT suspends them for the data a hold covers.',
      { scope: ['backup tapes', 'shared drive'], acknowledged: 'unrelated', reminders_sent: 'unrelated' },
    ),
  ],
  trip_requests: [
    // the trips approved are those within policy: a policy exception is the exception review's
    act(
      ['Approval', 'Travel approval'],
      'Trips within policy that leave soon are approved quickly so that fares are booked before they rise.',
      // (those leaving soon: a fare rises as departure nears, and a later trip is approved in a later round)
      { policy_exception: false, depart_on: 'ahead' },
    ),
    act('Exception review', 'Trips outside travel policy need the budget holder’s sign-off.', {
      policy_exception: true,
    }),
    act('Cost review', 'Expensive trips are checked for a cheaper route or a video call instead.', {
      estimated_cost: 'high',
    }),
  ],
  travel_bookings: [
    act('Cancellation check', 'Refundable bookings are confirmed or cancelled before free cancellation ends.', {
      cancellation_deadline: 'ahead',
      refundable: true,
    }),
    act('Ticketing', 'Held bookings lapse unless they are ticketed or released.', {
      status: ['held'],
      refundable: 'unrelated',
    }),
    act('Change review', 'Changed bookings are checked for fees against the original fare.', {
      status: ['changed'],
      refundable: 'unrelated',
    }),
  ],
  per_diem_claims: [
    act(['Query', 'Per diem query'], 'Lodging allowance for several nights is paid against receipts, not on trust.', {
      nights: 'high',
      // (the claims with no receipts are the ones the purpose is about: those with them are paid as they stand)
      receipts_attached: false,
    }),
    // an approved claim is paid: its receipts were the approver's question
    act('Payment', 'Approved claims go into the next payroll run.', {
      status: ['approved'],
      receipts_attached: 'unrelated',
      nights: 'unrelated',
    }),
    act('Approver chase', 'Claims left waiting for approval are chased with the approver.', {
      submitted_on: 'stale',
      status: ['submitted'],
    }),
  ],
  household_bills: [
    // a bill in dispute is not paid until the dispute is settled; every other bill not on direct debit is, whatever
    // it is for, and a fortnight ahead at least (a bill due in 8 days is not left for later)
    act(
      ['Payment', 'Settlement'],
      'Bills that are not on direct debit are paid by hand before the due date.',
      { due_on: 'ahead', status: ['due', 'overdue'], direct_debit: false, category: 'unrelated' },
      'mark_bill_paid',
      { due_on: [14, 30] },
    ),
    // the other bills paid by hand this round: one already past its date (a failed collection is not retried,
    // direct debit or not), and the essentials whose arrears cost most
    act(
      ['Arrears', 'Overdue bills'],
      'A bill past its due date is paid at once, on direct debit or not: a failed collection is not tried again, and the late fee grows.',
      { due_on: 'stale', direct_debit: 'unrelated' },
      'mark_bill_paid',
      { due_on: [3, 14] },
    ),
    act(
      ['Essentials first', 'Priority bills'],
      'Of the bills paid by hand, energy, water and the council’s bills go first: arrears on them carry penalties and, in the end, enforcement or a cut-off.',
      // (a bill on direct debit pays itself: only a failed collection, overdue, is paid by hand, the arrears act's;
      // the council's bills are its property tax and its fees, which it enforces alike)
      { category: ['energy', 'water', 'property tax', 'municipal charges'], due_on: 'ahead', direct_debit: false },
      'mark_bill_paid',
    ),
    act('Dispute follow-up', 'Disputed bills are followed up so they are not passed to collections.', {
      status: ['in dispute'],
    }),
    act('Direct debit set-up', 'Regular bills paid by hand are moved to direct debit to stop late fees.', {
      direct_debit: false,
      status: ['paid'],
    }),
  ],
  courses: [
    act('Timetabling', 'Courses starting soon need their rooms and teaching staff confirmed.', { starts_on: 'ahead' }),
    act('Online set-up', 'Online courses need their virtual classroom ready before week one.', {
      online: true,
      starts_on: 'ahead',
    }),
    act('Tutorial group planning', 'Large courses get extra tutorial groups.', { capacity: 'high' }),
  ],
  enrolments: [
    act('Attendance follow-up', 'Students whose attendance falls below the threshold hear from their tutor.', {
      attendance_pct: 'low',
      fees_paid: 'unrelated',
    }),
    act('Fee reminder', 'Students still owing fees are reminded before their enrolment lapses.', {
      fees_paid: false,
      status: ['enrolled', 'provisional'],
    }),
    act('Enrolment confirmation', 'Provisional enrolments are confirmed once the documents are checked.', {
      status: ['provisional'],
      attendance_pct: 'unrelated',
      fees_paid: 'unrelated',
    }),
  ],
  submissions: [
    act(
      ['Extension', 'Extension grant'],
      // granted on the student's request, never unasked: a short extension asked for before the deadline covers work
      // that came in within its extra days (or on time after all)
      'A short extension asked for before the deadline is granted where the work came in within the extra days it allows, so no late penalty applies.',
      { late_days: 'low', extension_requested: true },
      'grant_extension',
    ),
    // (no extension for a one-off closure, the portal down or the lab shut: a rule can name no dated span, and a
    // rolling window "due in the last 10 days" would move the outage with today's date, review 27 class 4); the
    // standing ground beside the short extension is practical work, whose lab time the timetable sets
    act(
      ['Practical work extension', 'Lab work extension'],
      'Lab reports and projects wait on lab time only the timetable gives, so an extension asked for on one covers the wait for the next session.',
      { assessment_type: ['lab report', 'project'], extension_requested: true, late_days: 'unrelated' },
      'grant_extension',
    ),
    act('Late penalty', 'Work handed in late without an extension loses marks under the regulations.', {
      extension_granted: false,
      late_days: 'high',
    }),
    // all submitted work is marked, on time or late
    act('Marking', 'Work is marked within three weeks of its deadline.', {
      status: ['submitted'],
      due_on: 'stale',
      late_days: 'unrelated',
      extension_granted: 'unrelated',
    }),
  ],
  exam_sittings: [
    {
      ...act(
        ['Special consideration', 'Mitigation'],
        'Candidates affected on the day (illness, a journey that went wrong) are applied for under the regulations, once the centre holds the evidence.',
        // (every candidate so affected, whatever their access arrangement: the regulations have no carve-out; a round
        // may take one series, whose board has its own claim window, act-scopes.ts, but never leaves a series out; a
        // claim without evidence is refused, so those wait for it)
        {
          notes: ['illness', 'medical evidence', 'transport'],
          evidence_on_file: true,
          access_arrangement: 'unrelated',
          exam_series: 'scope',
        },
      ),
      // (where a rule is drawn without the evidence, its reason does not promise it)
      whyWithout: {
        evidence_on_file:
          'Candidates whose performance was affected on the day (illness, a journey that went wrong) are applied for under the regulations, not case by case.',
      },
    },
    act('Absence follow-up', 'Candidates absent from an exam are asked about mitigating circumstances.', {
      status: ['absent'],
      evidence_on_file: 'unrelated',
    }),
    act('Room booking', 'Candidates with a reader, a scribe or a separate room need staff and rooms booked.', {
      access_arrangement: ['separate room', 'reader', 'scribe'],
      status: ['entered'],
      evidence_on_file: 'unrelated',
    }),
  ],
};
