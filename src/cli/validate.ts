import type { Command } from 'commander';
import { type Diagnostic, formatDiagnostic, isError } from '../schema/diagnostics.js';
import { parsePath, parseSource, withPositions } from '../schema/document.js';
import { iterateTaskFiles, type TaskFile, whereOf } from '../run/task-files.js';
import type { Judge } from '../grade/types.js';
import { type ModelFlags, modelFromFlags } from '../llm/flags.js';
import { llmJudge } from '../llm/judge.js';
import { formatProbeSummary, ProbeTally, probeResultsOf } from '../validate/probes.js';
import { GATE_STEPS, runGate } from '../validate/index.js';
import { CORPUS_MIN_TASKS, corpusTask, FixedRuleSample, fixedRuleDiagnostics } from '../validate/corpus-probe.js';
import { MODEL_FAILURE_CODES, MODEL_STEPS, type MeaningOptions } from '../validate/meaning.js';
import { llmReviewer } from '../validate/reviewer.js';
import { withModelFlags } from './model-flags.js';
import { hardenPaths } from './harden.js';
import { intArg } from './options.js';
import { color } from './output.js';
import { CoworkError } from '../schema/errors.js';

export interface ValidateOptions {
  json?: boolean;
  /** last gate step to run (default: all) */
  through?: number;
  /** judges the reference's LLM-judged items (gate step 8) */
  judge?: Judge;
  /** the model steps: --reviewer, --solver */
  meaning?: MeaningOptions;
}

interface ValidateCliOptions extends ModelFlags {
  json?: boolean;
  through?: number;
  judge?: string;
  reviewer?: string;
  solver?: string;
  attempts: number;
  seed: number;
  harden?: string;
}

/** `validate`'s exit code when the only failures are a reviewer or solver that could not answer. */
export const EXIT_MODEL_FAILED = 4;

/** One validated spec document as `validate --json` reports it. */
export interface ValidateResult {
  file: string;
  line?: number;
  id: string | null;
  ok: boolean;
  steps: { step: number; name: string; ok: boolean; stats?: Record<string, unknown> }[];
  diagnostics: Diagnostic[];
}

export function validateCommand(program: Command): void {
  const cmd = program
    .command('validate')
    .description('run the validation gate on task specs (exit 1 if any fails)')
    .argument('<paths...>', 'spec files (.yaml/.yml/.json/.jsonl) or directories')
    .option('--json', 'machine-readable output')
    .option(
      '--through <step>',
      `stop after this gate step (1-${GATE_STEPS.length}; 6 = static checks only)`,
      intArg(1, GATE_STEPS.length),
    )
    .option(
      '--judge <model>',
      "judge the reference's LLM-judged items with this model (e.g. openai-compatible:http://host/v1#model); without it their share is reported as unverified",
    )
    .option(
      '--reviewer <model>',
      'after the gate: an Issue Detector model reviews request, fixtures, checks and user plan (review_* diagnostics)',
    )
    .option(
      '--solver <model>',
      'after the gate: an LLM agent solves each task from the request alone (solver_unsolved)',
    )
    .option('--attempts <k>', 'solver attempts per task; a task no attempt solves is rejected', intArg(1, 20), 3)
    .option('--seed <n>', 'solver seed (attempt i uses seed + i)', intArg(0, 2 ** 31 - 1), 0)
    .option(
      '--harden <dir>',
      'after the gate, write every spec hardened into <dir> (coworkenv harden: each change with its reason); the exit code then says whether the hardened specs pass',
    );
  withModelFlags(cmd)
    .addHelpText(
      'after',
      `\nGate steps:\n${GATE_STEPS.map((s) => `  ${s.step}. ${s.name}: ${s.about}`).join('\n')}\n${MODEL_STEPS.map((s, i) => `  ${GATE_STEPS.length + i + 1}. ${s.name}: ${s.about}`).join('\n')}\n\nExit codes: 0 all valid · 1 a spec fails · ${EXIT_MODEL_FAILED} the only failures are a reviewer/solver model that could not answer (review_failed, solver_failed).\nDiagnostic codes are listed in docs/diagnostics.md.`,
    )
    .action(async (paths: string[], cli: ValidateCliOptions) => {
      const opts: ValidateOptions = {
        ...(cli.json ? { json: true } : {}),
        ...(cli.through ? { through: cli.through } : {}),
      };
      if (cli.harden && (cli.through || cli.json))
        throw new CoworkError('bad_input', '--harden runs the whole gate and prints text; drop --through / --json');
      if (cli.judge) opts.judge = llmJudge(modelFromFlags(cli.judge, cli));
      if ((cli.reviewer || cli.solver) && cli.through && cli.through < GATE_STEPS.length)
        throw new CoworkError(
          'bad_input',
          `--reviewer/--solver run after the whole gate; drop --through ${cli.through} or the model flags`,
        );
      if (cli.reviewer || cli.solver)
        opts.meaning = {
          ...(cli.reviewer ? { reviewer: llmReviewer(modelFromFlags(cli.reviewer, cli)) } : {}),
          ...(cli.solver
            ? { solver: { model: modelFromFlags(cli.solver, cli), attempts: cli.attempts, seed: cli.seed } }
            : {}),
        };
      const { failed, modelFailed, corpusFailed } = await validatePaths(
        paths,
        opts,
        (text) => void process.stdout.write(text),
      );
      if (cli.harden) {
        process.stdout.write('\nharden:\n');
        const rows = await hardenPaths(paths, cli.harden, (line) => void process.stdout.write(`${line}\n`));
        process.exitCode = rows.every((r) => r.result?.after.ok) ? 0 : 1;
        return;
      }
      if (failed > modelFailed || corpusFailed) process.exitCode = 1;
      else if (failed) process.exitCode = EXIT_MODEL_FAILED;
    });
}

