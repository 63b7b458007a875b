import type { Matcher, Where } from '../../schema/matchers.js';
import { SAMPLE } from '../language.js';
import { type MatchEnv, matchValue, resolveDate, timeOf } from '../match.js';
import type { SyntheticBuilder } from '../types.js';

const HOUR = 3_600_000;
const iso = (t: number) => new Date(t).toISOString().replace('.000Z', 'Z');

/** A value that satisfies the matcher (for the synthetic complete record); `record`: the fields built so far. */
export function exampleValue(m: Matcher, b: SyntheticBuilder, record: Record<string, unknown> = {}): unknown {
  if (m === null || typeof m !== 'object') return m;
  if ('equals' in m) return m.equals;
  if ('in' in m) return m.in[0];
  if ('contains' in m) return m.contains;
  if ('regex' in m) return b.example(m.regex);
  const env: MatchEnv = { ...b.matchEnv, record };
  // the first candidate the matcher accepts (composite and comparison forms are checked, not constructed)
  const pick = (candidates: unknown[]) =>
    candidates.find((c) => c !== undefined && matchValue(m, c, undefined, env)) ?? candidates[0];
  if ('not' in m) return pick(['(none)', -1_000_000_007, false, null]);
  if ('all_of' in m || 'any_of' in m) {
    const parts = 'all_of' in m ? m.all_of : m.any_of;
    const each = parts.map((x) => exampleValue(x, b, record));
    // texts that must all hold (a language and the ids it keeps) hold together in one sentence
    const texts = each.filter((x): x is string => typeof x === 'string');
    return pick([...('all_of' in m && texts.length > 1 ? [texts.join(' ')] : []), ...each]);
  }
  if ('language' in m) return SAMPLE[m.language];
  if ('approx' in m) return m.approx;
  if ('set_equals' in m) return m.set_equals;
  if ('superset_of' in m) return m.superset_of;
  if ('subset_of' in m) return m.subset_of.slice(0, 1);
  if ('within' in m) {
    const of = resolveDate(m.within.of, env);
    return of === undefined ? undefined : iso(of);
  }
  if ('business_hours' in m || 'free_in' in m) return pick(slots(env));
  if ('before' in m || 'after' in m) {
    const d = m as { before?: Parameters<typeof resolveDate>[0]; after?: Parameters<typeof resolveDate>[0] };
    const before = d.before === undefined ? undefined : resolveDate(d.before, env);
    const after = d.after === undefined ? undefined : resolveDate(d.after, env);
    if (before !== undefined && after !== undefined) return iso(Math.floor((before + after) / 2));
    if (after !== undefined) return iso(after + HOUR);
    return before === undefined ? undefined : iso(before - HOUR);
  }
  const c = m as { gt?: number; gte?: number; lt?: number; lte?: number };
  const lo = c.gte ?? (c.gt !== undefined ? c.gt + 1 : undefined);
  const hi = c.lte ?? (c.lt !== undefined ? c.lt - 1 : undefined);
  if (lo !== undefined && hi !== undefined) return lo <= hi ? lo : ((c.gt ?? c.gte ?? 0) + (c.lt ?? c.lte ?? 0)) / 2;
  return lo ?? hi ?? 0;
}

// candidate working-hour slots from mock_today on: 10:00 UTC of the next 60 days
function slots(env: MatchEnv): string[] {
  const start = env.now ?? Date.parse('2026-01-01T00:00:00Z');
  const day0 = Math.floor(start / (24 * HOUR)) * 24 * HOUR;
  return Array.from({ length: 60 }, (_, i) => iso(day0 + (i + 1) * 24 * HOUR + 10 * HOUR));
}

export function exampleWhere(where: Where | undefined, b: SyntheticBuilder): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const entries = Object.entries(where ?? {});
  // fields others refer to (an end after a start) are built first when they are plain
  for (const [k, m] of entries) out[k] = exampleValue(m, b, out);
  // a free slot needs its end: give it one hour after the start unless the where set one
  for (const [k, m] of entries) {
    if (m && typeof m === 'object' && 'free_in' in m) {
      const start = timeOf(out[k]);
      if (start !== undefined && timeOf(out[m.free_in.end]) === undefined) out[m.free_in.end] = iso(start + HOUR);
      if (!matchValue(m, out[k], undefined, { ...b.matchEnv, record: out })) out[k] = exampleValue(m, b, out);
    }
  }
  return out;
}
