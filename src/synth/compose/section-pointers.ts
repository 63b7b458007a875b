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
export function sectionClause(plural: string, pointer: string, section: string, rng: Rng, avoid = ''): string {
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
  return freshPick(rng, avoid, [
    `the ${plural} that fall under the "${section}" section of ${pointer}`,
    `whichever ${plural} the "${section}" ${unit} in ${pointer} cover`,
    `the ${plural} that ${pointer} puts under "${section}"`,
    `the ${plural} that qualify under "${section}" in ${pointer}`,
    `the ${plural} that the "${section}" part of ${pointer} covers`,
    `the ${plural} that ${pointer} deals with under "${section}"`,
    // (never "that the … heading of … takes in": stilted, review 39)
    `the ${plural} in scope of "${section}" in ${pointer}`,
    `the ${plural} that meet the "${section}" ${unit} in ${pointer}`,
    ...own[unit],
  ]);
}

/** The selection by a colleague's mail: the rule they sent round for one piece of work. */
export function mailRuleClause(
  plural: string,
  pointer: string,
  section: string,
  from: string,
  rng: Rng,
  avoid = '',
): string {
  const work = inRunningText(section);
  return freshPick(rng, avoid, [
    `the ${plural} that come under the ${work} rule ${from} sent round in ${pointer}`,
    `whichever ${plural} ${from}'s rule for ${work} in ${pointer} covers`,
    `the ${plural} that qualify for ${work} under the rule ${from} set out in ${pointer}`,
    `the ${plural} that ${from}'s ${work} rule in ${pointer} applies to`,
    `the ${plural} that meet the ${work} rule ${from} wrote up in ${pointer}`,
    `the ${plural} that ${from}'s rule in ${pointer} puts forward for ${work}`,
  ]);
}

/**
 * The selection by the work the records are for, when the request does not name the section (act-situations.ts).
 * The work is what a part of the document is about ("the beds covered by the part of … about turning round …"),
 * never the end a verb picks the records for: "the beds that … lines up for turning round the spaces …" named the
 * records twice and read as if the document did the work (review 36). The work closes the clause, so what follows
 * it is set off by a mark of its own.
 */
export function situationClause(plural: string, pointer: string, situation: string, rng: Rng, avoid = ''): string {
  return freshPick(rng, avoid, [
    `the ${plural} covered by the part of ${pointer} about ${situation}`,
    `whichever ${plural} fall under what ${pointer} says about ${situation}`,
    `the ${plural} that ${pointer} includes in its section on ${situation}`,
    `the ${plural} that ${pointer} covers where it talks about ${situation}`,
    `the ${plural} that qualify under the part of ${pointer} on ${situation}`,
    // (never a verb or a noun of the document's own before the work: "what P lays down for …", "the ${unit} that P
    // sets for …", "lists under its heading on …", "within the scope of the rules that P gives for …" read as
    // legalese around a long pointer (reviews 64–66, 83 of 1,000 requests); nor "the section of P on …": after "in
    // our notes" the work reads as the notes' subject (review 38); nor "come under the heading in P about …",
    // a heading inside the notes about the work (review 55)
  ]);
}

// the verbs a clause picks its records with: one the request's own ask or work says too is not said again ("pick
// out the incidents that the checks flag and flag a postmortem")
const VERB = /\b(?:flags?|pick(?:s)? out|singles? out|find|covers?|covered|appl(?:y|ies)|deals? with|takes? in)\b/gi;
const stem = (v: string) =>
  v
    .toLowerCase()
    .replace(/(?:s|ies|ed)(?= |$)/, '')
    .replace(/^appl.*/, 'apply');

/** A form drawn from those whose verbs `avoid` (the ask and the work around the clause) does not say; all, if none. */
export function freshPick(rng: Rng, avoid: string, forms: readonly string[]): string {
  const said = new Set([...avoid.matchAll(VERB)].map((m) => stem(m[0])));
  const fresh = said.size ? forms.filter((f) => ![...f.matchAll(VERB)].some((m) => said.has(stem(m[0])))) : forms;
  return rng.pick(fresh.length ? fresh : forms);
}
