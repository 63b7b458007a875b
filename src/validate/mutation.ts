import { canonicalTool } from '../grade/evidence.js';
import { normalPath } from '../grade/checks/file-util.js';
import { UNSPACED, WORD_CHAR } from '../grade/language.js';
import { resolveTool } from '../services/registry.js';
import type { Check } from '../schema/check-kinds.js';
import type { Diagnostic } from '../schema/diagnostics.js';
import type { Matcher, Where } from '../schema/matchers.js';
import type { TaskSpec } from '../schema/task-spec.js';
import { comparable, type ReplayMemo, replay } from './replay.js';
import { err } from './types.js';

export interface Mutant {
  kind: 'remove_step' | 'swap_target' | 'file_not_written' | 'wrong_cell';
  step: number;
  detail: string;
  killed: boolean;
  score: number;
}

export interface MutationStats {
  baseline: number;
  mutants: number;
  killed: number;
  kill_rate: number;
  survivors: Mutant[];
  /** mutants per kind: [made, killed] */
  by_kind: Partial<Record<Mutant['kind'], [number, number]>>;
}

/**
 * Gate step 9: the grader must discriminate. Removing any required reference step (a file write: "file not
 * written"), swapping an accepted target for a same-collection distractor, or writing a checked file with a
 * wrong cell value, must lower the score. Required steps are mutating calls, calls of
 * tools a check names, and `say`/`ask` steps when a response or asked_user check reads them.
 */
export async function checkMutation(
  spec: TaskSpec,
  memo?: ReplayMemo,
): Promise<{ diagnostics: Diagnostic[]; stats: MutationStats }> {
  const baseline = comparable((await replay(spec, spec.reference, memo)).trajectory);
  const mutants: Mutant[] = [];
  const run = async (kind: Mutant['kind'], step: number, detail: string, steps: TaskSpec['reference']) => {
    const score = comparable((await replay(spec, steps, memo)).trajectory);
    mutants.push({ kind, step, detail, killed: score < baseline - 1e-9, score });
  };
  const required = requiredSteps(spec);
  for (const i of required) {
    const step = spec.reference[i];
    const file = step && 'call' in step ? writtenPath(step.call, step.args) : undefined;
    await run(
      file ? 'file_not_written' : 'remove_step',
      i,
      file ? `${describeStep(step)} ${file}` : describeStep(step),
      spec.reference.filter((_, j) => j !== i),
    );
  }
  for (const i of required) {
    const step = spec.reference[i];
    if (!step || !('call' in step)) continue;
    const wrong = wrongCell(spec, step.call, step.args);
    if (wrong)
      await run(
        'wrong_cell',
        i,
        `${step.call}: ${wrong.detail}`,
        spec.reference.map((s, j) => (j === i ? { call: step.call, args: wrong.args } : s)),
      );
  }
  const targets = targetValues(spec);
  for (const i of required) {
    const step = spec.reference[i];
    if (!step || !('call' in step)) continue;
    for (const swap of swaps(spec, step.args, targets)) {
      const steps = spec.reference.map((s, j) => (j === i ? { call: step.call, args: swap.args } : s));
      await run('swap_target', i, `${step.call}: ${swap.detail}`, steps);
    }
  }
  const survivors = mutants.filter((m) => !m.killed);
  const diagnostics = [
    ...forDiagnostics(spec),
    ...survivors.map((m) =>
      err(
        'mutant_survived',
        `reference[${m.step}]`,
        m.kind === 'remove_step'
          ? `removing this step (${m.detail}) still scores ${m.score}; no check depends on it — add a check or drop the step`
          : m.kind === 'file_not_written'
            ? `not writing the file (${m.detail}) still scores ${m.score}; add a file_exists or file_matches check on it`
            : m.kind === 'wrong_cell'
              ? `${m.detail} still scores ${m.score}; check the written value with file_matches (cell, table, range or json)`
              : `${m.detail} still scores ${m.score}; the checks do not tell the target from the distractor`,
        'verifier',
      ),
    ),
  ];
  const killed = mutants.length - survivors.length;
  const byKind: MutationStats['by_kind'] = {};
  for (const m of mutants) {
    const k = (byKind[m.kind] ??= [0, 0]);
    k[0]++;
    if (m.killed) k[1]++;
  }
  return {
    diagnostics,
    stats: {
      baseline,
      mutants: mutants.length,
      killed,
      kill_rate: mutants.length ? killed / mutants.length : 1,
      survivors,
      by_kind: byKind,
    },
  };
}

/**
 * Steps declared `for: judge | user` must be what a judge rubric or the user plan is about: the rubric (or the
 * plan) mentions the called tool, its service or one of its argument values; a `say`/`ask` step needs the
 * judged part (or the user plan) to exist.
 */
