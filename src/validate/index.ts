import type { Judge } from '../grade/types.js';
import { isError, type Diagnostic } from '../schema/diagnostics.js';
import { parsePath, type SourceDoc, withPositions } from '../schema/document.js';
import { checkSpecValue, parseSpecText } from '../schema/parse-spec.js';
import type { TaskSpec } from '../schema/task-spec.js';
import { checkCatalog } from './catalog.js';
import { checkChecks } from './checks.js';
import { checkConflicts } from './conflicts.js';
import { checkConsistency } from './consistency.js';
import { checkExecution } from './execution.js';
import { checkFixtures } from './fixtures.js';
import { checkFreeCredit, checkProhibitions } from './free-credit.js';
import { checkLeakage } from './leakage.js';
import { checkTraceability } from './traceability.js';
import { checkMutation } from './mutation.js';
import { checkProbes } from './probes.js';
import { ReplayMemo } from './replay.js';
import { checkUserReplay } from './user-replay.js';
import { type MeaningOptions, runMeaningSteps } from './meaning.js';
import { asWarning, findingWeight } from './severity.js';
import type { StepResult } from './types.js';

export type { StepResult } from './types.js';
export { isQualityWarning } from './severity.js';

/** The gate's steps in order (DESIGN §6). */
export const GATE_STEPS = [
  { step: 1, name: 'schema', about: 'parses as YAML/JSON and matches the TaskSpec schema' },
  { step: 2, name: 'catalog', about: 'every service, tool, argument, record list and field exists in the registry' },
  {
    step: 3,
    name: 'fixtures',
    about:
      'fixtures match the record schemas; foreign keys resolve; dates are ISO and past events not after mock_today; the reference books, schedules or re-dates nothing into the past; answer ids exist; errors.rate and limits fit the reference',
  },
  {
    step: 4,
    name: 'checks',
    about:
      '≥3 checks, weights sum to 1, judge weight capped, checks well-formed; no matcher accepts random strings, no accept list a distractor; no prohibition written as a weighted check',
  },
  { step: 5, name: 'conflicts', about: 'no tool is both required and forbidden' },
  {
    step: 6,
    name: 'leakage',
    about:
      'no answer id or computed value appears in the request (values compared as people write them); request, user plan and checks agree (enum values, times); the user refers only to ids, files and days that exist; checked totals match the records (warns when a check targets an id the request names); when checks carry traces, every check traces to a clause found in the request, a policy document the request names, or the user plan, and a check wanting ids written traces to a clause asking for ids',
  },
  { step: 7, name: 'consistency', about: 'complete record ⇒ completion 1, safety 1; empty ⇒ 0; forbidden ⇒ safety 0' },
  { step: 8, name: 'execution', about: 'the reference solution scores 1.0 in a fresh episode' },
  {
    step: 9,
    name: 'mutation',
    about:
      'removing a required reference step (a file write included), swapping a target for a distractor, or writing a wrong value into a checked file lowers the score',
  },
  { step: 10, name: 'user', about: 'multi-turn specs: the scripted user fires every signal and ends the conversation' },
  {
    step: 11,
    name: 'probes',
    about:
      'do-nothing, read-only, claim-only, value-perturbed, distractor-included, spray, content-spray, any-candidate (the final answer with every other candidate), hedge (the right figure with every wrong one the task sets up), summary-without-fields (a deliverable holding only the answer ids), and needless-question (asking first where the work goes, where the request says it) trajectories all score below the pass threshold; doing nothing or only reading earns at most 0.25 of completion',
  },
] as const;

export const STATIC_THROUGH = 6;

// steps 2–6: cheap, deterministic, nothing executed
const STATIC_STEPS: readonly (readonly [number, (s: TaskSpec) => Diagnostic[] | Promise<Diagnostic[]>])[] = [
  [2, checkCatalog],
  [3, checkFixtures],
  [4, (s) => [...checkChecks(s), ...checkProhibitions(s)]],
  [5, checkConflicts],
  [6, async (s) => [...checkLeakage(s), ...(await checkTraceability(s))]],
];

/**
 * The static gate steps (2–6) on a parsed spec: what `run`, `serve`, `mcp` and `inspect` check before using it.
 * Release-quality errors (severity.ts) come back as warnings unless `strict`: those commands run such a task.
 */
export async function staticDiagnostics(spec: TaskSpec, opts: { strict?: boolean } = {}): Promise<Diagnostic[]> {
  const out: Diagnostic[] = [];
  for (const [step, fn] of STATIC_STEPS)
    for (const d of await fn(spec))
      out.push(!opts.strict && isError(d) && findingWeight(step, d) === 'quality' ? asWarning(d) : d);
  return out;
}

