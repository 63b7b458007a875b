import { BoundedMap } from '../schema/bounded-map.js';
import { languageOf, UNSPACED, WORD_CHAR } from './language.js';
import type { FieldKinds } from '../services/catalog.js';
import { cleanText, isListKind, matchKey, splitList, type ValueKind } from '../schema/canonical-values.js';
import type { DateRef, Matcher, Where } from '../schema/matchers.js';

// field predicates of `where` clauses and argument filters. strings compare by their canonical key: a field of
// a value kind (e-mail, account, id… declared by the service, see src/schema/canonical-values.ts) in its
// canonical form, any other string as text (NFKC, invisible characters removed, trimmed, case-insensitive).
// both sides are canonicalised, so neither the spec's spelling nor the agent's decides a match.

const regexCache = new Map<string, RegExp | undefined>();

/**
 * The case-insensitive RegExp for a pattern (an invalid pattern: undefined, it matches nothing). One object per
 * pattern, flagged global so the answer probes' every-match reads share it: V8 compiles a long pattern (a figure
 * with its guards is 2 kB) once per source and flags, at milliseconds each, so every reader of a check's pattern
 * takes it from here. Its lastIndex is 0 when returned; a caller making two successful calls asks again.
 */
export function regexOf(pattern: string): RegExp | undefined {
  let re = regexCache.get(pattern);
  if (re === undefined && !regexCache.has(pattern)) {
    try {
      re = new RegExp(pattern, 'gi');
    } catch {
      re = undefined;
    }
    // bounded: a corpus-sized run reads each task's patterns while it grades that task
    if (regexCache.size >= 512) regexCache.clear();
    regexCache.set(pattern, re);
  }
  if (re) re.lastIndex = 0;
  return re;
}

// whether a pattern matches a text, remembered: the gate grades one spec a few dozen times, and most of its runs
// leave the same reply and the same files, tested by the same kilobyte-long figure patterns. Keyed by the pattern,
// then the text, never by the two joined: a joined key is a new string to copy and hash on every lookup, where the
// spec's own pattern and text strings keep their hash once computed
const tested = new BoundedMap<string, Map<string, boolean>>(128);
const TEXTS_PER_PATTERN = 32;

/** Whether `pattern` (case-insensitive, as regexOf compiles it) matches somewhere in `text`; false when invalid. */
export function regexTests(pattern: string, text: string): boolean {
  let byText = tested.get(pattern);
  if (!byText) {
    byText = new Map();
    tested.set(pattern, byText);
  }
  let hit = byText.get(text);
  if (hit === undefined) {
    hit = regexOf(pattern)?.test(text) ?? false;
    if (byText.size >= TEXTS_PER_PATTERN) byText.clear();
    byText.set(text, hit);
  }
  return hit;
}

const keyOf = (v: unknown, kind?: ValueKind): unknown => (typeof v === 'string' ? matchKey(kind, v) : v);

/** Loose scalar equality: canonical keys of strings (by `kind` when given), numeric strings equal their number. */
export function looseEquals(a: unknown, b: unknown, kind?: ValueKind): boolean {
  if (a === b && (typeof a === 'string' || typeof a === 'number')) return true;
  // a kinded number written unquoted in YAML (account 441099210073) is the same value as the string
  if (kind && typeof a === 'number' && typeof b === 'string') return matchKey(kind, String(a)) === matchKey(kind, b);
  if (kind && typeof b === 'number' && typeof a === 'string') return matchKey(kind, a) === matchKey(kind, String(b));
  if (typeof a === 'number' && typeof b === 'string') return b.trim() !== '' && Number(cleanText(b)) === a;
  if (typeof b === 'number' && typeof a === 'string') return a.trim() !== '' && Number(cleanText(a)) === b;
  return keyOf(a, kind) === keyOf(b, kind);
}

