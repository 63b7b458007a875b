import { defineTableService, type Table } from '../tables.js';

// A corporate travel desk with a household-admin corner (Travel_Lifestyle: travel and daily life): trip
// requests awaiting approval, the bookings made for them, per diem claims after the trip, and household bills.

export const TRAVEL_TABLES: readonly Table[] = [
  {
    noun: ['trip', 'trips'],
    id: 'trip_id',
    prefix: 'TRP-',
    about: 'trip requests: who travels where and why, and whether the trip is approved',
    fields: {
      traveller: { kind: 'email', about: 'employee travelling' },
      destination: { kind: 'text', about: 'destination city and country', search: true },
      region: {
        kind: 'enum',
        about: 'travel region (sets the policy cabin class and per diem band)',
        values: ['domestic', 'Europe', 'North America', 'Asia-Pacific', 'Middle East', 'Latin America'],
        filter: true,
      },
      purpose: {
        kind: 'enum',
        about: 'business purpose',
        values: ['client meeting', 'conference', 'internal offsite', 'sales visit', 'training', 'site inspection'],
        filter: true,
      },
      depart_on: { kind: 'date', about: 'departure date', update: true },
      return_on: { kind: 'date', about: 'return date', update: true },
      estimated_cost: { kind: 'money', about: 'estimated total cost at request', currency: 'EUR' },
      approver: { kind: 'email', about: 'manager who approves the trip', update: true },
      policy_exception: {
        kind: 'flag',
        about: 'whether the trip needs an exception to the travel policy',
        update: true,
      },
      approval_status: {
        kind: 'enum',
        about: 'approval status',
        values: ['draft', 'submitted', 'approved', 'rejected', 'booked', 'cancelled'],
        filter: true,
        update: true,
      },
      notes: { kind: 'text', about: "traveller's justification and itinerary notes", search: true },
    },
  },
  {
    noun: ['booking', 'bookings'],
    id: 'booking_id',
    prefix: 'BKG-',
    about: 'flights, hotels, rail and car hire booked through the travel management company',
    fields: {
      trip_id: { kind: 'ref', about: 'trip the booking is for', table: 'trips' },
      booking_type: {
        kind: 'enum',
        about: 'what was booked',
        values: ['flight', 'hotel', 'rail', 'car hire', 'airport transfer'],
        filter: true,
      },
      supplier: { kind: 'text', about: 'airline, hotel, train operator or rental company', search: true },
      confirmation_code: { kind: 'text', about: "supplier's booking reference (PNR)" },
      starts_on: { kind: 'date', about: 'travel or check-in date' },
      cancellation_deadline: { kind: 'date', about: 'last date to cancel without charge', update: true },
      cost: { kind: 'money', about: 'booked cost including taxes', currency: 'EUR' },
      refundable: { kind: 'flag', about: 'whether the fare or rate is refundable' },
      booked_by: { kind: 'email', about: 'travel coordinator who made the booking' },
      status: {
        kind: 'enum',
        about: 'booking status',
        values: ['held', 'ticketed', 'confirmed', 'changed', 'cancelled', 'refunded'],
        filter: true,
        update: true,
      },
      notes: { kind: 'text', about: 'fare rules and special requests', search: true },
    },
  },
  {
    noun: ['per diem claim', 'per diem claims'],
    id: 'per_diem_id',
    prefix: 'PDM-',
    about: 'per diem (daily allowance) claims travellers file after a trip',
    fields: {
      trip_id: { kind: 'ref', about: 'trip claimed for', table: 'trips' },
      traveller: { kind: 'email', about: 'employee claiming' },
      city: { kind: 'text', about: 'city the rate applies to', search: true },
      allowance_type: {
        kind: 'enum',
        about: 'what the allowance covers',
        values: ['full day', 'travel day (75%)', 'meals only', 'lodging only', 'incidentals only'],
        filter: true,
      },
      nights: { kind: 'number', about: 'nights away', unit: 'nights', int: true },
      daily_rate: { kind: 'money', about: 'policy daily rate for the city', currency: 'EUR' },
      amount_claimed: { kind: 'money', about: 'amount the traveller claims', currency: 'EUR' },
      amount_approved: { kind: 'money', about: 'amount approved for payment', currency: 'EUR', update: true },
      submitted_on: { kind: 'date', about: 'date the claim was submitted' },
      receipts_attached: { kind: 'flag', about: 'whether lodging receipts are attached', update: true },
      approver: { kind: 'email', about: 'manager approving the claim', update: true },
      status: {
        kind: 'enum',
        about: 'claim status',
        values: ['draft', 'submitted', 'queried', 'approved', 'rejected', 'paid'],
        filter: true,
        update: true,
      },
      notes: { kind: 'text', about: "claimant's explanation and the approver's query", search: true },
    },
  },
  {
    noun: ['household bill', 'household bills'],
    id: 'bill_id',
    prefix: 'HHB-',
    about: 'household bills and subscriptions: who is paid, how much and by when',
    fields: {
      provider: { kind: 'text', about: 'company billing the household', search: true },
      category: {
        kind: 'enum',
        about: 'kind of bill',
        values: ['energy', 'water', 'property tax', 'broadband', 'mobile', 'home insurance', 'streaming', 'gym'],
        filter: true,
      },
      billing_cycle: {
        kind: 'enum',
        about: 'how often the bill comes',
        values: ['monthly', 'quarterly', 'annual', 'one-off'],
        filter: true,
      },
      amount: { kind: 'money', about: 'amount due this cycle', currency: 'EUR' },
      due_on: { kind: 'date', about: 'payment due date', update: true },
      direct_debit: { kind: 'flag', about: 'whether it is paid by direct debit', update: true },
      account_holder: { kind: 'email', about: 'household member the account is in the name of', update: true },
      status: {
        kind: 'enum',
        about: 'payment status',
        values: ['due', 'paid', 'overdue', 'in dispute', 'cancelled'],
        filter: true,
        update: true,
      },
      notes: { kind: 'text', about: 'note on the bill (price rises, contract end, meter readings)', search: true },
    },
  },
];

export const travel = defineTableService({
  name: 'travel',
  description: 'Corporate travel desk and household admin: trips, bookings, per diem claims and household bills.',
  tables: TRAVEL_TABLES,
});
