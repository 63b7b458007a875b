import type { FigureUses } from './figure-use-types.js';

// The figures of the clinic's, the law firm's and the travel desk's records, and of the household's bills, and
// what each team takes them to (figure-uses-data.ts gathers them).

export const CARE_FIGURE_USES: Readonly<Record<string, FigureUses>> = {
  referrals: {
    reader: 'practice manager',
    figures: {
      count: [
        'for the practice meeting',
        'for the referrals audit',
        'for the monthly report to the commissioners',
        { reader: 'clinical lead', for: ['for the clinical governance meeting'] },
      ],
    },
  },
  appointments: {
    reader: 'practice manager',
    figures: {
      sum: [
        'to plan the clinic sessions',
        'to see how much clinician time is booked',
        'for the capacity report',
        { reader: 'rota coordinator', for: ["to fill the gaps in the clinicians' rota"] },
      ],
      count: [
        'for the practice meeting',
        'for the access report',
        'for the monthly activity report',
        'for the patient participation group',
      ],
    },
  },
  claims: {
    reader: 'practice manager',
    figures: {
      sum: [
        'for the month-end figures',
        'for the income report',
        'to check the remittances against what we claimed',
        { reader: 'practice accountant', for: ['for the quarterly accounts'] },
      ],
      count: [
        'for the practice meeting',
        'for the billing report',
        'for the insurer performance review',
        'for the month-end figures',
      ],
    },
  },
  vaccinations: {
    reader: 'head nurse',
    figures: {
      count: [
        'to book enough nurse time',
        'to order enough vaccine',
        'for the immunisation uptake report',
        'for the practice nurse meeting',
        { reader: 'dispensary lead', for: ['to check the vaccine fridge stock'] },
      ],
    },
  },
  client_matters: {
    reader: 'supervising partner',
    figures: {
      sum: [
        'for the monthly matter report',
        'to chase the fee earners to bill',
        "for the partners' meeting",
        { reader: 'finance director', for: ['for the lock-up report'] },
      ],
      max: [
        'for the monthly matter report',
        'to see which matter needs an interim bill',
        "to check the biggest against the client's agreed budget",
        "for the partners' meeting",
      ],
      count: [
        "for the risk partner's file review",
        'for the monthly matter report',
        "for the partners' meeting",
        'for the practice group meeting',
      ],
    },
  },
  contracts: {
    reader: 'general counsel',
    figures: {
      sum: [
        'for the contract register review',
        'for the annual legal report',
        "for the board's risk report",
        { reader: 'finance director', for: ['to see how much committed spend these contracts carry'] },
      ],
      max: [
        'for the contract register review',
        'to decide which contract to review first',
        'to see whether any needs board approval',
        'to check the largest against the signing authority limits',
      ],
      count: [
        'for the contract register review',
        'for the legal team meeting',
        'for the quarterly legal report',
        'for the compliance committee',
      ],
    },
  },
  court_deadlines: {
    reader: 'litigation partner',
    figures: {
      sum: [
        { reader: 'billing team', for: ['to put the court fees on the bills', 'to request the disbursement funds'] },
        {
          reader: 'legal cashier',
          for: ['to make sure the office account covers the fees', 'to book the fee payments'],
        },
      ],
      count: [
        'for the diary check',
        'for the litigation team meeting',
        'for the weekly diary meeting',
        'for the monthly risk report',
      ],
    },
  },
  legal_holds: {
    reader: 'litigation support lead',
    figures: {
      count: [
        'for the litigation team meeting',
        'for the eDiscovery review',
        'for the quarterly legal hold report',
        'for the custodian audit',
        { reader: 'general counsel', for: ["for the board's litigation update"] },
      ],
    },
  },
  trip_requests: {
    reader: 'travel manager',
    figures: {
      sum: [
        'to check against the travel budget',
        'for the travel spend report',
        'for the travel approvals meeting',
        { reader: 'finance business partner', for: ['for the travel accrual', 'to update the travel forecast'] },
      ],
      max: [
        'to see which trip needs director sign-off',
        'to check the dearest against the travel policy cap',
        'for the travel approvals meeting',
        { reader: 'finance business partner', for: ["to see whether any needs the finance director's approval"] },
      ],
      count: [
        'for the travel policy review',
        'for the travel approvals meeting',
        'for the monthly travel report',
        'for the duty-of-care register',
      ],
    },
  },
  travel_bookings: {
    reader: 'travel manager',
    figures: {
      sum: [
        'to see how much money is at stake',
        'to check against the travel budget',
        'to reconcile against the travel agency invoice',
        { reader: 'finance business partner', for: ['for the travel accrual'] },
      ],
      count: [
        'for the travel policy review',
        'for the travel agency review meeting',
        'for the monthly travel report',
        'for the traveller tracking report',
      ],
    },
  },
  per_diem_claims: {
    reader: 'finance controller',
    figures: {
      sum: [
        'for the expenses run',
        'for the month-end expenses accrual',
        'to check against the per diem budget',
        { reader: 'payroll officer', for: ['to add them to this month’s payroll'] },
      ],
      count: [
        'for the expenses run',
        'for the expenses audit',
        'for the monthly travel report',
        'for the approvals backlog review',
      ],
    },
  },
  household_bills: {
    reader: 'flatmate',
    figures: {
      sum: [
        'to split the bills',
        'to see how much to move into the joint account',
        'to work out what each of us owes this month',
        'for the house budget spreadsheet',
      ],
      count: [
        'for the household budget review',
        'for the house meeting',
        'for the bills spreadsheet',
        'for the end-of-tenancy checklist',
      ],
    },
  },
};
