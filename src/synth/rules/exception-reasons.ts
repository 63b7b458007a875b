import type { Rng } from '../../env/rng.js';
import { aOrAn, capitalise, orList } from '../kit/text.js';
import type { Lean } from './draw.js';
import { isState } from './field-words.js';
import { type FieldModel, type Nouns, sayValue } from './fields.js';
import { type Atom, modelOf, termsOf } from './rule.js';

// Why a policy leaves a record out of a section's work, said from the exception itself: a bare "leave it out if
// the region is East" reads as an arbitrary hole in the rule. A practitioner says what makes the excepted records
// need no action here: nothing is left to do, someone has it in hand, another team owns them, they sit on the side
// of a measure the team tolerates. Derived from the field, its values and the side of it the work leans on.

// states in which the work is over, in hand, or not begun (matched on the words the value is said in)
const DONE =
  /\b(?:closed|resolved|done|complete[d]?|cancell?ed|certified|paid|approved|archived|shipped|delivered|published|returned|released|signed|verified|merged|accepted|ticketed|written off|settled|fixed|retired|revoked|withdrawn|refunded|filed|sent|exported|attended|passing|read|cited|rejected|declined|summarised|success|succeeded|healthy|passed)\b/i;
const IN_HAND =
  /\b(?:in progress|investigating|triaged|assigned|scheduled|booked|review|analysing|in remediation|escalated|extended|verifying|reading|being|awaiting|renewal|pending approval|reminder sent)\b/i;
const EARLY = /\b(?:draft|design|planned|queued|proposed|not started|idea|pitched|requested|to read|rough cut)\b/i;
// no longer live: switched off, lapsed, out of use
const DORMANT = /\b(?:inactive|disabled|dormant|expired|lapsed|deprecated|suspended)\b/i;

// the side of a field the work leans on, as a number's direction
const leansHigh = (l: Lean | undefined) => (l === 'high' ? true : l === 'low' ? false : undefined);

const HELD = /\b(?:on hold|paused|blocked|deferred|suspended|parked|waiting)\b/i;

// the stage a state value is at, where its words say
function stageOf(value: string): 'done' | 'in hand' | 'early' | 'held' | 'dormant' | undefined {
  if (HELD.test(value)) return 'held';
  if (DORMANT.test(value)) return 'dormant';
  // ("reminder sent", "pending approval": still in hand, whatever their last word says)
  if (IN_HAND.test(value)) return 'in hand';
  if (DONE.test(value)) return 'done';
  if (EARLY.test(value)) return 'early';
  return undefined;
}

const STAGE_REASONS: Readonly<Record<string, readonly string[]>> = {
  done: [
    'there is nothing left to do on it',
    'it has already been dealt with',
    'the work on it is already finished',
    'the step would only repeat what was done',
  ],
  'in hand': [
    'someone already has it in hand, and a second pass would only cross wires',
    'its owner is already working on it',
    'it is already being handled, so it would only be done twice',
  ],
  early: [
    'it is not far enough along yet; it comes back in once it moves on',
    'nothing can be done on it at that stage',
  ],
  held: ['it is parked on purpose, and whoever parked it picks it up again', 'it is on hold with its owner for now'],
  dormant: ['it is no longer live, so the step would change nothing', 'nothing runs on it any more'],
  mixed: [
    'at those stages this step does not apply; it comes back in if the status changes',
    'none of those stages calls for this step',
  ],
};

function enumReason(a: Atom & { values: readonly string[] }, m: FieldModel, n: Nouns, rng: Rng): string {
  const said = m.kind === 'enum' ? a.values.map((v) => sayValue(m, v)) : [...a.values];
  const negated = a.kind === 'not_in';
  // a kind of record with a reason of its own to be spared, in the domain's words (compose/spared.ts)
  const own = m.kind === 'enum' && !negated ? a.values.map((v) => m.spared?.[v]) : [];
  if (own.length && own.every((x) => x !== undefined))
    return own.map((x) => rng.pick(x as readonly string[])).join('; ');
  // a state at a stage the work has no business with: done, in hand, not begun, parked
  const stages = new Set(said.map(stageOf));
  if (!negated && !stages.has(undefined))
    return rng.pick(STAGE_REASONS[stages.size === 1 ? ([...stages][0] as string) : 'mixed'] as readonly string[]);
  // a state its words do not place (an integration "active", a customer "trial"): said of that state, never a stock
  // arrangement nobody can check
  if (!negated && m.kind === 'enum' && !m.ranks && isState(m))
    return rng.pick([
      `while it is ${orList(said)}, this step does not apply to it`,
      `${aOrAn(n.singular)} ${n.singular} that is ${orList(said)} is not at the stage this step is for`,
    ]);
  // a scale's less pressing end waits for the routine round; its pressing end is taken straight away elsewhere
  if (m.kind === 'enum' && m.ranks && !negated) {
    const ranks = m.ranks;
    const top = a.values.every((v) => ranks.indexOf(v) >= ranks.length / 2);
    return top
      ? rng.pick([
          'those go straight to the escalation route instead, which has its own steps',
          'those are taken out of this queue and handled at once by the lead',
        ])
      : rng.pick([
          'those wait for the routine weekly round',
          'the team picks those up in its regular sweep instead',
          'they can wait for the next scheduled pass',
        ]);
  }
  // a category: what that kind of record means to the work, said from the field (a payment the company made has
  // nothing to pay back, a kind covered by a standing agreement needs no decision); an owner elsewhere only where
  // the field names a share of the work someone really holds (a place's lead, a language's desk, a team), and then
  // not always: "another team owns it" is a reason nobody can check, so it is one reason among several
  return categoryReason(m.label, orList(said), rng);
}

