import { formatProbeScores, formatProbeSummary } from '../validate/probes.js';
import { readdir, readFile, stat } from 'node:fs/promises';
import { basename, extname, join, relative, sep } from 'node:path';
import type { Command } from 'commander';
import { specFilesIn } from '../run/task-files.js';
import { SynthOutputWriter } from '../run/synth-output.js';
import { formatDiagnostic } from '../schema/diagnostics.js';
import { type ModelFlags, modelFromFlags } from '../llm/flags.js';
import { CoworkError } from '../schema/errors.js';
import { MAX_INLINE_BYTES } from '../services/workspace/index.js';
import { decode } from '../services/workspace/readback.js';
import { formatOf, OFFICE_KINDS, type StoredFile } from '../services/workspace/formats/index.js';
import { readIsolated } from '../services/workspace/read-isolated.js';
import { expandPlan, parsePlanLines, parsePlanText, type Plan } from '../synth/plan/plan.js';
import { createReadStream } from 'node:fs';
import { streamLines } from '../schema/jsonl.js';
import { SPEC_LIMITS } from '../schema/document.js';
import type { Diagnostic } from '../schema/diagnostics.js';
import { synthesize, type SynthSummary } from '../synth/synthesize.js';
import type { MeaningOptions } from '../validate/meaning.js';
import { llmReviewer } from '../validate/reviewer.js';
import { withModelFlags } from './model-flags.js';
import { intArg } from './options.js';
import { color, note, out, printJson, table } from './output.js';
import { formatCoverage } from '../synth/plan/coverage.js';
import { formatSubstance } from '../synth/plan/substance.js';
import { progress } from './progress.js';

/**
 * Reads and validates a plan file — YAML/JSON (at most SPEC_LIMITS.maxBytes), or JSONL of any size, streamed —;
 * problems are a bad_input error listing every diagnostic.
 */
export async function readPlan(file: string): Promise<Plan> {
  const size = (
    await stat(file).catch((e: Error) => {
      throw new CoworkError('not_found', `${file}: cannot read (${e.message})`);
    })
  ).size;
  let parsed: { plan?: Plan; diagnostics: Diagnostic[] };
  if (extname(file) === '.jsonl') {
    const stream = createReadStream(file);
    try {
      parsed = await parsePlanLines(streamLines(stream, 1_000_000));
    } catch (e) {
      throw new CoworkError('io_error', `${file}: cannot read (${(e as Error).message})`, undefined, { cause: e });
    } finally {
      stream.destroy();
    }
  } else {
    if (size > SPEC_LIMITS.maxBytes)
      throw new CoworkError(
        'bad_input',
        `${file}: a YAML/JSON plan holds at most ${SPEC_LIMITS.maxBytes} bytes (16 MiB, about 18,000 slots) and this one is ${size}; write large plans as JSONL, e.g. coworkenv plan --taxonomy --n 100000 --out plan.jsonl`,
      );
    const text = await readFile(file, 'utf8').catch((e: Error) => {
      throw new CoworkError('not_found', `${file}: cannot read (${e.message})`);
    });
    parsed = parsePlanText(text);
  }
  const { plan, diagnostics } = parsed;
  if (!plan)
    throw new CoworkError(
      'bad_input',
      `invalid plan:\n  ${diagnostics.map((d) => formatDiagnostic(d, file)).join('\n  ')}`,
    );
  return plan;
}

interface SynthOpts extends ModelFlags {
  out: string;
  generator: string;
  workers?: number;
  concurrency?: number;
  dedupe?: boolean;
  attempts: number;
  gd: 'auto' | 'always' | 'never';
  json?: boolean;
  resources?: string;
  queue?: string;
  paraphrase?: string;
  reviewer?: string;
  solver?: string;
  solverAttempts: number;
}

/** Most files and bytes `--resources` reads: the files travel inside every spec as inline fixtures. */
export const RESOURCE_LIMITS = { files: 20, totalBytes: 5_000_000 } as const;

/**
 * Reads the user's documents for `synth --resources`: regular files under `dir` (hidden ones skipped), each
 * at most the inline fixture cap, office files checked readable. Paths stay relative to `dir`.
 */
