import { escapeRegex } from '../../../schema/text.js';

// A long or punctuated name a check asks a deliverable to carry (a citation "Okafor, N. (2023). Platform pricing
// and entry. Journal of Industrial Economics, 71(2).", a matter "Fenwick Biotech – trade mark infringement,
// FENLUX") is asked for as its words in order, whatever stands between them: a list item drops the closing full
// stop, a mail types "-" for "–" or straight quotes for curly ones, a writer sets a journal in *italics*. Review 36:
// 68 seed-89 tasks checked such a name byte for byte. Every word stays asked for, in its order, so a reply naming
// only part of it (the title without its source) still fails. A short plain name keeps its `contains`.

// (the grader already folds quote style, case and runs of spaces: grade/match.ts containsText via textKey)
const PUNCTUATED = /[^\p{L}\p{N}\s'’-]/u;
const LONG = 45;

/** Whether a name is checked by its words in order rather than as written. */
export const loosened = (name: string): boolean =>
  (name.length >= LONG || PUNCTUATED.test(name)) && (name.match(/[\p{L}\p{N}]+/gu) ?? []).length >= 2;

/** The pattern of a name's words in order, any run of spaces, punctuation or markup between them ("and" or "&"). */
export function wordsInOrder(name: string): string {
  const words = (name.match(/[\p{L}\p{N}]+/gu) ?? []).map((x) => (/^and$/i.test(x) ? '(?:and|&)' : escapeRegex(x)));
  return `(?<![A-Za-z0-9])${words.join('[\\W_]+')}(?![A-Za-z0-9])`;
}

/** `v` with every sole `{contains: name}` of a loosened name among `names` made its words-in-order pattern. */
export function looseNames<T>(v: T, names: readonly string[]): T {
  const loose = new Set(names.filter(loosened));
  if (!loose.size) return v;
  const walk = (x: unknown): unknown => {
    if (Array.isArray(x)) return x.map(walk);
    if (!x || typeof x !== 'object') return x;
    const o = x as Record<string, unknown>;
    if (typeof o.contains === 'string' && Object.keys(o).length === 1 && loose.has(o.contains))
      return { regex: wordsInOrder(o.contains) };
    return Object.fromEntries(Object.entries(o).map(([k, y]) => [k, walk(y)]));
  };
  return walk(v) as T;
}
