import { at, dateOf } from '../../kit/dates.js';
import type { Person } from '../../kit/people.js';
import type { FieldModel } from '../../rules/fields.js';
import type { Fixtures, Rec, SourcePart, World } from '../parts.js';

// helpers every source part uses: its definition (keeping its name's literal type), the staff member behind an
// owner field, the records as fixtures.

/** A source part; its literal name joins the SourceName union when it is registered (sources/index.ts). */
export const defineSource = <const N extends string>(part: SourcePart<N>): SourcePart<N> => part;

export const byEmail = (w: World, email: unknown) => w.staff.find((p) => p.email === email || p.name === email);
/** The i-th entry of a vocabulary list, wrapping around: record i's company, product or topic. */
export const cycle = (xs: readonly string[], i: number): string => xs[i % xs.length] as string;
/**
 * The colleague who owns record i (never the user, never the first colleague: those play other roles; nor the
 * last three, whom a request may introduce in a part of their own: a head of risk is not also a note's analyst).
 */
export const colleague = (w: World, i: number): Person => w.staff[(i % 6) + 2] as Person;

/** The records of `src` as initial state: its own `fixtures`, else its collection of its service. */
export function sourceFixtures(src: SourcePart, records: Rec[], w: World): Fixtures {
  if (src.fixtures) return src.fixtures(records, w);
  return { [src.service]: { [src.collection ?? src.name]: records } };
}

/**
 * Whether a mid-task change may set a rule field: not one the source marks fixed, and not a date in the past
 * (a creation or publication date) unless the source says it moves.
 */
export function isMutable(src: SourcePart, field: string): boolean {
  if (src.fixed?.includes(field)) return false;
  const m = src.fields.find((f) => f.field === field);
  return !(m?.kind === 'date' && m.to <= 0 && !src.mutable?.includes(field));
}

// per record the task's rule comes near, the states its actions act from (set by compile/records.ts before the
// source derives its other fields)
const actStates = new WeakMap<Rec, Readonly<Record<string, readonly string[]>>>();

/** Records that `rec` is one the task's actions may act on, so only from `states` (per field). */
export function actsFrom(rec: Rec, states: Readonly<Record<string, readonly string[]>>): void {
  if (Object.keys(states).length) actStates.set(rec, states);
}

/** The states the task's actions act from on `rec` (none: the work does not act on it). */
export const actedFrom = (rec: Rec): Readonly<Record<string, readonly string[]>> | undefined => actStates.get(rec);

/**
 * A state a source derives for a record (a status that follows from a date), drawn from `choices`: for a record
 * the task's actions may act on, only among the states they act from (none of `choices` is: any of those), so
 * a closed record is never the one the work applies to.
 */
export function stateOf(rec: Rec, field: string, w: World, choices: readonly string[]): string {
  const allowed = actStates.get(rec)?.[field];
  if (!allowed) return w.rng.pick(choices);
  const ok = choices.filter((c) => allowed.includes(c));
  return w.rng.pick(ok.length ? ok : allowed);
}

/**
 * Keeps what already happened before the clock starts: a time stamp of a field in the past drawn for today
 * but later than now moves to earlier today (the same day, so no rule over the day changes).
 */
export function inThePast(rec: Rec, fields: readonly FieldModel[], w: World): void {
  for (const m of fields) {
    if (m.kind !== 'date' || !m.time || m.to > 0) continue;
    const v = rec[m.field];
    if (typeof v !== 'string' || Date.parse(v) <= Date.parse(w.today)) continue;
    const start = Date.parse(`${w.today.slice(0, 10)}T00:00:00Z`);
    const back = w.rng.int(5, 180);
    rec[m.field] =
      Date.parse(w.today) - back * 60_000 >= start
        ? at(w.today, { minutes: -back })
        : `${w.today.slice(0, 10)}T00:00:00Z`;
  }
}

