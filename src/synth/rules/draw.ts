import type { Rng } from '../../env/rng.js';
import { shuffle } from '../kit/ids.js';
import type { Difficulty } from '../../schema/taxonomy.js';
import { exceptionReasons } from './exception-reasons.js';
import { isState } from './field-words.js';
import { type Lean, protectsOf, selectsGravest, servesGravest } from './protects.js';
import { shapeOf } from './shape.js';

export type { Lean } from './protects.js';
export { protectsOf, servesGravest } from './protects.js';
import { type DateModel, type FieldModel, type NumberModel } from './fields.js';
import { type Atom, type Rule } from './rule.js';

// Drawing a rule per task, and the values that make a record meet or just miss each condition. Thresholds are
// round numbers inside the field's range and windows are the ones offices use (7, 10, 14, 30 days…), so a
// rule reads like policy, yet which fields, operators and limits apply changes from task to task.

const DAY_WINDOWS = [3, 5, 7, 10, 14, 21, 30, 45, 60, 90];
const WORKDAY_WINDOWS = [3, 5, 10, 15, 20];

// a round threshold between 25% and 75% of a number field's range; where the work calls for the low end ("small
// balances are written off") and the field has room, between 10% and 40%: half the range is not small
function roundThreshold(m: NumberModel, rng: Rng, low = false, bound?: Bound): number {
  // the work's own bounds, where it has them ("nobody opens": a handful of views a month), else a share of the range
  if (bound) return boundedThreshold(m, bound, rng);
  const [from, to] = low && (m.max - m.min) / m.step >= 20 ? [0.1, 0.4] : [0.25, 0.75];
  const lo = m.min + from * (m.max - m.min);
  const hi = m.min + to * (m.max - m.min);
  const raw = lo + rng.next() * (hi - lo);
  const mag = 10 ** Math.floor(Math.log10(Math.max(Math.abs(raw), m.step)));
  const grain = Math.max(m.step, raw >= 5 * mag ? mag : mag / 2);
  return Math.round(Math.round(raw / grain) * grain * 1e6) / 1e6;
}

// a round threshold inside the work's bounds (and the field's range)
function boundedThreshold(m: NumberModel, [lo, hi]: Bound, rng: Rng): number {
  const a = Math.max(lo, m.min);
  const b = Math.min(hi, m.max);
  const raw = a + rng.next() * (b - a);
  const mag = 10 ** Math.floor(Math.log10(Math.max(Math.abs(raw), m.step)));
  const grain = Math.max(m.step, raw >= 5 * mag ? mag : mag / 2);
  const v = Math.round(Math.round(raw / grain) * grain * 1e6) / 1e6;
  return v >= a && v <= b ? v : Math.round(Math.round(raw / m.step) * m.step * 1e6) / 1e6;
}

/**
 * The magnitudes a work's reason allows a field's condition (an act's `bounds`): a number's threshold, or a date
 * window's days, from `[0]` to `[1]` ("dashboards nobody opens": at most a few dozen views a month, not opened for
 * two weeks or more)
 */
export type Bound = readonly [number, number];

function dateAtom(m: DateModel, rng: Rng, lean?: Lean, bound?: Bound): Atom {
  const past = Math.max(0, -m.from);
  const ahead = Math.max(0, m.to);
  // the record type's own windows (criteria.ts) where it has them, else the office's usual ones from 3 days up
  const own = m.windows;
  const fits = (ws: readonly number[], room: number) =>
    ws.filter((d) => d >= (own ? 2 : 3) && d <= room - 2 && (!bound || (d >= bound[0] && d <= bound[1])));
  const days = own?.days ?? DAY_WINDOWS;
  const workdays = own ? (own.workdays ?? []) : WORKDAY_WINDOWS;
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
      const value = roundThreshold(m, rng, lean === 'low' && !exception, exception ? undefined : bound);
      const high = lean === 'high' || lean === 'low' ? (lean === 'high') !== exception : rng.chance(0.5);
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
      if (wanted && !exception && terms.length > 1) {
        const [term, ...or] = shuffle(rng, terms);
        return { kind: 'mentions', field: m.field, term: term as string, or };
      }
      return { kind: 'mentions', field: m.field, term: rng.pick(terms) };
    }
  }
}

