import { escapeRegex } from '../../../schema/text.js';
import { lenient } from '../list-lines.js';
import type { Rec, SourcePart } from '../parts.js';

// a check that a deliverable names a record ("contains: New sign-ups by month") is met by naming another record of
// the task whose name goes on from it ("New sign-ups by month, UK", "Onboarding checklist (2)"): where one name
// of the task's records begins another, a check on the shorter takes a regex that refuses each longer one's rest
// (review 21: eleven tasks whose name checks a sibling's longer name passed). A name inside another ("Mill Piece" in
// "Windmill Piece") refuses what stands before it too, and a file check on a name (a pattern, aggregates.ts
// `lenient`) is anchored as a `contains` is (review 25: 19 tasks whose file name check an excluded edition met).

/** What stands around a shorter name inside a longer one ("Wind" before "Mill Piece", ", UK" after). */
export interface Around {
  /** the shorter name as its record writes it */
  name: string;
  before: string;
  after: string;
}

/** Per name of the task's records found inside another's (lower case): what stands around it in the longer ones. */
export function nameRests(records: readonly Rec[], src: SourcePart): Map<string, Around[]> {
  const f = src.nameField.field;
  const names = [...new Set(records.map((r) => r[f]).filter((v): v is string => typeof v === 'string' && v !== ''))];
  const out = new Map<string, Around[]>();
  for (const short of names)
    for (const long of names) {
      const at = long.toLowerCase().indexOf(short.toLowerCase());
      if (long.length <= short.length || at < 0) continue;
      const key = short.toLowerCase();
      const around = { name: short, before: long.slice(0, at), after: long.slice(at + short.length) };
      out.set(key, [...(out.get(key) ?? []), around]);
    }
  return out;
}

/** A name's pattern that no longer name around it meets: each longer name is refused where both its sides stand. */
function refusing(pattern: string, around: readonly Around[]): string {
  const guards = around.map(({ before, after }) => {
    const ahead = `(?!${pattern}${escapeRegex(after)})`;
    if (!before) return ahead;
    const behind = `(?<!${escapeRegex(before)})`;
    return after ? `(?:${behind}|${ahead})` : behind;
  });
  return `${guards.join('')}${pattern}`;
}

// a short code or a number is found inside longer ones ("BP" in "BPX", "630" in "1630" or "6,300"): checked as a
// word of its own (review 23: 22 tasks checked a token of three characters or fewer by substring)
const SHORT = /^(?:[A-Za-z0-9]{1,3}|\d+)$/;
const asWord = (t: string) => `(?<![A-Za-z0-9])${escapeRegex(t)}(?![A-Za-z0-9]|[.,]\\d)`;

/**
 * `v` with every `{contains: name}` or `{regex: lenient(name)}` of a name in `rests` made a regex that refuses the
 * longer names around it, and every `{contains: token}` of a short code or a number made a regex that takes it
 * only as a word of its own.
 */
export function anchorNames<T>(v: T, rests: ReadonlyMap<string, readonly Around[]>): T {
  const patterns = new Map([...rests].flatMap(([k, around]) => around.map((a) => [lenient(a.name), k] as const)));
  const walk = (x: unknown): unknown => {
    if (Array.isArray(x)) return x.map(walk);
    if (!x || typeof x !== 'object') return x;
    const o = x as Record<string, unknown>;
    const only = Object.keys(o).length === 1;
    const needle = typeof o.contains === 'string' && only ? o.contains : undefined;
    const around = needle === undefined ? undefined : rests.get(needle.toLowerCase());
    if (needle !== undefined && around) return { regex: refusing(escapeRegex(needle), around) };
    if (needle !== undefined && SHORT.test(needle)) return { regex: asWord(needle) };
    const named = typeof o.regex === 'string' && only ? patterns.get(o.regex) : undefined;
    if (named !== undefined) return { regex: refusing(o.regex as string, rests.get(named) ?? []) };
    return Object.fromEntries(Object.entries(o).map(([k, y]) => [k, walk(y)]));
  };
  return walk(v) as T;
}
