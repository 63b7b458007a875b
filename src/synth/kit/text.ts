// text helpers every generator shares: one slug, one capitalisation.

/** Lower-case letters and digits joined by `sep`: "Weekly Ops Review" → "weekly-ops-review", ("TK-1042", "_") → "tk_1042". */
export function slug(s: string, sep: '-' | '_' = '-'): string {
  const out = s.toLowerCase().replace(/[^a-z0-9]+/g, sep);
  return out.replace(sep === '-' ? /^-|-$/g : /^_|_$/g, '');
}

/** The phrase with its first letter upper-cased: a title from a lower-case phrase. */
export const capitalise = (s: string): string => `${s[0]?.toUpperCase()}${s.slice(1)}`;

/** Words run together as a coworker lists alternatives: "a, b or c". */
export const orList = (xs: readonly string[]): string =>
  xs.length <= 1 ? (xs[0] ?? '') : `${xs.slice(0, -1).join(', ')} or ${xs.at(-1)}`;

/** A name's possessive: "Ana's", "Northgate Cloud Services'". */
export const possessive = (name: string): string => `${name}${name.endsWith('s') ? "'" : "'s"}`;

/** Words run together as a coworker lists them all: "a, b and c". */
export const andList = (xs: readonly string[]): string =>
  xs.length <= 1 ? (xs[0] ?? '') : `${xs.slice(0, -1).join(', ')} and ${xs.at(-1)}`;

/** A title-cased name in running text: "Legal review" → "legal review", but acronyms keep their case ("CAPA", "SEO review"). */
export const inRunningText = (s: string): string =>
  s.replace(/[A-Za-z][\w-]*/g, (w) => (/^[A-Z0-9-]{2,}$/.test(w) ? w : w.toLowerCase()));

// the consonant pairs a spoken word may open with ("SWIFT", "GLP"), unlike the "LC" of "LCIA"
const ONSETS = /^(?:BL|BR|CH|CL|CR|DR|FL|FR|GL|GR|PH|PL|PR|SC|SH|SK|SL|SM|SN|SP|ST|SW|TH|TR|TW|WH)/;

/**
 * Whether an all-capital abbreviation is said as a word: a consonant, a vowel, a consonant ("SOC", "PIN"), or four
 * letters and more that hold a vowel and open as a word can ("CAPA", "NASA", "GAAP"); "NDA", "SEO", "LCIA" are spelt.
 */
function saidAsWord(acronym: string): boolean {
  if (!/[AEIOU]/.test(acronym) || acronym.length < 3) return false;
  if (acronym.length === 3) return /^[^AEIOU][AEIOU][^AEIOU]$/.test(acronym) && acronym !== 'SOW';
  return /^[AEIOU]|^[^AEIOU][AEIOU]/.test(acronym) || ONSETS.test(acronym);
}

/** "a" or "an" before a word, by its first sound (letters, with the usual exceptions). */
export function aOrAn(word: string): string {
  // an initialism reads letter by letter ("an NDA", "an SLA", "an MRI", "a URL"); an acronym said as a word takes
  // the article of its sound ("a CAPA", "a SOC 2 report")
  const acronym = /^[A-Z]{2,}\b/.exec(word)?.[0];
  if (acronym && !saidAsWord(acronym)) return /^[AEFHILMNORSX]/.test(acronym) ? 'an' : 'a';
  const w = word.toLowerCase();
  const vowel = /^[aeiou]/.test(w) && !/^(uni|use|usu|eu|one|once)/.test(w);
  return /^(hour|honest|heir)/.test(w) || vowel ? 'an' : 'a';
}

// singular nouns that end in "s" ("series", "news") besides the -ss/-us/-is endings the rule below spares
const S_SINGULAR = new Set(['series', 'species', 'news', 'means', 'lens', 'bus', 'gas', 'canvas', 'alias']);

/** Whether a noun phrase is plural by its last word ("desk notes", "fees"; not "status", "analysis", "access"). */
export function isPlural(phrase: string): boolean {
  const last = phrase.trim().split(/\s+/).at(-1)?.toLowerCase() ?? '';
  return /[^su]s$/.test(last) && !/is$/.test(last) && !S_SINGULAR.has(last);
}

/** "is" or "are" for a noun phrase. */
export const isAre = (phrase: string): string => (isPlural(phrase) ? 'are' : 'is');

// "its monthly views is", "the dashboard's clause notes was": a possessive, a label of one or two words, is/was
export const PLURAL_IS = /\b([Ii]ts|[Tt]he [A-Za-z/-]+(?: [A-Za-z/-]+)?'s) ((?:[a-z]+ )?)([a-z]+) (is|was)\b/g;

/** Number agreement and idiom the shared clause wording can miss: "its desk notes mentions", "is with a …". */
export function agree(s: string): string {
  return (
    s
      // a state "with requester" says where an item sits, not what it has
      .replace(/\b(?:(status|stage|state) )?is with (?=\S)/g, (m, state?: string) => (state ? m : 'has '))
      .replace(/\bis without (?:an? |the )?/g, 'has no ')
      .replace(/\b([Ii]ts|[Tt]heir) ((?:[a-z]+ )?)([a-z]+) mentions\b/g, (m, a: string, b: string, c: string) =>
        isPlural(c) ? `${a} ${b}${c} mention` : m,
      )
      .replace(PLURAL_IS, (m, a: string, b: string, c: string, v: string) =>
        b !== 'of ' && isPlural(c) ? `${a} ${b}${c} ${v === 'is' ? 'are' : 'were'}` : m,
      )
  );
}