// a kind of record, neither a stage of the work nor a scale (a receipt's expense kind, a ward's bay)
const category = (m: FieldModel): boolean => m.kind === 'enum' && !m.ranks && !isState(m);

const ruleable = (m: FieldModel) =>
  m.rule !== false &&
  (m.kind !== 'date' || m.from <= -5 || m.to >= 5) &&
  (m.kind !== 'enum' || m.values.length >= 2) &&
  (m.kind !== 'text' || m.terms.length >= 2);

/**
 * What a field is to the work a rule is drawn for: a `signal` (a side of it calls for the work, its lean), a
 * `scope` (it narrows the work either way), `free` (no policy sense declared, or a concern the work takes no side
 * on: either way), or nothing (a detail of the record, or a field unrelated to the work: no rule names it).
 */
type Role = 'signal' | 'scope' | 'free';
function roleOf(m: FieldModel, lean: Readonly<Record<string, Lean>>): Role | undefined {
  const l = lean[m.field];
  if (l === 'unrelated') return undefined;
  if (l === 'scope') return 'scope';
  if (l !== undefined) return 'signal';
  if (m.use === 'detail') return undefined;
  return m.use === 'scope' ? 'scope' : 'free';
}

/**
 * A category a work is really narrowed to, with the reason a practitioner gives (compose/policy-act.ts): a
 * regulator's scope, an owner's remit, a deadline only those records face ("the rabies boosters the council's
 * campaign covers: the dogs").
 */
export interface Scope {
  field: string;
  values: readonly string[];
  why: string;
}

/**
 * A rule over distinct fields of a record type: 1–4 conditions for the difficulty, each on a field that means
 * something to the work (see Role). `lean`: per field, the side that calls for the task's work (see Lean). The
 * conditions every record must meet say why the work is due (a signal first) and narrow it by at most one scope
 * where the record type has signals; the alternatives ("either … or …") are signals, each a reason on its own;
 * the exception takes the other side of a signal or one part of a scope. An exception never takes a date field
 * that leans (the side a date window cannot turn), nor an enum field whose lean leaves no other value. `must`:
 * fields every rule of the work names. `own`: the fields the work's own reason leans on; a yes/no field is excepted
 * only where the work itself says which side calls for it ("unless the chart passes the colour-blind check" is no
 * reason to leave a queued chart without a designer, and a side the record type merely worries about is no reason
 * to spare a record from this work). Without `own`, any yes/no field the lean allows. `bounds`: per field, the
 * magnitudes the work's reason allows its threshold or window (see Bound); `wholeScale`: a scale's lean is taken
 * whole ("major and critical defects" never reads as the critical ones alone). `scopes`: where the work is known,
 * the only categories it is narrowed to (each to its own values); a category it gives no reason for (the batches
 * "by species" nobody works in) never narrows it, so its tasks differ by the thresholds and windows instead.
 */
