import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Command } from 'commander';
import { CE_LIMITS } from '../curate/convert.js';
import { EXPORTERS } from '../curate/exporters/index.js';
import { fileScorer } from '../curate/file-scorer.js';
import { curate, type CurationReport } from '../curate/pipeline.js';
import type { Scorer } from '../curate/select.js';
import { resolveSource } from '../curate/sources.js';
import { checkTrivialPrefixOrder, TRIVIAL_PREFIX_ORDERS } from '../curate/trivial-prefix.js';
import { environmentSecrets } from '../curate/validity.js';
import { prettyJson, writeFileAtomic } from '../run/files.js';
import { scanSpecs } from '../run/spec-refs.js';
import type { ModelFlags } from '../llm/flags.js';
import { CoworkError } from '../schema/errors.js';
import { withModelFlags } from './model-flags.js';
import { intArg, numArg } from './options.js';
import { color, fmt, note, out, printJson, table } from './output.js';

/** CoworkEnv's export configurations (App. E): reward thresholds. */
export const THRESHOLD_PRESETS: Record<string, number> = {
  mixed: 0.5,
  'multi-service': 0.8,
  safety: 0.8,
  extraction: 0.999,
};

interface CurateOpts extends ModelFlags {
  out: string;
  replace?: string[];
  format: string;
  threshold?: number;
  preset: string;
  tasks?: string[];
  select?: string;
  keep: number;
  scorer?: string;
  bins: number;
  scorerTemplate: string;
  promptLogprobs: number;
  minMessages: number;
  maxToolCalls: number;
  maxObservationChars: number;
  maxChars: number;
  trivialPrefix: string;
  json?: boolean;
  force?: boolean;
  queue?: string;
}

