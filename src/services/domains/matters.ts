import { defineTableService, type Table } from '../tables.js';

// A law firm's matter-management system (Legal: contracts and litigation): the matter list with budgets and
// billing, the contract register, court and filing deadlines, and legal holds issued to custodians.

export const MATTERS_TABLES: readonly Table[] = [
  {
    noun: ['matter', 'matters'],
    id: 'matter_id',
    prefix: 'MAT-',
    about: 'client matters the firm has opened, with the budget agreed in the engagement letter and fees billed',
    fields: {
      client: { kind: 'text', about: 'client (company or individual) the matter is for', search: true },
      matter_name: {
        kind: 'text',
        about: 'short matter description, e.g. "Acme v Brightline – breach of supply"',
        search: true,
      },
      practice_area: {
        kind: 'enum',
        about: 'practice area',
        values: [
          'commercial litigation',
          'employment',
          'real estate',
          'corporate M&A',
          'intellectual property',
          'regulatory',
          'insolvency',
          'private client',
        ],
        filter: true,
      },
      fee_arrangement: {
        kind: 'enum',
        about: 'how the matter is billed',
        values: ['hourly rates', 'fixed fee', 'capped fee', 'conditional fee', 'monthly retainer'],
        filter: true,
      },
      responsible_partner: { kind: 'email', about: 'partner responsible for the matter', update: true },
      opened_on: { kind: 'date', about: 'date the matter was opened' },
      budget: { kind: 'money', about: 'fee budget agreed with the client', currency: 'GBP', update: true },
      billed_to_date: { kind: 'money', about: 'fees billed so far', currency: 'GBP' },
      unbilled_hours: { kind: 'number', about: 'recorded time not yet billed (work in progress)', unit: 'hours' },
      conflict_cleared: { kind: 'flag', about: 'whether the conflict check has been cleared', update: true },
      status: {
        kind: 'enum',
        about: 'where the matter stands',
        values: ['intake', 'conflict check pending', 'open', 'on hold', 'pending closure', 'closed'],
        filter: true,
        update: true,
      },
      notes: { kind: 'text', about: 'file note on the matter', search: true },
    },
  },
  {
    noun: ['contract', 'contracts'],
    id: 'contract_id',
    prefix: 'CTR-',
    about: 'the contract register: signed and in-flight agreements with their renewal and notice terms',
    fields: {
      counterparty: { kind: 'text', about: 'the other party to the contract', search: true },
      contract_type: {
        kind: 'enum',
        about: 'type of agreement',
        values: ['MSA', 'NDA', 'SaaS subscription', 'supply agreement', 'lease', 'licence', 'DPA', 'SOW'],
        filter: true,
      },
      governing_law: {
        kind: 'enum',
        about: 'governing law clause',
        values: ['England and Wales', 'Scotland', 'Ireland', 'New York', 'Delaware', 'Germany'],
        filter: true,
      },
      effective_date: { kind: 'date', about: 'date the contract took effect' },
      renewal_date: { kind: 'date', about: 'date the current term ends or renews', update: true },
      // (follows from the renewal date and the notice period: not edited on its own)
      notice_deadline: {
        kind: 'date',
        about: 'last day to give notice of termination: renewal date less notice period',
      },
      notice_period_days: {
        kind: 'number',
        about: 'notice needed to terminate before renewal',
        unit: 'days',
        int: true,
      },
      annual_value: { kind: 'money', about: 'annual contract value', currency: 'GBP' },
      auto_renew: {
        kind: 'flag',
        about: 'whether the contract renews automatically unless notice is served',
        update: true,
      },
      contract_owner: { kind: 'email', about: 'business owner of the contract', update: true },
      status: {
        kind: 'enum',
        about: 'contract status',
        values: ['draft', 'in negotiation', 'awaiting signature', 'executed', 'in renewal', 'terminated', 'expired'],
        filter: true,
        update: true,
      },
      notes: {
        kind: 'text',
        about: 'clause notes (liability cap, termination rights, change of control)',
        search: true,
      },
    },
  },
  {
    noun: ['deadline', 'deadlines'],
    id: 'deadline_id',
    prefix: 'DL-',
    about: 'court, tribunal and limitation deadlines diarised against matters',
    fields: {
      matter_id: { kind: 'ref', about: 'matter the deadline belongs to', table: 'matters' },
      deadline_kind: {
        kind: 'enum',
        about: 'what falls due',
        values: [
          'limitation period',
          'service of claim form',
          'defence',
          'disclosure',
          'witness statements',
          'expert reports',
          'hearing',
          'appeal window',
        ],
        filter: true,
      },
      court: {
        kind: 'enum',
        about: 'court or tribunal',
        values: [
          'High Court (KBD)',
          'Business and Property Courts',
          'County Court',
          'Employment Tribunal',
          'Court of Appeal',
          'LCIA arbitration',
        ],
        filter: true,
      },
      due_date: { kind: 'date', about: 'date the step must be done by', update: true },
      fee_earner: { kind: 'email', about: 'fee earner responsible for meeting the deadline', update: true },
      court_fee: { kind: 'money', about: 'court or filing fee payable', currency: 'GBP' },
      diarised: { kind: 'flag', about: 'whether the deadline is in the firm-wide diary with reminders', update: true },
      status: {
        kind: 'enum',
        about: 'deadline status',
        values: ['upcoming', 'in preparation', 'filed', 'extension sought', 'extended', 'missed', 'vacated'],
        filter: true,
        update: true,
      },
      notes: { kind: 'text', about: 'note on the step (directions order, agreed extensions)', search: true },
    },
  },
  {
    noun: ['legal hold', 'legal holds'],
    id: 'hold_id',
    prefix: 'LH-',
    about: 'litigation holds issued to custodians, telling them to preserve documents for a matter',
    fields: {
      matter_id: { kind: 'ref', about: 'matter the hold preserves evidence for', table: 'matters' },
      custodian: { kind: 'person', about: 'person holding the documents' },
      custodian_email: { kind: 'email', about: "the custodian's e-mail" },
      department: {
        kind: 'enum',
        about: "custodian's department",
        values: ['Finance', 'Sales', 'Engineering', 'HR', 'Operations', 'Executive'],
        filter: true,
      },
      issued_on: { kind: 'date', about: 'date the hold notice was issued' },
      issued_by: { kind: 'email', about: 'lawyer who issued the hold' },
      reminders_sent: {
        kind: 'number',
        about: 'reminders sent since issue',
        unit: 'reminders',
        int: true,
        update: true,
      },
      acknowledged: { kind: 'flag', about: 'whether the custodian has acknowledged the hold', update: true },
      status: {
        kind: 'enum',
        about: 'hold status',
        values: ['draft', 'issued', 'reminder sent', 'escalated', 'released'],
        filter: true,
        update: true,
      },
      scope: {
        kind: 'text',
        about: 'what must be preserved (mailboxes, shared drives, date range, devices)',
        search: true,
      },
    },
  },
];

export const matters = defineTableService({
  name: 'matters',
  description: 'Law firm matter management: matters, the contract register, court deadlines and legal holds.',
  tables: MATTERS_TABLES,
});