export async function readResources(dir: string): Promise<StoredFile[]> {
  const s = await stat(dir).catch(() => undefined);
  if (!s?.isDirectory())
    throw new CoworkError(
      'bad_input',
      `--resources ${dir}: ${s ? 'is a file' : 'not found'}; give a folder of documents (xlsx, docx, pdf, pptx, csv, md, txt …)`,
    );
  const found: string[] = [];
  const walk = async (d: string, depth: number): Promise<void> => {
    for (const e of (await readdir(d, { withFileTypes: true })).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      if (e.name.startsWith('.')) continue;
      const p = join(d, e.name);
      if (e.isDirectory() && depth < 4) await walk(p, depth + 1);
      else if (e.isFile()) found.push(p);
    }
  };
  await walk(dir, 0);
  if (found.length === 0)
    throw new CoworkError(
      'bad_input',
      `--resources ${dir} holds no files; put the documents the tasks should use in it`,
    );
  if (found.length > RESOURCE_LIMITS.files)
    throw new CoworkError(
      'bad_input',
      `--resources ${dir} holds ${found.length} files; at most ${RESOURCE_LIMITS.files} fit into a task — pick the documents the tasks should use`,
    );
  const files: StoredFile[] = [];
  let total = 0;
  for (const p of found) {
    const bytes = await readFile(p);
    const path = relative(dir, p).split(sep).join('/');
    if (bytes.length > MAX_INLINE_BYTES)
      throw new CoworkError(
        'bad_input',
        `--resources: ${path} is ${(bytes.length / 1_000_000).toFixed(1)} MB; a resource may be at most ${MAX_INLINE_BYTES / 1_000_000} MB (it is stored inline in every spec)`,
      );
    total += bytes.length;
    if (total > RESOURCE_LIMITS.totalBytes)
      throw new CoworkError(
        'bad_input',
        `--resources ${dir}: the files add up to more than ${RESOURCE_LIMITS.totalBytes / 1_000_000} MB; use fewer or smaller documents`,
      );
    const f = decode(path, bytes);
    if ((OFFICE_KINDS as readonly string[]).includes(formatOf(path, bytes))) {
      const r = await readIsolated(f);
      if (r.error !== undefined)
        throw new CoworkError('bad_input', `--resources: ${r.error}; remove it or save it again from its application`);
    }
    files.push(f);
  }
  return files;
}

/** The default plan of `synth --resources` without a plan file: one slot per document. */
export function resourcePlan(files: readonly StoredFile[], mockToday = '2026-03-10'): Plan {
  return {
    plan_version: 1,
    name: 'resources',
    slots: files.map((f, i) => ({
      task_id: `res_${String(i + 1).padStart(2, '0')}_${
        f.path
          .toLowerCase()
          .replace(/\.[a-z0-9]+$/, '')
          .replace(/[^a-z0-9]+/g, '_')
          .replace(/^_|_$/g, '')
          .slice(0, 40) || 'file'
      }`,
      services: ['workspace', 'gmail'],
      category: 'document',
      difficulty: 'medium' as const,
      language: 'en',
      mock_today: mockToday,
      scenario: {
        goal: `A task grounded in the user's file ${f.path} (the other files may help): the agent reads it, works with its content and produces a file or an action that a checker verifies.`,
      },
      count: 1,
      capabilities: ['File_Management', 'Data_Analysis'],
    })),
  } as Plan;
}

