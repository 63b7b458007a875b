import { countWord, escapeRegex, figureNumber, grouped, labelledFigure } from '../../schema/text.js';

// amounts: rounded to cents as the services store them, written as people write them, and matched in an
// agent's text however it spells them.

/** An amount rounded to cents, as the services store it: 12.345 → 12.35. */
export const roundCents = (x: number): number => Math.round(x * 100) / 100;

/** The sign a currency's amounts are written with (£2,000), where people write one rather than the code. */
export const CURRENCY_SIGN: Readonly<Record<string, string>> = { GBP: '£', USD: '$', EUR: '€' };

/** An amount as people write it in mail: 1,234.50 */
export const formatMoney = (n: number): string => grouped(n, 2, 2);

/** Cents-exact sum. */
export const sumCents = (xs: readonly number[]): number =>
  Math.round(xs.reduce((s, x) => s + Math.round(x * 100), 0)) / 100;

/** Whether an answer fact is a plain number ("12", "1234.5"). */
export const isNumber = (fact: string): boolean => /^\d+(\.\d+)?$/.test(fact);

/**
 * The ways a number may be written: 12345.5 → 12345.5, 12345.50, 12,345.5, 12,345.50, 12 345.50. Two decimals are
 * a spelling of an amount (`money`) or of a figure written with decimals — an average asked "to two decimals" is the
 * fact "51200.00" and reads 51200.00, 51,200.00, 51200 or 51,200 — never of a whole count: 3 is not "3.00", and 1234
 * is neither "1234.00" nor "1,234.00".
 */
export function numberVariants(fact: string, money = false, decimalComma = false): string[] {
  if (!isNumber(fact)) return [fact];
  const n = Number(fact);
  const out = new Set([fact, String(n), grouped(n, 0, 2)]);
  if (money || fact.includes('.')) for (const v of [n.toFixed(2), grouped(n, 2, 2)]) out.add(v);
  // a measure may be written to one decimal ("30.0 ha") where that loses nothing
  if ((money || fact.includes('.')) && Number.isInteger(n * 10))
    for (const v of [n.toFixed(1), grouped(n, 1, 1)]) out.add(v);
  // a figure asked to the nearest thousand is written in thousands or millions as often as in full: 3,090,000 is
  // 3,090k, 3,090 thousand, 3.09 million, 3.09m
  if (Number.isInteger(n) && n >= 10_000 && n % 1000 === 0) {
    const k = grouped(n / 1000, 0, 0);
    for (const v of [`${k}k`, `${k}K`, `${k} thousand`]) out.add(v);
    if (n >= 1_000_000) {
      const m = String(n / 1_000_000);
      for (const v of [`${m} million`, `${m}m`, `${m}M`, `${m} mn`]) out.add(v);
    }
  }
  // thousands grouped by a space (SI style, and what a keyboard in many countries types): 1 250.00, 1\u202f250
  for (const v of [...out])
    if (/,\d{3}\b/.test(v)) for (const sep of [' ', '\u00a0', '\u202f']) out.add(v.replace(/,(?=\d{3}\b)/g, sep));
  // in Spanish, German or French the comma is the decimal sign and a point or a space groups: 1.360,50 · 1 360,50
  if (decimalComma)
    for (const v of [...out]) {
      const swapped = v.replace(/[.,]/g, (c) => (c === '.' ? ',' : '.'));
      for (const x of [swapped, swapped.replace(/\.(?=\d{3}\b)/g, ' '), swapped.replace(/\.(?=\d{3}\b)/g, '\u202f')])
        out.add(x);
    }
  return [...out];
}

/**
 * A fact as one regex: a number as a figure in any of its spellings (see figureNumber; never where it is part of
 * one of `names`, the task's record names and titles; `decimalComma`: also as a language writing 1.360,50 writes
 * it), other text literally. With `keys` (the words of the question
 * it answers), a small whole number (0–20) counts only next to one of them (labelledFigure): a bare "1" or "one"
 * anywhere in a reply proves nothing.
 */
export function factPattern(
  fact: string,
  money = false,
  names: readonly string[] = [],
  keys?: readonly string[],
  nouns: readonly string[] = [],
  decimalComma = false,
): string {
  if (!isNumber(fact)) return escapeRegex(fact);
  const small = /^\d{1,2}$/.test(fact) && Number(fact) <= 20;
  if (!small || !keys?.length) return figureNumber(numberVariants(fact, money, decimalComma), names);
  const spellings = numberVariants(fact, money, decimalComma);
  const starts = [...spellings, ...(countWord(fact) ? [countWord(fact) as string] : [])];
  return labelledFigure(figureNumber(spellings, names, { anchored: true }), keys, starts, nouns);
}

// words a question is built of that say nothing about what is counted
const GLUE = new Set(
  'the of you handled among them their whose is are was were with that this those in to two decimals and or not its it for on by at as any other than already yet still how many much what which per each all i me my we our'.split(
    ' ',
  ),
);

/**
 * The words a figure's question names (its condition, its measure, whether highest or lowest; not `nouns`, what
 * it counts), each by its stem ("inspection" for "inspections": the pattern takes any ending), plus the words a figure goes
 * by in a reply ("count", "total", "figure", "most").
 */
export function questionKeys(question: string, nouns: readonly string[] = []): string[] {
  // the counted noun is no label: it reads only right beside its count (labelledFigure's `nouns`)
  const counted = new Set(nouns.flatMap((n) => n.toLowerCase().split(/\s+/)));
  const own = (question.toLowerCase().match(/[a-z0-9][a-z0-9-]*[a-z0-9]/g) ?? [])
    .filter((w) => /[a-z]/.test(w) && w.length >= 3 && !GLUE.has(w) && !counted.has(w))
    .map((w) => (w.length > 4 && /[^s]s$/.test(w) ? w.slice(0, -1) : w));
  return [
    // ("qualif": "2 of the 10 runs qualify", "Two qualified: …" state the count as plainly, review 42)
    ...new Set([
      ...own,
      'count',
      'number',
      'total',
      'in all',
      'altogether',
      'figure',
      'answer',
      'most',
      'least',
      'qualif',
    ]),
  ];
}

/** An amount as one regex, however it is written (1234.5, 1,234.50 …), never inside a longer number. */
export const amountPattern = (amount: number): string => factPattern(String(roundCents(amount)), true);