export function forDiagnostics(spec: TaskSpec): Diagnostic[] {
  const out: Diagnostic[] = [];
  const rubrics = [
    ...spec.checks.flatMap((c) => (c.kind === 'llm_judge' ? [c.rubric] : [])),
    ...spec.judge.map((j) => j.rubric),
  ]
    .join('\n')
    .toLowerCase();
  const plan = spec.user ? JSON.stringify(spec.user).toLowerCase() : '';
  spec.reference.forEach((s, i) => {
    if (!s.for) return;
    const text = s.for === 'judge' ? rubrics : plan;
    const at = `reference[${i}].for`;
    if (!text) {
      out.push(
        err(
          'reference_for_unmentioned',
          at,
          s.for === 'judge'
            ? 'this step is for the judge, but the spec has no llm_judge check or judge item'
            : 'this step is for the simulated user, but the spec has no user plan',
          'builder',
        ),
      );
      return;
    }
    if (!('call' in s)) return;
    const tool = canonicalTool(s.call);
    // a value of three characters, or two of a script without spaces (a name: 陈总); the service as a word of its
    // own ("kb", not the kb in "KB-601")
    const values = Object.values(s.args).flatMap((v) =>
      typeof v === 'string' && (v.length >= 3 || (v.length === 2 && UNSPACED.test(v))) ? [v] : [],
    );
    const service = resolveTool(s.call)?.service.name;
    const named =
      [s.call, tool, ...values].some((n) => text.includes(n.toLowerCase())) ||
      (!!service && new RegExp(`(?<!${WORD_CHAR}|[_-])${service}(?!${WORD_CHAR}|[_-])`, 'u').test(text));
    if (!named) {
      const where = s.for === 'judge' ? 'no judge rubric mentions' : 'the user plan does not mention';
      out.push(
        err(
          'reference_for_unmentioned',
          at,
          `this step (${s.call}) is for the ${s.for}, but ${where} ${tool}, its service or an argument value; say in the ${s.for === 'judge' ? 'rubric' : 'plan'} what it depends on`,
          'builder',
        ),
      );
    }
  });
  return out;
}

function describeStep(s: TaskSpec['reference'][number] | undefined): string {
  if (!s) return '?';
  if ('call' in s) return s.call;
  return 'say' in s ? 'say' : 'ask';
}

/** Indices of reference steps whose removal must lower the score. */
export function requiredSteps(spec: TaskSpec): number[] {
  const named = new Set<string>();
  for (const c of spec.checks) for (const t of toolsOf(c)) named.add(canonicalTool(t));
  const reads = (k: Check['kind']) => spec.checks.some((c) => c.kind === k);
  const saysMatter = reads('response_contains') || reads('response_matches');
  // (a check that the agent did not ask something needs no question of the reference's)
  const asks = spec.checks.some((c) => c.kind === 'asked_user' && !c.absent);
  const lastSay = spec.reference.findLastIndex((s) => 'say' in s);
  return spec.reference.flatMap((s, i) => {
    // a step the judge or the simulated user depends on needs no code check (forDiagnostics checks the claim)
    if (s.for) return [];
    if ('call' in s) return resolveTool(s.call)?.tool.mutates || named.has(canonicalTool(s.call)) ? [i] : [];
    if ('say' in s) return saysMatter && i === lastSay ? [i] : [];
    return asks ? [i] : [];
  });
}

function toolsOf(c: Check): string[] {
  if (c.kind === 'tool_called' || c.kind === 'tool_arg') return typeof c.tool === 'string' ? [c.tool] : [...c.tool];
  if (c.kind === 'audit_sequence') return c.steps.flatMap((s) => ('tool' in s ? [s.tool] : []));
  return [];
}

/** Values a check or answer_ids single out: the targets a distractor must not be mistaken for. */
export function targetValues(spec: TaskSpec): Set<string> {
  const out = new Set<string>(spec.answer_ids);
  const addMatcher = (m: Matcher) => {
    if (typeof m === 'string') out.add(m);
    else if (m && typeof m === 'object') {
      if ('equals' in m && typeof m.equals === 'string') out.add(m.equals);
      if ('in' in m) for (const v of m.in) if (typeof v === 'string') out.add(v);
      if ('contains' in m && typeof m.contains === 'string') out.add(m.contains);
    }
  };
  const addWhere = (w: Where | undefined) => Object.values(w ?? {}).forEach(addMatcher);
  for (const c of spec.checks) {
    if (c.kind === 'tool_arg') for (const v of c.accept ?? []) if (typeof v === 'string') out.add(v);
    if (c.kind === 'tool_called') addWhere(c.args);
    if (c.kind === 'audit_present' || c.kind === 'audit_count') addWhere(c.where);
    if (c.kind === 'audit_sequence') for (const s of c.steps) addWhere('tool' in s ? s.args : s.where);
    if (c.kind === 'state_equals') {
      out.add(c.record_id);
      addMatcher(c.value);
    }
  }
  return out;
}

