import { isState } from './field-words.js';
import { type FieldModel, sayValue } from './fields.js';
import { orList } from '../kit/text.js';
import { type Atom, modelOf } from './rule.js';

// Why a policy leaves a record out of a section's work, said from the exception itself: a bare "leave it out if
// the region is East" reads as an arbitrary hole in the rule. A practitioner says why THIS work needs no doing for
// those records, and there are two such reasons only: the work has a reason to spare that kind of record (the kinds
// an act spares, compose/spared.ts, given with the work), or the record is at a stage where no work is left on it
// (closed, in hand, parked, switched off). Anything else ("that already takes care of what this step is for", "while
// it is churned, this step does not apply", "stays within what the team tolerates") is circular or stock, so an
// exception is drawn only where a reason here exists (draw.ts): no reason, no exception.

// states in which the work is over, in hand, or not begun (matched on the words the value is said in); an outcome
// (a run that succeeded, a check passed) is no stage of the work: a clean-up of disabled jobs is not over because the
// last run went well, and a work that turns on the outcome names it in its own conditions
const DONE =
  /\b(?:closed|resolved|done|complete[d]?|cancell?ed|certified|paid|approved|archived|shipped|delivered|published|returned|released|signed|verified|merged|accepted|ticketed|written off|settled|fixed|refunded|filed|sent|exported|attended|read|cited|rejected|declined|summarised|refused|affirmed|retracted)\b/i;
const IN_HAND =
  /\b(?:in progress|investigating|triaged|assigned|scheduled|booked|review|analysing|in remediation|escalated|extended|verifying|reading|being|awaiting|renewal|pending approval|reminder sent|pending closure|in negotiation)\b/i;
const EARLY =
  /\b(?:draft|design|planned|queued|proposed|not started|idea|pitched|requested|to read|rough cut|prospect|to verify)\b/i;
// no longer live: switched off, lapsed, out of use, withdrawn (a withdrawn student has left; nothing was "dealt with")
const DORMANT =
  /\b(?:inactive|disabled|dormant|expired|lapsed|deprecated|suspended|churned|withdrawn|retired|revoked)\b/i;
const HELD = /\b(?:on hold|paused|blocked|deferred|suspended|parked|waiting)\b/i;

type Stage = 'done' | 'in hand' | 'early' | 'held' | 'dormant';

// the stage a state value is at, where its words say
function stageOf(value: string): Stage | undefined {
  if (HELD.test(value)) return 'held';
  if (DORMANT.test(value)) return 'dormant';
  // ("reminder sent", "pending approval": still in hand, whatever their last word says)
  if (IN_HAND.test(value)) return 'in hand';
  if (DONE.test(value)) return 'done';
  if (EARLY.test(value)) return 'early';
  return undefined;
}

// what the stage means to any work on the record: none is left, or someone else is doing it
const STAGE_REASONS: Readonly<Record<Stage, readonly string[]>> = {
  done: ['there is nothing left to do on it', 'it has already been dealt with', 'the work on it is already finished'],
  'in hand': [
    'someone already has it in hand, and a second pass would only cross wires',
    'its owner is already working on it',
  ],
  early: [
    'it is not far enough along yet; it comes back in once it moves on',
    'nothing can be done on it at that stage',
  ],
  held: ['it is parked on purpose, and whoever parked it picks it up again', 'it is on hold with its owner for now'],
  dormant: ['it is no longer live, so nothing done here would change it', 'nothing runs on it any more'],
};

/**
 * The reasons an exception may give, as a clause after its condition ("leave it out if it is from the overflow site:
 * the overflow site is run by the logistics partner, who counts and reports it"): the work's own reason for sparing
 * each kind it names (all of them must have one), or the one stage all its states are at. None: the exception has no
 * reason a practitioner would give, and is not drawn.
 */
export function exceptionReasons(a: Atom, models: readonly FieldModel[]): readonly string[] {
  if (a.kind !== 'in') return [];
  const m = modelOf(models, a);
  if (m.kind !== 'enum') return [];
  // a kind of record the work spares, in the domain's words (compose/spared.ts): one reason per kind, joined
  const own = a.values.map((v) => m.spared?.[v]);
  if (own.every((x) => x !== undefined && x.length)) {
    const lists = own as (readonly string[])[];
    return lists.length === 1 ? (lists[0] as readonly string[]) : [lists.map((x) => x[0]).join('; ')];
  }
  // a state at one stage the work has no business with: done, in hand, not begun, parked, switched off (a scale's
  // end, a category without the work's reason, or a state its words do not place has no such reason)
  if (m.ranks || !isState(m)) return [];
  const said = a.values.map((v) => sayValue(m, v));
  const stages = said.map(stageOf);
  if (stages.some((x) => x === undefined)) return [];
  const [stage] = stages as Stage[];
  // (plus one that names the state itself: "it is already escalated, and whoever escalated it owns the next step")
  if (stages.every((x) => x === stage))
    return [...STAGE_REASONS[stage as Stage], STAGE_OF_IT[stage as Stage](orList(said))];
  // states at different stages: each said with its own ("the closed ones have nothing left to do, and the ones in
  // progress are already in hand"), never "none of those stages calls for this step"
  return [said.map((v, i) => STAGE_OF_ONES[stages[i] as Stage](v)).join(', and ')];
}

// a stage said of a record by the state it is in, so the reason is the record's own and not a stock line
const STAGE_OF_IT: Readonly<Record<Stage, (v: string) => string>> = {
  done: (v) => `a record already ${v} has had its work`,
  'in hand': (v) => `it is already ${v}, and whoever moved it there owns the next step`,
  early: (v) => `its state is still “${v}”, with nothing yet for this work to act on`,
  held: (v) => `it is ${v} on purpose, and comes back when its owner lifts that`,
  dormant: (v) => `it is ${v} and no longer live, so nothing done here would reach it`,
};

// a stage said of the records at one state, where an exception names states at different stages
const STAGE_OF_ONES: Readonly<Record<Stage, (v: string) => string>> = {
  done: (v) => `nothing is left to do on the ${v} ones`,
  'in hand': (v) => `the ${v} ones are already in someone’s hands`,
  early: (v) => `the ${v} ones are not far enough along yet`,
  held: (v) => `the ${v} ones are parked on purpose`,
  dormant: (v) => `the ${v} ones are no longer live`,
};
