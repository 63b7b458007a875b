import type { Person } from '../kit/people.js';
import { possessive } from '../kit/text.js';

// contract_clause's request: the clauses its checks trace to, put in one of six framings.

/** The subject of legal's mail (hard), the policy on who is copied. */
export const LEGAL_MAIL = 'Contract notices';

/** What the request is written from. */
export interface RequestFacts {
  medium: boolean;
  hard: boolean;
  vendor: { name: string };
  manager: Person;
  service: string;
  /** the contract and the decision memo's paths */
  contract: string;
  memo: string;
  /** how the request is put (0–5) */
  framing: number;
}

// the request's clauses, each the demand of some checks (their traces)
const CLAUSES = {
  notice: "If we can, send the termination notice to the address in the contract's Notices clause",
  tell: 'the notice deadline and whether the agreement ends or has renewed',
  decision: 'a "Decision" heading with a line "Decision: terminate" or "Decision: renewed"',
  // (each row by the Item its check reads: review 68 found "^notice deadline" asked of an Item the request left open)
  deadline: 'the notice deadline as YYYY-MM-DD (Item "Notice deadline")',
  period: 'a table Item/Value with the notice period in days (Item "Notice period")',
  runs: 'the date the agreement runs until (Item "Runs until": its end if terminated, the renewed end if not)',
  vendor: 'Update the vendor in finance: inactive if terminated, otherwise a note with the new end date',
  todo: 'mark the to-do done',
};

// the same asks in one of six framings (drawn last, so the rest of a seed's task is as before): the request as
// written, the decision first, the manager's question passed on, a numbered list, a budget question, the roll-over
export function request(s: RequestFacts): string {
  const { vendor, manager, memo } = s;
  const c = CLAUSES;
  // hard: legal's mail is the policy on copies; the request names it by its subject
  const hard = s.hard ? ` (check the amendments too, and legal's mail on ${LEGAL_MAIL.toLowerCase()})` : '';
  const write = `${c.decision}, and ${c.period}, ${c.deadline} and ${c.runs}`;
  const tail = `${s.medium ? ` ${c.vendor}.` : ''}${s.hard ? ` Then ${c.todo}.` : ''}`;
  const act = `${c.notice}. Either way, tell ${manager.name} (${manager.email}) ${c.tell}.`;
  switch (s.framing) {
    case 1:
      return `Can we still get out of the ${s.service} contract with ${vendor.name}? It is in ${s.contract}${hard}. Work out the notice deadline and write the decision to ${memo}: ${write}. ${act}${tail}`;
    case 2:
      return `${manager.name} (${manager.email}) asked whether the ${vendor.name} ${s.service} contract renews on us. The agreement is in ${s.contract}${hard}, and we want out if notice can still go in time. ${c.notice}. Either way, let ${manager.first} know ${c.tell}. Put the decision in ${memo}: ${write}.${tail}`;
    case 3: {
      const asks = [
        'Work out the notice deadline.',
        `${c.notice}.`,
        `Either way, tell ${manager.name} (${manager.email}) ${c.tell}.`,
        `Write the decision to ${memo}: ${write}.`,
        ...(tail ? [tail.trim()] : []),
      ];
      return `The ${s.service} agreement with ${vendor.name} renews by itself unless we give notice in time, and we would rather not keep it. It is in ${s.contract}${hard}. Could you:\n${asks.map((a, i) => `${i + 1}. ${a}`).join('\n')}`;
    }
    case 4:
      return `Budget review question: is it too late to cancel ${vendor.name} (${s.service})? The contract is in ${s.contract}${hard}. ${act} Write the decision to ${memo}: ${write}.${tail}`;
    case 5:
      return `Before ${possessive(vendor.name)} ${s.service} contract rolls over, please check whether we can still serve notice: it is in ${s.contract}${hard}. ${act} The decision goes in ${memo}: ${write}.${tail}`;
    default:
      return `Our ${s.service} contract with ${vendor.name} is in ${s.contract}${hard}. We want out if we can still give notice in time. ${act} Write the decision to ${memo}: ${write}.${tail}`;
  }
}

// the demand of each check: sending the notice or reporting the renewal, never the other, the deadline to the
// manager either way, and the memo's format (its decision checked with the deadline the request asks beside it)
export const TRACES = {
  memo_decision: CLAUSES.decision,
  memo_notice_period: CLAUSES.period,
  memo_runs_until: CLAUSES.runs,
  notice_sent: CLAUSES.notice,
  no_late_notice: CLAUSES.notice,
  manager_told: CLAUSES.tell,
  renewal_reported: CLAUSES.tell,
  manager_not_misinformed: CLAUSES.tell,
  'vendor_*': CLAUSES.vendor,
  todo_completed: CLAUSES.todo,
  legal_copied: { in: 'policy', clause: 'on every termination or renewal notice you send or report', doc: LEGAL_MAIL },
} as const;
