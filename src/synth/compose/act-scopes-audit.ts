import type { Scope } from '../rules/draw.js';
import { scope } from './act-scopes-care.js';

// The categories audited and regulated work is narrowed to (act-scopes.ts says what a scope is): the findings of one
// source, the access an audit tests, the leavers whose exit wipes data soonest, the exam series whose board has a
// claim window, the checks whose hangar time is scarce. Several per work, each with its reason, so tasks of one work
// differ in the part they take.

const BASE_CHECKS: readonly Scope[] = [
  scope(
    'check_type',
    ['C-check'],
    'a C-check’s hangar slot is booked months ahead, and an aircraft whose paperwork is not ready by then loses it',
  ),
  scope(
    'check_type',
    ['landing gear overhaul'],
    'a gear overhaul waits on the exchange unit the lessor ships, which must be ordered well before the date',
  ),
];

export const AUDIT_SCOPES: Readonly<Record<string, Readonly<Record<string, readonly Scope[]>>>> = {
  security_findings: {
    // (the severe findings of one source, where that source's queue has a clock or a reader of its own)
    'Severity triage': [
      scope(
        'source',
        ['vulnerability scan'],
        'the scanner’s critical and high findings go to the patch board, which cannot schedule a fix until each is triaged',
      ),
      scope(
        'source',
        ['code scanning'],
        'a critical or high code-scanning alert blocks the merge, so the release waits until it is triaged',
      ),
      scope(
        'source',
        ['cloud posture scan'],
        'a cloud misconfiguration is fixed in minutes once triaged, so its severe findings are the quickest risk taken off',
      ),
      scope(
        'source',
        ['penetration test'],
        'the customer’s security team reads the pen-test report’s critical and high findings first, with our triage of each',
      ),
    ],
    Triage: [
      scope(
        'severity',
        ['critical', 'high'],
        'an exposed critical or high finding is the one attackers scan for, so those are triaged the day they land and the rest at the weekly triage meeting',
      ),
      scope(
        'source',
        ['penetration test'],
        'each pen-test report goes to the customer’s security team with our triage of every finding in it',
      ),
      scope(
        'source',
        ['bug bounty'],
        'the bounty programme promises researchers a triage decision within five working days',
      ),
      scope(
        'source',
        ['cloud posture scan'],
        'the cloud posture tool feeds no other queue, so triage is the only place its findings are looked at',
      ),
      scope(
        'source',
        ['code scanning'],
        'code scanning now blocks merges, so its findings hold up the release until they are triaged',
      ),
    ],
    'Remediation chase': [
      scope(
        'source',
        ['penetration test'],
        'customer contracts require penetration-test findings closed before the annual report is shared',
      ),
    ],
  },
  access_reviews: {
    Revocation: [
      scope(
        'system',
        ['AWS production', 'Snowflake'],
        'the SOC 2 auditors test access to the systems in the report’s scope',
      ),
      scope(
        'system',
        ['NetSuite'],
        'NetSuite is the ledger in the SOX scope, and the external auditors sample its user list at every audit',
      ),
      scope(
        'system',
        ['GitHub'],
        'GitHub holds the source code, and an unused account with push rights is how a supply-chain attack starts',
      ),
      scope(
        'system',
        ['Salesforce'],
        'Salesforce holds every customer’s personal data, and each unused seat there is a paid licence',
      ),
    ],
  },
  exam_sittings: {
    'Special consideration': [
      scope(
        'exam_series',
        ['May/June'],
        'the awarding bodies take claims for the May/June series only within days of its last paper',
      ),
      scope(
        'exam_series',
        ['January'],
        'the January series is the international board’s, which takes claims only in the week after its last paper',
      ),
      scope(
        'exam_series',
        ['November'],
        'the November series is the resit series, and a resit claim must reach the board within a week of the paper',
      ),
      scope(
        'exam_series',
        ['August resit'],
        'August resit claims go straight to the board’s summer team, which closes its list before results day',
      ),
    ],
    // (the entries an inspector or the board return reads one by one)
    Review: [
      scope(
        'access_arrangement',
        ['25% extra time', 'separate room', 'reader', 'scribe', 'rest breaks'],
        'the JCQ inspector checks every candidate with an access arrangement had it on the day, entry by entry',
      ),
      scope(
        'exam_series',
        ['May/June'],
        'the summer series is the one the college’s results return to the board is made on, entry by entry',
      ),
    ],
  },
  // (a leaver's hold goes to IT and the manager before the exit: where a department's exit wipes data soonest)
  legal_holds: {
    'Leaver escalation': [
      scope(
        'department',
        ['Engineering'],
        'engineering laptops are re-imaged as soon as IT has them back, not kept the 30 days other kit is',
      ),
      scope(
        'department',
        ['Sales'],
        'a salesperson’s phone holds the client messages, and it is wiped as it is handed in',
      ),
      scope(
        'department',
        ['Finance'],
        'finance mailboxes hold the ledgers and approvals the matter turns on, and are closed on the leaving date',
      ),
    ],
  },
  aircraft_inspections: {
    // (a review of the checks falling due takes those whose slot or part is booked ahead, and lost if missed)
    Review: BASE_CHECKS,
    'Audit sample': BASE_CHECKS,
    Planning: [
      scope(
        'aircraft_type',
        ['B737-800'],
        'the latest airworthiness directive applies to the 737-800 fleet, and is planned in with them',
      ),
      // (the checks whose hangar time or specialist is the scarce part: planned in their own round)
      scope(
        'check_type',
        ['A-check'],
        'an A-check takes the aircraft out of the flying programme overnight, and ops control needs that night agreed',
      ),
      scope(
        'check_type',
        ['borescope'],
        'borescope inspections need the one engine specialist the two bases share, whose days are booked in turn',
      ),
    ],
  },
};
