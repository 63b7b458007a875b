import type { DomainVocab } from './types.js';

export const travelLifestyle: DomainVocab = {
  companies: [
    'Alpine Route Travel',
    'Bayview Hotels',
    'Coastal Rail Tours',
    'Everly Concierge',
    'Gathering Events Co',
    'Northwind Air Charter',
  ],
  items: [
    'Hotel booking not confirmed',
    'Flight change fee disputed',
    'Visa letter requested',
    'Group dinner headcount changed',
    'Car hire invoice missing',
    'Conference pass not issued',
    'Train tickets not refunded',
    'Hotel invoice in the wrong company name',
    'Airport transfer not booked',
    'Per diem rate missing for Lisbon',
    'Seat upgrade charged twice',
    'Travel insurance certificate missing',
    // (enough for a to-do list of 14 with no issue twice: "Seat upgrade charged twice (Nadia)" beside the same
    // title read as a duplicate entry, review 39)
    'Hotel deposit not returned',
    'Taxi receipts missing from the claim',
    'Mileage claim over the limit',
    'Rail pass expired before the trip',
    'Meeting room at the venue not booked',
    'Excess baggage fee not approved',
  ],
  products: [
    'Corporate travel plan',
    'Lounge access pass',
    'Rail travel card',
    'Event ticket bundle',
    'Travel insurance cover',
    'Hotel allocation',
  ],
  topics: ['offsite logistics', 'travel budget', 'conference trip', 'hotel contract renewal'],
  // (no air charter renews a hotel contract)
  partners: {
    'hotel contract renewal': ['Bayview Hotels'],
    'travel budget': ['Everly Concierge', 'Alpine Route Travel'],
  },
  meetings: ['offsite planning call', 'supplier rate review', 'conference debrief', 'travel desk catch-up'],
};
