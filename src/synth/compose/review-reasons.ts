import type { Rng } from '../../env/rng.js';
import { capitalise, isAre, orList } from '../kit/text.js';
import { type FieldModel, sayValue } from '../rules/fields.js';
import type { Nouns } from '../rules/fields.js';
import { ownLabel } from '../rules/prose.js';
import { type Atom, modelOf, type Rule, termsOf } from '../rules/rule.js';
import { DUE_STAKES } from './due-stakes.js';

// a close date's stake where the record type names none of its own
const FALLS_DUE = 'fall due before the review comes round again';

// Why a review (or an audit sample) looks at the records its rule picks, said from the rule itself: a review has no
// act of its own to give a reason, and a stock line ("a regular look catches what slipped") heads "in Bay 2
// unless it has a gas point" as readily as anything. The condition that picks the records says why they deserve
// the look: the oldest are the likeliest forgotten, the largest sums cost most when wrong, an audit's segment is its
// sample.

// which records a condition picks, and what makes them worth the look
interface Why {
  who: string;
  risk: string;
}

function whyOf(a: Atom, m: FieldModel, n: Nouns, rng: Rng, source?: string): Why | undefined {
  const label = ownLabel(m.label, n);
  const has = isAre(label);
  const p = n.plural;
  switch (a.kind) {
    // (a date far back says nothing of why it matters: "the likeliest to have been forgotten" fits any records, and
    // read across many policies is a stock line; the record type's plain purpose speaks for them instead)
    case 'older':
      return undefined;
    case 'recent':
      return {
        who: `${p} with a recent ${label}`,
        risk: rng.pick([
          'can still be put right cheaply',
          'are still fresh enough to correct before anyone relies on them',
        ]),
      };
    case 'due_within': {
      // what the date costs if it comes with the work undone, in the record type's own terms (due-stakes.ts)
      // (a record type with no stake of its own: the next round comes after the date, not "cannot wait for it")
      const stakes = DUE_STAKES[source ?? ''] ?? [];
      return { who: `${p} whose ${label} ${has} close`, risk: rng.pick(stakes.length ? stakes : [FALLS_DUE]) };
    }
    case 'overdue':
      return { who: `${p} whose ${label} has passed`, risk: 'have already slipped' };
    // only an amount of money says by its size why it matters ("the largest cost most when wrong"); a high count of
    // gas points or a long notice period says nothing of risk, so such a condition gives no reason of its own
    case 'at_least':
      if (m.kind !== 'number' || !m.currency) return undefined;
      return {
        who: `${p} high on ${label}`,
        // "high on estimated cost" is never followed by "cost the most"
        risk: rng.pick(
          ['cost the most when they are wrong', 'carry the most money if something is off'].filter(
            (r) => !label.endsWith(` ${r.split(' ')[0]}`) && label !== r.split(' ')[0],
          ),
        ),
      };
    // a level (a share, a percentage) running low is the sign; a low count or a short period is not
    case 'at_most':
      if (m.kind !== 'number' || !m.percent) return undefined;
      return {
        who: `${p} low on ${label}`,
        risk: rng.pick(['are the first to show that something needs attention', 'are the ones most often overlooked']),
      };
    // a yes/no says why only where the field says what is at stake on its side ("most likely to need a second
    // look" explains a review by the review; a seat by the window is a feature, not a risk)
    case 'flag': {
      const risk = m.kind === 'flag' ? m.stake?.[a.value ? 'yes' : 'no'] : undefined;
      return m.kind === 'flag' && risk ? { who: `${p} ${a.value ? m.yes : m.no}`, risk } : undefined;
    }
    case 'mentions':
      return { who: `${p} whose ${label} mentions ${orList(termsOf(a))}`, risk: 'need a closer read than the rest' };
    default:
      return undefined;
  }
}

// a share of the records named by a value ("ward beds in Bay 2"): the segment an audit samples
function roundOf(a: Atom, m: FieldModel, n: Nouns, audit: boolean, rng: Rng): string | undefined {
  if ((a.kind !== 'in' && a.kind !== 'not_in') || m.kind !== 'enum') return undefined;
  const label = ownLabel(m.label, n);
  const values = orList(a.values.map((v) => sayValue(m, v)));
  const share = a.kind === 'in' ? `whose ${label} is ${values}` : `whose ${label} is anything but ${values}`;
  // an audit draws its sample from a segment; a review taking "one venue at a time" is a pretend reason, so a
  // review's share gives none of its own (the section's usual reason stands)
  return audit
    ? rng.pick([
        `This quarter's audit sample is drawn from the ${n.plural} ${share}; the team checks them before the auditors do.`,
        `Internal audit takes its sample from the ${n.plural} ${share} this time, so those are checked first.`,
      ])
    : undefined;
}

/**
 * The reason a review-only section gives for its rule: the first condition that says why its records deserve the
 * look (the rule's alternatives, when its conditions only narrow it), else (an audit) the segment it samples.
 */
export function reviewReason(
  section: string,
  rule: Rule,
  models: readonly FieldModel[],
  n: Nouns,
  rng: Rng,
  /** the record type, whose own stakes say why a date close ahead matters (due-stakes.ts) */
  source?: string,
): string | undefined {
  const audit = section === 'Audit sample';
  const atoms = [...rule.all, ...(rule.any ?? [])];
  for (const a of atoms) {
    const w = whyOf(a, modelOf(models, a), n, rng, source);
    if (!w) continue;
    return audit
      ? rng.pick([
          `Auditors test ${w.who}, because they ${w.risk}; the team checks them before the auditors do.`,
          `Internal audit samples ${w.who}, since they ${w.risk}.`,
        ])
      : // (what the review takes and why, not the order it goes in: "starts with" leaves the rest unexplained)
        rng.pick([
          `${capitalise(w.who)} ${w.risk}, so those are the ones this review takes.`,
          `This review is for ${w.who}: they ${w.risk}.`,
        ]);
  }
  for (const a of atoms) {
    const r = roundOf(a, modelOf(models, a), n, audit, rng);
    if (r) return r;
  }
  return undefined;
}
