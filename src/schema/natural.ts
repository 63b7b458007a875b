import { MONTHS, WEEKDAYS } from './dates.js';
import { escapeRegex, grouped, wholeNumber } from './text.js';

// The one place the gate compares what a text says with a value a check wants: people write `in_progress` as
// "in progress", 1200.5 as "$1,200.50", 2026-03-20 as "20 March" and 14:30 as "2:30 pm".

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2}))?/;
const BOUND_L = '(?<![\\p{L}\\p{N}])';
const BOUND_R = '(?![\\p{L}\\p{N}])';

/** Lower case, underscores and hyphens between words as spaces, runs of white space as one. */
export function naturalText(text: string): string {
  const normal = (t: string) => t.toLowerCase().replace(/[_-]+/g, ' ').replace(/\s+/g, ' ').trim();
  // values are short and cheap; the texts they are looked up in (a request, the fixtures) are kept
  if (text.length < 128) return normal(text);
  let n = NATURAL.get(text);
  if (n === undefined) {
    n = normal(text);
    remember(NATURAL, text, n, 64);
  }
  return n;
}

// the gate asks about one request (and one fixture text) many times: their normal forms and the value patterns
// are kept, in maps cleared when they grow past a bound
const NATURAL = new Map<string, string>();
const PATTERNS = new Map<string, RegExp>();
function remember<V>(map: Map<string, V>, key: string, value: V, max: number): void {
  if (map.size >= max) map.clear();
  map.set(key, value);
}
function pattern(source: string, flags: string): RegExp {
  const key = `${flags}/${source}`;
  let re = PATTERNS.get(key);
  if (!re) {
    re = new RegExp(source, flags);
    remember(PATTERNS, key, re, 4096);
  }
  return re;
}

/**
 * Whether `text` states `value` in one of the ways people write it: an enum value or id with spaces, hyphens
 * or underscores and in any case ("in progress" for `in_progress`), a number with or without thousands
 * separators, trailing zeros or a currency sign ("$1,200.50" for 1200.5), an ISO date as "20 March" /
 * "March 20th" / "Mar 20", a date-time as such a date plus its time ("10:00", "10am", "2:30 pm"). Whole words
 * only: `high` is not in "highlight", 12 not in 120.
 */
export function statesValue(text: string, value: string | number | boolean): boolean {
  if (typeof value === 'number') return statesNumber(text, value);
  if (typeof value === 'boolean') return false;
  const day = ISO_DAY.exec(value);
  if (day) return statesIsoDate(text, value);
  if (/^-?\d+(\.\d+)?$/.test(value.trim())) return statesNumber(text, Number(value));
  const want = naturalText(value);
  if (!want) return false;
  const hay = naturalText(text);
  // most values are not in the text at all: a substring test spares the whole-word pattern
  return hay.includes(want) && pattern(`${BOUND_L}${escapeRegex(want)}${BOUND_R}`, 'u').test(hay);
}

function statesNumber(text: string, n: number): boolean {
  if (!Number.isFinite(n)) return false;
  const forms = new Set([String(n), grouped(n, 0, 6), grouped(n, 2, 6), n.toFixed(2), String(Math.abs(n))]);
  return [...forms].some((f) => pattern(wholeNumber(f), '').test(text));
}

/**
 * The ways a calendar day is written: "2026-03-20", "20 March", "March 20th", "Mar 20", "20th of March"; never
 * another day ("11 May" is not 1 May). `ascii`: bounded by ASCII letters and digits, for a pattern compiled without
 * the u flag (a check's regex: the grader compiles it with "gi").
 */
export function dayPattern(iso: string, ascii = false): string {
  const m = ISO_DAY.exec(iso);
  if (!m) return escapeRegex(iso);
  const [, y, mo, d] = m;
  const month = MONTHS[Number(mo) - 1] as string;
  const mon = `(?:${month}|${month.slice(0, 3)}\\.?)`;
  const dd = `0?${Number(d)}(?:st|nd|rd|th)?`;
  const [l, r] = ascii ? ['(?<![A-Za-z0-9])', '(?![A-Za-z0-9])'] : [BOUND_L, BOUND_R];
  return `(?:${y}-${mo}-${d}|${l}${dd}(?: of)? ${mon}${r}|${l}${mon} ${dd}${r})`;
}

