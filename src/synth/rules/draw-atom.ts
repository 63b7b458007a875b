import type { Rng } from '../../env/rng.js';
import { type DateModel, type FieldModel, type NumberModel, roundTo } from './fields.js';
import type { Atom } from './rule.js';

// One condition of a rule, drawn: thresholds are round numbers inside the field's range and windows are the ones
// offices use (7, 10, 14, 30 days…), on the side of the field the work calls for (draw.ts draws the rule).

const DAY_WINDOWS = [3, 5, 7, 10, 14, 21, 30, 45, 60, 90];
const WORKDAY_WINDOWS = [3, 5, 10, 15, 20];
// the round spans policy writers count in, from a couple of days to a year
const DAY_LADDER = [2, 3, 5, 7, 10, 14, 21, 30, 45, 60, 90, 120, 180, 270, 365];
const WORKDAY_LADDER = [2, 3, 5, 10, 15, 20];

/**
 * A record type's own windows with the round spans between them and the next one past its longest: a work that
 * counts in 30, 60 or 90 days also writes 45, and one that counts in 2, 3 or 7 days also writes 5 or 10, so the
 * window a task draws is one of many its office would use (a short list made every task of a work share its rule)
 */
export function spanOf(own: readonly number[], ladder: readonly number[] = DAY_LADDER): number[] {
  if (!own.length) return [];
  const lo = Math.min(...own);
  const hi = Math.max(...own);
  const next = ladder.find((d) => d > hi);
  const between = ladder.filter((d) => d > lo && d < hi);
  return [...new Set([...own, ...between, ...(next ? [next] : [])])].sort((a, b) => a - b);
}

// a round threshold between 20% and 80% of a number field's range; where the work calls for the low end ("small
// balances are written off") and the field has room, between 10% and 40%: half the range is not small
function roundThreshold(m: NumberModel, rng: Rng, low = false, bound?: Bound): number {
  // the work's own bounds, where it has them ("nobody opens": a handful of views a month), else a share of the range
  if (bound) return boundedThreshold(m, bound, rng);
  const [from, to] = low && (m.max - m.min) / m.step >= 20 ? [0.1, 0.4] : [0.2, 0.8];
  const lo = m.min + from * (m.max - m.min);
  const hi = m.min + to * (m.max - m.min);
  const raw = lo + rng.next() * (hi - lo);
  return roundFigure(raw, m.step);
}

// a figure on the half-grain of its size, as limits are written (15, 350, 2,500, 7,500; never 2,375), and never
// finer than the field's own step (7,500 as well as 7,000: whole grains above the half left a work few lines)
function roundFigure(raw: number, step: number): number {
  const mag = 10 ** Math.floor(Math.log10(Math.max(Math.abs(raw), step)));
  const grain = Math.max(step, mag / 2);
  return Math.round(Math.round(raw / grain) * grain * 1e6) / 1e6;
}

// a round threshold inside the work's bounds (and the field's range)
function boundedThreshold(m: NumberModel, [lo, hi]: Bound, rng: Rng): number {
  const a = Math.max(lo, m.min);
  const b = Math.min(hi, m.max);
  const raw = a + rng.next() * (b - a);
  const v = roundFigure(raw, m.step);
  return v >= a && v <= b ? v : Math.round(Math.round(raw / m.step) * m.step * 1e6) / 1e6;
}

/**
 * The magnitudes a work's reason allows a field's condition (an act's `bounds`): a number's threshold, or a date
 * window's days, from `[0]` to `[1]` ("dashboards nobody opens": at most a few dozen views a month, not opened for
 * two weeks or more)
 */
export type Bound = readonly [number, number];

/**
 * Which side of a field calls for the work (an action's `lean`): a date window still ahead, already stale or
 * recent, a number high or low, a flag's value, or the enum values that call for it. A rule's conditions on the
 * field take that side (nobody diarises a deadline that has passed, or disables the sandboxed skills); its
 * exception takes the other. `unrelated`: the field has no bearing on this work (AV support on cancelling
 * catering), so its rule never names it. `scope`: the field may narrow the work (the deadlines of one court) but
 * never except from it (no court's deadlines are left out of the diary).
 */
export type Lean = 'ahead' | 'stale' | 'recent' | 'high' | 'low' | boolean | readonly string[] | 'unrelated' | 'scope';

function dateAtom(m: DateModel, rng: Rng, lean?: Lean, bound?: Bound): Atom {
  const past = Math.max(0, -m.from);
  const ahead = Math.max(0, m.to);
  // the record type's own windows (criteria.ts) where it has them, else the office's usual ones from 3 days up
  const own = m.windows;
  const fits = (ws: readonly number[], room: number) =>
    ws.filter((d) => d >= (own ? 2 : 3) && d <= room - 2 && (!bound || (d >= bound[0] && d <= bound[1])));
  const days = own ? spanOf(own.days) : DAY_WINDOWS;
  const workdays = own ? spanOf(own.workdays ?? [], WORKDAY_LADDER) : WORKDAY_WINDOWS;
  const options: Atom[] = [];
  const stale = lean === undefined || lean === 'stale';
  const fresh = lean === undefined || lean === 'recent';
  if (stale) {
    for (const d of fits(days, past)) options.push({ kind: 'older', field: m.field, days: d });
    for (const d of fits(workdays, (past * 5) / 7))
      options.push({ kind: 'older', field: m.field, days: d, workdays: true });
    if (past >= 3 && ahead >= 3) options.push({ kind: 'overdue', field: m.field });
  }
  if (fresh) for (const d of fits(days, past)) options.push({ kind: 'recent', field: m.field, days: d });
  if (lean === undefined || lean === 'ahead')
    for (const d of fits(days, ahead)) options.push({ kind: 'due_within', field: m.field, days: d });
  // a span too short for any of its windows takes the nearest the office uses
  if (!options.length && own) return dateAtom({ ...m, windows: undefined }, rng, lean, bound);
  // nor any of the office's windows inside the work's bounds: the bounds give way to the field's span
  if (!options.length && bound) return dateAtom(m, rng, lean);
  return rng.pick(options);
}

