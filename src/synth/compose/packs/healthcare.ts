import type { Rng } from '../../../env/rng.js';
import { clinic } from '../../../services/domains/clinic.js';
import { oneOf, writePlan } from '../../kit/content.js';
import { capitalise } from '../../kit/text.js';
import type { Rec, World } from '../parts.js';
import { colleague, cycle } from '../sources/kit.js';
import { shuffle } from '../../kit/ids.js';
import { PATIENTS, PETS } from './healthcare-names.js';
import { outsider } from './name-pools.js';
import { addDays, nth, packAction, packSource, toWorkingDay } from './table-source.js';
import { receptionNote } from './healthcare-notes.js';

// Healthcare: a practice's referral queue, appointment book and insurance claims, and a veterinary branch's
// vaccination register. Names, notes and spreads are what a practice manager or a vet nurse would see.

// what a vet nurse notes on any pet, whatever its species
const PET_TERMS = ['nervous', 'rescue', 'previous reaction', 'new owner', 'insured', 'microchipped'];

function petNote(rng: Rng, term: string | undefined): string {
  return writePlan(
    rng,
    {
      facts: [
        ...(term ? [oneOf(rng, `${term} (see history)`, `owner mentioned: ${term}`, `flag: ${term}`)] : []),
        oneOf(
          rng,
          'weighed at the last visit',
          'owner prefers email',
          'age estimated',
          'seen by the duty vet',
          'owner prefers a text reminder',
          'last booster given at another practice',
          'lives with two other pets',
          'owner works shifts, call after 4pm',
          'due a dental check as well',
          'owner asked about flea treatment',
          'weight stable since the spring',
          'transferred from another practice',
        ),
      ],
    },
    'terse',
  );
}

// per species, the vaccines a vet gives it and its weight range in kg
const SPECIES: Readonly<Record<string, readonly [readonly string[], number, number]>> & {
  dog: readonly [readonly string[], number, number];
} = {
  dog: [['rabies', 'leptospirosis', 'leptospirosis', 'kennel cough'], 4, 45],
  cat: [['feline flu', 'feline flu', 'rabies'], 2.5, 7],
  // (rabbits get the combined myxomatosis and RHD (RHD2) vaccine, once a year)
  rabbit: [['myxomatosis and RHD'], 1, 3.5],
  horse: [['tetanus', 'tetanus', 'rabies'], 350, 650],
};

// record i's patient: the task's own, from a pool of hundreds (name-pools.ts), the same person across its records
const patient = (w: World, i: number) => outsider(w, 'patients', PATIENTS, i);

// per task (world): the private insurer each patient named so far is covered by
const cover = new WeakMap<World, Map<string, string>>();

function patientCoveredBy(w: World, funding: unknown, i: number): string {
  let book = cover.get(w);
  if (!book) cover.set(w, (book = new Map()));
  const payer = String(funding);
  const start = i + w.rng.int(0, 3);
  for (let k = 0; k < PATIENTS.length; k++) {
    const name = patient(w, start + k);
    const known = book.get(name);
    if (known && payer !== 'NHS' && known !== payer) continue;
    if (payer !== 'NHS') book.set(name, payer);
    return name;
  }
  return patient(w, start);
}

// what a GP writes on a referral to any specialty (a symptom would have to fit the specialty it goes to)
const REFERRAL_TERMS = [
  'symptoms worsening',
  'second opinion',
  'family history',
  'previous referral declined',
  'on anticoagulants',
  'patient anxious about waiting',
];

function referralNote(rng: Rng, term: string | undefined): string {
  return writePlan(
    rng,
    {
      facts: [
        oneOf(
          rng,
          `symptoms for ${rng.int(2, 16)} weeks`,
          'seen twice in clinic this month',
          'routine bloods normal',
          'patient prefers a morning slot',
        ),
        ...(term
          ? [oneOf(rng, `${term} noted at the last visit`, `GP concerned about ${term}`, `referral mainly for ${term}`)]
          : []),
        oneOf(
          rng,
          'letter and results attached',
          'interpreter needed',
          'patient can travel to either site',
          'no allergies recorded',
        ),
      ],
    },
    'terse',
  );
}

