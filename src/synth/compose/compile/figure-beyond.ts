import { shuffle } from '../../kit/ids.js';
import { modifier } from '../../rules/prose.js';
import type { FieldModel } from '../../rules/fields.js';
import { type Atom, atomsOf, holds, type Rule, termsOf } from '../../rules/rule.js';
import type { ComputationPart, Rec, SourcePart, World } from '../parts.js';
import { FIGURE_USES } from '../figure-uses-data.js';

/**
 * A count of the handled records past a stricter line than the rule's own window or threshold ("of those jobs, how
 * many last ran at least 14 days ago", "how many are due within the next 2 days"): the ones a reader chases first.
 * It needs each handled record's value read against the line, so neither the length of the handed-in list nor the
 * row count gives it; it is drawn only where the line splits the handled records (some past it, some not).
 */
export function countBeyond(
  rule: Rule,
  sel: Rec[],
  src: SourcePart,
  w: World,
  avoid: readonly string[] = [],
): ComputationPart | undefined {
  // (over two records the count is 1 whatever the line: no figure to work out)
  if (sel.length < 3) return undefined;
  const want = w.rng.int(1, sel.length - 1);
  // the rule's own lines first, then a line on a date or number the rule does not use (how long ago, how soon, how
  // many): never on a field the task's actions write
  const own = shuffle(w.rng, [...rule.all, ...(rule.any ?? [])]).filter((a) => !avoid.includes(a.field));
  const used = new Set(atomsOf(rule).map((a) => a.field));
  // (where the team names the fields it breaks its work down by, a line of its own is on one of those: nobody at
  // the bed meeting counts the beds with three gas points)
  const by = FIGURE_USES[src.name]?.by;
  const more = shuffle(w.rng, src.fields).flatMap((m) =>
    used.has(m.field) || avoid.includes(m.field) || (by && !(m.field in by)) ? [] : openLine(m),
  );
  // (not on a percentage: "no lower than 10%" just before the count reads as the figure asked)
  const percent = (a: Atom) => {
    const m = src.fields.find((f) => f.field === a.field);
    return m?.kind === 'number' && (m.percent === true || m.unit === '%');
  };
  for (const base of [...own, ...more].filter((a) => !percent(a))) {
    const line = stricter(base, sel, w.today, want);
    if (!line) continue;
    const words = modifier(line, src.fields, w.today, w.rng, { singular: src.noun[0], plural: src.noun[1] });
    return {
      name: 'count_beyond',
      needsMeasure: false,
      capabilities: ['Logic_Reasoning', 'Data_Analysis'],
      ask: (s) => `the number of those ${s.noun[1]} ${words}`,
      value: (now) => String(now.filter((rec) => holds(line, rec, w.today)).length),
    };
  }
  return undefined;
}

// the stricter line of the same kind on the same field that splits the handled records, at the roundest value that
// does (a week, a fortnight; a round amount); none where every handled record falls on one side of every such line
/** The stricter line of the same kind on the same field that splits `sel` (exported for its test). */
// (`want`: where a round line leaves that many past it, that line: the count spreads over its range, not on the
// one the roundest line happens to give)
export function stricter(a: Atom, sel: Rec[], today: string, want?: number): Atom | undefined {
  const past = (x: Atom) => sel.filter((rec) => holds(x, rec, today)).length;
  const splits = (x: Atom) => past(x) >= 1 && past(x) < sel.length;
  const best = <T extends Atom>(xs: T[], key: (x: T) => number) => {
    const round = [...xs].filter(splits).sort((p, q) => roundness(key(q)) - roundness(key(p)));
    return round.find((x) => past(x) === want && roundness(key(x)) > 0) ?? round[0];
  };
  switch (a.kind) {
    case 'older':
      return best(
        range(a.days + 1, a.days + 90).map((days) => ({ ...a, days })),
        (x) => x.days,
      );
    case 'overdue':
      return best(
        range(1, 90).map((days) => ({ kind: 'older' as const, field: a.field, days })),
        (x) => x.days,
      );
    case 'recent':
    case 'due_within':
      return best(
        range(1, a.days - 1).map((days) => ({ ...a, days })),
        (x) => x.days,
      );
    case 'at_least':
    case 'at_most': {
      // (a line per category has no one stricter line: "of those, how many past £2,000" would read as another rule)
      if (a.per) return undefined;
      const vs = sel.map((rec) => Number(rec[a.field])).filter(Number.isFinite);
      const lines = [...new Set(vs)].flatMap((v) => roundNear(v));
      const beyond = lines.filter((v) => (a.kind === 'at_least' ? v > a.value : v < a.value));
      return best(
        beyond.map((value) => ({ ...a, value })),
        (x) => x.value,
      );
    }
    // a text condition with several terms: those naming one of them (the reasons the work is broken down by)
    case 'mentions':
      return best(
        termsOf(a).map((term) => ({ kind: 'mentions' as const, field: a.field, term })),
        () => 0,
      );
    default:
      return undefined;
  }
}

// the loosest line of its kind on a field the rule leaves alone, for stricter() to tighten: a past date's age, a
// coming date's nearness, a count's size
function openLine(m: FieldModel): Atom[] {
  if (m.rule === false || m.use === 'detail') return [];
  if (m.kind === 'date' && m.to <= 0) return [{ kind: 'older', field: m.field, days: 0 }];
  if (m.kind === 'date' && m.from >= 0) return [{ kind: 'due_within', field: m.field, days: Math.max(2, m.to + 1) }];
  if (m.kind === 'number') return [{ kind: 'at_least', field: m.field, value: m.min }];
  return [];
}

const range = (from: number, to: number) => Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);

// how round a line is as a person draws it: under a hundred, weeks and tens before fives before any other number;
// from a hundred on, by its significant digits — 40,000 or 500 before 45,000 or 250 before 41,000 (review 21: "41,000
// or more shares" is a line fitted to the data, not one a person would draw)
function roundness(v: number): number {
  if (v === 0) return 0;
  if (Math.abs(v) >= 100 && Number.isInteger(v)) {
    const digits = String(Math.abs(v)).replace(/0+$/, '');
    if (digits.length === 1) return 9;
    if (digits.length === 2) return digits.endsWith('5') ? 8 : 6;
    return digits.length === 3 ? 3 : 0;
  }
  for (const [step, score] of [
    [50, 7],
    [30, 6],
    [14, 6],
    [10, 5],
    [7, 5],
    [5, 3],
  ] as const)
    if (v % step === 0) return score;
  return 0;
}

// round values at or just past a record's own value, so that some line between two of them is a round one
function roundNear(v: number): number[] {
  const out: number[] = [];
  for (const step of [100_000, 50_000, 10_000, 5000, 1000, 500, 100, 50, 10, 5, 1])
    out.push(Math.floor(v / step) * step, Math.ceil(v / step) * step);
  return out.filter((x) => x > 0);
}