// per family of category field, reasons from what the field means; `owner` (a real owner for that share) is one
// option among the domain reasons, never the only one
const CATEGORY: readonly { label: RegExp; domain: (v: string) => string[]; owner?: (v: string) => string[] }[] = [
  {
    label: /\b(?:payment|method|paid|funding|card|billing|tender)\b/i,
    domain: () => [
      'the statement for those already shows what this step is after',
      'those are settled straight from the company account, so there is nothing to act on here',
      'those are reconciled from the monthly statement instead',
    ],
  },
  {
    label: /\b(?:zone|bay|block|floor|room|site|region|ward|line|court|office|location|warehouse|clinic|tribunal)\b/i,
    domain: (v) => [
      `${v} is worked on its own day of the week, on a round of its own`,
      `${v} has its own list, worked through on its own round`,
    ],
    owner: (v) => [`${v} has its own lead, who sees to those on their own round`],
  },
  {
    label:
      /\b(?:language|currency|pair|platform|channel|market|outlet|publisher|broker|insurer|supplier|vendor|carrier)\b/i,
    domain: (v) => [
      `those for ${v} go out together in their own weekly batch`,
      `a standing agreement with ${v} already covers those, so nothing needs deciding case by case`,
      `${v} is already on a framework agreement that settles this`,
    ],
    owner: (v) => [`those go to the colleague who covers ${v}, who handles them directly`],
  },
  {
    label: /\b(?:specialty|department|service|repository|team|desk|section|database|practice area|owner)\b/i,
    domain: (v) => [`${v} runs this step inside its own release routine`, `${v} has it built into its own checklist`],
    owner: (v) => [`the ${v} team sees to those itself`, `${v} has its own people on those`],
  },
  {
    label: /\b(?:kind|type|category|topic|format|genre|class|purpose|source|reason|plan|tier|contract|licen[cs]e)\b/i,
    domain: () => [
      'that kind follows a fixed checklist agreed up front, so nothing needs deciding here',
      'a framework agreement already covers that kind, so there is nothing to settle one by one',
      'that kind carries little risk here, and the quarterly spot check is enough for it',
      'that kind is pre-approved under a standing arrangement, so the step would add nothing',
      'those are gathered up and cleared together in the routine batch',
    ],
  },
];

function categoryReason(label: string, value: string, rng: Rng): string {
  const family = CATEGORY.find((c) => c.label.test(label));
  const domain = family?.domain(value) ?? [
    'those are gathered up and cleared together in the routine batch',
    'a standing arrangement agreed in advance already covers those',
    'those carry little risk here, and the periodic spot check is enough for them',
    'for those the step is built into the standard procedure already',
  ];
  // an owner is named a quarter of the time at most, and only where the field has one
  const owner = family?.owner?.(value);
  return owner && rng.chance(0.25) ? rng.pick(owner) : rng.pick(domain);
}

/**
 * The reason an exception gives, as a clause after its condition ("leave it out if its severity is low: those wait
 * for the routine weekly round"). `lean`: the side of each field the work calls for (an exception on the other side
 * of a measure is one the team tolerates; one on a field without a side is another team's share).
 */
export function exceptionReason(
  a: Atom,
  models: readonly FieldModel[],
  n: Nouns,
  rng: Rng,
  lean: Readonly<Record<string, Lean>> = {},
): string {
  const m = modelOf(models, a);
  switch (a.kind) {
    case 'in':
    case 'not_in':
      return enumReason(a, m, n, rng);
    case 'at_least':
    case 'at_most': {
      const high = leansHigh(lean[a.field]);
      const upward = a.kind === 'at_least';
      if (high !== undefined)
        return upward
          ? rng.pick([
              'at that level it is within the normal range, so the step would only add noise',
              'from there up it is healthy enough to leave to the routine check',
            ])
          : rng.pick([
              'below that line the effort outweighs what is at stake',
              'at that level it stays within what the team tolerates',
            ]);
      return upward
        ? rng.pick([
            'those are large enough to get their own review with the team lead',
            'anything that size is routed to the lead, who handles it personally',
          ])
        : rng.pick([
            'those are too small to be worth a separate step',
            'the small ones are cleared together in the monthly batch',
          ]);
    }
    case 'flag':
      return rng.pick([
        'then what this step is for is already covered',
        'nothing further is needed then',
        'that already takes care of what this step is for',
      ]);
    // (said of the word the note holds: what a note of "waterlogging" means is not what one of "external guests" does)
    case 'mentions': {
      const said = `${m.label.toLowerCase().replace(/\bnotes$/, 'note')} mentioning ${orList(termsOf(a))}`;
      return Array.isArray(lean[a.field])
        ? rng.pick([
            `${aOrAn(said)} ${said} marks it as routine, and routine ones go through the normal queue`,
            `${capitalise(n.plural)} with ${aOrAn(said)} ${said} are routine and can wait`,
          ])
        : rng.pick([
            `${aOrAn(said)} ${said} means someone is already dealing with it`,
            `${aOrAn(said)} ${said} shows it already has a route of its own`,
          ]);
    }
    default:
      // a date never excepts (draw.ts): a window says when the work is due, never who is spared it
      return rng.pick(['those are handled separately', 'another part of the procedure covers those']);
  }
}