export const referrals = packSource({
  name: 'referrals',
  system: clinic,
  table: 'referrals',
  fixed: ['specialty', 'funding', 'chased'],
  domains: ['Healthcare'],
  capabilities: ['Logic_Reasoning', 'Tool_Calling'],
  fields: {
    urgency: { label: 'urgency', weights: [5, 3, 2, 1] },
    specialty: { label: 'specialty' },
    referred_on: { label: 'referral date', from: -60, to: 0, verb: 'made' },
    status: { label: 'status', weights: [3, 4, 2, 2, 1, 1] },
    chased: { label: 'chased', yes: 'already chased', no: 'not chased yet', p: 0.3 },
    funding: { label: 'funding', weights: [5, 2, 2, 1, 1] },
    notes: { label: 'clinical note', terms: REFERRAL_TERMS, write: referralNote },
  },
  make: (w, id, i) => ({ referral_id: id, referring_clinician: colleague(w, i).email }),
  // a patient referred twice is funded the same way (one insurer, or the NHS) both times
  derive: (rec, w, i) => ({ patient: patientCoveredBy(w, rec.funding, i) }),
  // the two-week-wait pathway (suspected cancer) is the NHS's
  agree: (rec) =>
    rec.urgency === 'two-week-wait' && rec.funding !== 'NHS' ? [{ funding: 'NHS' }, { urgency: 'urgent' }] : [],
  title: (rec) => `${rec.referral_id} (${rec.patient}, ${rec.specialty})`,
  nameField: { field: 'patient', label: 'patient name' },
  owner: { field: 'referring_clinician', role: 'referring clinician' },
  textField: 'notes',
});

// how long each kind of appointment is booked for (minutes)
const LENGTH: Readonly<Record<string, readonly [number, number]>> = {
  consultation: [10, 30],
  'follow-up': [10, 20],
  vaccination: [10, 15],
  'blood test': [10, 15],
  telephone: [10, 15],
  'minor procedure': [20, 60],
};

export const appointments = packSource({
  name: 'appointments',
  system: clinic,
  table: 'appointments',
  fixed: ['kind', 'missed_before'],
  tense: { state: 'status', date: 'date', past: ['attended', 'did not attend'], ahead: ['booked', 'confirmed'] },
  domains: ['Healthcare'],
  capabilities: ['Logic_Reasoning'],
  measure: { field: 'duration_min', label: 'booked minutes', unit: 'minutes', mean: true },
  fields: {
    kind: { label: 'appointment type' },
    date: { label: 'appointment date', from: -10, to: 30, verb: 'scheduled', past: 'held' },
    status: { label: 'status', weights: [4, 3, 2, 1, 1], say: { 'did not attend': 'did-not-attend' } },
    duration_min: { label: 'length', min: 10, max: 60, step: 5 },
    missed_before: { label: 'missed appointments in the last year', min: 0, max: 6, step: 1, usual: 1 },
    // (reception's list of bookings to ring the day before)
    confirm_by_phone: {
      label: 'confirmation call',
      yes: 'flagged for a confirmation call',
      no: 'not flagged for a confirmation call',
      p: 0.15,
    },
  },
  make: (w, id, i) => ({
    appointment_id: id,
    patient: patient(w, i + 3),
    clinician: colleague(w, i).email,
  }),
  // reception's note knows the patient's history (missed_before)
  derive: (rec, w) => ({ notes: receptionNote(w.rng, Number(rec.missed_before) || 0) }),
  // the practice books on working days only (review: a GP appointment on a Saturday in one of six); an appointment
  // is as long as its kind takes
  agree: (rec, w) => {
    const out: Rec[] = toWorkingDay(rec.date).map((date) => ({ date }));
    const [lo, hi] = LENGTH[String(rec.kind)] ?? [10, 60];
    const min = Number(rec.duration_min);
    if (min < lo || min > hi) {
      const kinds = Object.entries(LENGTH).filter(([, [a, b]]) => min >= a && min <= b);
      out.push(...shuffle(w.rng, kinds).map(([kind]) => ({ kind })), {
        duration_min: lo + 5 * w.rng.int(0, (hi - lo) / 5),
      });
    }
    return out;
  },
  title: (rec) => `${rec.appointment_id} (${rec.patient}, ${rec.kind} on ${rec.date})`,
  nameField: { field: 'patient', label: 'patient name' },
  owner: { field: 'clinician', role: 'clinician' },
  textField: 'notes',
});