export function synthCommand(program: Command): void {
  withModelFlags(
    program
      .command('synth')
      .description(
        'synthesize tasks from a coverage plan through the full gate; released specs in --out, rejected ones with diagnostics in --out/rejected',
      )
      .argument('[plan]', 'coverage plan (.yaml/.json); optional with --resources (one task per document)')
      .requiredOption('--out <dir>', 'output directory for released specs')
      .option(
        '--generator <name>',
        'procedural (offline) or a model string, e.g. openai:gpt-5.1, anthropic:claude-sonnet-4-6, openai-compatible:http://127.0.0.1:8000/v1#qwen3-8b',
        'procedural',
      )
      .option(
        '--workers <n>',
        'procedural: worker threads (default: one per core; 1 runs on the main thread); the same bytes for any number',
        intArg(1, 256),
      )
      .option('--concurrency <n>', 'LLM: slots in flight at once (default 4)', intArg(1, 256))
      .option(
        '--dedupe',
        'keep one task per near-duplicate cluster (masked request and tool sequence, MinHash/LSH); the others are rejected as near_duplicate',
      )
      .option('--attempts <n>', 'LLM: gate runs per slot (first generation + retries)', intArg(1, 10), 2)
      .option('--gd <mode>', 'LLM: Generator–Discriminator split: auto (safety slots) | always | never', 'auto')
      .option(
        '--resources <dir>',
        "LLM: ground every task in this folder's documents (xlsx, docx, pdf, pptx, csv, text); they become workspace files of the tasks",
      )
      .option(
        '--reviewer <model>',
        'gate every candidate with an Issue Detector model too (review_* findings: LLM tasks repair them, procedural ones are rejected)',
      )
      .option('--solver <model>', 'gate every candidate with an LLM agent solving it from the request alone')
      .option('--solver-attempts <k>', 'solver attempts per candidate; none passing rejects it', intArg(1, 20), 3)
      .option(
        '--paraphrase <model>',
        'rewrite every released request into natural text with this model (ids, names, numbers kept) and gate it again; a failed rewrite keeps the original, reported',
      )
      .option(
        '--queue <redis-url>',
        'synthesize the slots on `coworkenv worker`s through BullMQ on this Redis (docs/scale.md); the same output',
      )
      .option('--json', 'print the summary as JSON'),
  ).action(async (planFile: string | undefined, opts: SynthOpts) => {
    if (opts.workers !== undefined && opts.generator !== 'procedural')
      throw new CoworkError('bad_input', '--workers is for the procedural generator; an LLM run takes --concurrency');
    if (!['auto', 'always', 'never'].includes(opts.gd))
      throw new CoworkError('bad_input', `--gd must be auto, always or never, not "${opts.gd}"`);
    if (opts.resources && opts.generator === 'procedural')
      throw new CoworkError(
        'bad_input',
        '--resources needs an LLM generator (--generator <model>): the procedural families write their own files',
      );
    if (!planFile && !opts.resources)
      throw new CoworkError('bad_input', 'give a plan file, or --resources <dir> with --generator <model>');
    const earlier = await taskFilesIn(opts.out);
    const resources = opts.resources ? await readResources(opts.resources) : undefined;
    const plan = planFile ? await readPlan(planFile) : resourcePlan(resources ?? []);
    const generator = opts.generator === 'procedural' ? 'procedural' : modelFromFlags(opts.generator, opts);
    const onQueue = opts.queue
      ? await (await import('../queue/client.js')).queuedSynth(
          opts.queue,
          {
            generator: opts.generator,
            flags: opts,
            attempts: opts.attempts,
            gd: opts.gd,
            ...(resources ? { resources } : {}),
            // what workers do not run (yet): refused rather than silently skipped
            localOnly: (
              [
                ['paraphrase', '--paraphrase'],
                ['reviewer', '--reviewer'],
                ['solver', '--solver'],
                ['concurrency', '--concurrency'],
                ['workers', '--workers'],
                ['dedupe', '--dedupe'],
              ] as const
            )
              .filter(([k]) => (opts as unknown as Record<string, unknown>)[k] !== undefined)
              .map(([, flag]) => flag),
          },
          note,
        )
      : undefined;
    const meaning: MeaningOptions = {
      ...(opts.reviewer ? { reviewer: llmReviewer(modelFromFlags(opts.reviewer, opts)) } : {}),
      ...(opts.solver ? { solver: { model: modelFromFlags(opts.solver, opts), attempts: opts.solverAttempts } } : {}),
    };
    let accepted = 0;
    // a plan of more than SHARD_SIZE jobs is written in shard folders (by plan index) with a corpus index
    const planIndex = new Map(expandPlan(plan).map((j, i) => [j.id, i]));
    const writer = new SynthOutputWriter(opts.out, planIndex);
    const bar = progress(
      'synth',
      plan.slots.reduce((n, s) => n + s.count, 0),
      opts.json,
    );
    // procedural: --workers threads (--concurrency, as before, when --workers is not given)
    const concurrency = opts.generator === 'procedural' ? (opts.workers ?? opts.concurrency) : opts.concurrency;
    const { outcomes, summary } = await (onQueue ?? synthesize)(plan, {
      generator,
      attempts: opts.attempts,
      gd: opts.gd,
      ...(resources ? { resources } : {}),
      ...(opts.paraphrase ? { paraphrase: modelFromFlags(opts.paraphrase, opts) } : {}),
      ...(meaning.reviewer || meaning.solver ? { meaning } : {}),
      ...(concurrency ? { concurrency } : {}),
      ...(opts.dedupe ? { dedupe: true } : {}),
      // the files are written in plan order as the outcomes come; nothing of a corpus is held after its file
      retain: false,
      onOrdered: (o) => writer.add(o),
      onOutcome: (o, done) => {
        if (o.accepted) accepted++;
        bar.tick(done, `released ${accepted} rejected ${done - accepted}`);
      },
    });
    bar.stop();
    // every outcome was heard as it finished; one a path did not report is written now
    for (const o of outcomes) writer.add(o);
    await writer.finish(summary);
    // run / validate / serve read every spec in the folder: say so when it holds tasks of another plan
    const others = earlier.filter((f) => !planIndex.has(f.replace(/\.json$/, '')) || !f.endsWith('.json'));
    if (others.length)
      note(
        color.yellow(
          `warning: ${opts.out} also holds ${others.length} task file(s) from before (${others.slice(0, 3).join(', ')}${others.length > 3 ? ', …' : ''}); run, validate and serve of ${opts.out} read them too — use an empty --out to keep plans apart`,
        ),
      );
    if (opts.json) printJson(summary);
    else printSynthSummary(summary, opts.out);
    const noFamily = summary.rejected_by_code.no_family ?? 0;
    if (noFamily && generator === 'procedural') {
      note(
        color.yellow(
          `hint: ${noFamily} of ${summary.jobs} slot(s) name no procedural family (no_family): the offline generator only builds the built-in families — make the plan with \`coworkenv plan --taxonomy\` (every slot it writes names a generator), or synthesize the other slots with an LLM (--generator <model>)`,
        ),
      );
    }
  });
}