/** Whether `early` falls after `late`: by the day where either is a day, else at the time both hold. */
export const outOfOrder = (early: string, late: string): boolean =>
  early.length > 10 && late.length > 10 ? Date.parse(early) > Date.parse(late) : early.slice(0, 10) > late.slice(0, 10);

/**
 * Puts a record's dates in the order things happen (`src.order`): a date out of order moves just before (or
 * after) the other one, within its field's range and never past now, and only if `keeps` still holds (what
 * the record is for: the rule still selects it or not); otherwise it stays.
 */
export function inOrder(rec: Rec, src: SourcePart, w: World, keeps: (rec: Rec) => boolean): void {
  for (const [early, late] of src.order ?? []) {
    const a = rec[early];
    const b = rec[late];
    // at the precision the two hold: a job created at 14:18 did not last run at 08:08 that day
    if (typeof a !== 'string' || typeof b !== 'string' || !outOfOrder(a, b)) continue;
    // on one day, the earlier time goes a little before the later one: no date a rule reads moves
    if (a.slice(0, 10) === b.slice(0, 10)) {
      const before = at(b, { minutes: -w.rng.int(20, 90) });
      if (before.slice(0, 10) === a.slice(0, 10)) {
        rec[early] = before;
        if (keeps(rec)) continue;
        rec[early] = a;
      }
    }
    const gap = w.rng.int(1, 5);
    for (const [field, other, sign] of [
      [early, b, -1],
      [late, a, 1],
    ] as const) {
      const m = src.fields.find((f) => f.field === field);
      const day = dateOf(at(`${other.slice(0, 10)}T12:00:00Z`, { days: sign * gap }));
      const offset = Math.round((Date.parse(day) - Date.parse(dateOf(w.today))) / 86_400_000);
      if (m?.kind !== 'date' || offset < m.from || offset > m.to) continue;
      const was = rec[field];
      rec[field] = m.time ? `${day}${String(was).slice(10)}` : day;
      inThePast(rec, [m], w);
      if (keeps(rec)) break;
      rec[field] = was;
    }
  }
}

/** Whether `day` is on the ahead side of a source's tense (SourcePart.tense), on the task's day `today`. */
export const aheadOf = (t: NonNullable<SourcePart['tense']>, day: string, today: string): boolean =>
  day.slice(0, 10) > dateOf(today) || (t.today === 'ahead' && day.slice(0, 10) === dateOf(today));

/**
 * Moves a record whose state holds only on the other side of its date (SourcePart.tense): its state to one of the
 * right side's, else its date across today (within the field's range) — whichever `keeps` the record's part in the
 * task; neither keeps it: left as drawn.
 */
export function inTense(rec: Rec, src: SourcePart, w: World, keeps: (rec: Rec) => boolean): void {
  const t = src.tense;
  const day = rec[t?.date ?? ''];
  if (!t || typeof day !== 'string') return;
  const ahead = aheadOf(t, day, w.today);
  const wrong = ahead ? t.past : t.ahead;
  if (!wrong.includes(String(rec[t.state]))) return;
  // a state the task's action acts from stays one of those (a booked appointment to cancel is not made attended)
  const allowed = actStates.get(rec)?.[t.state];
  const right = (ahead ? t.ahead : t.past).filter((v) => !allowed || allowed.includes(v));
  if (right.length && tryOn(rec, { [t.state]: w.rng.pick(right) }, keeps)) return;
  const m = src.fields.find((f) => f.field === t.date);
  if (m?.kind === 'date') {
    // the nearest days across today first (a deadline due today that is still upcoming: tomorrow), then any
    const far = ahead ? -w.rng.int(1, Math.max(1, -m.from)) : w.rng.int(1, Math.max(1, m.to));
    for (const offset of [...[1, 2, 3].map((d) => (ahead ? -d : d)), far]) {
      if (offset >= m.from && offset <= m.to && tryOn(rec, { [t.date]: dateOf(at(w.today, { days: offset })) }, keeps))
        return;
    }
  }
  // else a state true on either side of the date (a bill in dispute, paid): a near miss on the state keeps its miss
  const model = src.fields.find((f) => f.field === t.state);
  const either = model?.kind === 'enum' ? model.values.filter((v) => !t.past.includes(v) && !t.ahead.includes(v)) : [];
  for (const v of either.filter((x) => !allowed || allowed.includes(x)))
    if (tryOn(rec, { [t.state]: v }, keeps)) return;
}

