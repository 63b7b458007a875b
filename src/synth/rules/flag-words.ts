import { pluralOf } from './field-words.js';

// a yes/no field's words said of records: after a plural noun, or as a clause with one record as subject

// a flag's words come as a phrase that follows a noun ("with customer impact", "still enabled", "needing a read")
// or as a bare adjective ("non-refundable"), which cannot: "bookings non-refundable" must be "bookings that are …"
const bareAdjective = (p: string) => /^[a-z-]+$/i.test(p) && !/(ed|en|ing)$/.test(p);

/**
 * A flag after the plural noun: "bookings that are non-refundable", "jobs still enabled", "desks that are sit-stand
 * desks" (a flag named as what the record is, "a sit-stand desk", cannot follow a noun as it stands).
 */
export const flagModifier = (p: string): string =>
  /^an? /.test(p)
    ? // the head noun takes the plural; one with a phrase after it ("a bench with a vise") is said of each
      / (?:with|of|in|on|for|at|from|by|to) /.test(p)
      ? `that are each ${p}`
      : `that are ${pluralOf(p)}`
    : bareAdjective(p)
      ? `that are ${p}`
      : p;

// a participle's forms with one record as subject: "needing" → "needs" (and "does not need")
const VERB_FORMS: Readonly<Record<string, readonly [string, string]>> = {
  needing: ['needs', 'need'],
  requiring: ['requires', 'require'],
  holding: ['holds', 'hold'],
  naming: ['names', 'name'],
  owing: ['owes', 'owe'],
};

// a participle's phrase after a plural noun as a relative clause: "naming a client" → "that name a client"
export const relative = (p: string) => {
  const m = /^(needing|requiring|holding|naming|owing) (.+)$/.exec(p);
  return m ? `that ${(VERB_FORMS[m[1] as string] as readonly [string, string])[1]} ${m[2]}` : p;
};

// "a legal read" after "no": "no legal read"
const noArticle = (p: string) => p.replace(/^(?:an?|any) /, '');

/**
 * A flag said of one record: "the booking is non-refundable", "the migration has a down migration", "the story
 * needs a legal read", "the story needs no legal read", "the account holds privileged access" (a participle's
 * phrase is said with its verb, never "is one needing …").
 */
export function flagClause(the: string, p: string): string {
  if (p.startsWith('with ')) return `${the} has ${p.slice(5)}`;
  const m = /^(still |not )?(without|needing|requiring|holding|naming|owing) (.+)$/.exec(p);
  if (!m) return `${the} is ${p}`;
  const adverb = m[1] ?? '';
  const word = m[2] as string;
  const rest = m[3] as string;
  if (word === 'without') return adverb === 'not ' ? `${the} has ${rest}` : `${the} ${adverb}has no ${noArticle(rest)}`;
  const [third, bare] = VERB_FORMS[word] as readonly [string, string];
  if (adverb !== 'not ') return `${the} ${adverb}${third} ${rest}`;
  return word === 'needing' ? `${the} needs no ${noArticle(rest)}` : `${the} does not ${bare} ${rest}`;
}
