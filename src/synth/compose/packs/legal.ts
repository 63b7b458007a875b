import { matters } from '../../../services/domains/matters.js';
import { shuffle } from '../../kit/ids.js';
import { daysFrom } from '../../rules/fields.js';
import type { Rec, World } from '../parts.js';
import { colleague } from '../sources/kit.js';
import { addDays, nth, onDay, packAction, packSource, refId, toWorkingDay } from './table-source.js';
import { termYears } from './contract-term.js';
import { clauseNote, directionsNote, matterNote, ORDERED_WITHIN } from './legal-notes.js';
import { toCourtDay } from './court-days.js';
import { agreeMatter, weekdayBefore } from './legal-matters.js';
import {
  CONTRACT_TERMS,
  CONTRACT_VALUE,
  CONTRACT_FACTS,
  COUNTERPARTIES,
  counterpartiesFor,
  CUSTODIANS,
  DEADLINE_TERMS,
  feeOf,
  HOLD_TERMS,
  holdScope,
  MATTER_TERMS,
  matterFor,
  matterIn,
  MATTERS,
  notExtended,
  STEPS,
} from './legal-data.js';

// Legal: a firm's matter list with its unbilled time, the contract register a commercial team watches for
// renewals and notice dates, court deadlines diarised against matters, and the legal holds issued to a client's
// custodians. Names, notes and spreads are what a fee earner, a paralegal or an in-house counsel would see.

export const clientMatters = packSource({
  name: 'client_matters',
  system: matters,
  table: 'matters',
  fixed: ['conflict_cleared'],
  domains: ['Legal'],
  capabilities: ['Data_Analysis', 'Logic_Reasoning'],
  measure: { field: 'unbilled_hours', label: 'unbilled time', unit: 'hours' },
  fields: {
    fee_arrangement: { label: 'fee arrangement', weights: [6, 3, 2, 1, 2] },
    opened_on: { label: 'opening date', from: -240, to: 0, verb: 'opened' },
    unbilled_hours: { label: 'unbilled time', min: 0, max: 160, step: 0.5 },
    conflict_cleared: {
      label: 'conflict check',
      yes: 'cleared for conflicts',
      no: 'not yet cleared for conflicts',
      p: 0.75,
    },
    status: {
      label: 'status',
      weights: [1, 1, 6, 2, 1, 1],
    },
    notes: { label: 'file note', terms: MATTER_TERMS, write: matterNote },
  },
  make: (w, id, i) => {
    const [client, name, area] = nth(w, MATTERS, i);
    const budget = w.rng.int(8, 240) * 500;
    return {
      matter_id: id,
      client,
      matter_name: name,
      practice_area: area,
      responsible_partner: colleague(w, i).email,
      budget,
      billed_to_date: Math.round(budget * (0.1 + w.rng.next() * 0.85)),
    };
  },
  agree: agreeMatter,
  derive: (rec) => (rec.conflict_cleared === true ? {} : { billed_to_date: 0 }),
  title: (rec) => `${rec.matter_id} (${rec.matter_name})`,
  nameField: { field: 'matter_name', label: 'matter name' },
  owner: { field: 'responsible_partner', role: 'responsible partner' },
  textField: 'notes',
});

// per task (world): the counterparties its contracts are with
const parties = new WeakMap<World, Set<string>>();
const partiesOf = (w: World): Set<string> => {
  let xs = parties.get(w);
  if (!xs) parties.set(w, (xs = new Set()));
  return xs;
};