// for each target-valued argument found in a fixture collection field: the first non-target value of
// that field in the same collection (the distractor)
function swaps(
  spec: TaskSpec,
  args: Record<string, unknown>,
  targets: Set<string>,
): { args: Record<string, unknown>; detail: string }[] {
  const out: { args: Record<string, unknown>; detail: string }[] = [];
  for (const [key, value] of Object.entries(args)) {
    const values = Array.isArray(value) ? value : [value];
    values.forEach((v, idx) => {
      if (typeof v !== 'string' || !targets.has(v)) return;
      const d = distractorFor(spec, v, targets);
      if (!d) return;
      const next = Array.isArray(value) ? value.map((x, j) => (j === idx ? d : x)) : d;
      out.push({ args: { ...args, [key]: next }, detail: `${key} ${v} → ${d}` });
    });
  }
  return out;
}

function distractorFor(spec: TaskSpec, value: string, targets: Set<string>): string | undefined {
  for (const cols of Object.values(spec.fixtures)) {
    for (const rows of Object.values(cols)) {
      if (!Array.isArray(rows)) continue;
      for (const row of rows as Record<string, unknown>[]) {
        for (const [field, v] of Object.entries(row)) {
          if (v !== value) continue;
          for (const other of rows as Record<string, unknown>[]) {
            const o = other[field];
            if (typeof o === 'string' && o !== value && !targets.has(o)) return o;
          }
        }
      }
    }
  }
  return undefined;
}

const FILE_WRITERS = new Set(['fs_write', 'fs_write_table', 'fs_write_doc']);

/** The workspace path a reference step writes, for the file-writing tools. */
function writtenPath(call: string, args: Record<string, unknown>): string | undefined {
  return FILE_WRITERS.has(canonicalTool(call)) && typeof args.path === 'string' ? normalPath(args.path) : undefined;
}

// numbers the file checks on `path` expect (cells, table columns, JSON values)
function expectedNumbers(spec: TaskSpec, path: string): number[] {
  const out: number[] = [];
  const add = (m: unknown) => {
    if (typeof m === 'number') out.push(m);
    else if (m && typeof m === 'object' && 'equals' in m && typeof (m as { equals: unknown }).equals === 'number')
      out.push((m as { equals: number }).equals);
  };
  for (const c of spec.checks) {
    if (c.kind !== 'file_matches' || normalPath(c.path) !== path) continue;
    add(c.cell?.value);
    add(c.table?.value);
    add(c.csv?.value);
    add(c.json?.value);
    if (c.range) out.push(Number.NaN);
  }
  return out;
}

const bump = (n: number) => (Number.isInteger(n) ? n + 1 : Math.round((n + 1.5) * 100) / 100);

/** A write of the same file with one checked number changed ("wrong cell value"), or undefined when nothing numeric is checked. */
export function wrongCell(
  spec: TaskSpec,
  call: string,
  args: Record<string, unknown>,
): { args: Record<string, unknown>; detail: string } | undefined {
  const path = writtenPath(call, args);
  if (!path) return undefined;
  const want = expectedNumbers(spec, path);
  if (want.length === 0) return undefined;
  const hit = (v: unknown) => typeof v === 'number' && (want.includes(v) || want.some(Number.isNaN));
  if (canonicalTool(call) === 'fs_write_table' && Array.isArray(args.rows)) {
    const rows = args.rows as unknown[][];
    for (let r = 0; r < rows.length; r++) {
      const c = (rows[r] ?? []).findIndex(hit);
      if (c < 0) continue;
      const old = rows[r]?.[c] as number;
      return {
        args: { ...args, rows: rows.map((row, i) => (i === r ? row.map((v, j) => (j === c ? bump(old) : v)) : row)) },
        detail: `row ${r + 1} column ${c + 1}: ${old} → ${bump(old)}`,
      };
    }
    return undefined;
  }
  if (canonicalTool(call) === 'fs_write' && typeof args.content === 'string' && args.encoding !== 'base64') {
    for (const n of want.filter((x) => !Number.isNaN(x))) {
      const re = new RegExp(`(?<![\\d.])${String(n).replace('.', '\\.')}(?![\\d])`);
      if (re.test(args.content))
        return { args: { ...args, content: args.content.replace(re, String(bump(n))) }, detail: `${n} → ${bump(n)}` };
    }
  }
  return undefined;
}
