import type { Rng } from '../../env/rng.js';
import type { Difficulty } from '../../schema/taxonomy.js';
import { shuffle } from '../kit/ids.js';
import { exceptionReasons } from './exception-reasons.js';
import { isState } from './field-words.js';
import { protectsOf, selectsGravest, servesGravest } from './protects.js';
import { shapeOf } from './shape.js';
import type { FieldModel } from './fields.js';
import type { Atom, Rule } from './rule.js';
import { type Bound, drawAtom, type Lean } from './draw-atom.js';

export { type Bound, drawAtom, type Lean } from './draw-atom.js';
export { protectsOf, servesGravest } from './protects.js';

// Drawing a rule per task over a record type's fields (its conditions: draw-atom.ts), so a rule reads like policy,
// yet which fields, operators and limits apply changes from task to task.

// the conditions that draw a line (a threshold, a window): a rule with one differs from task to task by it
const LINES: ReadonlySet<Atom['kind']> = new Set(['at_least', 'at_most', 'older', 'recent', 'due_within']);

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
 * `said`: whether the policy can state a selecting condition with the reason its work has for it (compose's
 * purpose-scope.ts); one it cannot is drawn again, else its field gives way to another, so the work is narrowed for
 * a reason it has or not at all (bar the fields every rule of the work names). `alternative`: whether a branch of
 * an "either … or …" serves the work's motive; one that does not is drawn again, else the rule has no branches.
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
  said?: (a: Atom) => boolean,
  alternative?: (a: Atom) => boolean,
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
    if (spare.length) return { kind: 'in', field: m.field, values: sparedKinds(m, spare, rng) };
    return drawAtom(m, rng, lean[m.field], exception, bounds[m.field], wholeScale);
  };
  // a selecting condition as the policy can state it (`said`), in a few draws, or none
  const stated = (m: FieldModel): Atom | undefined => {
    for (let k = 0; k < 3; k++) {
      const a = atom(m);
      if (!said || said(a)) return a;
    }
    return undefined;
  };
  // a word in a free-text note selects badly ("watch for slug damage" is no damage) but excepts well ("unless the
  // note mentions waterlogging"): the selecting conditions take the structured fields while there are any
  const reasons = () => pool.filter((m) => m.kind !== 'text' && role(m) !== 'scope' && selects(m));
  const scopesLeft = () => pool.filter((m) => m.kind !== 'text' && role(m) === 'scope' && selects(m));
  // a record type with reasons for the work is narrowed by one scope at most, one read for what its records offer
  // (a desk by the windows, with two screens) by two: more reads as a field dump
  // (a work's real scope gives the whole reason for narrowing it: one to a rule, never two stacked reasons; a work
  // known to have none, a review of what a hall's seats offer, reads its records by two like any other)
  const scopeRoom = reasons().length || scopes?.length ? 1 : 2;
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
    const a = stated(m);
    // (a field whose condition the policy could not state gives way to another: the pool is one field shorter)
    if (!a) {
      i--;
      continue;
    }
    if (role(m) === 'scope') scoped++;
    all.push(a);
  }
  // a record type whose work has no real scope left once the action's fields are taken (a blocked desk's repair,
  // its state the action's) is narrowed as before: a rule must select on something
  // (nor any the policy can state: the rule is drawn as it would be without that, for the caller to weigh)
  if (!all.length && said) return drawRule(models, rng, d, lean, must, own, bounds, wholeScale, scopes, grave);
  if (!all.length && scopes) return drawRule(models, rng, d, lean, must, own, bounds, wholeScale, undefined, grave);
  // alternatives are reasons of their own: two of them, or none, each one the work's motive allows
  // (`alternative`): a record meeting one branch alone is one the work is for (no routine referral made yesterday
  // put on hold for being "not chased yet", which is the chase's reason, not the hold's)
  const branch = (m: FieldModel) => {
    for (let k = 0; k < 3; k++) {
      const a = atom(m);
      if (!alternative || alternative(a)) return a;
    }
    return undefined;
  };
  const any = shape.any && reasons().length >= 2 ? branches(reasons, branch, pool, rng) : undefined;
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
    // (a stage of the work on the side the record type does not call for)
    const state = m.kind === 'enum' && !m.ranks && isState(m) && Array.isArray(l);
    if (spareNone && !state) return false;
    // (a category the record type worries about but the work takes no side on, a work order's customer or expedite
    // type under a shortage hold, is a kind like any other: spared where the work has a reason for that kind; so is
    // one the work may be narrowed by either way, a cover's platform, whose kinds with no cover to cut it spares)
    const spareable = category(m) && l === 'scope' && spares(m).length > 0;
    if (purposeful && !(m.field in protects)) {
      const kindOnly =
        (m.kind === 'enum' && m.ranks) ||
        l === 'scope' ||
        (own !== undefined && l !== undefined && !own.includes(m.field));
      const kind = m.kind === 'enum' && !isState(m) && (kindOnly ? spares(m).length > 0 : l === undefined);
      if (!state && !kind) return false;
    }
    // a word in a note spares a record only where the work says which words mark routine ones: a findings log
    // mentioning "bird strike" is never "already dealt with" (nor is any note the work has no reading of)
    if (m.kind === 'text' && !Array.isArray(l)) return false;
    if (l === undefined) return true;
    if (spareable) return true;
    if (l === 'scope' || m.kind === 'date') return false;
    if (m.kind === 'text') return m.terms.some((t) => !(l as readonly string[]).includes(t));
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
  // one more selecting condition from `more`, where the policy can state one
  const narrow = (more: readonly FieldModel[]) => {
    const a = more.length ? stated(take(more)) : undefined;
    if (a) all.push(a);
  };
  if (shape.unless && !unless) narrow(reasons().length ? reasons() : scoped < scopeRoom ? scopesLeft() : []);
  // a rule of the work's own fields alone, each named whole, with nothing excepted, is the same rule in every task of
  // the work ("the leavers' unacknowledged holds"): a scope left (the leavers of one department, with its reason) or
  // another reason narrows it, where the policy can state one
  const fixed = !unless && !any && all.length > 0 && all.every((a) => must.includes(a.field) && !LINES.has(a.kind));
  if (fixed) narrow(scoped < scopeRoom && scopesLeft().length ? scopesLeft() : reasons());
  if (all.length + (any ? 2 : 0) + (unless ? 1 : 0) < 2) narrow(scopesLeft().length ? scopesLeft() : reasons());
  // a rule still under the three conditions its shape asked for takes a second scope where the policy gives that one
  // a reason of its own too (an in-person course of thirty or more: its room booked and a second tutor contracted):
  // two narrowings each with its reason are the work's, not a dump of the record's fields
  const weighs = () => all.length + (any ? 2 : 0) + (unless ? 1 : 0);
  if (said && weighs() < 3 && shape.all + shape.any + (shape.unless ? 1 : 0) >= 3) narrow(scopesLeft());
  return { all, ...(any ? { any } : {}), ...(unless ? { unless, why } : {}) };
}