export interface GateOptions {
  /** last step to run (default: all) */
  through?: number;
  /** judges the reference's LLM-judged items in step 8 (without one they are reported as unverified) */
  judge?: Judge;
  /** the model steps after the deterministic gate (`--reviewer`, `--solver`); they run only through the last step */
  meaning?: MeaningOptions;
  /** replays to share with the caller's own (e.g. the viewer's mutation probes); used only for the same spec object */
  memo?: ReplayMemo;
}

export interface GateReport {
  id?: string;
  ok: boolean;
  spec?: TaskSpec;
  steps: StepResult[];
  /** every diagnostic of every step, in step order */
  diagnostics: Diagnostic[];
}

/**
 * Runs a candidate through the gate. Input: spec text (YAML/JSON), a raw value, or a parsed spec. Static
 * steps 2–6 all run once the schema passes; dynamic steps run only when the static ones are clean.
 */
export async function runGate(
  input: string | { raw: unknown } | { spec: TaskSpec },
  opts: GateOptions = {},
): Promise<GateReport> {
  const through = opts.through ?? GATE_STEPS.length;
  const steps: StepResult[] = [];
  const add = (step: number, diagnostics: Diagnostic[], stats?: Record<string, unknown>) => {
    const name = GATE_STEPS[step - 1]?.name ?? `step${step}`;
    steps.push({ step, name, ok: !diagnostics.some(isError), diagnostics, ...(stats ? { stats } : {}) });
  };
  let spec: TaskSpec | undefined;
  let id: string | undefined;
  let doc: SourceDoc | undefined;
  if (typeof input === 'object' && 'spec' in input) {
    spec = input.spec;
    add(1, []);
  } else {
    const parsed = typeof input === 'string' ? parseSpecText(input) : checkSpecValue(input.raw);
    id = idOf(parsed.raw);
    doc = parsed.doc;
    add(1, parsed.diagnostics);
    if (!steps[0]?.ok) return report(id, steps);
    spec = parsed.spec;
  }
  if (!spec) return report(id, steps);
  for (const [n, fn] of STATIC_STEPS) if (n <= through) add(n, await fn(spec));
  // "a complete record fails this check" may be a limit of the synthetic record (several clauses on one file,
  // a lookahead regex): held back until the reference runs — a real record satisfying the check refutes it
  let held: Diagnostic[] = [];
  // steps 8–11 replay the reference (and a probe may replay a mutant): each distinct run once
  const memo = opts.memo?.spec === spec ? opts.memo : new ReplayMemo(spec);
  if (through >= 7 && steps.every((s) => s.ok)) {
    const c = await checkConsistency(spec);
    const complete = c.filter((d) => d.code === 'consistency_complete');
    const rest = c.filter((d) => d.code !== 'consistency_complete');
    if (through >= 8 && complete.length && !rest.some(isError)) {
      held = complete;
      add(7, rest);
    } else add(7, c);
  }
  if (through >= 8 && steps.every((s) => s.ok)) {
    const e = await checkExecution(spec, opts.judge, memo);
    const scored = e.trajectory?.grade?.checks ?? [];
    const still = held.filter((d) => scored[Number(/^checks\[(\d+)\]/.exec(d.path)?.[1])]?.score !== 1);
    const s7 = steps.find((s) => s.step === 7);
    if (s7 && still.length) {
      s7.diagnostics.push(...still);
      s7.ok = false;
    }
    add(8, e.diagnostics, e.stats);
  }
  if (through >= 9 && steps.every((s) => s.ok)) {
    const m = await checkMutation(spec, memo);
    add(9, m.diagnostics, { mutants: m.stats.mutants, killed: m.stats.killed, kill_rate: m.stats.kill_rate });
  }
  if (through >= 10 && steps.every((s) => s.ok)) add(10, await checkUserReplay(spec, memo));
  if (through >= 11 && steps.every((s) => s.ok)) {
    const p = await checkProbes(spec, memo);
    add(11, [...p.diagnostics, ...(await checkFreeCredit(spec, memo))], {
      probes: p.results,
      ...(p.advisory.length ? { advisory: p.advisory } : {}),
    });
  }
  if (opts.meaning && through >= GATE_STEPS.length)
    await runMeaningSteps(spec, opts.meaning, steps, GATE_STEPS.length, opts.judge);
  // point every diagnostic at its source line when the input was text
  if (doc) for (const s of steps) s.diagnostics = withPositions(s.diagnostics, doc, parsePath);
  return report(spec.id, steps, spec);
}

function report(id: string | undefined, steps: StepResult[], spec?: TaskSpec): GateReport {
  const ok = steps.every((s) => s.ok);
  return {
    ...(id ? { id } : {}),
    ok,
    ...(spec && ok ? { spec } : {}),
    steps,
    diagnostics: steps.flatMap((s) => s.diagnostics),
  };
}

function idOf(raw: unknown): string | undefined {
  const id = raw && typeof raw === 'object' ? (raw as { id?: unknown }).id : undefined;
  return typeof id === 'string' ? id : undefined;
}