export function curateCommand(program: Command): void {
  withModelFlags(
    program
      .command('curate')
      .description(
        'turn runs into SFT data: merge, group (TRIVIAL/KEEP/UNSOLVABLE), threshold, validity filter, convert, select, export',
      )
      .argument(
        '<runs...>',
        'run directories (runs/<name>) or trajectories .jsonl files, in priority order (first copy of a task+trial wins)',
      )
      .requiredOption('--out <dir>', 'dataset directory (datasets/<name>)')
      .option(
        '--replace <runs...>',
        'runs re-executed after grading fixes: they supersede every earlier record of their tasks',
      )
      .option('--format <list>', `comma-separated: ${EXPORTERS.map((e) => e.name).join(', ')}`, 'trl')
      .option(
        '--preset <name>',
        `reward threshold preset: ${Object.entries(THRESHOLD_PRESETS)
          .map(([k, v]) => `${k} ${v}`)
          .join(', ')}`,
        'mixed',
      )
      .option('--threshold <r>', 'minimum reward (overrides --preset)', numArg(0, 1))
      .option(
        '--tasks <paths...>',
        'the specs (private-state checks, labels, spec paths); without it each run.json spec_path is loaded and verified against its spec_hash',
      )
      .option('--select <method>', 'model-conditioned selection: nll | rsr')
      .option('--keep <rho>', 'fraction kept per length bin by --select', numArg(0, 1), 0.7)
      .option(
        '--scorer <source>',
        'a scores .jsonl file {task_id, trial, nll, rsr, tokens} or a model string of an endpoint returning prompt_logprobs (vLLM)',
      )
      .option('--bins <n>', 'equal-frequency length bins for --select', intArg(1, 1000), 10)
      .option(
        '--scorer-template <name>',
        "the student's chat-template markers for endpoint scoring: qwen | llama3",
        'qwen',
      )
      .option(
        '--prompt-logprobs <k>',
        'vLLM prompt_logprobs alternatives per token for endpoint scoring (0 = the token and its rank)',
        intArg(0, 100),
        0,
      )
      .option('--min-messages <n>', 'reject examples with fewer messages', intArg(1, 10_000), CE_LIMITS.minMessages)
      .option(
        '--max-tool-calls <n>',
        'reject examples with more tool calls',
        intArg(0, 100_000),
        CE_LIMITS.maxToolCalls,
      )
      .option(
        '--max-observation-chars <n>',
        'shorten longer tool observations',
        intArg(1, 10_000_000),
        CE_LIMITS.maxObservationChars,
      )
      .option(
        '--max-chars <n>',
        'reject longer examples (after shortening)',
        intArg(1, 100_000_000),
        CE_LIMITS.maxTotalChars,
      )
      .option(
        '--trivial-prefix <order>',
        `when a TRIVIAL task's one record per task prefix is chosen: ${TRIVIAL_PREFIX_ORDERS.join(' | ')} — before: the first qualifying record uses up the prefix even if conversion rejects it (CoworkEnv App. E); after: the first one that also converts`,
        'before-conversion',
      )
      .option(
        '--force',
        'replace a dataset already in --out (without it an existing export is an error and is left intact)',
      )
      .option(
        '--queue <redis-url>',
        'score the --select candidates on `coworkenv worker`s through BullMQ on this Redis (docs/scale.md); the same dataset',
      )
      .option('--json', 'print curation.json to stdout'),
  ).action(async (runs: string[], opts: CurateOpts, cmd: Command) => {
    // selection settings without --select would be ignored without a word: a bad scores file would go unnoticed
    const selectOnly: [keyof CurateOpts, string][] = [
      ['keep', '--keep'],
      ['scorer', '--scorer'],
      ['bins', '--bins'],
      ['scorerTemplate', '--scorer-template'],
      ['promptLogprobs', '--prompt-logprobs'],
    ];
    const stray = selectOnly.filter(([k]) => cmd.getOptionValueSource(k) === 'cli').map(([, flag]) => flag);
    if (!opts.select && stray.length)
      throw new CoworkError(
        'bad_input',
        `${stray.join(', ')} ${stray.length > 1 ? 'only apply' : 'only applies'} with --select nll|rsr; add --select or drop ${stray.length > 1 ? 'them' : 'it'}`,
      );
    const formats = [
      ...new Set(
        opts.format
          .split(',')
          .map((f) => f.trim())
          .filter(Boolean),
      ),
    ];
    if (!formats.length)
      throw new CoworkError(
        'bad_input',
        `--format is empty; give one or more of ${EXPORTERS.map((e) => e.name).join(', ')} (comma-separated)`,
      );
    const threshold = opts.threshold ?? THRESHOLD_PRESETS[opts.preset];
    if (threshold === undefined)
      throw new CoworkError(
        'bad_input',
        `unknown --preset "${opts.preset}"; presets: ${Object.keys(THRESHOLD_PRESETS).join(', ')}`,
      );
    if (opts.select && !['nll', 'rsr'].includes(opts.select))
      throw new CoworkError('bad_input', `--select must be nll or rsr, not "${opts.select}"`);
    if (opts.select && !opts.scorer)
      throw new CoworkError('bad_input', '--select needs --scorer <scores.jsonl | model>');
    checkTrivialPrefixOrder(opts.trivialPrefix, '--trivial-prefix');
    if (!opts.force) refuseExistingExport(opts.out);
    const onQueue = opts.queue
      ? await (await import('../queue/client.js')).queuedCurate(
          opts.queue,
          {
            ...(opts.scorer ? { scorer: opts.scorer } : {}),
            ...(opts.select ? { select: opts.select } : {}),
            template: opts.scorerTemplate,
            promptLogprobs: opts.promptLogprobs,
            flags: opts,
          },
          note,
        )
      : undefined;
    const sources = [
      ...(await Promise.all(runs.map((r) => resolveSource(r)))),
      ...(await Promise.all((opts.replace ?? []).map((r) => resolveSource(r, true)))),
    ];
    const specs = opts.tasks ? new Map((await scanSpecs(opts.tasks)).map((s) => [s.id, s])) : undefined;
    let scorer: Scorer | undefined;
    if (opts.select && opts.scorer)
      scorer = opts.scorer.endsWith('.jsonl')
        ? await fileScorer(opts.scorer)
        : await endpointScorerFrom(opts.scorer, opts, opts.scorerTemplate, opts.promptLogprobs);
    const report = await (onQueue ?? curate)({
      sources,
      out: opts.out,
      formats,
      threshold,
      limits: {
        minMessages: opts.minMessages,
        maxToolCalls: opts.maxToolCalls,
        maxObservationChars: opts.maxObservationChars,
        maxTotalChars: opts.maxChars,
      },
      ...(specs ? { specs } : {}),
      secrets: environmentSecrets(),
      ...(scorer && opts.select
        ? { select: { method: opts.select as 'nll' | 'rsr', keep: opts.keep, scorer, bins: opts.bins } }
        : {}),
      trivialPrefix: opts.trivialPrefix,
    });
    await writeFileAtomic(join(opts.out, 'curation.json'), prettyJson(report));
    warnUnchecked(report);
    if (opts.json) printJson(report);
    else printFunnel(report);
  });
}