export const contracts = packSource({
  name: 'contracts',
  system: matters,
  table: 'contracts',
  // (the notice terms are the contract's: nobody moves a deadline mid-task without the renewal date with it)
  fixed: ['contract_type', 'notice_deadline', 'notice_period_days'],
  // a contract's work keys on its notice deadline (the renewal date less the notice period), the last day notice
  // can be given: a rule on the renewal date would take contracts already too late to cancel. The renewal date
  // follows from the deadline and the period (derive), and a contract expires once its term has ended, not before.
  agree: (rec, w) => {
    // a type's standing facts hold on each of its contracts (else it is another type, one that may renew itself)
    const facts = CONTRACT_FACTS[String(rec.contract_type)];
    if (facts && Object.entries(facts).some(([f, v]) => rec[f] !== v))
      return [
        facts,
        ...shuffle(w.rng, ['MSA', 'SaaS subscription', 'supply agreement', 'lease', 'licence']).map(
          (contract_type) => ({
            contract_type,
          }),
        ),
      ];
    const notice = Number(rec.notice_period_days);
    const deadline = daysFrom(w.today, rec.notice_deadline);
    // a contract that renews itself and is past its notice deadline has renewed in all but name: the register has
    // it in renewal, not among the live contracts a rule without a deadline would take (too late to cancel)
    if (rec.status === 'executed' && rec.auto_renew === true && deadline < 0 && deadline + notice > 0)
      return [{ status: 'in renewal' }, { notice_deadline: onDay(w, w.rng.int(1, 60)) }];
    if (rec.status !== 'expired' || deadline + notice <= 0) return [];
    return [
      ...shuffle(w.rng, ['executed', 'in renewal', 'terminated']).map((status) => ({ status })),
      { notice_deadline: onDay(w, -notice - w.rng.int(1, 30)) },
    ];
  },
  domains: ['Legal'],
  capabilities: ['Logic_Reasoning', 'Knowledge_Retrieval'],
  measure: { field: 'annual_value', label: 'annual contract value', unit: 'GBP' },
  fields: {
    contract_type: { label: 'contract type', weights: [3, 3, 4, 2, 1, 2, 2, 3] },
    notice_deadline: {
      label: 'notice deadline',
      from: -60,
      to: 120,
      verb: 'whose notice deadline falls',
      past: 'whose notice deadline passed',
    },
    notice_period_days: { label: 'notice period', min: 30, max: 180, step: 30 },
    auto_renew: {
      label: 'auto-renewal',
      yes: 'set to renew automatically',
      no: 'not set to renew automatically',
      p: 0.6,
    },
    status: { label: 'status', weights: [1, 1, 1, 8, 2, 0.5, 0.5] },
    notes: { label: 'clause notes', terms: CONTRACT_TERMS, write: clauseNote, ofRecord: true },
  },
  make: (w, id, i) => ({
    contract_id: id,
    counterparty: nth(w, COUNTERPARTIES, i),
    governing_law: w.rng.pick([
      'England and Wales',
      'England and Wales',
      'England and Wales',
      'Scotland',
      'Ireland',
      'New York',
      'Delaware',
      'Germany',
    ]),
    contract_owner: colleague(w, i).email,
  }),
  // what a contract is worth a year follows from its type (an NDA or a DPA carries no fee); a signed one took
  // effect its term's years (contract-term.ts, which its notes read too) before that term ends (its notice deadline
  // plus the notice period), one still being agreed takes effect once signed
  derive: (rec, w) => {
    const [lo, hi] = CONTRACT_VALUE[String(rec.contract_type)] ?? [0, 0];
    // the counterparty is one that signs this type of contract, and no other contract of the task's is with it
    const taken = partiesOf(w);
    const fits = counterpartiesFor(String(rec.contract_type));
    const counterparty =
      fits.includes(String(rec.counterparty)) && !taken.has(String(rec.counterparty))
        ? String(rec.counterparty)
        : // (all taken: a second contract of the type with one of them, never one with a company that would not sign it)
          (shuffle(w.rng, fits).find((c) => !taken.has(c)) ?? w.rng.pick(fits));
    taken.add(counterparty);
    const unsigned = ['draft', 'in negotiation', 'awaiting signature'].includes(String(rec.status));
    const renewal = addDays(rec.notice_deadline, Number(rec.notice_period_days));
    return {
      counterparty,
      annual_value: hi ? w.rng.int(lo / 500, hi / 500) * 500 : 0,
      renewal_date: renewal,
      effective_date: unsigned ? onDay(w, w.rng.int(7, 45)) : addDays(renewal, -365 * termYears(rec)),
    };
  },
  title: (rec) => `${rec.contract_id} (${rec.counterparty}, ${rec.contract_type})`,
  nameField: { field: 'counterparty', label: 'counterparty' },
  owner: { field: 'contract_owner', role: 'contract owner' },
  textField: 'notes',
});