// makes `change` to a record and keeps it when `keeps` still holds; else puts the record back as it was
function tryOn(rec: Rec, change: Rec, keeps: (rec: Rec) => boolean): boolean {
  const was = { ...rec };
  Object.assign(rec, change);
  if (keeps(rec)) return true;
  Object.assign(rec, was);
  return false;
}

/**
 * Makes a record's linked fields agree (SourcePart.agree): the first change the source offers that `keeps` the
 * record's part in the task (the rule still selects it or not) is made; none keeps it: left as drawn.
 */
export function inAgreement(rec: Rec, src: SourcePart, w: World, keeps: (rec: Rec) => boolean): void {
  // a record may disagree in more than one way: each round settles one
  for (let round = 0; round < 4; round++) {
    const allowed = actStates.get(rec);
    // a state the task's actions act from stays one of those (a workflow to pause is not made archived)
    const fine = (change: Rec) =>
      Object.entries(change).every(([k, v]) => !allowed?.[k] || allowed[k].includes(String(v)));
    const changes = (src.agree?.(rec, w) ?? []).filter(fine);
    if (!changes.some((change) => tryOn(rec, change, keeps))) return;
  }
}

// per task (world): where each kind of name starts in its list, and the names its records already hold
const fresher = new WeakMap<World, Map<string, { start: number; taken: Set<string> }>>();
function namesOf(w: World, kind: string, start: () => number): { start: number; taken: Set<string> } {
  let kinds = fresher.get(w);
  if (!kinds) fresher.set(w, (kinds = new Map()));
  let k = kinds.get(kind);
  if (!k) kinds.set(kind, (k = { start: start(), taken: new Set() }));
  return k;
}

/**
 * Record i's entry of `xs` that no record of the same `kind` in the task holds yet (the next free one after record
 * i's place in the list; all taken: record i's own), so two pull requests of one repository never share a title
 * and no system has to tell them apart with a "(2)".
 */
export function fresh(
  w: World,
  kind: string,
  xs: readonly string[],
  i: number,
  /** how a record of a task that holds more of this kind than the list has is named instead ("…, part 2") */
  variant?: (name: string, n: number) => string,
): string {
  const k = namesOf(w, kind, () => w.rng.int(0, 9_999));
  const at = (j: number) => xs[(k.start + i + j) % xs.length] as string;
  let pick = at(0);
  for (let j = 0; j < xs.length && k.taken.has(pick); j++) pick = at(j + 1);
  for (let n = 1; variant && n < 20 && k.taken.has(pick); n++) pick = variant(at(n - 1), n);
  if (k.taken.has(pick)) pick = at(0);
  k.taken.add(pick);
  return pick;
}

/**
 * The first of `choices` no record of the same `kind` in the task holds yet (all taken: the first), so a second
 * ticket about a mailbox is told apart the way its reporter would ("… – Finance"), not with a "(2)".
 */
export function firstFresh(w: World, kind: string, choices: readonly string[]): string {
  const k = namesOf(w, kind, () => 0);
  const pick = choices.find((c) => !k.taken.has(c)) ?? (choices[0] as string);
  k.taken.add(pick);
  return pick;
}

/** Whether no record of `kind` in the task holds `name` yet. */
export function firstFreshFree(w: World, kind: string, name: string): boolean {
  return !namesOf(w, kind, () => 0).taken.has(name);
}

/** Forgets the names a task's records took (a task's records are drawn again from scratch). */
export function freshNames(w: World): void {
  fresher.delete(w);
}
