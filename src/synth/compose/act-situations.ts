import { createRng } from '../../env/rng.js';
import { ACT_SITUATIONS } from './act-situations-data.js';
import { actNamed } from './policy-acts.js';

// A request that points to the policy but not to its section: it says what the work is for in the coworker's own
// terms (act-situations-data.ts), and the agent picks the section whose heading and reason cover that, as anyone
// handed a procedure with several rules must. The other requests name the section, or the colleague's mail.

/**
 * The share of requests, where the task's work has a situation, that say it instead of naming the section (fewer
 * than at 0.65: read across a corpus the paraphrase is a riddle no coworker writes that often, reviews 55, 57, 62).
 */
const SITUATION_SHARE = 0.4;

/** The phrases that say a record type's work in the coworker's terms, under any heading of its act. */
export function situationsOf(source: string, section: string): readonly string[] {
  const table = ACT_SITUATIONS[source];
  if (!table) return [];
  const heading = [section, ...(actNamed(source, section)?.sections ?? [])].find((h) => h in table);
  return heading === undefined ? [] : (table[heading] ?? []);
}

/**
 * The situation a request says instead of the section heading, drawn from a stream of its own (so the rest of
 * the task's wording is drawn as before), or none: the request names the section.
 */
export function situationFor(source: string, section: string, seed: readonly (string | number)[]): string | undefined {
  const phrases = situationsOf(source, section);
  if (!phrases.length) return undefined;
  const rng = createRng('act-situation', source, section, ...seed);
  return rng.next() < SITUATION_SHARE ? rng.pick(phrases) : undefined;
}

// words no heading is told apart by: the record type's own noun, and the little words
const LITTLE = new Set(['and', 'the', 'for', 'with', 'from', 'not', 'out', 'off']);
const headingWords = (h: string, noun: readonly string[]) => {
  const own = new Set(noun.flatMap((x) => x.toLowerCase().split(/[^a-z]+/)).map((w) => w.replace(/s$/, '')));
  return (h.toLowerCase().match(/[a-z]{3,}/g) ?? [])
    .map((w) => w.replace(/s$/, ''))
    .filter((w) => !LITTLE.has(w) && !own.has(w));
};

/**
 * Whether another section of the document shares a word of the task's section heading ("Hoist bed release" beside
 * "Bed release"): the work said in the coworker's terms would fit both (review 43), so the request names the section.
 */
export function hasTwinHeading(doc: string, section: string, noun: readonly string[]): boolean {
  const mine = new Set(headingWords(section, noun));
  const others = [...doc.matchAll(/^## (.+)$/gm)]
    .map((m) => (m[1] ?? '').trim())
    .filter((h) => h !== section && !/^(?:Definitions|History|What we used to do)$/.test(h));
  return others.some((h) => headingWords(h, noun).some((w) => mine.has(w)));
}