// values of a scale from one end: the `pool` (the values a condition may name) sorted on the scale, and a run of
// them from the end they reach (urgent and two-week-wait; routine and soon), never a value without those beyond it
function scaleEnd(ranks: readonly string[], pool: readonly string[], rng: Rng): string[] {
  const sorted = [...pool].sort((a, b) => ranks.indexOf(a) - ranks.indexOf(b));
  const top = sorted.includes(ranks.at(-1) as string);
  const bottom = sorted.includes(ranks[0] as string);
  // a pool that reaches neither end (or both) is one run already: the values of a lean, or all of the scale
  const fromTop = top && bottom ? rng.chance(0.5) : top;
  if (top === bottom && pool.length < ranks.length) return sorted;
  const k = rng.int(1, Math.max(1, Math.min(sorted.length, ranks.length - 1)));
  return fromTop ? sorted.slice(-k) : sorted.slice(0, k);
}

/**
 * One condition over a field, drawn; with a `lean`, on the side that calls for the work (or, for an `exception`,
 * on the other side). A field that scopes the work is named by the values it is narrowed to, never by "anything
 * but"; a scale is named from one end.
 */
export function drawAtom(
  m: FieldModel,
  rng: Rng,
  lean?: Lean,
  exception = false,
  bound?: Bound,
  wholeScale = false,
): Atom {
  switch (m.kind) {
    case 'enum': {
      const wanted = Array.isArray(lean) ? (lean as readonly string[]) : undefined;
      // the values the condition may name: with a lean, those that call for the work (an exception: the others)
      const pool = wanted ? m.values.filter((v) => wanted.includes(v) !== exception) : [...m.values];
      if (!pool.length) throw new Error(`rules: the lean of ${m.field} leaves no value of it (${m.values.join(', ')})`);
      // the values a lean names are the class the work's reason names ("what staff paid themselves": cash and a
      // personal card), so a condition for the work takes them all: one of them alone would leave out records the
      // reason is about (a lean that names every value says nothing of which: the condition picks among them). A
      // scale is named from its pressing end instead, the whole lean or its most pressing part (`wholeScale`: the
      // whole lean, where the reason names the class and no wait per value narrows it); its exception is
      // the whole other side of the work's (never hold an urgent referral because only the two-week-wait ones were
      // excepted)
      if (wanted && !exception && (!m.ranks || wholeScale) && pool.length < m.values.length)
        return { kind: 'in', field: m.field, values: pool };
      if (m.ranks)
        return { kind: 'in', field: m.field, values: wanted && exception ? pool : scaleEnd(m.ranks, pool, rng) };
      const n = pool.length > 3 && rng.chance(0.35) ? 2 : 1;
      const values: string[] = [];
      for (let i = 0; i < n && pool.length; i++) values.push(pool.splice(rng.int(0, pool.length - 1), 1)[0] as string);
      return !wanted && m.use !== 'scope' && lean !== 'scope' && pool.length >= 2 && n === 1 && rng.chance(0.2)
        ? { kind: 'not_in', field: m.field, values }
        : { kind: 'in', field: m.field, values };
    }
    case 'number': {
      const drawn = roundThreshold(m, rng, lean === 'low' && !exception, exception ? undefined : bound);
      const high = lean === 'high' || lean === 'low' ? (lean === 'high') !== exception : rng.chance(0.5);
      // a line at the field's own end holds for every record ("at least 0 sockets", keyed so while the policy said
      // "one or more", and its near miss drawn at -1, review 34): one grain inside the range
      const value = high
        ? Math.max(drawn, roundTo(m.min + m.step, m.step))
        : Math.min(drawn, roundTo(m.max - m.step, m.step));
      return high ? { kind: 'at_least', field: m.field, value } : { kind: 'at_most', field: m.field, value };
    }
    case 'date':
      return dateAtom(
        m,
        rng,
        lean === 'ahead' || lean === 'stale' || lean === 'recent' ? lean : undefined,
        exception ? undefined : bound,
      );
    case 'flag':
      return { kind: 'flag', field: m.field, value: typeof lean === 'boolean' ? lean !== exception : rng.chance(0.5) };
    case 'text': {
      // with a lean, the terms that call for the work ("freelance" for a legal read); an exception, the others
      const wanted = Array.isArray(lean) ? (lean as readonly string[]) : undefined;
      const terms = wanted ? m.terms.filter((t) => wanted.includes(t) !== exception) : m.terms;
      if (!terms.length) throw new Error(`rules: the lean of ${m.field} leaves no term of it`);
      // like an enum's: a condition for the work takes every term its reason names ("illness, a journey that went
      // wrong"), so a record noting one of them is never left out for noting another; an exception names one
      // (in the field's own order: the same terms in another order are the same condition, never another rule)
      if (wanted && !exception && terms.length > 1) {
        const [term, ...or] = terms;
        return { kind: 'mentions', field: m.field, term: term as string, or };
      }
      return { kind: 'mentions', field: m.field, term: rng.pick(terms) };
    }
  }
}
