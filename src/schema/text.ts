// small text helpers shared by every layer.

/** `s` with every regular-expression metacharacter escaped, so it matches itself literally. */
export const escapeRegex = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A regex for the number `v` written out (e.g. "3", "1,234.5") matched whole: 3 must not match 2023 or 3.5. */
export const wholeNumber = (v: string): string => `(?<![\\d.,])${escapeRegex(v)}(?!\\d|[.,]\\d)`;

// month names as dates write them ("3 July", "Jul 3", "3 Sept"), for patterns used case-insensitively
const MONTH =
  'jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?';

const WORDS = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
  'twenty',
];
// "one" is also a pronoun ("the one with the highest …", "one of them"): as a figure only before a counted noun
const ONE_NOT_BEFORE = 'of|more|with|that|which|who|whose|is|was|has|had|by|in|for|on|at|to|and|or|another|per|each';

/** A whole count as people write it in words: 3 → "three" (0–20), or undefined. */
export function countWord(v: string): string | undefined {
  return /^\d{1,2}$/.test(v) ? WORDS[Number(v)] : undefined;
}

// the currency codes an amount may follow without a space
const CURRENCY_CODES = 'eur|usd|gbp|chf|jpy|cny|rmb|aud|cad|nzd|sek|nok|dkk|pln|czk|inr|sgd|hkd';

/**
 * A regex for a figure an answer states, in any of its spellings (e.g. "51200.00", "51,200.00"; a count of 0–20
 * also in words: "three"), matched whole and only where it is a figure: not inside an id or a longer number ("T-3",
 * "2023", "3.5"), not the day of a date ("3 July", "July 3", "3rd", "2026-07-03", "03/07") or a time ("10:03"), for
 * a small whole number not a list marker opening a line ("3. …", "3) …"), and not where it is part of a name the
 * task's records hold (`names`: for "Portfolio, term 1", a 1 after "term"). Meant for case-insensitive matching, as
 * the grader matches.
 */
export function figureNumber(
  spellings: readonly string[],
  names: readonly string[] = [],
  opts: { anchored?: boolean; digits?: boolean } = {},
): string {
  const alt = spellings.map(escapeRegex).join('|');
  const small = spellings.filter((v) => /^\d{1,2}$/.test(v)).map(escapeRegex);
  const marker = small.length ? `(?!(?<=(?:^|\\n)[ \\t]*)(?:${small.join('|')})[.)][ \\t]+\\S)` : '';
  const inNames = nameContexts(spellings, names);
  // a currency code may run into the amount ("EUR1,250", "USD 80"): a word character before it is no other word's
  const before = `(?<![\\w.,](?<!\\b(?:${CURRENCY_CODES})))(?<!\\w-)(?<!\\d[:/])(?<!\\b(?:${MONTH})\\.? ?)${inNames.before}`;
  const after = `(?!\\d|[.,]\\d|[-:/]\\d|(?:st|nd|rd|th)\\b| ?(?:${MONTH})\\b)${inNames.after}`;
  // the look-behinds run only where a spelling can start: tried at every position of a long answer they cost more
  // than the match
  // (by first character: a digit is rare enough in a reply)
  const gate = startGate(spellings.map((v) => v[0] ?? ''));
  const digits = `${gate}${before}${marker}(?:${alt})${after}`;
  // (`digits`: in digits only, where a count word would be an incidental "one")
  const words = opts.digits ? [] : [...new Set(spellings.flatMap((v) => countWord(v) ?? []))];
  if (!words.length) return digits;
  const word = words
    // next to a label (labelledFigure, `anchored`) "one" is the count it reads as: "only one is overdue"
    .map((w) => (w === 'one' && !opts.anchored ? `one(?=[ \\t]+[a-z])(?![ \\t]+(?:${ONE_NOT_BEFORE})(?![\\w-]))` : w))
    .join('|');
  return `(?:${digits}|(?<![\\w-])${inNames.before}(?:${word})(?![\\w-])${inNames.after})`;
}

// any standalone figure, in digits or as a count word: what may not stand between a label and its figure
// (a number alone in brackets belongs to a name: "Cotswold (4)")
const ANY_FIGURE = `(?:(?<![\\w.,(-])\\d[\\d,]*(?:\\.\\d+)?(?![\\w)-])|\\b(?:${WORDS.join('|')})\\b)`;

/**
 * A small figure (a count of a few) stated next to what it counts: `figure` (a figureNumber pattern) within one
 * clause of one of `keys` ("low priority", "reminded", "count"), with no other figure between them — "Only one is
 * low priority." and "low-priority count: 1" state 1; "I booked one review per to-do; low-priority count: 0" does
 * not. A bare small number anywhere in a reply says too little: an incidental "one" or a list's "3" would pass.
 */