/**
 * Runs the gate on every spec document of `paths` and writes the report through `write` as it goes (text
 * lines, or one JSON object whose `results` stream first), so a JSONL of any length is validated in bounded
 * memory: one spec at a time, plus the ids seen. Input beyond the parser's limits is a failed spec, not a crash.
 */
export async function validatePaths(
  paths: readonly string[],
  opts: ValidateOptions,
  write: (text: string) => void,
): Promise<{ total: number; failed: number; modelFailed: number; corpusFailed: boolean }> {
  const seen = new Map<string, string>();
  let total = 0;
  let failed = 0;
  // specs whose only errors say a reviewer/solver model could not answer: unchecked, not known to be wrong
  let modelFailed = 0;
  const probes = new ProbeTally(); // counts and sums per probe, folded spec by spec
  // per spec: its target records, for the corpus-level fixed-rule probe (a folder of ≥ CORPUS_MIN_TASKS specs)
  const corpus = new FixedRuleSample();
  for await (const f of iterateTaskFiles(paths)) {
    if (f.parsed.spec) corpus.add(corpusTask(f.parsed.spec));
    const r = await validateOne(f, opts, seen);
    const pr = probeResultsOf(r.steps, true);
    if (pr.length) probes.add(pr);
    if (opts.json) write(`${total === 0 ? '{\n  "results": [\n' : ',\n'}${indent(JSON.stringify(r, null, 2), '    ')}`);
    else writeText(r, write);
    total++;
    if (!r.ok) failed++;
    if (!r.ok && r.diagnostics.filter(isError).every((d) => MODEL_FAILURE_CODES.includes(d.code))) modelFailed++;
  }
  const probeSummary = probes.result();
  const probed = Object.keys(probeSummary).length > 0;
  // the corpus-level fixed-rule probe (issue 27): one rule per record type learned on half the corpus must not
  // solve the other half
  const fixedRule = corpus.size >= CORPUS_MIN_TASKS ? corpus.report() : undefined;
  const corpusDiagnostics = fixedRule ? fixedRuleDiagnostics(fixedRule) : [];
  const corpusFailed = corpusDiagnostics.some(isError);
  if (opts.json)
    write(
      `${total === 0 ? '{\n  "results": []' : '\n  ]'},\n  "ok": ${failed === 0 && !corpusFailed},\n  "total": ${total},\n  "failed": ${failed}${probed ? `,\n  "probes": ${JSON.stringify(probeSummary)}` : ''}${fixedRule ? `,\n  "corpus": ${JSON.stringify({ fixed_rule: fixedRule, diagnostics: corpusDiagnostics })}` : ''}\n}\n`,
    );
  else {
    if (probed) write(`probes: ${formatProbeSummary(probeSummary)}\n`);
    if (fixedRule)
      write(
        `corpus: the fixed-rule probe solves ${(fixedRule.share * 100).toFixed(1)}% (${fixedRule.solved}/${fixedRule.targeted} tasks with a target set; limit ${(fixedRule.limit * 100).toFixed(0)}%)\n`,
      );
    for (const d of corpusDiagnostics) write(`${color.red(formatDiagnostic(d))}\n`);
    write(`${total - failed}/${total} valid${corpusFailed ? '; the corpus fails' : ''}\n`);
  }
  return { total, failed, modelFailed, corpusFailed };
}

