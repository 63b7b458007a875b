import { aOrAn } from '../kit/text.js';

// The builders field-words-data.ts writes its entries with: what an entry holds, and short ways to say "the value
// after a verb", "the value from a map", "is …", "has …".

/** How the values of one enum field read after a plural noun and in a clause about one record. */
export interface EnumWords {
  /** one value after the plural noun: "published by McKinsey", "for dogs" */
  say(v: string): string;
  /** one value in a clause about one record (default `say`): "for a dog" where the noun phrase says "for dogs" */
  one?(v: string): string;
  /**
   * how a clause about one record takes the words: after "is"/"was", after "has" (words that start "with"), as
   * they stand after the record ("verb": "it adds a column") or after its possessive ("its": "its last run
   * ended in a failure"); a clause the last two cannot negate is said by the label
   */
  be: 'is' | 'was' | 'has' | 'verb' | 'its';
  /** the values a condition leaves out, after the plural noun (default "not" before the words) */
  not?(vs: readonly string[]): string;
  /** no negated form reads well: leaving values out is said by the label */
  noNot?: true;
  /** the label's own form does not read ("whose right exercised is erasure"): these words are always used */
  only?: true;
  /**
   * what a message asks the value by, where the label alone names another field too: a job's "last run" is its
   * time as well as how it ended (review 38: "its last run as the record shows it" was checked against the status)
   */
  asked?: string;
  /**
   * where the values named leave out one a reader would count with them (a timeout among failures), the ways of
   * saying it does not count, in brackets after the condition; undefined where nothing is left out
   */
  apart?(vs: readonly string[]): readonly string[] | undefined;
}

/** One field's words: its label, a value it has where the label is shared, and the words. */
export interface Entry {
  label: string;
  has?: string;
  words: EnumWords;
}

/** "a sit-stand desk", "MSA" said of many: "sit-stand desks", "MSAs". */
export const pluralOf = (p: string): string =>
  p
    .replace(/^an? /, '')
    .replace(/(?:s|x|z|ch|sh)$/, '$&e')
    .replace(/([^aeiou])y$/, '$1ie')
    .concat('s');

export type Say = (v: string) => string;
export const a: Say = (v) => `${aOrAn(v)} ${v}`;
/** words from a map of values, the value itself (or `dflt` of it) where the map has none */
export const from =
  (map: Readonly<Record<string, string>>, dflt: Say = (v) => v): Say =>
  (v) =>
    map[v] ?? dflt(v);
export const lead =
  (verb: string, each: Say = (v) => v): Say =>
  (v) =>
    `${verb} ${each(v)}`;
export const is = (say: Say, more: Partial<EnumWords> = {}): EnumWords => ({ say, be: 'is', ...more });
export const was = (say: Say, more: Partial<EnumWords> = {}): EnumWords => ({ say, be: 'was', ...more });
export const has = (say: Say, more: Partial<EnumWords> = {}): EnumWords => ({ say, be: 'has', ...more });
export const verb = (say: Say, one: Say, more: Partial<EnumWords> = {}): EnumWords => ({
  say,
  one,
  be: 'verb',
  ...more,
});
export const E = (label: string, words: EnumWords, value?: string): Entry => ({
  label,
  words,
  ...(value ? { has: value } : {}),
});
// "that are MSAs" after the noun, "an MSA" of one, "other than MSAs" for the values left out
export const kinds = (plural: Say, one: Say = a, more: Partial<EnumWords> = {}): EnumWords =>
  is((v) => `that are ${plural(v)}`, { one, not: (vs) => `other than ${vs.map(plural).join(' or ')}`, ...more });