/** An earlier export in `dir` is replaced only with --force (a rerun would delete its other formats). */
function refuseExistingExport(dir: string): void {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) return;
  const ours = new Set(['curation.json', 'rejections.jsonl', 'rl_tasks.jsonl', ...EXPORTERS.flatMap((e) => e.files)]);
  const found = readdirSync(dir).filter((f) => ours.has(f));
  if (found.length)
    throw new CoworkError(
      'bad_input',
      `--out ${dir} already holds a dataset (${found.slice(0, 4).join(', ')}${found.length > 4 ? ', …' : ''}); pass --force to replace it, or choose another --out`,
    );
}

async function endpointScorerFrom(
  model: string,
  flags: ModelFlags,
  template: string,
  promptLogprobs: number,
): Promise<Scorer> {
  const { endpointScorer } = await import('../curate/endpoint-scorer.js');
  return endpointScorer(model, flags, { markers: template as 'qwen', promptLogprobs });
}

// the private-state check could not run for some records: they were rejected, say why and what fixes it
function warnUnchecked(r: CurationReport): void {
  const n = r.funnel.rejected.private_state_unchecked ?? 0;
  if (!n) return;
  const why = new Map(r.specs.unverified.map((u) => [u.task_id, u.reason]));
  const tasks = r.specs.unchecked.map((id) => `${id} (${why.get(id) ?? 'not in --tasks or run.json'})`);
  note(
    color.yellow(
      `warning: ${n} record(s) with a user simulator were rejected (private_state_unchecked): no verified spec for ${tasks.slice(0, 3).join('; ') || 'their tasks'}${tasks.length > 3 ? ` and ${tasks.length - 3} more` : ''}; pass --tasks with the specs the runs used`,
    ),
  );
}

/** The funnel CoworkEnv reports: records in → groups → threshold → rejections by category → rows out. */
export function printFunnel(r: CurationReport): void {
  const f = r.funnel;
  const rej = (k: string) => f.rejected[k] ?? 0;
  out(color.bold('curation funnel'));
  const rows: (string | number)[][] = [
    ['records in', f.records_in],
    ['  malformed / duplicate / superseded', `${f.malformed} / ${f.duplicates} / ${f.superseded}`],
    ['  infra errors / unscored (not grouped)', `${f.not_scored.infra_error} / ${f.not_scored.unscored}`],
    [
      'tasks TRIVIAL / KEEP / UNSOLVABLE',
      `${f.groups.TRIVIAL.tasks} / ${f.groups.KEEP.tasks} / ${f.groups.UNSOLVABLE.tasks}`,
    ],
    ['  records in UNSOLVABLE tasks', rej('unsolvable_task')],
    [`  below reward ${r.threshold}`, rej('below_threshold')],
  ];
  for (const [k, v] of Object.entries(f.rejected)) {
    if (
      [
        'unsolvable_task',
        'below_threshold',
        'malformed_record',
        'duplicate',
        'superseded',
        'infra_error',
        'unscored',
      ].includes(k)
    )
      continue;
    rows.push([
      `  ${k === 'trivial_prefix_taken' ? `trivial prefix taken (${f.trivial_prefix.order})` : k.replace(/_/g, ' ')}`,
      v,
    ]);
  }
  // what the other --trivial-prefix order would change: prefixes whose first record failed conversion
  const tp = f.trivial_prefix;
  if (tp.first_failed)
    rows.push([
      '  TRIVIAL prefixes whose first record failed conversion',
      `${tp.first_failed} (${tp.rescued} with a later record that converts: ${tp.order === 'before-conversion' ? 'dropped here, kept by after-conversion' : 'kept here, dropped by before-conversion'})`,
    ]);
  rows.push(
    ['rows out', f.rows_out],
    ['  mean reward', fmt(f.mean_reward)],
    ['  mean messages', fmt(f.mean_messages, 1)],
    ['  mean tool calls', fmt(f.mean_tool_calls, 1)],
  );
  out(table(['stage', 'count'], rows));
  out(
    `\nfiles: ${r.files.map((x) => `${x.file} (${x.rows})`).join(', ')}; ${r.rl_tasks.file} (${r.rl_tasks.tasks} KEEP tasks for RL); ${r.rejections_file}`,
  );
}
