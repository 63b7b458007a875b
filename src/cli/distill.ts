import type { Command } from 'commander';
import { resolveSource } from '../curate/sources.js';
import { MARKER_PRESETS } from '../curate/token-scores.js';
import { environmentSecrets } from '../curate/validity.js';
import { distill, type DistillReport } from '../distill/distill.js';
import { endpointTeacher } from '../distill/teacher.js';
import type { ModelFlags } from '../llm/flags.js';
import { scanSpecs } from '../run/spec-refs.js';
import { CoworkError } from '../schema/errors.js';
import { withModelFlags } from './model-flags.js';
import { intArg } from './options.js';
import { color, note, out, printJson, table } from './output.js';

interface DistillOpts extends ModelFlags {
  teacher: string;
  out: string;
  topK: number;
  onlyKeep?: boolean;
  onlyValid?: boolean;
  tasks?: string[];
  template: string;
  batch: number;
  batchTokens: number;
  concurrency: number;
  shardRows: number;
  force?: boolean;
  json?: boolean;
}

export function distillCommand(program: Command): void {
  withModelFlags(
    program
      .command('distill')
      .description(
        "on-policy distillation data: the teacher's top-k next-token distributions at every agent-generated token of the student's own runs",
      )
      .argument(
        '<runs...>',
        'student run directories (runs/<name>) or trajectories .jsonl files recorded with --return-token-ids (first copy of a task+trial wins)',
      )
      .requiredOption(
        '--teacher <model>',
        'openai-compatible:<base-url>#<model> of a vLLM server with the same tokenizer as the student',
      )
      .requiredOption('--out <dir>', 'dataset directory (datasets/<name>); rerunning resumes it')
      .option(
        '--top-k <k>',
        'teacher alternatives kept per position (vLLM prompt_logprobs; the server allows --max-logprobs, 20 by default)',
        intArg(1, 1000),
        20,
      )
      .option('--only-keep', 'only tasks curation groups as KEEP (mean completion strictly between 0.001 and 0.999)')
      .option('--only-valid', "only records curation's validity filter accepts (integrity, outcome, claims, recovery)")
      .option(
        '--tasks <paths...>',
        "the specs for --only-valid's private-state check; without it each run.json spec_path is loaded and verified against its spec_hash",
      )
      .option(
        '--template <name>',
        `the student's chat-template markers (which tokens are assistant turns): ${Object.keys(MARKER_PRESETS).join(' | ')}`,
        'qwen',
      )
      .option('--batch <n>', 'student sequences per teacher request', intArg(1, 1024), 8)
      .option(
        '--batch-tokens <n>',
        'token positions per teacher request (a longer sequence goes alone)',
        intArg(1, 10_000_000),
        32_768,
      )
      .option(
        '--concurrency <n>',
        'trajectories in flight at once (teacher requests are capped by --llm-concurrency)',
        intArg(1, 4096),
        16,
      )
      .option('--shard-rows <n>', 'rows per output shard', intArg(1, 1_000_000), 1000)
      .option('--force', 'discard an earlier distillation in --out and start over')
      .option('--json', 'print the report (distill.json) to stdout'),
  ).action(async (runs: string[], opts: DistillOpts) => {
    const markers = MARKER_PRESETS[opts.template as keyof typeof MARKER_PRESETS];
    if (!markers)
      throw new CoworkError(
        'bad_input',
        `unknown --template "${opts.template}"; presets: ${Object.keys(MARKER_PRESETS).join(', ')}`,
      );
    if (opts.tasks && !opts.onlyValid)
      throw new CoworkError(
        'bad_input',
        '--tasks only applies with --only-valid (its private-state check); add --only-valid or drop --tasks',
      );
    const teacher = endpointTeacher(opts.teacher, opts, {
      topK: opts.topK,
      batch: opts.batch,
      batchTokens: opts.batchTokens,
    });
    const sources = await Promise.all(runs.map((r) => resolveSource(r)));
    const specs = opts.tasks ? new Map((await scanSpecs(opts.tasks)).map((s) => [s.id, s])) : undefined;
    const report = await distill({
      sources,
      out: opts.out,
      teacher,
      topK: opts.topK,
      markers,
      template: opts.template,
      filters: { onlyKeep: !!opts.onlyKeep, onlyValid: !!opts.onlyValid },
      ...(specs ? { specs } : {}),
      secrets: environmentSecrets(),
      concurrency: opts.concurrency,
      shardRows: opts.shardRows,
      ...(opts.force ? { fresh: true } : {}),
      notice: (line) => note(color.yellow(line)),
    });
    if (opts.json) return printJson(report);
    printReport(report, opts.out);
  });
}

function printReport(r: DistillReport, dir: string): void {
  const rej = Object.entries(r.records.rejected);
  const skipped = Object.entries(r.distilled.skipped);
  out(color.bold(`distillation ${dir} (teacher ${r.teacher}, top-${r.top_k})`));
  out(
    table(
      ['stage', 'count'],
      [
        ['records kept by the filters', r.records.pool],
        ...rej.map(([k, v]) => [`  left out: ${k.replace(/_/g, ' ')}`, v]),
        ['  already distilled (resumed)', r.resumed],
        ['trajectories distilled', r.distilled.trajectories],
        ...skipped.map(([k, v]) => [`  skipped: ${k.replace(/_/g, ' ')}`, v]),
        ['rows (token sequences)', r.distilled.rows],
        ['loss positions', r.distilled.positions],
      ],
    ),
  );
  const ev = r.this_run;
  out(
    `\nteacher: ${ev.teacher_requests} requests for ${ev.sequences} sequences; tokenizer checked on ${ev.tokens_compared} sampled tokens${ev.texts_compared ? ` and ${ev.texts_compared} turn texts` : ''}`,
  );
  out(
    `files: ${r.shards.map((s) => `${s.parquet} + .jsonl (${s.rows})`).join(', ') || 'no rows'}; ${dir}/distill.json; ${r.rejections_file}`,
  );
  if (ev.unverified_sequences)
    note(
      color.yellow(
        `warning: ${ev.unverified_sequences} sequence(s) carried neither token texts nor turn texts, so the teacher's tokenizer could not be compared on them`,
      ),
    );
  if (skipped.length)
    note(
      color.yellow(
        `warning: ${skipped.map(([k, v]) => `${v} trajectory(ies) ${k.replace(/_/g, ' ')}`).join('; ')} — see ${dir}/log.jsonl`,
      ),
    );
}