/** The ways a time of day is written: 14:30 → "14:30", "2:30 pm", "2.30pm"; 10:00 → also "10am", "10 o'clock". */
function timePattern(hour: number, minute: number): string {
  const mm = String(minute).padStart(2, '0');
  const h12 = hour % 12 === 0 ? 12 : hour % 12;
  const ampm = hour < 12 ? 'a\\.?m\\.?' : 'p\\.?m\\.?';
  const forms = [
    `0?${hour}[:.h]${mm}(?!\\s?[ap]\\.?m)`,
    `${h12}[:.]${mm}\\s?${ampm}`,
    ...(minute === 0 ? [`${h12}\\s?${ampm}`, `${h12} o'clock`] : []),
  ];
  return `${BOUND_L}(?:${forms.join('|')})${BOUND_R}`;
}

function statesIsoDate(text: string, iso: string): boolean {
  const m = ISO_DAY.exec(iso) as RegExpExecArray;
  if (m[4] !== undefined && text.includes(iso.slice(0, 16))) return true;
  if (!pattern(dayPattern(iso), 'iu').test(text) && !text.includes(iso.slice(0, 10))) return false;
  if (m[4] === undefined) return true;
  const hour = Number(m[4]);
  const minute = Number(m[5]);
  return (hour === 0 && minute === 0) || pattern(timePattern(hour, minute), 'iu').test(text);
}

const TIME_IN_TEXT =
  /(?<![\p{L}\p{N}:.])(\d{1,2})(?:[:.](\d{2}))?\s?(a\.?m\.?|p\.?m\.?|h\b|utc|gmt)?(?![\p{L}\p{N}]|[:.]\d|\s?(?:%|per\b|days?\b|hours?\b|minutes?\b))/giu;

/**
 * The times of day a text states, as minutes after midnight: "10:00 UTC", "2:30 pm", "9am", "14.45" (a bare
 * number without a colon or am/pm is not a time).
 */
export function timesIn(text: string): number[] {
  const out: number[] = [];
  for (const m of text.matchAll(TIME_IN_TEXT)) {
    const [, h, min, suffix] = m;
    if (min === undefined && !/[ap]/i.test(suffix ?? '')) continue;
    let hour = Number(h);
    const minute = Number(min ?? 0);
    if (hour > 23 || minute > 59) continue;
    if (/^p/i.test(suffix ?? '') && hour < 12) hour += 12;
    if (/^a/i.test(suffix ?? '') && hour === 12) hour = 0;
    out.push(hour * 60 + minute);
  }
  return out;
}

/** A day a text names: month (1–12), day, and the weekday it was given with ("Friday 14 March"), if any. */
export interface NamedDay {
  month: number;
  day: number;
  year?: number;
  weekday?: number;
  text: string;
}

const MONTH_RE = MONTHS.map((m) => `${m}|${m.slice(0, 3)}`).join('|');
const WEEKDAY_RE = WEEKDAYS.map((d) => `${d}|${d.slice(0, 3)}`).join('|');
const NAMED_DAY = new RegExp(
  `(?:\\b(${WEEKDAY_RE})\\.?,?\\s+(?:the\\s+)?)?(?:\\b(\\d{1,2})(?:st|nd|rd|th)?(?:\\s+of)?\\s+(${MONTH_RE})\\.?|\\b(${MONTH_RE})\\.?\\s+(\\d{1,2})(?:st|nd|rd|th)?\\b)(?:,?\\s+(\\d{4}))?|\\b(\\d{4})-(\\d{2})-(\\d{2})\\b`,
  'gi',
);

const indexOfName = (names: readonly string[], s: string) =>
  names.findIndex((n) => n.toLowerCase().startsWith(s.toLowerCase().slice(0, 3)));

/** The calendar days a text names ("Friday 14 March", "March 14th, 2026", "2026-03-14"). */
export function daysIn(text: string): NamedDay[] {
  const out: NamedDay[] = [];
  for (const m of text.matchAll(NAMED_DAY)) {
    const [whole, wd, d1, m1, m2, d2, y, isoY, isoM, isoD] = m;
    if (isoY) {
      out.push({ year: Number(isoY), month: Number(isoM), day: Number(isoD), text: whole });
      continue;
    }
    const month = indexOfName(MONTHS, (m1 ?? m2) as string) + 1;
    const day = Number(d1 ?? d2);
    if (month < 1 || day < 1 || day > 31) continue;
    out.push({
      month,
      day,
      ...(y ? { year: Number(y) } : {}),
      ...(wd ? { weekday: indexOfName(WEEKDAYS, wd) } : {}),
      text: whole.trim(),
    });
  }
  return out;
}
