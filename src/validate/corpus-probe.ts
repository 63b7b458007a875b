import { createHash } from 'node:crypto';
import type { Diagnostic } from '../schema/diagnostics.js';
import type { TaskSpec } from '../schema/task-spec.js';
import { recordTypeOf, targetOf } from './record-tables.js';
import { err } from './types.js';

// the corpus-level fixed-rule probe (issue 27): a corpus whose tasks one fixed rule per record type solves
// teaches matching, not reading. Learn, per record type, the rule that best reproduces the target sets of one
// half of the corpus from the records' fields alone (no policy, no request read), apply it to the other half,
// and count the tasks it solves exactly. Both halves take a turn (two folds), so every task is tested once.

/** The most a corpus may let a fixed rule per record type solve (issue 27: ≤ 5%). */
export const FIXED_RULE_LIMIT = 0.05;
/** Fewer tasks with a target set than this: the share is reported, never judged. */
export const CORPUS_MIN_TASKS = 20;

type Row = Record<string, unknown>;

/** What the probe needs of one spec: its record type, records, target rows and clock. Small enough to keep per spec. */
export interface CorpusTask {
  id: string;
  type: string;
  /** mock_today in ms */
  today: number;
  /** the id field of `rows` (left out of the atoms) */
  idField: string;
  rows: Row[];
  target: boolean[];
}

/** The probe's projection of a spec, or undefined when no record table holds its answer ids. */
export function corpusTask(
  spec: Pick<TaskSpec, 'id' | 'services' | 'fixtures' | 'answer_ids' | 'provenance' | 'mock_today'>,
): CorpusTask | undefined {
  const t = targetOf(spec);
  if (!t) return undefined;
  const today = Date.parse(spec.mock_today.length === 10 ? `${spec.mock_today}T00:00:00Z` : spec.mock_today);
  return {
    id: spec.id,
    type: recordTypeOf(spec, t),
    today: Number.isNaN(today) ? 0 : today,
    idField: t.id,
    rows: t.table.rows,
    target: t.table.rows.map((_, i) => t.targets.has(i)),
  };
}

export interface FixedRuleReport {
  /** specs given */
  tasks: number;
  /** specs with a target set (the denominator) */
  targeted: number;
  solved: number;
  /** solved / targeted */
  share: number;
  limit: number;
  /** enough targeted tasks to judge the corpus (≥ CORPUS_MIN_TASKS) */
  judged: boolean;
  /** not judged, or share ≤ limit */
  ok: boolean;
  by_type: Record<string, { tasks: number; solved: number; share: number; rules: string[] }>;
  /** ids of the solved tasks (the first 50) */
  solved_tasks: string[];
  /** a corpus past the per-type sample size: how many projections the probe read of how many */
  sampled?: { read: number; of: number };
}

/**
 * Record types past which the probe reads a sample: the tasks of the type whose ids hash lowest (the same ones
 * whatever order they come in). A 1,000-task corpus has a few dozen per type and is read whole.
 */
export const FIXED_RULE_SAMPLE_PER_TYPE = 400;

/**
 * The probe's input folded task by task in bounded memory: per record type at most FIXED_RULE_SAMPLE_PER_TYPE
 * projections. `report()` runs the probe on them, in the order they were added, over `tasks` specs.
 */
export class FixedRuleSample {
  // per record type: [order added, id hash, projection]
  readonly #byType = new Map<string, [number, number, CorpusTask][]>();
  #added = 0;
  #projected = 0;

  /** One spec's projection (undefined: no record table holds its answer ids; it still counts as a spec). */
  add(c: CorpusTask | undefined): void {
    const n = this.#added++;
    if (!c) return;
    this.#projected++;
    const list = this.#byType.get(c.type) ?? [];
    this.#byType.set(c.type, list);
    const h = createHash('sha256').update(c.id).digest().readUInt32BE(0);
    if (list.length < FIXED_RULE_SAMPLE_PER_TYPE) {
      list.push([n, h, c]);
      return;
    }
    // full: the new task replaces the highest hash when its own is lower
    const hashAt = (i: number) => list[i]?.[1] ?? -1;
    let top = 0;
    for (let i = 1; i < list.length; i++) if (hashAt(i) > hashAt(top)) top = i;
    if (h < hashAt(top)) list[top] = [n, h, c];
  }

