import type { Matcher, Where } from '../spec/matchers.js';

// field predicates of `where` clauses and argument filters. strings compare case-insensitively and
// trimmed; a comma-separated address list matches a scalar equal to one of its items.

const regexCache = new Map<string, RegExp>();

/** The case-insensitive RegExp for a pattern (cached; an invalid pattern matches nothing). */
export function regexOf(pattern: string): RegExp | undefined {
  if (!regexCache.has(pattern)) {
    let re: RegExp | undefined;
    try {
      re = new RegExp(pattern, 'i');
    } catch {
      re = undefined;
    }
    regexCache.set(pattern, re as RegExp);
  }
  return regexCache.get(pattern);
}

function norm(v: unknown): unknown {
  return typeof v === 'string' ? v.trim().toLowerCase() : v;
}

/** Loose scalar equality: trimmed case-insensitive strings, numeric strings equal their number. */
export function looseEquals(a: unknown, b: unknown): boolean {
  if (typeof a === 'number' && typeof b === 'string') return b.trim() !== '' && Number(b) === a;
  if (typeof b === 'number' && typeof a === 'string') return a.trim() !== '' && Number(a) === b;
  return norm(a) === norm(b);
}

function deepLooseEquals(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => deepLooseEquals(x, b[i]));
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    const ka = Object.keys(a);
    const kb = Object.keys(b);
    return ka.length === kb.length && ka.every((k) => deepLooseEquals((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
  }
  return looseEquals(a, b);
}

function scalarMatches(expected: unknown, value: unknown): boolean {
  if (Array.isArray(value)) return value.some((v) => scalarMatches(expected, v));
  if (looseEquals(value, expected)) return true;
  if (typeof value === 'string' && typeof expected === 'string' && value.includes(',') && !expected.includes(',')) {
    return value.split(',').some((part) => looseEquals(part, expected));
  }
  return false;
}

/** Does `value` satisfy the matcher? */
export function matchValue(m: Matcher, value: unknown): boolean {
  if (m === null || typeof m !== 'object') return scalarMatches(m, value);
  if ('equals' in m) return deepLooseEquals(value, m.equals);
  if ('in' in m) return m.in.some((x) => scalarMatches(x, value));
  if ('contains' in m) {
    if (Array.isArray(value)) return value.some((v) => looseEquals(v, m.contains) || (typeof v === 'string' && containsText(v, m.contains)));
    return typeof value === 'string' && containsText(value, m.contains);
  }
  const re = regexOf(m.regex);
  if (!re) return false;
  if (Array.isArray(value)) return value.some((v) => (typeof v === 'string' || typeof v === 'number') && re.test(String(v)));
  return (typeof value === 'string' || typeof value === 'number') && re.test(String(value));
}

function containsText(text: string, needle: unknown): boolean {
  return needle !== null && text.toLowerCase().includes(String(needle).toLowerCase());
}

/** Every field of `where` matches the record (an empty where matches everything). */
export function matchWhere(where: Where | undefined, rec: Readonly<Record<string, unknown>>): boolean {
  if (!where) return true;
  for (const [field, m] of Object.entries(where)) if (!matchValue(m, rec[field])) return false;
  return true;
}