function deepLooseEquals(a: unknown, b: unknown, kind?: ValueKind): boolean {
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((x, i) => deepLooseEquals(x, b[i], kind));
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    const ka = Object.keys(a);
    const kb = Object.keys(b);
    return (
      ka.length === kb.length &&
      ka.every((k) => deepLooseEquals((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
    );
  }
  return looseEquals(a, b, kind);
}

// the items of a list-valued string: "a@x, Ana <b@y>" for address kinds; any comma list for untyped text
function itemsOf(value: string, kind?: ValueKind): string[] {
  if (isListKind(kind)) return splitList(value);
  return value.includes(',') ? value.split(',') : [];
}

function scalarMatches(expected: unknown, value: unknown, kind?: ValueKind): boolean {
  if (Array.isArray(value)) return value.some((v) => scalarMatches(expected, v, kind));
  if (looseEquals(value, expected, kind)) return true;
  if (typeof value === 'string' && typeof expected === 'string' && itemsOf(expected, kind).length <= 1) {
    const items = itemsOf(value, kind);
    return items.length > 1 && items.some((part) => looseEquals(part, expected, kind));
  }
  return false;
}

// the canonical text a `contains` or `regex` matcher reads: a list's items canonical, joined by ", "
function canonicalText(value: string, kind?: ValueKind): string {
  const items = itemsOf(value, kind);
  return items.length > 1 && kind ? items.map((i) => matchKey(kind, i)).join(', ') : matchKey(kind, value);
}

// a short word ("CAT", "IEF", a ticker or a code) is found as a word: never inside "Caterpillar" or "brief". Not
// in a script written without spaces (芯片 stands inside a sentence with letters on both sides)
const SHORT = /^[\p{L}]{1,4}$/u;
const SHORT_WORD = { test: (s: string) => SHORT.test(s) && !UNSPACED.test(s) };
const shortWords = new Map<string, RegExp>();

/** Whether `text` holds `needle`, case aside; a short word (≤ 4 letters) only as a word of its own. */
export function textHas(text: string, needle: string): boolean {
  if (!SHORT_WORD.test(needle)) return text.toLowerCase().includes(needle.toLowerCase());
  let re = shortWords.get(needle);
  if (!re) {
    re = new RegExp(`(?<!${WORD_CHAR})${needle}(?!${WORD_CHAR})`, 'iu');
    if (shortWords.size < 1000) shortWords.set(needle, re);
  }
  return re.test(text);
}

function containsText(text: string, needle: unknown, kind?: ValueKind): boolean {
  if (needle === null) return false;
  const n = String(needle);
  if (SHORT_WORD.test(n)) return textHas(text, n) || textHas(canonicalText(text, kind), n);
  if (text.toLowerCase().includes(n.toLowerCase())) return true;
  // a needle that is itself a whole value of the kind (an account, an address) compares canonically; a part
  // of one ("@partner.example", "9921") compares as text against the canonical form
  return canonicalText(text, kind).includes(matchKey(kind, n));
}

function regexMatches(pattern: string, v: unknown, kind?: ValueKind): boolean {
  if (typeof v === 'number') return regexTests(pattern, String(v));
  if (typeof v !== 'string') return false;
  // invisible characters or look-alikes must not dodge a pattern: the canonical form is tested too
  return regexTests(pattern, v) || regexTests(pattern, canonicalText(v, kind));
}

/** What matchers beyond plain values read: the clock, the initial records, the record being matched. */
export interface MatchEnv {
  /** mock_today in epoch ms (date matchers relative to `mock_today`) */
  now?: number;
  /** initial records of a collection (`free_in`) */
  existing?(service: string, collection: string): readonly Readonly<Record<string, unknown>>[];
  /** the record or arguments the matched field belongs to (`{field}` date references, `free_in.end`) */
  record?: Readonly<Record<string, unknown>>;
  /** value kinds of the record's fields */
  kinds?: FieldKinds;
}

/** Does `value` satisfy the matcher? `kind` is the field's value kind, when it has one. */
export function matchValue(m: Matcher, value: unknown, kind?: ValueKind, env: MatchEnv = {}): boolean {
  if (m === null || typeof m !== 'object') return scalarMatches(m, value, kind);
  if ('equals' in m) return deepLooseEquals(value, m.equals, kind);
  if ('in' in m) return m.in.some((x) => scalarMatches(x, value, kind));
  if ('contains' in m) {
    if (Array.isArray(value))
      return value.some(
        (v) => looseEquals(v, m.contains, kind) || (typeof v === 'string' && containsText(v, m.contains, kind)),
      );
    return typeof value === 'string' && containsText(value, m.contains, kind);
  }
  if ('regex' in m) {
    if (Array.isArray(value)) return value.some((v) => regexMatches(m.regex, v, kind));
    return regexMatches(m.regex, value, kind);
  }
  if ('not' in m) return !matchValue(m.not, value, kind, env);
  if ('all_of' in m) return m.all_of.every((x) => matchValue(x, value, kind, env));
  if ('any_of' in m) return m.any_of.some((x) => matchValue(x, value, kind, env));
  if ('approx' in m) {
    const n = numberOf(value);
    if (n === undefined) return false;
    const tol = Math.max(m.abs ?? 0, (m.rel ?? 0) * Math.abs(m.approx));
    return Math.abs(n - m.approx) <= tol + 1e-12;
  }
  if ('within' in m) {
    const t = timeOf(value);
    const of = resolveDate(m.within.of, env);
    if (t === undefined || of === undefined) return false;
    const span = ((m.within.days ?? 0) * 24 * 60 + (m.within.hours ?? 0) * 60 + (m.within.minutes ?? 0)) * 60_000;
    return Math.abs(t - of) <= span;
  }
  if ('business_hours' in m) return inBusinessHours(value, m.business_hours);
  if ('free_in' in m) return isFree(value, m.free_in, env);
  if ('set_equals' in m || 'subset_of' in m || 'superset_of' in m) return setMatches(m, value, kind);
  if ('language' in m) return typeof value === 'string' && languageOf(value) === m.language;
  if ('before' in m || 'after' in m) {
    const d = m as { before?: DateRef; after?: DateRef };
    const t = timeOf(value);
    if (t === undefined) return false;
    const before = d.before === undefined ? undefined : resolveDate(d.before, env);
    const after = d.after === undefined ? undefined : resolveDate(d.after, env);
    if ((d.before !== undefined && before === undefined) || (d.after !== undefined && after === undefined))
      return false;
    return (before === undefined || t < before) && (after === undefined || t > after);
  }
  // numeric comparison: gt / gte / lt / lte (two make a range)
  const c = m as { gt?: number; gte?: number; lt?: number; lte?: number };
  const n = numberOf(value);
  if (n === undefined) return false;
  return (
    (c.gt === undefined || n > c.gt) &&
    (c.gte === undefined || n >= c.gte) &&
    (c.lt === undefined || n < c.lt) &&
    (c.lte === undefined || n <= c.lte)
  );
}

/** Every field of `where` matches the record (an empty where matches everything); `kinds` gives fields' value kinds. */
export function matchWhere(
  where: Where | undefined,
  rec: Readonly<Record<string, unknown>>,
  kinds?: FieldKinds,
  env: MatchEnv = {},
): boolean {
  if (!where) return true;
  const inner: MatchEnv = { now: env.now, existing: env.existing, record: rec, kinds: kinds ?? env.kinds };
  for (const field in where) if (!matchValue(where[field] as Matcher, rec[field], kinds?.[field], inner)) return false;
  return true;
}

// ---- numbers, dates and sets -------------------------------------------------------------------------

/** A number, or a numeric string ("1,250.50", " 12 " — thousands commas dropped); else undefined. */
export function numberOf(v: unknown): number | undefined {
  if (typeof v === 'number') return Number.isFinite(v) ? v : undefined;
  if (typeof v !== 'string') return undefined;
  const s = cleanText(v)
    .replace(/^[$€£¥]/, '')
    .replace(/,(?=\d{3}(\D|$))/g, '');
  if (s === '' || !/^[+-]?(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?$/i.test(s)) return undefined;
  return Number(s);
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** Epoch ms of an ISO date or date-time (a date alone is 00:00 UTC; a date-time without zone is UTC); else undefined. */
export function timeOf(v: unknown): number | undefined {
  if (typeof v !== 'string') return undefined;
  const s = cleanText(v);
  if (!/^\d{4}-\d{2}-\d{2}/.test(s)) return undefined;
  const iso = DATE_ONLY.test(s) || /[zZ]|[+-]\d{2}:?\d{2}$/.test(s) ? s : `${s}Z`;
  const t = Date.parse(iso);
  return Number.isNaN(t) ? undefined : t;
}

const UNIT_MS: Record<string, number> = { m: 60_000, h: 3_600_000, d: 86_400_000 };
function offsetMs(offset: string | undefined): number {
  if (!offset) return 0;
  const m = /^([+-])(\d+(?:\.\d+)?)([mhd])$/.exec(offset);
  return m ? (m[1] === '-' ? -1 : 1) * Number(m[2]) * (UNIT_MS[m[3] as string] as number) : 0;
}

/** Epoch ms of a date reference, or undefined when it cannot be resolved (no clock, missing field). */
export function resolveDate(ref: DateRef, env: MatchEnv): number | undefined {
  if (typeof ref === 'string') {
    const today = /^mock_today(.*)$/.exec(ref);
    if (!today) return timeOf(ref);
    return env.now === undefined ? undefined : env.now + offsetMs(today[1] || undefined);
  }
  const base = timeOf(env.record?.[ref.field]);
  return base === undefined ? undefined : base + offsetMs(ref.offset);
}

const DAY_NAMES = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];
const zoneFormats = new Map<string, Intl.DateTimeFormat | null>();
function zoneFormat(tz: string): Intl.DateTimeFormat | null {
  if (!zoneFormats.has(tz)) {
    let f: Intl.DateTimeFormat | null;
    try {
      f = new Intl.DateTimeFormat('en-US', {
        timeZone: tz,
        weekday: 'short',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      });
    } catch {
      f = null; // an unknown zone matches nothing (the gate reports it)
    }
    zoneFormats.set(tz, f);
  }
  return zoneFormats.get(tz) ?? null;
}

/** Is `tz` a time zone this runtime knows? */
export function isTimeZone(tz: string): boolean {
  return zoneFormat(tz) !== null;
}

function inBusinessHours(
  value: unknown,
  bh: { start: string; end: string; days: readonly string[]; tz: string },
): boolean {
  const t = timeOf(value);
  const f = zoneFormat(bh.tz);
  if (t === undefined || !f) return false;
  const parts = Object.fromEntries(f.formatToParts(new Date(t)).map((p) => [p.type, p.value]));
  const day = String(parts.weekday ?? '')
    .slice(0, 3)
    .toLowerCase();
  if (!DAY_NAMES.includes(day) || !bh.days.includes(day)) return false;
  const hhmm = `${parts.hour}:${parts.minute}`;
  return hhmm >= bh.start && hhmm <= bh.end;
}

function isFree(
  value: unknown,
  f: { service: string; collection: string; end: string; start_field: string; end_field: string; where?: Where },
  env: MatchEnv,
): boolean {
  const start = timeOf(value);
  const end = timeOf(env.record?.[f.end]);
  if (start === undefined || end === undefined || end <= start || !env.existing) return false;
  for (const r of env.existing(f.service, f.collection)) {
    if (f.where && !matchWhere(f.where, r, undefined, env)) continue;
    const s = timeOf(r[f.start_field]);
    const e = timeOf(r[f.end_field]);
    if (s !== undefined && e !== undefined && start < e && s < end) return false;
  }
  return true;
}

// the items of a list value: an array, or a comma list (address lists split by their kind)
function listItems(value: unknown, kind?: ValueKind): unknown[] | undefined {
  if (Array.isArray(value)) return value;
  if (typeof value !== 'string') return undefined;
  const items = isListKind(kind) ? splitList(value) : value.split(',');
  return items.map((x) => x.trim()).filter((x) => x !== '');
}

function setMatches(
  m: { set_equals?: unknown[]; subset_of?: unknown[]; superset_of?: unknown[] },
  value: unknown,
  kind?: ValueKind,
): boolean {
  const items = listItems(value, kind);
  if (!items) return false;
  const has = (list: readonly unknown[], x: unknown) => list.some((y) => looseEquals(y, x, kind));
  if (m.set_equals)
    return items.every((x) => has(m.set_equals as unknown[], x)) && m.set_equals.every((x) => has(items, x));
  if (m.subset_of) return items.every((x) => has(m.subset_of as unknown[], x));
  return (m.superset_of ?? []).every((x) => has(items, x));
}
