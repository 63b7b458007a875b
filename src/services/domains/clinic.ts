import { defineTableService } from '../tables.js';

// A clinic's practice-management system (Healthcare: policy work and pet care): the referral queue, the
// appointment book, insurance claims and the vaccination register of a veterinary branch.

export const clinic = defineTableService({
  name: 'clinic',
  description: 'Clinic practice system: referrals, appointments, insurance claims and vaccinations.',
  tables: [
    {
      noun: ['referral', 'referrals'],
      id: 'referral_id',
      prefix: 'REF-',
      about: 'outgoing referrals to specialists, as the referral queue holds them',
      fields: {
        patient: { kind: 'person', about: 'patient name' },
        specialty: {
          kind: 'enum',
          about: 'specialty referred to',
          values: ['cardiology', 'dermatology', 'orthopaedics', 'neurology', 'gastroenterology', 'ophthalmology'],
          filter: true,
        },
        urgency: {
          kind: 'enum',
          about: 'referral urgency',
          values: ['routine', 'soon', 'urgent', 'two-week-wait'],
          filter: true,
        },
        referred_on: { kind: 'date', about: 'date the referral was made' },
        referring_clinician: { kind: 'email', about: 'clinician who made the referral' },
        // a UK referral is NHS-funded, funded by the patient's private medical insurer, or self-funded
        funding: {
          kind: 'enum',
          about: 'how the referral is funded',
          values: ['NHS', 'Bupa', 'AXA Health', 'Vitality', 'self-funded'],
        },
        status: {
          kind: 'enum',
          about: 'where the referral stands',
          values: ['awaiting triage', 'sent', 'accepted', 'booked', 'rejected', 'on hold'],
          filter: true,
          update: true,
        },
        chased: { kind: 'flag', about: 'whether the receiving service has been chased', update: true },
        notes: { kind: 'text', about: 'clinical note with the referral', search: true },
      },
    },
    {
      noun: ['appointment', 'appointments'],
      id: 'appointment_id',
      prefix: 'APT-',
      about: 'appointments in the practice book',
      fields: {
        patient: { kind: 'person', about: 'patient name' },
        clinician: { kind: 'email', about: 'clinician holding the appointment' },
        kind: {
          kind: 'enum',
          about: 'appointment type',
          values: ['consultation', 'follow-up', 'vaccination', 'blood test', 'telephone', 'minor procedure'],
          filter: true,
        },
        date: { kind: 'date', about: 'appointment date', update: true },
        duration_min: { kind: 'number', about: 'booked length', unit: 'minutes', int: true },
        status: {
          kind: 'enum',
          about: 'appointment status',
          values: ['booked', 'confirmed', 'attended', 'did not attend', 'cancelled'],
          filter: true,
          update: true,
        },
        missed_before: { kind: 'number', about: 'appointments the patient missed in the last year', int: true },
        confirm_by_phone: {
          kind: 'flag',
          about: 'whether reception is to ring the patient to confirm before the day',
          update: true,
        },
        notes: { kind: 'text', about: 'booking note', search: true },
      },
    },
    {
      noun: ['claim', 'claims'],
      id: 'claim_id',
      prefix: 'CLM-',
      about: 'insurance claims for treatment given',
      fields: {
        patient: { kind: 'person', about: 'patient name' },
        insurer: {
          kind: 'enum',
          about: 'insurer billed',
          values: ['Bupa', 'AXA Health', 'Vitality', 'Aviva', 'WPA'],
          filter: true,
        },
        amount: { kind: 'money', about: 'amount claimed', currency: 'GBP' },
        treated_on: { kind: 'date', about: 'date of treatment' },
        submitted_on: { kind: 'date', about: 'date the claim was submitted' },
        status: {
          kind: 'enum',
          about: 'claim status',
          values: ['draft', 'submitted', 'queried', 'paid', 'rejected', 'written off'],
          filter: true,
          update: true,
        },
        procedure_code: {
          kind: 'enum',
          about: 'procedure billed',
          values: ['GP-CONS', 'PHYS-45', 'DERM-BX', 'ECG-12', 'MRI-KNEE', 'BLOOD-FBC'],
        },
        biller: { kind: 'email', about: 'practice biller responsible for the claim' },
        notes: { kind: 'text', about: 'billing note', search: true },
      },
    },
    {
      noun: ['vaccination', 'vaccinations'],
      id: 'vaccination_id',
      prefix: 'VAC-',
      about: "a veterinary branch's vaccination register (booster due dates per pet)",
      fields: {
        pet: { kind: 'person', about: "pet's name" },
        species: { kind: 'enum', about: 'species', values: ['dog', 'cat', 'rabbit', 'horse'], filter: true },
        vaccine: {
          kind: 'enum',
          about: 'vaccine',
          values: ['rabies', 'leptospirosis', 'kennel cough', 'feline flu', 'myxomatosis and RHD', 'tetanus'],
        },
        due_on: { kind: 'date', about: 'booster due date' },
        owner_email: { kind: 'email', about: "the owner's e-mail" },
        reminder_sent: {
          kind: 'flag',
          about: 'whether the reminder has gone out (ticking it texts the owner the reminder)',
          update: true,
        },
        weight_kg: { kind: 'number', about: 'weight at the last visit', unit: 'kg' },
        notes: { kind: 'text', about: 'note on the pet', search: true },
      },
    },
  ],
});
