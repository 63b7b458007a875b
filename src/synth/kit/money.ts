import { escapeRegex } from '../../schema/text.js';

// amounts: rounded to cents as the services store them, written as people write them, and matched in an
// agent's text however it spells them.

/** An amount rounded to cents, as the services store it: 12.345 → 12.35. */
export const roundCents = (x: number): number => Math.round(x * 100) / 100;

/** An amount as people write it in mail: 1,234.50 */
export const formatMoney = (n: number): string =>
  n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Cents-exact sum. */
export const sumCents = (xs: readonly number[]): number =>
  Math.round(xs.reduce((s, x) => s + Math.round(x * 100), 0)) / 100;

/** A regex matching the amount however it is written: 1234.5, 1,234.50, 1234.50 (not inside a longer number). */
export function amountRegex(n: number): string {
  const [int, dec] = n.toFixed(2).split('.') as [string, string];
  const grouped = Number(int).toLocaleString('en-US').replace(/,/g, ',?');
  const cents = dec === '00' ? '(\\.00?)?' : dec.endsWith('0') ? `\\.${dec[0]}0?` : `\\.${dec}`;
  return `(^|[^\\d.,])${grouped}${cents}($|[^\\d])`;
}

/** Whether an answer fact is a plain number ("12", "1234.5"). */
export const isNumber = (fact: string): boolean => /^\d+(\.\d+)?$/.test(fact);

/** The ways a number may be written: 12345.5 → 12345.5, 12345.50, 12,345.50, 12,345.5 */
export function numberVariants(fact: string): string[] {
  if (!isNumber(fact)) return [fact];
  const n = Number(fact);
  const out = new Set([
    fact,
    n.toFixed(2),
    n.toLocaleString('en-US', { maximumFractionDigits: 2 }),
    n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
  ]);
  if (Number.isInteger(n)) out.delete(n.toFixed(2));
  return [...out];
}

/** A number matched whole: 3 must not match 2023 or 3.5. */
export const wholeNumber = (v: string): string => `(?<![\\d.,])${escapeRegex(v)}(?!\\d|[.,]\\d)`;

/** A fact as a regex: a number in any of its spellings, matched whole; any other text literally. */
export const factPattern = (fact: string): string =>
  isNumber(fact) ? numberVariants(fact).map(wholeNumber).join('|') : escapeRegex(fact);