export const courtDeadlines = packSource({
  name: 'court_deadlines',
  system: matters,
  table: 'deadlines',
  fixed: ['deadline_kind', 'court', 'diarised'],
  tense: {
    state: 'status',
    date: 'due_date',
    past: ['missed'],
    ahead: ['upcoming', 'in preparation', 'extension sought'],
  },
  noun: ['court deadline', 'court deadlines'],
  domains: ['Legal'],
  capabilities: ['Logic_Reasoning'],
  measure: { field: 'court_fee', label: 'court fee', unit: 'GBP' },
  fields: {
    deadline_kind: { label: 'deadline type', weights: [1, 2, 3, 3, 3, 2, 2, 1] },
    court: { label: 'court', weights: [4, 3, 4, 2, 1, 1] },
    due_date: { label: 'due date', from: -10, to: 60, verb: 'due', past: 'due' },
    diarised: { label: 'diary entry', yes: 'already in the firm diary', no: 'not yet in the firm diary', p: 0.55 },
    status: { label: 'status', weights: [5, 4, 2, 1, 1, 0, 1] },
    notes: { label: 'note', terms: DEADLINE_TERMS, write: directionsNote, ofRecord: true },
  },
  make: (w, id, i) => ({ deadline_id: id, fee_earner: colleague(w, i).email }),
  // a deadline falls in a matter being fought in its court (the deadlines of one court share a matter), and costs
  // what that step costs there: a hearing fee, an issue fee, nothing for exchanging documents or in arbitration
  derive: (rec, w) => ({ matter_id: matterIn(w, rec.court), court_fee: feeOf(rec, w) }),
  // a step is one that court takes (no disclosure in the Court of Appeal, no claim form in an arbitration), and a
  // court or tribunal date falls on a day the courts sit (not a weekend, not a bank holiday)
  agree: (rec, w) => {
    const kinds = STEPS[String(rec.court)];
    // (and no extension of a date no agreement moves: legal-data.ts)
    const first = [toCourtDay(rec.due_date).map((due_date) => ({ due_date })), notExtended(rec, kinds ?? [], w)];
    for (const repairs of first) if (repairs.length) return repairs;
    if (!kinds || kinds.includes(String(rec.deadline_kind))) return [];
    const courts = Object.keys(STEPS).filter((c) => STEPS[c]?.includes(String(rec.deadline_kind)));
    return [
      ...shuffle(w.rng, kinds).map((deadline_kind) => ({ deadline_kind })),
      ...shuffle(w.rng, courts).map((court) => ({ court })),
    ];
  },
  title: (rec) => `${rec.deadline_id} (${rec.deadline_kind}, ${rec.matter_id})`,
  nameField: { field: 'matter_id', label: 'matter number' },
  owner: { field: 'fee_earner', role: 'fee earner' },
  textField: 'notes',
  parents: { matter_id: clientMatters },
  // the matter is a dispute heard in that court, live while its deadlines run
  fitParent: (matter, deadlines, w) => ({
    ...matterFor(
      w,
      (courts) => courts.includes(String(deadlines[0]?.court)),
      Number(String(matter.matter_id).slice(4)),
    ),
    ...(['intake', 'conflict check pending', 'pending closure', 'closed'].includes(String(matter.status))
      ? { status: 'open' }
      : {}),
    // a matter being litigated cleared its conflict check before any work on it
    conflict_cleared: true,
    // and was opened well before its first court date, its time recorded since
    ...openedBefore(matter, deadlines.map((d) => String(d.due_date)).sort()[0], w),
  }),
});

// a matter opened before the order that set its first court date (ORDERED_WITHIN days before it at most) if it was
// not, and no more time unbilled than its days allow
function openedBefore(matter: Rec, first: string | undefined, w: World): Rec {
  const opened =
    first && String(matter.opened_on) >= addDays(first, -ORDERED_WITHIN)
      ? [addDays(first, -ORDERED_WITHIN - w.rng.int(10, 180)), onDay(w, -1)]
          .sort()
          .map((d) => weekdayBefore(d)[0] ?? d)[0]
      : String(matter.opened_on);
  const days = -daysFrom(w.today, opened);
  const hours = Number(matter.unbilled_hours);
  return { opened_on: opened, ...(hours > 2 + 6 * days ? { unbilled_hours: Math.max(0, days * 2) } : {}) };
}