  get size(): number {
    return this.#added;
  }

  report(opts: { limit?: number; minTasks?: number } = {}): FixedRuleReport {
    const sampled = [...this.#byType.values()].flat().sort((a, b) => a[0] - b[0]);
    return {
      ...fixedRuleProbe(
        sampled.map(([, , c]) => c),
        opts,
      ),
      tasks: this.#added,
      ...(sampled.length < this.#projected ? { sampled: { read: sampled.length, of: this.#projected } } : {}),
    };
  }
}

/** Runs the probe over a corpus of specs (or their projections). */
export function fixedRuleProbe(
  input: readonly (CorpusTask | undefined)[],
  opts: { limit?: number; minTasks?: number } = {},
): FixedRuleReport {
  const limit = opts.limit ?? FIXED_RULE_LIMIT;
  // a task selects something: one with no target record has no selection to reproduce
  const tasks = input.filter((t): t is CorpusTask => !!t && t.rows.length > 0 && t.target.some(Boolean));
  const byType = new Map<string, CorpusTask[]>();
  for (const t of tasks) byType.set(t.type, [...(byType.get(t.type) ?? []), t]);
  const report: FixedRuleReport['by_type'] = {};
  const solvedIds: string[] = [];
  for (const [type, list] of [...byType].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
    const folds = [list.filter((t) => fold(t.id) === 0), list.filter((t) => fold(t.id) === 1)] as const;
    let solved = 0;
    const rules: string[] = [];
    for (const f of [0, 1] as const) {
      const train = folds[f];
      const test = folds[1 - f] as CorpusTask[];
      if (!test.length) continue;
      const rule = train.length ? learn(train) : undefined;
      rules.push(rule ? describe(rule) : '(no training tasks)');
      if (!rule) continue;
      for (const t of test)
        if (exact(t, rule)) {
          solved++;
          solvedIds.push(t.id);
        }
    }
    report[type] = { tasks: list.length, solved, share: round(solved / list.length), rules };
  }
  const solved = Object.values(report).reduce((a, r) => a + r.solved, 0);
  const share = tasks.length ? round(solved / tasks.length) : 0;
  const judged = tasks.length >= (opts.minTasks ?? CORPUS_MIN_TASKS);
  return {
    tasks: input.length,
    targeted: tasks.length,
    solved,
    share,
    limit,
    judged,
    ok: !judged || share <= limit,
    by_type: report,
    solved_tasks: solvedIds.sort().slice(0, 50),
  };
}

/** The probe's verdict as a corpus diagnostic (none when the corpus passes or is too small to judge). */
export function fixedRuleDiagnostics(r: FixedRuleReport): Diagnostic[] {
  if (r.ok) return [];
  const worst = Object.entries(r.by_type)
    .filter(([, v]) => v.solved > 0)
    .sort((a, b) => b[1].solved - a[1].solved)
    .slice(0, 3)
    .map(([k, v]) => `${k} ${v.solved}/${v.tasks} by "${v.rules[0] ?? ''}"`);
  return [
    err(
      'corpus_fixed_rule',
      '(corpus)',
      `one fixed rule per record type, learned on half of the corpus without reading any policy, solves ${pct(r.share)} of the other half's tasks (${r.solved}/${r.targeted}; limit ${pct(r.limit)}): ${worst.join('; ')}; draw each task's selection rule (fields, thresholds, windows) so the target set depends on the words the task gives`,
      'builder',
    ),
  ];
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
const round = (x: number) => Math.round(x * 10_000) / 10_000;

/** The half a task falls in: the parity of its id's hash (stable across runs and corpus orders). */
export function fold(id: string): 0 | 1 {
  return ((createHash('sha256').update(id).digest()[0] ?? 0) & 1) as 0 | 1;
}

// ---- atoms: fixed predicates over one record, with the task's clock for dates

interface Atom {
  label: string;
  test: (row: Row, today: number) => boolean;
}

const DAY = 86_400_000;
const ISO = /^\d{4}-\d{2}-\d{2}/;
const MAX_CATEGORIES = 12;
/** Rules the learner keeps side by side while it adds atoms. */
const BEAM = 4;
const QUANTILES = [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9];

const lowerOf = (v: unknown) => (typeof v === 'string' ? v.trim().toLowerCase() : String(v));
const daysFrom = (v: unknown, today: number): number | undefined => {
  if (typeof v !== 'string' || !ISO.test(v)) return undefined;
  const t = Date.parse(v.length === 10 ? `${v}T00:00:00Z` : v);
  return Number.isNaN(t) ? undefined : (t - today) / DAY;
};

// date windows relative to mock_today, as a request states them
const WINDOWS: { label: string; test: (d: number) => boolean }[] = [
  { label: 'overdue (before today)', test: (d) => d < 0 },
  { label: 'in the future', test: (d) => d > 0 },
  ...[7, 14, 30].map((n) => ({ label: `due within ${n} days`, test: (d: number) => d >= 0 && d <= n })),
  ...[3, 7, 14, 30, 60, 90].map((n) => ({ label: `older than ${n} days`, test: (d: number) => -d > n })),
  ...[7, 30].map((n) => ({ label: `within the last ${n} days`, test: (d: number) => d <= 0 && -d <= n })),
];

function atomsOf(train: readonly CorpusTask[]): Atom[] {
  const fields = new Map<string, unknown[]>();
  for (const t of train)
    for (const r of t.rows)
      for (const [k, v] of Object.entries(r)) {
        if (k === t.idField || v === null || v === undefined || v === '') continue;
        let list = fields.get(k);
        if (!list) fields.set(k, (list = []));
        list.push(v);
      }
  const atoms: Atom[] = [];
  for (const [f, values] of [...fields].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
    const numbers = values.filter((v): v is number => typeof v === 'number');
    const dates = values.filter((v) => typeof v === 'string' && ISO.test(v));
    if (numbers.length >= values.length * 0.8) {
      const sorted = [...new Set(numbers)].sort((a, b) => a - b);
      const grid = [...new Set(QUANTILES.map((q) => sorted[Math.floor(q * (sorted.length - 1))] as number))];
      for (const q of grid) {
        atoms.push({ label: `${f} ≥ ${q}`, test: (r) => typeof r[f] === 'number' && (r[f] as number) >= q });
        atoms.push({ label: `${f} ≤ ${q}`, test: (r) => typeof r[f] === 'number' && (r[f] as number) <= q });
      }
    } else if (dates.length >= values.length * 0.8) {
      for (const w of WINDOWS)
        atoms.push({
          label: `${f} ${w.label}`,
          test: (r, today) => {
            const d = daysFrom(r[f], today);
            return d !== undefined && w.test(d);
          },
        });
    } else if (values.some(Array.isArray)) {
      const items = new Set(values.flatMap((v) => (Array.isArray(v) ? v.map(lowerOf) : [])));
      if (items.size <= MAX_CATEGORIES)
        for (const x of items)
          atoms.push({
            label: `${f} has ${x}`,
            test: (r) => Array.isArray(r[f]) && (r[f] as unknown[]).some((v) => lowerOf(v) === x),
          });
    } else {
      const cats = new Set(values.filter((v) => typeof v !== 'object').map(lowerOf));
      if (cats.size > MAX_CATEGORIES || cats.size >= values.length) continue; // names, titles: not categories
      for (const x of cats) {
        atoms.push({ label: `${f} = ${x}`, test: (r) => r[f] !== undefined && r[f] !== null && lowerOf(r[f]) === x });
        if (cats.size > 2)
          atoms.push({ label: `${f} ≠ ${x}`, test: (r) => r[f] === undefined || r[f] === null || lowerOf(r[f]) !== x });
      }
    }
  }
  return atoms;
}

// ---- the greedy learner: a conjunction of atoms maximising exact target sets, then record accuracy

interface Rule {
  atoms: Atom[];
}

function learn(train: readonly CorpusTask[]): Rule {
  const atoms = atomsOf(train);
  // every training record in one row: task t holds rows [start[t], start[t + 1]); masks and truths are bytes
  const start = [0];
  for (const t of train) start.push((start.at(-1) as number) + t.rows.length);
  const n = start.at(-1) as number;
  const target = new Uint8Array(n);
  train.forEach((t, ti) => t.target.forEach((x, i) => (target[(start[ti] as number) + i] = x ? 1 : 0)));
  const truth = atoms.map((a) => {
    const out = new Uint8Array(n);
    train.forEach((t, ti) => t.rows.forEach((r, i) => (out[(start[ti] as number) + i] = a.test(r, t.today) ? 1 : 0)));
    return out;
  });
  // [target sets reproduced exactly, mean share of records right per task]
  const score = (mask: Uint8Array): [number, number] => {
    let exactN = 0;
    let acc = 0;
    for (let ti = 0; ti < train.length; ti++) {
      const from = start[ti] as number;
      const to = start[ti + 1] as number;
      let right = 0;
      for (let i = from; i < to; i++) if (mask[i] === target[i]) right++;
      if (right === to - from) exactN++;
      acc += right / (to - from);
    }
    return [exactN, acc];
  };
  const byExact = (a: [number, number], b: [number, number]) => a[0] > b[0] || (a[0] === b[0] && a[1] > b[1] + 1e-9);
  const byAccuracy = (a: [number, number], b: [number, number]) =>
    a[1] > b[1] + 1e-9 || (Math.abs(a[1] - b[1]) <= 1e-9 && a[0] > b[0]);
  const and = (mask: Uint8Array, a: number) => {
    const t = truth[a] as Uint8Array;
    const out = new Uint8Array(n);
    for (let i = 0; i < n; i++) out[i] = (mask[i] as number) & (t[i] as number);
    return out;
  };
  // a beam over conjunctions from the empty rule (everything selected): each round extends the best rules by one
  // atom; greedy hill-climbing stalls where no single atom is exact yet, a few rules side by side do not
  type Cand = { chosen: number[]; mask: Uint8Array; s: [number, number] };
  const empty = new Uint8Array(n).fill(1);
  const search = (better: typeof byExact): Cand => {
    let beam: Cand[] = [{ chosen: [], mask: empty, s: score(empty) }];
    let best = beam[0] as Cand;
    for (let round = 0; round < 5; round++) {
      const next = new Map<string, Cand>();
      for (const c of beam)
        for (let a = 0; a < atoms.length; a++) {
          if (c.chosen.includes(a)) continue;
          const chosen = [...c.chosen, a].sort((x, y) => x - y);
          const key = chosen.join(',');
          if (next.has(key)) continue;
          const mask = and(c.mask, a);
          next.set(key, { chosen, mask, s: score(mask) });
        }
      beam = [...next.values()].sort((x, y) => (better(x.s, y.s) ? -1 : better(y.s, x.s) ? 1 : 0)).slice(0, BEAM);
      const top = beam[0];
      if (!top || !better(top.s, best.s)) break;
      best = top;
    }
    return best;
  };
  // exact target sets first (the measure), or record accuracy first; whichever reproduces the most training sets
  const best = [search(byExact), search(byAccuracy)].reduce((b, x) => (byExact(x.s, b.s) ? x : b));
  return { atoms: best.chosen.map((a) => atoms[a] as Atom) };
}

function exact(t: CorpusTask, rule: Rule): boolean {
  return t.rows.every((r, i) => rule.atoms.every((a) => a.test(r, t.today)) === t.target[i]);
}

function describe(rule: Rule): string {
  return rule.atoms.length ? rule.atoms.map((a) => a.label).join(' and ') : 'every record';
}