export function drawRule(
  models: readonly FieldModel[],
  rng: Rng,
  d: Difficulty,
  lean: Readonly<Record<string, Lean>> = {},
  must: readonly string[] = [],
  own?: readonly string[],
  bounds: Readonly<Record<string, Bound>> = {},
  wholeScale = false,
  scopes?: readonly Scope[],
  grave: Readonly<Record<string, Lean>> = {},
): Rule {
  // a category the work's reason does not name selects only as one of the work's real scopes (an exception may
  // still take it, with its own reason); a stage of the work, or a side the work names, always may
  const selects = (m: FieldModel) =>
    !scopes ||
    m.kind !== 'enum' ||
    isState(m) ||
    ((own ?? []).includes(m.field) && lean[m.field] !== 'scope') ||
    scopes.some((s) => s.field === m.field);
  const pool = models.filter((m) => ruleable(m) && roleOf(m, lean) !== undefined);
  // the values of a category a rule may spare, off the side the work calls for: those with a reason of their own
  const spares = (m: FieldModel): string[] => {
    // (a scale's end too, where the work gives it a reason: an observation asks no corrective action)
    if (m.kind !== 'enum' || isState(m)) return [];
    const l = lean[m.field];
    return Object.keys(m.spared ?? {}).filter(
      (v) => m.values.includes(v) && !(Array.isArray(l) && (l as readonly string[]).includes(v)),
    );
  };
  // the work's own reason leans on fields (see `protectsOf`): its rules never except what that reason names
  const protects = protectsOf(lean, own);
  const purposeful = Object.keys(protects).length > 0;
  // a work that exists for the gravest records (see `servesGravest`) spares none of them: every record its rule
  // selects is one, so its exception may only take a state where nothing is left to do or someone has it in hand
  const gravest = servesGravest(models, protects, grave);
  if (pool.length === 0) throw new Error('drawRule: the record type has no field a rule can use');
  const shape = shapeOf(d, rng, pool.length);
  const role = (m: FieldModel) => roleOf(m, lean) as Role;
  // takes a field out of `from` and of the pool (every field serves one condition)
  const take = (from: readonly FieldModel[]) => {
    const m = from[rng.int(0, from.length - 1)] as FieldModel;
    pool.splice(pool.indexOf(m), 1);
    return m;
  };
  const atom = (m: FieldModel, exception = false): Atom => {
    // one of the field's real scopes, drawn (a bounty's queue this time, the pen test's the next)
    const own = exception ? [] : (scopes ?? []).filter((x) => x.field === m.field);
    if (own.length) return { kind: 'in', field: m.field, values: rng.pick(own).values };
    const spare = exception ? spares(m) : [];
    if (spare.length) return { kind: 'in', field: m.field, values: [rng.pick(spare)] };
    return drawAtom(m, rng, lean[m.field], exception, bounds[m.field], wholeScale);
  };
  // a word in a free-text note selects badly ("watch for slug damage" is no damage) but excepts well ("unless the
  // note mentions waterlogging"): the selecting conditions take the structured fields while there are any
  const reasons = () => pool.filter((m) => m.kind !== 'text' && role(m) !== 'scope' && selects(m));
  const scopesLeft = () => pool.filter((m) => m.kind !== 'text' && role(m) === 'scope' && selects(m));
  // a record type with reasons for the work is narrowed by one scope at most, one read for what its records offer
  // (a desk by the windows, with two screens) by two: more reads as a field dump
  // (a work's real scope gives the whole reason for narrowing it: one to a rule, never two stacked reasons)
  const scopeRoom = reasons().length || scopes ? 1 : 2;
  let scoped = 0;
  // the fields the work always turns on (an approval: within policy) come first, on their lean's side
  const all: Atom[] = must.flatMap((f) => {
    const m = pool.find((x) => x.field === f);
    return m ? [atom(take([m]))] : [];
  });
  const wanted = Math.max(all.length ? 0 : 1, shape.all - all.length);
  for (let i = 0; i < wanted; i++) {
    // the first condition says why the work is due, mostly by how far it has gone (waiting time, an amount, a
    // count: a line drawn from the data, so rules differ from task to task); later ones may narrow it
    const open = all.length > 0 && scoped < scopeRoom ? scopesLeft() : [];
    const measured = all.length ? [] : reasons().filter((m) => m.kind === 'number' || m.kind === 'date');
    let from = measured.length && rng.chance(0.7) ? measured : [...reasons(), ...open];
    if (!from.length && scoped < scopeRoom) from = scopesLeft();
    // a note selects only where nothing else can (it excepts instead: "unless the note mentions external guests")
    if (!from.length && !all.length) from = pool.filter((m) => m.kind === 'text');
    if (!from.length) break;
    const m = take(from);
    if (role(m) === 'scope') scoped++;
    all.push(atom(m));
  }
  // a record type whose work has no real scope left once the action's fields are taken (a blocked desk's repair,
  // its state the action's) is narrowed as before: a rule must select on something
  if (!all.length && scopes) return drawRule(models, rng, d, lean, must, own, bounds, wholeScale, undefined, grave);
  // alternatives are reasons of their own: two of them, or none
  const any = shape.any && reasons().length >= 2 ? Array.from({ length: 2 }, () => atom(take(reasons()))) : undefined;
  // (nor where its conditions take the gravest records only, whatever the work's reason)
  const spareNone = gravest || [...all, ...(any ?? [])].some((a) => selectsGravest(a, models, grave));
  const free = pool.filter((m) => {
    const l = lean[m.field];
    // a category (or a scale's end) is excepted only where the work gives that kind a reason to spare it (spared.ts)
    if ((category(m) || (m.kind === 'enum' && m.ranks)) && !spares(m).length) return false;
    if (m.kind === 'flag' && own && !own.includes(m.field)) return false;
    // under a work with a purpose of its own, an exception never leaves out a record the purpose names undone:
    // it takes a state on the side the record type does not call for (a closed finding, a test already analysed:
    // nothing is left to do, or someone has it in hand), the other side of a field the purpose itself names, or a
    // category another team owns and works in its own queue (the purpose is served, by them). A measure, a word in
    // a note or a flag the purpose says nothing of would leave the record undone for no reason it could give:
    // "unless the p-value is low" keeps a breached test running. (A field whose every value the purpose needs is
    // `unrelated` to it, and never named: a triage spares no scanner's findings.)
    if (spareNone && !(m.kind === 'enum' && !m.ranks && isState(m) && Array.isArray(l))) return false;
    if (purposeful && !(m.field in protects)) {
      const state = m.kind === 'enum' && !m.ranks && isState(m) && Array.isArray(l);
      const category = m.kind === 'enum' && !isState(m) && (m.ranks ? spares(m).length > 0 : l === undefined);
      if (!state && !category) return false;
    }
    // a word in a note spares a record only where the work says which words mark routine ones: a findings log
    // mentioning "bird strike" is never "already dealt with" (nor is any note the work has no reading of)
    if (m.kind === 'text' && !Array.isArray(l)) return false;
    if (l === undefined) return true;
    if (l === 'scope' || m.kind === 'date') return false;
    if (m.kind === 'text') return !Array.isArray(l) || m.terms.some((t) => !(l as readonly string[]).includes(t));
    return m.kind !== 'enum' || !Array.isArray(l) || m.values.some((v) => !(l as readonly string[]).includes(v));
  });
  // an exception keeps the task's weight where its alternatives or a condition could not be drawn
  const short = (shape.any > 0 && !any) || all.length < shape.all;
  // the exception is drawn with its reason (exception-reasons.ts), on the first free field that has one: a condition
  // no reason of the work's can spare is never written as a hole in the rule
  let unless: Atom | undefined;
  let why: string | undefined;
  for (const m of shape.unless || short ? shuffle(rng, free) : []) {
    const a = atom(m, true);
    const reasons = exceptionReasons(a, models);
    if (!reasons.length) continue;
    pool.splice(pool.indexOf(m), 1);
    unless = a;
    why = rng.pick(reasons);
    break;
  }
  // nor is it weighed on one line alone ("deadlines due in the next 14 days" is the same rule in every task of
  // the work): where nothing could be excepted, a scope left narrows it (the deadlines of two courts), or another
  // reason for the work adds to it
  // an exception no reason fits (the purpose refused it, or the work spares no kind and no stage of these records)
  // gives its weight to one more condition: the work narrowed by another reason or a scope, never left to a line
  // every task of it shares
  // (a scope only while the rule has room for one: never a third read of what a desk offers)
  if (shape.unless && !unless) {
    const more = reasons().length ? reasons() : scoped < scopeRoom ? scopesLeft() : [];
    if (more.length) all.push(atom(take(more)));
  }
  if (all.length + (any ? 2 : 0) + (unless ? 1 : 0) < 2) {
    const more = scopesLeft().length ? scopesLeft() : reasons();
    if (more.length) all.push(atom(take(more)));
  }
  return { all, ...(any ? { any } : {}), ...(unless ? { unless, why } : {}) };
}
