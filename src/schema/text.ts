// small text helpers shared by every layer.

/** `s` with every regular-expression metacharacter escaped, so it matches itself literally. */
export const escapeRegex = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A regex for the number `v` written out (e.g. "3", "1,234.5") matched whole: 3 must not match 2023 or 3.5. */
export const wholeNumber = (v: string): string => `(?<![\\d.,])${escapeRegex(v)}(?!\\d|[.,]\\d)`;
