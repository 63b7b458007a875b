import { escapeRegex, figureNumber, grouped } from '../../schema/text.js';

// amounts: rounded to cents as the services store them, written as people write them, and matched in an
// agent's text however it spells them.

/** An amount rounded to cents, as the services store it: 12.345 → 12.35. */
export const roundCents = (x: number): number => Math.round(x * 100) / 100;

/** An amount as people write it in mail: 1,234.50 */
export const formatMoney = (n: number): string => grouped(n, 2, 2);

/** Cents-exact sum. */
export const sumCents = (xs: readonly number[]): number =>
  Math.round(xs.reduce((s, x) => s + Math.round(x * 100), 0)) / 100;

/** Whether an answer fact is a plain number ("12", "1234.5"). */
export const isNumber = (fact: string): boolean => /^\d+(\.\d+)?$/.test(fact);

/**
 * The ways a number may be written: 12345.5 → 12345.5, 12345.50, 12,345.5, 12,345.50. Two decimals are a spelling
 * of an amount (`money`) or of a figure written with decimals — an average asked "to two decimals" is the fact
 * "51200.00" and reads 51200.00, 51,200.00, 51200 or 51,200 — never of a whole count: 3 is not "3.00", and 1234 is
 * neither "1234.00" nor "1,234.00".
 */
export function numberVariants(fact: string, money = false): string[] {
  if (!isNumber(fact)) return [fact];
  const n = Number(fact);
  const out = new Set([fact, String(n), grouped(n, 0, 2)]);
  if (money || fact.includes('.')) for (const v of [n.toFixed(2), grouped(n, 2, 2)]) out.add(v);
  return [...out];
}

/**
 * A fact as one regex: a number as a figure in any of its spellings (see figureNumber; never where it is part of
 * one of `names`, the task's record names and titles), other text literally.
 */
export const factPattern = (fact: string, money = false, names: readonly string[] = []): string =>
  isNumber(fact) ? figureNumber(numberVariants(fact, money), names) : escapeRegex(fact);

/** An amount as one regex, however it is written (1234.5, 1,234.50 …), never inside a longer number. */
export const amountPattern = (amount: number): string => factPattern(String(roundCents(amount)), true);
