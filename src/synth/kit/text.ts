// text helpers every generator shares: one slug, one capitalisation.

/** Lower-case letters and digits joined by `sep`: "Weekly Ops Review" → "weekly-ops-review", ("TK-1042", "_") → "tk_1042". */
export function slug(s: string, sep: '-' | '_' = '-'): string {
  const out = s.toLowerCase().replace(/[^a-z0-9]+/g, sep);
  return out.replace(sep === '-' ? /^-|-$/g : /^_|_$/g, '');
}

/** The phrase with its first letter upper-cased: a title from a lower-case phrase. */
export const capitalise = (s: string): string => `${s[0]?.toUpperCase()}${s.slice(1)}`;

/** "a" or "an" before a word, by its first sound (letters, with the usual exceptions). */
export function aOrAn(word: string): string {
  const w = word.toLowerCase();
  const vowel = /^[aeiou]/.test(w) && !/^(uni|use|usu|eu|one|once)/.test(w);
  return /^(hour|honest|heir)/.test(w) || vowel ? 'an' : 'a';
}
