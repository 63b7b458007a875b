import type { Rng } from '../../env/rng.js';
import { inRunningText } from '../kit/text.js';

// How a request points at the part of a document that picks its records, in words that fit the document: a
// procedure is followed step by step, a checklist is run through, a rulebook or a handbook is read rule by rule
// (review: "when it comes to", "picked out for", "puts down for" in one task in ten). The forms are many, so no
// one of them marks the corpus.

/** What a part of the document is called, by the kind the pointer names: "steps", "checks" or "rules". */
export function docUnit(pointer: string): 'steps' | 'checks' | 'rules' {
  if (/\bprocedure\b/i.test(pointer)) return 'steps';
  if (/\bchecklist\b/i.test(pointer)) return 'checks';
  return 'rules';
}

/** The selection by a named section of a document: "the seats that fall under the "Review" section of …". */
export function sectionClause(plural: string, pointer: string, section: string, rng: Rng): string {
  const unit = docUnit(pointer);
  const own: Record<typeof unit, readonly string[]> = {
    steps: [
      `the ${plural} that the "${section}" steps of ${pointer} are for`,
      `the ${plural} that ${pointer} sends through its "${section}" steps`,
    ],
    checks: [
      `the ${plural} that the "${section}" checks in ${pointer} flag`,
      `the ${plural} caught by the "${section}" checks in ${pointer}`,
    ],
    rules: [
      `the ${plural} that the "${section}" rules in ${pointer} apply to`,
      `the ${plural} caught by the "${section}" rules in ${pointer}`,
    ],
  };
  return rng.pick([
    `the ${plural} that fall under the "${section}" section of ${pointer}`,
    `whichever ${plural} the "${section}" ${unit} in ${pointer} cover`,
    `the ${plural} that ${pointer} puts under "${section}"`,
    `the ${plural} that qualify under "${section}" in ${pointer}`,
    `the ${plural} that the "${section}" part of ${pointer} covers`,
    `the ${plural} that ${pointer} deals with under "${section}"`,
    `the ${plural} that the "${section}" heading of ${pointer} takes in`,
    `the ${plural} that meet the "${section}" ${unit} in ${pointer}`,
    ...own[unit],
  ]);
}

/** The selection by a colleague's mail: the rule they sent round for one piece of work. */
export function mailRuleClause(plural: string, pointer: string, section: string, from: string, rng: Rng): string {
  const work = inRunningText(section);
  return rng.pick([
    `the ${plural} that come under the ${work} rule ${from} sent round in ${pointer}`,
    `whichever ${plural} ${from}'s rule for ${work} in ${pointer} covers`,
    `the ${plural} that qualify for ${work} under the rule ${from} set out in ${pointer}`,
    `the ${plural} that ${from}'s ${work} rule in ${pointer} applies to`,
    `the ${plural} that meet the ${work} rule ${from} wrote up in ${pointer}`,
    `the ${plural} that ${from} says go through ${work}, going by ${pointer}`,
  ]);
}

/** The selection by the work the records are for, when the request does not name the section (act-situations.ts). */
export function situationClause(plural: string, pointer: string, situation: string, rng: Rng): string {
  const unit = docUnit(pointer);
  return rng.pick([
    `the ${plural} that ${pointer} says to take on for ${situation}`,
    `whichever ${plural} ${pointer} puts forward for ${situation}`,
    `the ${plural} that ${pointer} marks out for ${situation}`,
    `the ${plural} that ${pointer} earmarks for ${situation}`,
    `the ${plural} that qualify under ${pointer} for ${situation}`,
    `the ${plural} that ${pointer} sets aside for ${situation}`,
    `whichever ${plural} ${pointer} flags for ${situation}`,
    `the ${plural} the ${unit} of ${pointer} pick out for ${situation}`,
    `whichever ${plural} ${pointer} singles out for ${situation}`,
    `the ${plural} that ${pointer} lines up for ${situation}`,
    `the ${plural} covered by the part of ${pointer} about ${situation}`,
  ]);
}
