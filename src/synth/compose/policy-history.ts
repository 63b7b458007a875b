import type { Rng } from '../../env/rng.js';
import { shuffle } from '../kit/ids.js';
import { type FieldModel, roundTo } from '../rules/fields.js';
import type { Difficulty } from '../../schema/taxonomy.js';
import { type Atom, atomsOf, type Rule, selects } from '../rules/rule.js';

// The superseded version of a policy section (its History): the task's rule with one limit moved, as the team had
// it before. A version only earns its place where following it would pick different records than the current one.

// a day limit moved by `by`, never below one day (a shorter window that would vanish grows instead)
const moveDays = (days: number, by: number) => (days + by >= 1 ? days + by : days + 3);

// the windows a team writes once a window is longer than a week and a half: weeks, months, quarters
const NATURAL = [14, 21, 28, 30, 45, 60, 90, 120, 180, 270, 365];

// a revision a team would really make: a fifth of the window or more, and two days or more (no team reissues a
// policy to move 93 days to 90, or 30 to 28)
const revises = (from: number, to: number) => Math.abs(to - from) >= Math.max(2, from / 5);

// the windows a previous version may have counted in: the record type's own others first (30 days, not 33), then
// the one moved a little (a short window) or a natural one from half to twice its length (a long one)
function otherWindows(a: Atom & { days: number }, models: readonly FieldModel[], rng: Rng): number[] {
  const m = models.find((x) => x.field === a.field);
  const own =
    m?.kind === 'date' ? (a.kind === 'older' && a.workdays ? m.windows?.workdays : m.windows?.days) : undefined;
  const moved =
    a.days <= 10
      ? [-2, 3, 5, 7].map((by) => moveDays(a.days, by))
      : NATURAL.filter((d) => d >= a.days / 2 && d <= a.days * 2);
  return [...new Set([...shuffle(rng, own ?? []), ...shuffle(rng, moved)])].filter((d) => revises(a.days, d));
}

// a limit as a team writes one: on a round grain of its size (3,500 not 3,375; 20% not 22.5%), never finer than
// the field's own step (1.5 approvals is no limit anyone wrote)
function roundLimit(v: number, step: number): number {
  const grain = Math.max(step, 10 ** Math.floor(Math.log10(Math.max(Math.abs(v), step))) / 2);
  return Math.max(step, roundTo(roundTo(v, grain), step));
}

// the limits a previous version may have set on a number: round, and inside the field's range (no Lighthouse
// score of 160 on a scale to 100)
function otherLimits(a: Atom & { value: number; per?: unknown }, models: readonly FieldModel[], rng: Rng): number[] {
  // (a line per category is revised as a table, never one figure of it: no History moves it)
  if (a.per) return [];
  const m = models.find((x) => x.field === a.field);
  const step = m?.kind === 'number' ? m.step : 0.01;
  const inRange = (v: number) => m?.kind !== 'number' || (v >= m.min && v <= m.max);
  const moved = shuffle(rng, [0.5, 0.75, 1.5, 2]).map((f) => roundLimit(a.value * f, step));
  return [...new Set(moved)].filter((v) => v !== a.value && inRange(v));
}

/**
 * Whether a section always shows the version it replaced (where one picks other records): an easy rule with no
 * exception and no working-day count is a plain filter, and its superseded limit is the one step of its reading that
 * is not (review 41: easy tasks read as filters).
 */
export const keepsHistory = (r: Rule, d: Difficulty): boolean =>
  d === 'easy' && !r.unless && !atomsOf(r).some((a) => 'workdays' in a && a.workdays === true);

/**
 * The same rule with one limit moved: what the previous version said. Kept only where it picks a different set of
 * the task's records and not an empty one: a version that changes nothing, or that no record meets, is no trap
 * and reads as a hint. Undefined where no moved limit does.
 */
export function superseded(
  r: Rule,
  rng: Rng,
  models: readonly FieldModel[],
  records: readonly Readonly<Record<string, unknown>>[],
  today: string,
  /** whether a moved limit still fits the reasons the section gives (a window within the rhythm it names) */
  fits: (a: Atom) => boolean = () => true,
): Rule | undefined {
  const picked = (x: Rule) => records.filter((rec) => selects(x, rec, today));
  const now = new Set(picked(r));
  const edits: Rule[] = [];
  r.all.forEach((a, i) => {
    const moved: Atom[] =
      a.kind === 'at_least' || a.kind === 'at_most'
        ? otherLimits(a, models, rng).map((value) => ({ ...a, value }))
        : a.kind === 'older' || a.kind === 'recent' || a.kind === 'due_within'
          ? otherWindows(a, models, rng).map((days) => ({ ...a, days }))
          : [];
    for (const x of moved.filter(fits)) edits.push({ ...r, all: r.all.map((y, k) => (k === i ? x : y)) });
  });
  // the limits of the rule in turn, the record type's own windows before a moved one
  const order = shuffle(
    rng,
    r.all.map((_, i) => i),
  );
  const byLimit = order.flatMap((i) => edits.filter((e) => e.all[i] !== r.all[i]));
  return byLimit.find((old) => {
    const sel = picked(old);
    return sel.length > 0 && (sel.length !== now.size || sel.some((x) => !now.has(x)));
  });
}
