// small text helpers shared by every layer.

/** `s` with every regular-expression metacharacter escaped, so it matches itself literally. */
export const escapeRegex = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A regex for the number `v` written out (e.g. "3", "1,234.5") matched whole: 3 must not match 2023 or 3.5. */
export const wholeNumber = (v: string): string => `(?<![\\d.,])${escapeRegex(v)}(?!\\d|[.,]\\d)`;

// Number#toLocaleString builds a new Intl.NumberFormat on every call; the gate writes numbers in a hot loop
const FORMATS = new Map<string, Intl.NumberFormat>();

/** A number grouped as en-US writes it (1,234.5), with between `min` and `max` decimals. */
export function grouped(n: number, min = 0, max = 3): string {
  const key = `${min}:${max}`;
  let f = FORMATS.get(key);
  if (!f) {
    f = new Intl.NumberFormat('en-US', { minimumFractionDigits: min, maximumFractionDigits: max });
    FORMATS.set(key, f);
  }
  return f.format(n);
}