export function labelledFigure(
  figure: string,
  keys: readonly string[],
  starts: readonly string[] = [],
  nouns: readonly string[] = [],
): string {
  // `bounded`: a word boundary before each word; a label in a script without spaces (邮件, 件数) has none to stand at
  const alt = (xs: readonly string[], bounded = false) =>
    `(?:${[...new Set(xs.map((x) => x.trim().toLowerCase()).filter(Boolean))].map((x) => `${bounded && /^[a-z0-9]/.test(x) ? '\\b' : ''}${escapeRegex(x).replace(/[- ]/g, '[- ]?')}`).join('|')})`;
  // labels all in spaced scripts share one boundary in front (the shorter pattern every English task carries)
  const k = keys.every((x) => /^[\x20-\x7e]*$/.test(x.trim())) ? `\\b${alt(keys)}` : alt(keys, true);
  const gap = `(?:(?!${ANY_FIGURE})[^.;!?\\n]){0,60}?`;
  // `starts`: how the figure can begin — its spellings or their first characters. The look-behind then runs only
  // where one stands: a count word's whole spelling, since its first letter alone ("t" of "three") is at every
  // other word of a reply, and each of those look-behinds scans back a clause
  const gate = startGate(starts);
  // a sub-count is said against its whole: "two of the three are low priority", "1 out of 4 has …" — the whole may
  // stand between the count and its label, and is itself never the count ("of the 4", but "a total of 4" is)
  const whole = `(?:[ \\t]+(?:out[ \\t]+)?of[ \\t]+(?:the[ \\t]+|those[ \\t]+|these[ \\t]+|them\\b|all[ \\t]+)?(?:${ANY_FIGURE})?)?`;
  const notWhole = `(?<!(?<!\\b(?:total|number|count|sum|tally|figure)[ \\t]+)\\bof[ \\t]+(?:the[ \\t]+|those[ \\t]+|these[ \\t]+|all[ \\t]+)?)`;
  // the label is looked at, not matched: what the pattern finds is the figure alone (as the answer probes read it).
  // What is counted reads right after its count ("one inspection", "3 open tickets", "two of the four referrals")
  // or as the label of a tally ("Desks handled: 3"): "one review per to-do" does not count to-dos (the noun as the
  // task names it, or any word of it: "aircraft inspections" → "inspection…", "chart requests" → "chart…")
  const heads = nouns.flatMap((n) => [n, ...n.split(/\s+/).filter((w) => w.length >= 4)]);
  const before = [`(?<=${k}\\w*${gap})${notWhole}`];
  const after = [`${gap}${k}`];
  if (nouns.length) {
    before.push(`(?<=${alt(heads, true)}\\w*(?:[ \\t]+[a-z]+){0,2}[ \\t]*[:=][ \\t]*)`);
    after.push(`[ \\t]+(?:[a-z-]+[ \\t]+)?${alt(heads)}`);
  }
  // (each side's labels in one group, so the figure, a kilobyte with its guards, is written twice, not four times:
  // V8 compiles a pattern in time with its length, once per task, review of the gate's profile)
  const alts = (xs: string[]) => (xs.length > 1 ? `(?:${xs.join('|')})` : (xs[0] as string));
  return `(?:${gate}${alts(before)}${figure}|${gate}${notWhole}${figure}(?=${whole}${alts(after)}))`;
}

// a lookahead for where one of `starts` begins: digits and other short spellings by their first character, a
// spelled-out word whole (case-insensitive, as the grader matches)
function startGate(starts: readonly string[]): string {
  const words = [...new Set(starts.filter((x) => /^[a-z]{3,}$/i.test(x)))];
  const chars = [...new Set(starts.filter((x) => x && !words.includes(x)).map((x) => x[0] as string))];
  const alts = [
    ...(chars.length ? [`[${chars.map((c) => c.replace(/[\\\]^-]/g, '\\$&')).join('')}]`] : []),
    ...words.map(escapeRegex),
  ];
  return alts.length ? `(?=${alts.join('|')})` : '';
}

// the words right before and after a spelling where a record's name holds it as a word ("term 1", "Building 3 annex")
function nameContexts(spellings: readonly string[], names: readonly string[]): { before: string; after: string } {
  const before = new Set<string>();
  const after = new Set<string>();
  for (const name of names)
    for (const v of spellings) {
      if (!name.includes(v)) continue;
      const re = new RegExp(`(?:^|[^\\w.,-])${escapeRegex(v)}(?![\\w]|[.,]\\d)`, 'g');
      for (const m of name.matchAll(re)) {
        const at = (m.index ?? 0) + m[0].length - v.length;
        const prev = /([\p{L}][\p{L}\p{N}'’]*)[ \t]+$/u.exec(name.slice(0, at))?.[1];
        const next = /^[ \t]+([\p{L}][\p{L}\p{N}'’]*)/u.exec(name.slice(at + v.length))?.[1];
        if (prev) before.add(prev.toLowerCase());
        if (next) after.add(next.toLowerCase());
      }
    }
  return {
    before: before.size ? `(?<!\\b(?:${[...before].map(escapeRegex).join('|')})[ \\t]+)` : '',
    after: after.size ? `(?![ \\t]+(?:${[...after].map(escapeRegex).join('|')})\\b)` : '',
  };
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
