import { readFile, stat } from 'node:fs/promises';
import { basename } from 'node:path';
import type { Command } from 'commander';
import { specFilesIn } from '../run/task-files.js';
import { writeSynthOutput } from '../run/task-store.js';
import { formatDiagnostic } from '../spec/diagnostics.js';
import { type ModelFlags, modelFromFlags } from '../llm/flags.js';
import { CoworkError } from '../spec/errors.js';
import { parsePlanText, type Plan } from '../synth/plan.js';
import { synthesize, type SynthSummary } from '../synth/synthesize.js';
import { withModelFlags } from './model-flags.js';
import { intArg } from './options.js';
import { color, note, out, printJson, table } from './output.js';
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
    const earlier = await taskFilesIn(opts.out);
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
    // run / validate / serve read every spec in the folder: say so when it holds tasks of another plan
    const ours = new Set(outcomes.map((o) => `${o.id}.json`));
    const others = earlier.filter((f) => !ours.has(f));
    if (others.length) note(color.yellow(`warning: ${opts.out} also holds ${others.length} task file(s) from before (${others.slice(0, 3).join(', ')}${others.length > 3 ? ', …' : ''}); run, validate and serve of ${opts.out} read them too — use an empty --out to keep plans apart`));
    if (opts.json) printJson(summary);
    else printSynthSummary(summary, opts.out);
  });
}

// the task files already in --out (found now: an --out that is a file fails before any synthesis)
async function taskFilesIn(dir: string): Promise<string[]> {
  const s = await stat(dir).catch(() => undefined);
  if (!s) return [];
  if (!s.isDirectory()) throw new CoworkError('bad_input', `--out ${dir} is a file; give a folder for the released specs`);
  return (await specFilesIn(dir)).map((f) => basename(f));
}

export function printSynthSummary(s: SynthSummary, dir: string): void {
  out(`${color.bold('synth')} ${s.plan} with ${s.generator}: ${s.accepted}/${s.jobs} released (${(s.release_rate * 100).toFixed(1)}%), ${s.rejected} rejected → ${dir}`);
  if (s.mean_kill_rate !== null) out(`mean mutation kill rate ${(s.mean_kill_rate * 100).toFixed(1)}%`);
  out(`attempts: ${Object.entries(s.attempts_histogram).map(([k, v]) => `${k}×${v}`).join(', ')}`);
  if (s.rejected) out(`rejected by code: ${Object.entries(s.rejected_by_code).map(([k, v]) => `${k} ${v}`).join(', ')}`);
  out(table(['family', 'released'], Object.entries(s.coverage.family).sort())); 
  out(table(['capability', 'tasks'], Object.entries(s.coverage.capability).sort((a, b) => b[1] - a[1])));
}