// the kinds an exception spares: one, or two where the work has several to spare ("unless it is a Reuters or a
// Bloomberg item", each with its own reason), in the field's order: a work's exceptions differ from task to task in
// which of its kinds they leave out, not only in which one
function sparedKinds(m: FieldModel, spare: readonly string[], rng: Rng): string[] {
  const first = rng.pick(spare);
  if (spare.length < 3 || !rng.chance(0.4)) return [first];
  const second = rng.pick(spare.filter((v) => v !== first));
  const order = m.kind === 'enum' ? m.values : spare;
  return [first, second].sort((a, b) => order.indexOf(a) - order.indexOf(b));
}

// two alternatives, each on a field of its own taken from the pool; fewer that can be stated: none, and the pool
// as it was (a field whose branch could not be stated stays free for the rest of the rule)
function branches(
  reasons: () => FieldModel[],
  stated: (m: FieldModel) => Atom | undefined,
  pool: FieldModel[],
  rng: Rng,
): Atom[] | undefined {
  const out: Atom[] = [];
  const taken: FieldModel[] = [];
  const tried = new Set<FieldModel>();
  while (out.length < 2) {
    const from = reasons().filter((m) => !tried.has(m));
    if (!from.length) break;
    const m = from[rng.int(0, from.length - 1)] as FieldModel;
    tried.add(m);
    const a = stated(m);
    if (!a) continue;
    pool.splice(pool.indexOf(m), 1);
    taken.push(m);
    out.push(a);
  }
  if (out.length === 2) return out;
  pool.push(...taken);
  return undefined;
}