async function validateOne(f: TaskFile, opts: ValidateOptions, seen: Map<string, string>): Promise<ValidateResult> {
  const p = f.parsed;
  let id: string | undefined;
  let ok: boolean;
  let steps: ValidateResult['steps'];
  let diagnostics: Diagnostic[];
  if (!p.spec || p.diagnostics.some(isError)) {
    // step 1 failed (syntax, limits, schema): the parse result is the whole report
    id = idOf(p.raw);
    ok = false;
    steps = [{ step: 1, name: GATE_STEPS[0].name, ok: false }];
    diagnostics = p.diagnostics;
  } else {
    // the document was parsed once, by the guarded reader; the gate starts from the parsed spec
    const rep = await runGate(
      { spec: p.spec },
      {
        ...(opts.through ? { through: opts.through } : {}),
        ...(opts.judge ? { judge: opts.judge } : {}),
        ...(opts.meaning ? { meaning: opts.meaning } : {}),
      },
    );
    id = p.spec.id;
    ok = rep.ok;
    steps = rep.steps.map((s) => ({ step: s.step, name: s.name, ok: s.ok, ...(s.stats ? { stats: s.stats } : {}) }));
    diagnostics = [...p.diagnostics, ...rep.diagnostics];
  }
  diagnostics = positioned(f, diagnostics);
  const file = whereOf({ file: f.file });
  const prev = id ? seen.get(id) : undefined;
  if (id && prev) {
    diagnostics.push({
      code: 'duplicate_id',
      path: 'id',
      owner: 'builder',
      message: `task id ${id} is also used by ${prev}; ids must be unique`,
      ...(f.line ? { line: f.line } : {}),
    });
    ok = false;
  } else if (id) seen.set(id, whereOf(f));
  return { file, ...(f.line ? { line: f.line } : {}), id: id ?? null, ok, steps, diagnostics };
}

// line/col from the source; a JSONL row is re-read for columns only when it has something to point at
function positioned(f: TaskFile, diagnostics: Diagnostic[]): Diagnostic[] {
  if (diagnostics.length === 0) return diagnostics;
  const doc =
    f.parsed.doc ?? (f.line !== undefined && f.parsed.raw !== undefined ? parseSource(f.text).doc : undefined);
  const placed = withPositions(diagnostics, doc, parsePath);
  return f.line ? placed.map((d) => ({ ...d, line: f.line })) : placed;
}

function idOf(raw: unknown): string | undefined {
  const id = raw && typeof raw === 'object' ? (raw as { id?: unknown }).id : undefined;
  return typeof id === 'string' ? id : undefined;
}

const indent = (text: string, pad: string) => text.replace(/^/gm, pad);

function writeText(r: ValidateResult, write: (text: string) => void): void {
  const last = r.steps.at(-1);
  const head = r.ok ? color.green('OK  ') : color.red('FAIL');
  const kill = r.steps.find((s) => s.stats && typeof s.stats.kill_rate === 'number')?.stats;
  const killText = kill ? `, mutants killed ${String(kill.killed)}/${String(kill.mutants)}` : '';
  const solve = r.steps.find((s) => s.name === 'solve')?.stats as { solved: number; attempts: unknown[] } | undefined;
  const solveText = solve ? `, solver ${solve.solved}/${solve.attempts.length}` : '';
  const lines = [
    `${head} ${r.file}${r.line ? `:${r.line}` : ''}${r.id ? ` (${r.id})` : ''}${r.ok ? color.dim(`  steps 1-${last?.step ?? 0}${killText}${solveText}`) : ''}`,
  ];
  for (const d of r.diagnostics) {
    const line = `      ${formatDiagnostic(d, r.file)}`;
    lines.push(isError(d) ? line : color.yellow(`${line} [warning]`));
  }
  write(`${lines.join('\n')}\n`);
}