// what each procedure is billed at (GBP)
const FEES: Readonly<Record<string, readonly [number, number]>> = {
  'GP-CONS': [45, 250],
  'PHYS-45': [45, 140],
  'DERM-BX': [150, 650],
  'ECG-12': [60, 350],
  'MRI-KNEE': [350, 1600],
  'BLOOD-FBC': [20, 180],
};

export const claims = packSource({
  name: 'claims',
  system: clinic,
  table: 'claims',
  // a claim is for the treatment given, billed to the patient's insurer: neither changes once it is made
  fixed: ['insurer', 'procedure_code'],
  noun: ['insurance claim', 'insurance claims'],
  domains: ['Healthcare'],
  capabilities: ['Math_Scientific', 'Data_Analysis'],
  measure: { field: 'amount', label: 'amount claimed', unit: 'GBP', mean: true },
  fields: {
    insurer: { label: 'insurer' },
    amount: { label: 'amount claimed', min: 40, max: 1600 },
    submitted_on: { label: 'submission date', from: -90, to: 0, verb: 'submitted' },
    // (a claim with a submission date has been submitted: no drafts)
    status: {
      label: 'status',
      values: ['submitted', 'queried', 'paid', 'rejected', 'written off'],
      weights: [4, 2, 3, 1, 1],
    },
    procedure_code: { label: 'procedure' },
  },
  make: (w, id, i) => ({
    claim_id: id,
    patient: patient(w, i + 5),
    biller: colleague(w, i).email,
    notes: oneOf(
      w.rng,
      'Pre-authorisation on file.',
      'Insurer asked for the referral letter.',
      'Excess paid by the patient.',
      '',
    ),
  }),
  // a claim is submitted after the treatment it is for
  derive: (rec, w) => ({ treated_on: addDays(rec.submitted_on, -w.rng.pick([0, 1, 2, 3, 5, 7, 10, 14, 21])) }),
  // the amount is what the procedure costs: no £1,500 blood count, no £60 knee MRI
  agree: (rec, w) => {
    const amount = Number(rec.amount);
    const [lo, hi] = FEES[String(rec.procedure_code)] ?? [0, Number.POSITIVE_INFINITY];
    if (amount >= lo && amount <= hi) return [];
    const codes = Object.entries(FEES).filter(([, [a, b]]) => amount >= a && amount <= b);
    return [
      ...shuffle(w.rng, codes).map(([procedure_code]) => ({ procedure_code })),
      { amount: Math.round((lo + w.rng.next() * (hi - lo)) * 100) / 100 },
    ];
  },
  title: (rec) => `${rec.claim_id} (${rec.patient}, ${rec.insurer})`,
  nameField: { field: 'patient', label: 'patient name' },
  owner: { field: 'biller', role: 'biller' },
  textField: 'notes',
});