// the task files already in --out (found now: an --out that is a file fails before any synthesis)
async function taskFilesIn(dir: string): Promise<string[]> {
  const s = await stat(dir).catch(() => undefined);
  if (!s) return [];
  if (!s.isDirectory())
    throw new CoworkError('bad_input', `--out ${dir} is a file; give a folder for the released specs`);
  return (await specFilesIn(dir)).map((f) => basename(f));
}

export function printSynthSummary(s: SynthSummary, dir: string): void {
  out(
    `${color.bold('synth')} ${s.plan} with ${s.generator}: ${s.accepted}/${s.jobs} released (${(s.release_rate * 100).toFixed(1)}%), ${s.rejected} rejected → ${dir}`,
  );
  if (s.mean_kill_rate !== null) out(`mean mutation kill rate ${(s.mean_kill_rate * 100).toFixed(1)}%`);
  if (Object.keys(s.probes).length) out(`probes over released tasks: ${formatProbeSummary(s.probes)}`);
  if (s.probe_scores?.worst != null) out(`probe scores (mean): ${formatProbeScores(s.probe_scores)}`);
  if (s.paraphrase) {
    const p = s.paraphrase;
    const reasons = Object.entries(p.kept_by_reason).map(([k, v]) => `${k} ${v}`);
    out(
      `paraphrase with ${p.model}: ${p.rewritten}/${p.tasks} rewritten, ${p.kept} kept the original${reasons.length ? ` (${reasons.join(', ')})` : ''}`,
    );
    for (const k of p.kept_tasks.slice(0, 20)) out(color.yellow(`  kept ${k.id}: ${k.reason}: ${k.message}`));
    if (p.kept_tasks.length > 20) out(`  … ${p.kept_tasks.length - 20} more in synth-summary.json`);
  }
  out(
    `attempts: ${Object.entries(s.attempts_histogram)
      .map(([k, v]) => `${k}×${v}`)
      .join(', ')}`,
  );
  if (s.rejected)
    out(
      `rejected by code: ${Object.entries(s.rejected_by_code)
        .map(([k, v]) => `${k} ${v}`)
        .join(', ')}`,
    );
  if (s.near_duplicates) {
    const d = s.near_duplicates;
    out(
      `near-duplicates (similarity ≥ ${d.threshold}): ${d.clusters} cluster(s), ${d.tasks_in_clusters} task(s)${d.clusters ? `, largest ${d.largest}` : ''}${d.dropped ? `; --dedupe dropped ${d.dropped}` : ''}`,
    );
    for (const c of d.examples.slice(0, 5))
      out(`  ${c.size}× ${c.ids.join(', ')}${c.size > c.ids.length ? ', …' : ''}`);
  }
  if (s.corpus) {
    out(color.bold('coverage'));
    for (const line of formatCoverage(s.corpus)) out(`  ${line}`);
  }
  if (s.substance) {
    // the corpus fails when one fixed rule per record type solves more than the limit (issue 27)
    const fr = s.substance.fixed_rule;
    out(
      `${color.bold('substance')}${fr.ok ? '' : color.red(` — the corpus fails the fixed-rule probe (${(fr.share * 100).toFixed(1)}% > ${(fr.limit * 100).toFixed(0)}%)`)}`,
    );
    for (const line of formatSubstance(s.substance))
      out(`  ${/ FAIL$/.test(line) ? color.red(line) : /not judged$/.test(line) ? color.dim(line) : line}`);
  }
  out(table(['family', 'released'], Object.entries(s.coverage.family).sort()));
  out(
    table(
      ['capability', 'tasks'],
      Object.entries(s.coverage.capability).sort((a, b) => b[1] - a[1]),
    ),
  );
}
