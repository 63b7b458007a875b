import { readFile } from 'node:fs/promises';
import type { Command } from 'commander';
import { writeSynthOutput } from '../run/task-store.js';
import { formatDiagnostic } from '../spec/diagnostics.js';
import { type ModelFlags, modelFromFlags } from '../llm/flags.js';
import { CoworkError } from '../spec/errors.js';
import { parsePlanText, type Plan } from '../synth/plan.js';
import { synthesize, type SynthSummary } from '../synth/synthesize.js';
import { withModelFlags } from './model-flags.js';
import { intArg } from './options.js';
import { color, out, printJson, table } from './output.js';
import { progress } from './progress.js';

/** Reads and validates a plan file; problems are a bad_input error listing every diagnostic. */
export async function readPlan(file: string): Promise<Plan> {
  const text = await readFile(file, 'utf8').catch((e: Error) => {
    throw new CoworkError('not_found', `${file}: cannot read (${e.message})`);
  });
  const { plan, diagnostics } = parsePlanText(text);
  if (!plan) throw new CoworkError('bad_input', `invalid plan:\n  ${diagnostics.map((d) => formatDiagnostic(d, file)).join('\n  ')}`);
  return plan;
}

interface SynthOpts extends ModelFlags {
  out: string;
  generator: string;
  concurrency?: number;
  attempts: number;
  gd: 'auto' | 'always' | 'never';
  json?: boolean;
}

export function synthCommand(program: Command): void {
  withModelFlags(
    program
      .command('synth')
      .description('synthesize tasks from a coverage plan through the full gate; released specs in --out, rejected ones with diagnostics in --out/rejected')
      .argument('<plan>', 'coverage plan (.yaml/.json)')
      .requiredOption('--out <dir>', 'output directory for released specs')
      .option('--generator <name>', 'procedural (offline) or a model string, e.g. openai:gpt-5.1, anthropic:claude-sonnet-4-6, openai-compatible:http://127.0.0.1:8000/v1#qwen3-8b', 'procedural')
      .option('--concurrency <n>', 'slots in flight at once', intArg(1, 256))
      .option('--attempts <n>', 'LLM: gate runs per slot (first generation + retries)', intArg(1, 10), 2)
      .option('--gd <mode>', 'LLM: Generator–Discriminator split: auto (safety slots) | always | never', 'auto')
      .option('--json', 'print the summary as JSON'),
  ).action(async (planFile: string, opts: SynthOpts) => {
    if (!['auto', 'always', 'never'].includes(opts.gd)) throw new CoworkError('bad_input', `--gd must be auto, always or never, not "${opts.gd}"`);
    const plan = await readPlan(planFile);
    const generator = opts.generator === 'procedural' ? 'procedural' : modelFromFlags(opts.generator, opts);
    let accepted = 0;
    const bar = progress('synth', plan.slots.reduce((n, s) => n + s.count, 0), opts.json);
    const { outcomes, summary } = await synthesize(plan, {
      generator,
      attempts: opts.attempts,
      gd: opts.gd,
      ...(opts.concurrency ? { concurrency: opts.concurrency } : {}),
      onOutcome: (o, done) => {
        if (o.accepted) accepted++;
        bar.tick(done, `released ${accepted} rejected ${done - accepted}`);
      },
    });
    bar.stop();
    await writeSynthOutput(opts.out, outcomes, summary);
    if (opts.json) printJson(summary);
    else printSynthSummary(summary, opts.out);
  });
}

export function printSynthSummary(s: SynthSummary, dir: string): void {
  out(`${color.bold('synth')} ${s.plan} with ${s.generator}: ${s.accepted}/${s.jobs} released (${(s.release_rate * 100).toFixed(1)}%), ${s.rejected} rejected → ${dir}`);
  if (s.mean_kill_rate !== null) out(`mean mutation kill rate ${(s.mean_kill_rate * 100).toFixed(1)}%`);
  out(`attempts: ${Object.entries(s.attempts_histogram).map(([k, v]) => `${k}×${v}`).join(', ')}`);
  if (s.rejected) out(`rejected by code: ${Object.entries(s.rejected_by_code).map(([k, v]) => `${k} ${v}`).join(', ')}`);
  out(table(['family', 'released'], Object.entries(s.coverage.family).sort())); 
  out(table(['capability', 'tasks'], Object.entries(s.coverage.capability).sort((a, b) => b[1] - a[1])));
}
