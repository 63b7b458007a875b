import type { Scope } from '../rules/draw.js';

// The real scopes of the care record types (wards, a practice's appointments, a vet's vaccinations, referrals), in
// the form and under the rule of act-scopes.ts: each reason a standing fact of the practice, never a dated event.

/** One real scope: the values it takes and why. */
export const scope = (field: string, values: readonly string[], why: string): Scope => ({ field, values, why });

export const CARE_SCOPES: Readonly<Record<string, Readonly<Record<string, readonly Scope[]>>>> = {
  ward_beds: {
    'Bed allocation': [
      scope('zone', ['Bay 2'], 'Bay 2 takes the respiratory admissions, with piped oxygen at every bedspace'),
      scope('zone', ['Side rooms'], 'infectious admissions must go to side rooms, on infection control’s advice'),
    ],
    // (a blocked bed is chased where an admission is waiting for it, or where its clean is a different job)
    'Bed release': [
      scope(
        'zone',
        ['Side rooms'],
        'a side room left by an infectious patient needs a terminal clean, which only domestic services’ deep-clean team does',
      ),
      scope(
        'zone',
        ['Bay 2'],
        'Bay 2 takes the respiratory admissions from the emergency department, so its beds are turned round first',
      ),
      scope(
        'zone',
        ['Bay 3'],
        'Bay 3 is the step-down bay, and a blocked bed there keeps a patient in high observation who no longer needs it',
      ),
    ],
    'Respiratory bed release': [
      scope(
        'zone',
        ['Side rooms'],
        'patients with an infectious chest are nursed in the side rooms, on infection control’s advice',
      ),
    ],
    'Hoist bed release': [
      scope(
        'zone',
        ['Bay 1'],
        'the high-observation patients nobody can move by hand are nursed in Bay 1, under the nurse in charge',
      ),
    ],
  },
  appointments: {
    Cancellation: [
      scope(
        'kind',
        ['consultation'],
        'a consultation is the GP’s own list, which no locum takes over, so those go when the GP is away',
      ),
      scope(
        'kind',
        ['follow-up'],
        'follow-ups are seen in the follow-up clinic at the health centre, so any booked here are cancelled and rebooked there',
      ),
      scope(
        'kind',
        ['telephone'],
        'the telephone clinics depend on the practice phone system, and cannot run while it is down',
      ),
      scope(
        'kind',
        ['minor procedure'],
        'minor procedures need the treatment room, so those lists cannot run while it is out of use',
      ),
      scope('kind', ['blood test'], 'only the phlebotomist runs the blood clinics, so they cannot run without her'),
      scope(
        'kind',
        ['vaccination'],
        'vaccines are given only from a delivery that passed its cold-chain check, so those clinics stop when one fails',
      ),
    ],
    Reminder: [
      scope(
        'kind',
        ['blood test'],
        'a fasting blood test is wasted if the patient eats that morning, so they get the fasting instructions',
      ),
    ],
  },
  vaccinations: {
    'Booster reminder': [
      scope('species', ['rabbit'], 'RHD2 kills an unvaccinated rabbit within days, so rabbit owners are called first'),
      scope('species', ['dog'], 'the boarding kennels in town turn away any dog whose boosters are not all in date'),
    ],
    'Lapsed cover': [
      scope(
        'species',
        ['horse'],
        'under the competition rules a lapsed equine flu booster voids the passport, so those owners hear first',
      ),
    ],
  },
  referrals: {
    Chasing: [
      // (the chase is a routine one, whatever the urgency: a reason naming the urgent pathway's two-week wait is stricter
      // than the working days the rule counts)
      scope(
        'specialty',
        ['dermatology'],
        'dermatology has the longest wait of the local services, so a referral lost there goes unnoticed the longest',
      ),
      scope(
        'specialty',
        ['ophthalmology'],
        'the eye unit books through a system of its own, so its referrals are the ones most often lost between systems',
      ),
    ],
  },
};
