import { escapeRegex } from '../../../schema/text.js';
import type { Rec, SourcePart } from '../parts.js';

// a check that a deliverable names a record ("contains: New sign-ups by month") is met by naming another record of
// the task whose name goes on from it ("New sign-ups by month, UK", "Onboarding checklist (2)"): where one name
// of the task's records begins another, a check on the shorter takes a regex that refuses each longer one's rest
// (review 21: eleven tasks whose name checks a sibling's longer name passed)

/** Per name of the task's records that begins another's (lower case): the rests of the longer ones. */
export function nameRests(records: readonly Rec[], src: SourcePart): Map<string, string[]> {
  const f = src.nameField.field;
  const names = [...new Set(records.map((r) => r[f]).filter((v): v is string => typeof v === 'string' && v !== ''))];
  const out = new Map<string, string[]>();
  for (const short of names)
    for (const long of names) {
      if (long.length <= short.length || !long.toLowerCase().startsWith(short.toLowerCase())) continue;
      const key = short.toLowerCase();
      out.set(key, [...(out.get(key) ?? []), long.slice(short.length)]);
    }
  return out;
}

// a short code or a number is found inside longer ones ("BP" in "BPX", "630" in "1630" or "6,300"): checked as a
// word of its own (review 23: 22 tasks checked a token of three characters or fewer by substring)
const SHORT = /^(?:[A-Za-z0-9]{1,3}|\d+)$/;
const asWord = (t: string) => `(?<![A-Za-z0-9])${escapeRegex(t)}(?![A-Za-z0-9]|[.,]\\d)`;

/**
 * `v` with every `{contains: name}` of a name in `rests` made a regex that refuses the longer names' rests, and
 * every `{contains: token}` of a short code or a number made a regex that takes it only as a word of its own.
 */
export function anchorNames<T>(v: T, rests: ReadonlyMap<string, readonly string[]>): T {
  if (Array.isArray(v)) return v.map((x) => anchorNames(x, rests)) as T;
  if (!v || typeof v !== 'object') return v;
  const o = v as Record<string, unknown>;
  const needle = typeof o.contains === 'string' && Object.keys(o).length === 1 ? o.contains : undefined;
  const rest = needle === undefined ? undefined : rests.get(needle.toLowerCase());
  if (needle !== undefined && rest)
    return { regex: `${escapeRegex(needle)}(?!${rest.map(escapeRegex).join('|')})` } as T;
  if (needle !== undefined && SHORT.test(needle)) return { regex: asWord(needle) } as T;
  return Object.fromEntries(Object.entries(o).map(([k, x]) => [k, anchorNames(x, rests)])) as T;
}