export const legalHolds = packSource({
  name: 'legal_holds',
  system: matters,
  table: 'legal_holds',
  fixed: ['department', 'reminders_sent', 'acknowledged'],
  domains: ['Legal'],
  capabilities: ['Logic_Reasoning'],
  // (reminders to different custodians add up to nothing, and the most is a guess from 0 to 6)
  measure: { field: 'reminders_sent', label: 'reminder count', unit: 'reminders', additive: false, extreme: false },
  fields: {
    department: { label: 'department', weights: [3, 3, 2, 1, 2, 1] },
    custodian_status: { label: 'custodian status', weights: [8, 1.5, 2, 1] },
    issued_on: { label: 'issue date', from: -120, to: 0, verb: 'issued' },
    reminders_sent: { label: 'reminder count', min: 0, max: 6, step: 1, unit: '' },
    acknowledged: {
      label: 'acknowledgement',
      yes: 'acknowledged by the custodian',
      no: 'not yet acknowledged',
      p: 0.5,
      stake: { no: 'are where documents could still be lost' },
    },
    status: { label: 'status', weights: [0.5, 5, 3, 1, 1] },
    scope: { label: 'scope', terms: HOLD_TERMS, write: holdScope },
  },
  make: (w, id, i) => {
    const name = nth(w, CUSTODIANS, i);
    return {
      hold_id: id,
      matter_id: refId(w, 'MAT-', i, 2),
      custodian: name,
      custodian_email: `${name.toLowerCase().replace(/ /g, '.')}@client-mail.example`,
      issued_by: colleague(w, i).email,
    };
  },
  title: (rec) => `${rec.hold_id} (${rec.custodian}, ${rec.department})`,
  nameField: { field: 'custodian', label: 'custodian' },
  owner: { field: 'issued_by', role: 'lawyer who issued the hold' },
  textField: 'scope',
  parents: { matter_id: clientMatters },
  // a hold preserves documents for a dispute or an investigation, issued once the matter was open
  fitParent: (matter, holds, w) => {
    const first = holds.map((h) => String(h.issued_on)).sort()[0];
    return {
      ...matterFor(
        w,
        (courts, area) => courts.length > 0 || area === 'regulatory',
        Number(String(matter.matter_id).slice(4)),
      ),
      ...(first && String(matter.opened_on) > first ? { opened_on: addDays(first, -w.rng.int(3, 60)) } : {}),
      ...(['intake', 'conflict check pending', 'closed'].includes(String(matter.status)) ? { status: 'open' } : {}),
      // (and was cleared for conflicts before anyone was told to preserve documents)
      conflict_cleared: true,
    };
  },
  // reminders follow the hold's issue (a draft has none, an issued one none yet, at most one a week), and one
  // escalated for silence has not been acknowledged
  agree: (rec, w) => {
    const sent = Number(rec.reminders_sent);
    const weeks = Math.floor(-daysFrom(w.today, rec.issued_on) / 7);
    const out: Rec[] = [];
    // (either way out first, as often: a hold sent reminders is an old one, and an old one need not have had many)
    if (sent > weeks + 1) {
      const older = [0, 3, 6, 13].map((d) => ({ issued_on: onDay(w, -7 * sent - d) }));
      const fewer = { reminders_sent: w.rng.int(0, Math.max(0, weeks)) };
      out.push(...(w.rng.chance(0.5) ? [...older, fewer] : [fewer, ...older]));
    }
    if (rec.status === 'draft' && (sent > 0 || rec.acknowledged))
      out.push({ status: sent > 0 ? 'reminder sent' : 'issued' }, { reminders_sent: 0, acknowledged: false });
    if (rec.status === 'issued' && sent > 0) out.push({ status: 'reminder sent' }, { reminders_sent: 0 });
    if (rec.status === 'reminder sent' && sent === 0)
      out.push({ reminders_sent: w.rng.int(1, 2) }, { status: 'issued' });
    if (rec.status === 'escalated' && rec.acknowledged) out.push({ acknowledged: false }, { status: 'reminder sent' });
    return out;
  },
});

export const actions = [
  packAction(contracts, matters, {
    name: 'contract_into_renewal',
    approves: true,
    lean: { notice_deadline: 'ahead' },
    sections: ['Renewal', 'Renewal review'],
    from: ['executed'],
    field: 'status',
    value: 'in renewal',
    phrases: ['move each of those contracts to "in renewal"', 'set each contract\'s status to "in renewal"'],
    capabilities: ['Tool_Calling'],
  }),
  packAction(courtDeadlines, matters, {
    name: 'diarise_deadline',
    lean: { due_date: 'ahead' },
    sections: ['Diary entry', 'Diarising'],
    when: { status: ['upcoming', 'in preparation', 'extension sought', 'extended'] },
    field: 'diarised',
    value: true,
    phrases: ['diarise each of those deadlines', 'mark each one as diarised in the matter system'],
    capabilities: ['Tool_Calling', 'Calendar_Scheduling'],
  }),
  packAction(legalHolds, matters, {
    name: 'escalate_hold',
    lean: { issued_on: 'stale', reminders_sent: 'high', acknowledged: false },
    sections: ['Escalation', 'Hold escalation'],
    from: ['issued', 'reminder sent'],
    field: 'status',
    value: 'escalated',
    phrases: ['mark each of those holds as escalated', 'set those legal holds to escalated'],
  }),
];
