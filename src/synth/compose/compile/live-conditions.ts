import { type Atom, holds, type Rule, selects, skipsOverdue } from '../../rules/rule.js';
import { thinFor } from '../../rules/shape.js';
import { computesWindow } from './computed-window.js';
import type { Rec } from '../parts.js';

// Every condition a task's rule states must leave out some record that meets all the others: a criterion no record
// turns on is one a reader may skip and still pick the exact targets, which a model learns to do. The cast draws a
// near miss per condition; the repairs that keep records believable (sources' `agree`, dates in order) may turn a
// near miss into a record failing two conditions, so they keep its whole pattern where they can, and a condition
// left with no near miss is not stated at all.

/** Which of the rule's conditions a record meets: each of `all`, whether `any` is met, whether the exception holds. */
export function conditionPattern(rule: Rule, rec: Readonly<Rec>, today: string): string {
  const all = rule.all.map((a) => (holds(a, rec, today) ? 1 : 0)).join('');
  const any = rule.any ? (rule.any.some((a) => holds(a, rec, today)) ? 1 : 0) : '-';
  const unless = rule.unless ? (holds(rule.unless, rec, today) ? 1 : 0) : '-';
  return `${all}|${any}|${unless}`;
}

/** The parts of the rule no record turns on: indices of `all`, and whether `any` and the exception are dead. */
export function deadConditions(
  rule: Rule,
  records: readonly Readonly<Rec>[],
  today: string,
): { all: number[]; any: boolean; unless: boolean } {
  const patterns = records.map((r) => conditionPattern(rule, r, today));
  const n = rule.all.length;
  const every = '1'.repeat(n);
  const anyOk = rule.any ? '1' : '-';
  const noExc = rule.unless ? '0' : '-';
  const all = [...rule.all.keys()].filter((i) => {
    // a record failing only condition i (meeting any, not excepted) is left out by it alone
    const miss = `${every.slice(0, i)}0${every.slice(i + 1)}|${anyOk}|${noExc}`;
    return !patterns.includes(miss);
  });
  return {
    all,
    any: rule.any !== undefined && !patterns.includes(`${every}|0|${noExc}`),
    unless: rule.unless !== undefined && !patterns.includes(`${every}|${anyOk}|1`),
  };
}

/**
 * The rule as its records bear it out: without the conditions no record turns on, one at a time (a record failing
 * two dead conditions makes the second live once the first is gone), so the records it selects stay the same.
 * A condition that is all that keeps an overdue record from reading as skipped by a window ahead stays (an ended
 * contract left out as churned, not as "not ending in the next 30 days"). Never empties `all`.
 */
export function withoutDead(rule: Rule, records: readonly Readonly<Rec>[], today: string): Rule {
  const skips = (r: Rule) => records.some((rec) => skipsOverdue(r, rec, today));
  const before = skips(rule);
  let r = rule;
  for (;;) {
    const dead = deadConditions(r, records, today);
    const { unless: _u, why: _w, ...noUnless } = r;
    const { any: _a, ...noAny } = r;
    const options: Rule[] = [
      ...(dead.unless ? [noUnless] : []),
      ...(dead.any ? [noAny] : []),
      ...(r.all.length > 1 ? dead.all.map((i) => ({ ...r, all: r.all.filter((_, k) => k !== i) })) : []),
    ];
    const next = options.find((o) => before || !skips(o));
    if (!next) return withoutDeadClosures(r, records, today);
    r = next;
  }
}

// the office's closure days a working-day window skips are stated (and listed in their own document) only where
// some record turns on them: one the window takes or leaves out only because a closure is not a working day. A
// list no count crosses is one a reader may skip and still pick the exact targets (review 56: 20 of 184 tasks)
function withoutDeadClosures(rule: Rule, records: readonly Readonly<Rec>[], today: string): Rule {
  if (!computesWindow(rule)) return rule;
  const open = (a: Atom): Atom =>
    (a.kind === 'older' || a.kind === 'due_within') && a.closed?.length ? { ...a, closed: [] } : a;
  const opened = { ...rule, all: rule.all.map(open) };
  return records.some((rec) => selects(rule, rec, today) !== selects(opened, rec, today)) ? rule : opened;
}

/**
 * Whether the rule as its records bear it out (`stated`) says less than the task's difficulty asks of the one drawn:
 * fewer live conditions than its shape needs, or a closure list no record turns on. Such records are drawn again.
 */
export function thinnedBy(drawn: Rule, stated: Rule): boolean {
  return (
    stated !== drawn && ((thinFor(stated) && !thinFor(drawn)) || (computesWindow(drawn) && !computesWindow(stated)))
  );
}