export const vaccinations = packSource({
  name: 'vaccinations',
  system: clinic,
  table: 'vaccinations',
  fixed: ['species', 'reminder_sent'],
  noun: ['booster', 'boosters'],
  domains: ['Healthcare'],
  capabilities: ['Email_Communication'],
  fields: {
    species: { label: 'species', weights: [5, 4, 1, 1] },
    due_on: { label: 'due date', from: -20, to: 40, verb: 'due', past: 'due' },
    reminder_sent: { label: 'reminder', yes: 'already reminded', no: 'not yet reminded', p: 0.35 },
    notes: { label: 'pet note', terms: PET_TERMS, write: petNote },
  },
  make: (w, id, i) => {
    const owner = outsider(w, 'pet owners', PATIENTS, i + 7);
    return {
      vaccination_id: id,
      pet: nth(w, PETS, i),
      owner_email: `${owner.toLowerCase().replace(' ', '.')}@mail.example`,
    };
  },
  // the vaccine and the weight follow from the species: no rabbit weighs 50 kg, no dog is given myxomatosis
  derive: (rec, w) => {
    const [vaccines, min, max] = SPECIES[String(rec.species)] ?? SPECIES.dog;
    const step = max > 100 ? 5 : 0.5;
    return {
      vaccine: w.rng.pick(vaccines),
      weight_kg: Math.round((min + w.rng.next() * (max - min)) / step) * step,
    };
  },
  title: (rec) => `${rec.vaccination_id} (${rec.pet}, ${rec.vaccine})`,
  nameField: { field: 'pet', label: "pet's name" },
  // the owner's name is in their address (first.last@…)
  owner: {
    field: 'owner_email',
    role: 'owner',
    name: (rec) => String(rec.owner_email).split('@')[0]?.split('.').map(capitalise).join(' ') ?? 'owner',
  },
  textField: 'notes',
});

export const actions = [
  packAction(referrals, clinic, {
    name: 'chase_referral',
    lean: { referred_on: 'stale', urgency: ['soon', 'urgent', 'two-week-wait'] },
    sections: ['Chasing', 'Referral chase'],
    when: { status: ['awaiting triage', 'sent', 'accepted'] },
    field: 'chased',
    value: true,
    phrases: [
      'mark each of them as chased once you have checked it',
      'record each one as chased in the referral queue',
    ],
  }),
  packAction(referrals, clinic, {
    name: 'hold_referral',
    // a referral is paused only where waiting is safe: never an urgent or a two-week-wait one
    lean: { urgency: ['routine', 'soon'] },
    must: ['urgency'],
    sections: ['Hold', 'Referral hold'],
    from: ['awaiting triage', 'sent', 'accepted'],
    field: 'status',
    value: 'on hold',
    phrases: ['put each of those referrals on hold', 'move them to "on hold" in the queue'],
  }),
  packAction(claims, clinic, {
    name: 'query_claim',
    lean: { amount: 'high', submitted_on: 'stale' },
    sections: ['Claim query', 'Query'],
    from: ['submitted'],
    field: 'status',
    value: 'queried',
    phrases: ['set each of those claims to queried', 'mark those claims as queried with the insurer'],
    capabilities: ['Tool_Calling', 'Data_Analysis'],
  }),
  packAction(appointments, clinic, {
    name: 'cancel_appointment',
    lean: { date: 'ahead' },
    sections: ['Cancellation', 'Clinic cancellation'],
    from: ['booked', 'confirmed'],
    field: 'status',
    value: 'cancelled',
    phrases: ['cancel each of those appointments', 'mark those appointments as cancelled'],
    capabilities: ['Calendar_Scheduling', 'Tool_Calling'],
  }),
  // a booking at risk of a no-show is rung to confirm, not taken away: no practice cancels a future appointment for
  // the misses behind it
  packAction(appointments, clinic, {
    name: 'confirm_by_phone',
    lean: { date: 'ahead' },
    sections: ['Repeat non-attendance', 'Confirmation calls'],
    when: { status: ['booked', 'confirmed'] },
    field: 'confirm_by_phone',
    value: true,
    phrases: [
      'flag each of those appointments for a confirmation call ("confirm by phone")',
      'mark each of those appointments "confirm by phone" for reception',
    ],
    capabilities: ['Calendar_Scheduling', 'Tool_Calling'],
    leftOut: 'wrong list',
  }),
  packAction(vaccinations, clinic, {
    name: 'remind_booster',
    lean: { due_on: 'ahead' },
    sections: ['Booster reminder', 'Reminder'],
    field: 'reminder_sent',
    value: true,
    // the tick is what sends the owner the reminder (the clinic system texts them): never a record of a reminder
    // nobody sent, which a careful reader would refuse to tick
    phrases: [
      'tick "reminder sent" for each of them, which has the clinic system text the owner the reminder',
      'send each owner the booster reminder by ticking "reminder sent" (the clinic system texts them when it is ticked)',
    ],
  }),
];
