// small text helpers shared by every layer.

/** `s` with every regular-expression metacharacter escaped, so it matches itself literally. */
export const escapeRegex = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A regex for the number `v` written out (e.g. "3", "1,234.5") matched whole: 3 must not match 2023 or 3.5. */
export const wholeNumber = (v: string): string => `(?<![\\d.,])${escapeRegex(v)}(?!\\d|[.,]\\d)`;

// month names as dates write them ("3 July", "Jul 3", "3 Sept"), for patterns used case-insensitively
const MONTH =
  'jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?';

/**
 * A regex for a figure an answer states, in any of its spellings (e.g. "51200.00", "51,200.00"), matched whole and
 * only where it is a figure: not inside an id or a longer number ("T-3", "2023", "3.5"), not the day of a date
 * ("3 July", "July 3", "3rd", "2026-07-03", "03/07") or a time ("10:03"), and — for a small whole number — not a
 * list marker opening a line ("3. …", "3) …"). Meant for case-insensitive matching, as the grader matches.
 */
export function figureNumber(...spellings: string[]): string {
  const alt = spellings.map(escapeRegex).join('|');
  const small = spellings.filter((v) => /^\d{1,2}$/.test(v)).map(escapeRegex);
  const marker = small.length ? `(?!(?<=(?:^|\\n)[ \\t]*)(?:${small.join('|')})[.)][ \\t]+\\S)` : '';
  const before = `(?<![\\w.,])(?<!\\w-)(?<!\\d[:/])(?<!\\b(?:${MONTH})\\.? ?)`;
  const after = `(?!\\d|[.,]\\d|[-:/]\\d|(?:st|nd|rd|th)\\b| ?(?:${MONTH})\\b)`;
  // the look-behinds run only where a spelling can start: tried at every position of a long answer they cost more
  // than the match
  const first = [...new Set(spellings.map((v) => v[0]).filter((c): c is string => c !== undefined))];
  const gate = first.length ? `(?=[${first.map((c) => c.replace(/[\\\]^-]/g, '\\$&')).join('')}])` : '';
  return `${gate}${before}${marker}(?:${alt})${after}`;
}

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
