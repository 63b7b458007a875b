import { freeRecord, setAtom } from '../../rules/set-atom.js';
import { daysFrom } from '../../rules/fields.js';
import {
  type Atom,
  atomsOf,
  holds,
  lineOf,
  modelOf,
  type Rule,
  selects,
  workdaysSince,
  workdaysUntil,
} from '../../rules/rule.js';
import type { Rec, SourcePart, World } from '../parts.js';
import type { Recipe } from '../recipe.js';
import { actsFrom, inAgreement } from '../sources/kit.js';
import { conditionPattern } from './live-conditions.js';

// what keeps a task's records believable beyond each one's own fields (records.ts draws them): a rule whose
// records can agree with themselves, and values that keep off a rule's lines where the task's figure would read
// one of them.

// the conditions that bound the task's figure: a highest or lowest value over a field the rule bounds, whose
// answer could be the bound itself (the only record past "at least 10" sitting on 10)
export function cappedBy(rule: Rule, recipe: Recipe): Atom[] {
  const { computation, source } = recipe;
  if (computation.name !== 'max' && computation.name !== 'min') return [];
  return atomsOf(rule).filter(
    (a) => (a.kind === 'at_least' || a.kind === 'at_most') && a.field === source.measure?.field,
  );
}

// whether a record's value sits exactly on a condition's line (150 for "at most 150", the 21st day for "21 days ago
// or more")
export function isOnLine(a: Atom, rec: Rec, today: string): boolean {
  const v = rec[a.field];
  switch (a.kind) {
    case 'at_least':
    case 'at_most':
      return Number(v) === lineOf(a, rec);
    case 'older':
      return (a.workdays ? workdaysSince(today, v, a.closed) : -daysFrom(today, v)) === a.days;
    case 'recent':
      return -daysFrom(today, v) === a.days;
    case 'due_within':
      return (a.workdays ? workdaysUntil(today, v, a.closed) : daysFrom(today, v)) === a.days;
    default:
      return false;
  }
}

// whether the records a rule selects, and its near misses, can agree with themselves (SourcePart.agree): no rule asks
// for workflows that failed ten times this week and last ran a fortnight ago, nor for a blood count billed at over
// £1,000 to miss it. Tried on a few records drawn for each part.
export function coherent(
  rule: Rule,
  src: SourcePart,
  w: World,
  /** the states the task's actions act from (as the task's own records hold them: an entry to move is sat or missed) */
  from: Readonly<Record<string, readonly string[]>> = {},
): boolean {
  if (!src.agree) return true;
  const x = { rng: w.rng, today: w.today, vocab: w.vocab };
  const set = (rec: Rec, a: Atom, ok: boolean, near: boolean) => setAtom(a, modelOf(src.fields, a), rec, ok, near, x);
  // a part: a target meeting the rule through alternative `via` (of `any`), or the near miss of condition `miss`
  const drawn = (miss: number, via: number): Rec => {
    const rec: Rec = freeRecord(src.fields, x);
    rule.all.forEach((a, k) => set(rec, a, k !== miss, miss >= 0));
    const alt = rule.any?.[via];
    // (a target through one alternative meets it alone: an alternative the record type's own ties always bring
    // another with, card data that is always tier 1 or 2, decides no record, review 49)
    if (alt && miss < 0) rule.any?.forEach((other, k) => k !== via && set(rec, other, false, false));
    if (alt) set(rec, alt, true, false);
    if (rule.unless && holds(rule.unless, rec, w.today)) set(rec, rule.unless, false, false);
    for (const [field, values] of Object.entries(from))
      if (!values.includes(rec[field] as string)) rec[field] = w.rng.pick(values);
    actsFrom(rec, from);
    return rec;
  };
  const parts = [
    ...(rule.any ?? [undefined]).map((_, via) => [-1, via] as const),
    ...rule.all.map((_, miss) => [miss, w.rng.int(0, Math.max(0, (rule.any?.length ?? 1) - 1))] as const),
  ];
  for (const [miss, via] of parts) {
    let agreeing = 0;
    for (let k = 0; k < 3; k++) {
      const rec = drawn(miss, via);
      // a near miss keeps the conditions it fails (one that can only agree by failing a second leaves the first
      // with no record it alone leaves out: live-conditions.ts), a target its side
      const alone = (r: Rec) => (rule.any ?? []).every((other, k) => (k === via) === holds(other, r, w.today));
      const part = (r: Rec) => (miss >= 0 ? conditionPattern(rule, r, w.today) : selects(rule, r, w.today) && alone(r));
      const was = part(rec);
      inAgreement(rec, src, w, (r) => part(r) === was);
      if (!src.agree(rec, w).length) agreeing++;
    }
    if (agreeing < 2) return false;
  }
  // and the record the exception keeps out: one the rule would take but for it (no plot whose irrigation is
  // "scheduled" in December keeps out of a spraying list)
  const unless = rule.unless;
  if (!unless) return true;
  const but = { ...rule, unless: undefined };
  let agreeing = 0;
  for (let k = 0; k < 3; k++) {
    const rec = drawn(-1, 0);
    set(rec, unless, true, false);
    const kept = (r: Rec) => selects(but, r, w.today) && holds(unless, r, w.today);
    if (!kept(rec)) {
      agreeing++;
      continue;
    }
    inAgreement(rec, src, w, kept);
    if (!src.agree(rec, w).length) agreeing++;
  }
  return agreeing >= 2;
}
