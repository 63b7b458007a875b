import type { Rng } from '../../env/rng.js';
import type { Difficulty } from '../../schema/taxonomy.js';
import { aOrAn, capitalise, inRunningText } from '../kit/text.js';
import type { Nouns } from '../rules/fields.js';
import type { Rule } from '../rules/rule.js';

// Precedence between sections: a hard (or some medium) task's exception is not written under its own section but
// as a section of its own that takes precedence over it ("a hold under Legal review overrides the retention
// schedule"). A record meeting both is handled under the winning section and left out of the task's work; a reader
// who applies the task's section alone, as the request names it, takes it in.

/** The share (in %) of a difficulty's documents with an exception that state it as an overriding section. */
export const PRECEDENCE_SHARE: Readonly<Record<Difficulty, number>> = { easy: 0, medium: 20, hard: 60 };

/** The task's rule as its own section states it, and the section that overrides it. */
export interface Overriding {
  /** the task's rule without its exception (its section's lines) */
  own: Rule;
  heading: string;
  /** the winning section's text: its condition with its reason, then the precedence line */
  lines: string[];
}

// headings of a section that takes records out of others' work, for the reason it gives
const HEADINGS = (n: Nouns) => [
  `${capitalise(n.plural)} handled elsewhere`,
  'Standing exclusions',
  'Carve-outs',
  `${capitalise(n.plural)} outside this team's queue`,
];

/**
 * The section overriding the task's, where the rule has an exception with its reason, the document is no mail, and
 * the draw allows; `bullets` writes a rule's lines as the document does, `taken` the headings already shown.
 */
export function overriding(
  rule: Rule,
  section: string,
  n: Nouns,
  d: Difficulty,
  rng: Rng,
  bullets: (r: Rule) => string[],
  taken: readonly string[],
): Overriding | undefined {
  if (!rule.unless || !rule.why || rng.int(0, 99) >= PRECEDENCE_SHARE[d]) return undefined;
  const heading = rng.pick(HEADINGS(n).filter((h) => !taken.includes(h) && h !== section));
  const own: Rule = { all: rule.all, ...(rule.any ? { any: rule.any } : {}) };
  const [cond] = bullets({ all: [rule.unless] });
  // (the winning section's own line: "- The pull request's repository is mobile-app: its team's CI chases it.")
  if (!heading || !cond) return undefined;
  const said = `${cond.replace(/\.$/, '')}: ${rule.why}.`;
  const one = `${aOrAn(n.singular)} ${n.singular}`;
  const s = inRunningText(section);
  const wins = rng.pick([
    `Where ${one} meets this section and "${section}" both, this section takes precedence: leave it out of ${s}.`,
    `This section overrides "${section}": ${one} covered here is left out of ${s}, even where it meets every condition there.`,
    `If ${one} falls under this section and under "${section}", this section wins: the ${n.singular} is left out of ${s}.`,
  ]);
  return {
    own,
    heading,
    lines: [`${capitalise(one)} falls under this section when:`, said, wins],
  };
}
