import { existsSync } from 'node:fs';
import { basename, join, relative, resolve } from 'node:path';
import type { Command } from 'commander';
import { llmJudge } from '../llm/judge.js';
import { CallLimiter } from '../llm/limits.js';
import { redactModelString } from '../llm/redact.js';
import type { ChatModel, ChatParams } from '../llm/types.js';
import { agentFactory, isPolicy, userFactory } from '../agent/factory.js';
import { prettyJson, writeFileAtomic } from '../run/files.js';
import { POLICIES } from '../agent/policies.js';
import { replayGuard } from '../run/replay-guard.js';
import { type EpisodeOutcome, RunStore } from '../run/run-store.js';
import { runTasks } from '../run/runner.js';
import { summarizeRun } from '../run/summary.js';
import { readSpecRef, scanSpecs } from '../run/spec-refs.js';
import { type ModelFlags, modelFromFlags } from '../llm/flags.js';
import { CoworkError } from '../schema/errors.js';
import { didYouMean } from '../schema/suggest.js';
import { withModelFlags } from './model-flags.js';
import { intArg, numArg } from './options.js';
import { color, fmt, note, out, printJson, table } from './output.js';
import { progress } from './progress.js';
import { printRunSummary } from './summary-view.js';

interface RunOpts extends ModelFlags {
  agent: string;
  user?: string;
  judge?: string;
  trials: number;
  seed: number;
  concurrency?: number;
  out?: string;
  force?: boolean;
  json?: boolean;
  strict?: boolean;
  skip?: number;
  swap?: number;
  shell: 'virtual' | 'real';
  returnTokenIds?: boolean;
  vision?: boolean;
  infraRetries: number;
  queue?: string;
}

export function runCommand(program: Command): void {
  withModelFlags(
    program
      .command('run')
      .description(
        'run an agent on tasks for K trials: trajectories, grades, pass@k / pass^k; --out makes a resumable run directory',
      )
      .argument('<paths...>', 'spec files or directories')
      .requiredOption(
        '--agent <agent>',
        `${Object.keys(POLICIES).join(' | ')} | a model string (openai:…, anthropic:…, openai-compatible:<url>#<model>)`,
      )
      .option('--user <user>', 'dialogue tasks: scripted (default) | none | a model string for an LLM user')
      .option(
        '--judge <model>',
        'a model for llm_judge checks and judge items (without one they are unavailable; see docs/runs.md for what that does to the score)',
      )
      .option('--trials <n>', 'trials per task', intArg(1, 1000), 1)
      .option('--seed <s>', 'base seed (trial t of a task uses seed s and trial index t)', intArg(0, 2 ** 31 - 1), 0)
      .option('--concurrency <n>', 'episodes at once [1 offline, 4 with a model]', intArg(1, 1024))
      .option(
        '--out <dir>',
        'run directory (e.g. runs/teacher): run.json, trajectories.jsonl, summary.json, errors.jsonl (when there are errors); rerunning the command resumes it',
      )
      .option('--force', 'discard an existing run in --out and start over')
      .option('--skip <p>', 'noisy: chance to skip each reference call', numArg(0, 1))
      .option('--swap <p>', 'noisy: chance to swap an id argument for a distractor', numArg(0, 1))
      .option(
        '--shell <mode>',
        'workspace shell: virtual (just-bash) | real (bubblewrap, falls back with a notice)',
        'virtual',
      )
      .option('--return-token-ids', 'ask the endpoint for token ids and logprobs (vLLM) and keep them for RL')
      .option(
        '--no-vision',
        'a model agent without vision: pictures tools return (fs_read of a PNG, JPEG, GIF or WebP) are described in text instead of shown',
      )
      .option(
        '--infra-retries <n>',
        'reruns of an episode that ended in infra_error (endpoint down, user simulator failed) before it is recorded as one',
        intArg(0, 100),
        2,
      )
      .option(
        '--queue <redis-url>',
        'run the trials on `coworkenv worker`s through BullMQ on this Redis (docs/scale.md); the same run directory and files',
      )
      .option('--json', 'machine-readable results on stdout')
      .option('--strict', 'exit 2 unless every trial passes'),
  ).action(async (paths: string[], opts: RunOpts) => {
    if (!['virtual', 'real'].includes(opts.shell))
      throw new CoworkError('bad_input', `--shell must be virtual or real, not "${opts.shell}"`);
    const noisyOnly = (['skip', 'swap'] as const).filter((k) => opts[k] !== undefined).map((k) => `--${k}`);
    if (noisyOnly.length && opts.agent !== 'noisy')
      throw new CoworkError(
        'bad_input',
        `${noisyOnly.join(' and ')} only ${noisyOnly.length > 1 ? 'apply' : 'applies'} to --agent noisy (this run uses ${redactModelString(opts.agent)}); drop ${noisyOnly.length > 1 ? 'them' : 'it'}`,
      );
    // a misspelt policy is not a model string: say which policy was meant before loading anything
    if (!isPolicy(opts.agent) && !opts.agent.includes(':')) {
      throw new CoworkError(
        'bad_input',
        `--agent "${opts.agent}" is neither a policy (${Object.keys(POLICIES).join(', ')}) nor a model string (openai:…, anthropic:…, openai-compatible:<url>#<model>)${didYouMean(opts.agent, Object.keys(POLICIES))}`,
      );
    }
    if (opts.out && /\.jsonl?$/i.test(opts.out) && !existsSync(opts.out)) {
      throw new CoworkError(
        'bad_input',
        `--out ${opts.out} names a run directory (run.json, trajectories.jsonl, summary.json go inside it), not a file; use e.g. --out runs/${basename(opts.out).replace(/\.jsonl?$/i, '')}`,
      );
    }
    // checked here, read again when their trials run: a corpus of any size is never held whole
    const specs = await scanSpecs(paths, { onWarning: note });
    const limiter = new CallLimiter({ concurrency: opts.llmConcurrency ?? 8, ...(opts.rpm ? { rpm: opts.rpm } : {}) });
    // a --replay miss stops the run instead of becoming an infra_error or judge_error record
    const replay = replayGuard();
    const model = (s: string): ChatModel => replay.watch(modelFromFlags(s, opts, limiter));
    const params: ChatParams | undefined = opts.returnTokenIds
      ? { logprobs: true, extra: { return_token_ids: true } }
      : undefined;
    // --queue is checked (URL, Redis answering, settings) before the run directory is touched
    const onQueue = opts.queue
      ? await (await import('../queue/client.js')).queuedRunner(
          opts.queue,
          { ...opts, ...(params ? { params } : {}), flags: opts },
          note,
        )
      : undefined;
    const agentModel = isPolicy(opts.agent) ? undefined : model(opts.agent);
    const userChoice =
      !opts.user || opts.user === 'scripted' || opts.user === 'none'
        ? ((opts.user ?? 'scripted') as 'scripted' | 'none')
        : model(opts.user);
    const judge = opts.judge ? llmJudge(model(opts.judge)) : undefined;
    const makeAgent = agentFactory(agentModel ?? opts.agent, {
      ...(opts.skip !== undefined ? { skip: opts.skip } : {}),
      ...(opts.swap !== undefined ? { swap: opts.swap } : {}),
      ...(params ? { params } : {}),
      ...(opts.vision === false ? { vision: false } : {}),
    });
    const agentConfig = agentModel
      ? {
          name: 'llm',
          model: agentModel.id,
          ...(params ? { params } : {}),
          ...(opts.vision === false ? { vision: false } : {}),
        }
      : {
          name: opts.agent,
          ...(opts.skip !== undefined ? { skip: opts.skip } : {}),
          ...(opts.swap !== undefined ? { swap: opts.swap } : {}),
        };
    if (opts.shell === 'real') {
      const { bubblewrapStatus } = await import('../services/workspace/shell.js');
      const s = bubblewrapStatus();
      if (!s.ok) note(`notice: ${s.reason}; workspace shell commands run in just-bash instead`);
    }
    let store: RunStore;
    if (opts.out) {
      // name and spec_path are informational: resuming compares tasks by id and spec hash (run-config.ts)
      const config = {
        name: basename(resolve(opts.out)),
        tasks: specs.map(({ labels, hash, file }) => ({
          ...labels,
          spec_hash: hash,
          spec_path: relative(process.cwd(), resolve(file)) || file,
        })),
        agent: agentConfig,
        user: typeof userChoice === 'string' ? { name: userChoice } : { name: 'llm', model: userChoice.id },
        judge: judge ? judge.name : null,
        trials: opts.trials,
        seed: opts.seed,
        shell: opts.shell,
      };
      store = await RunStore.open(opts.out, config, { fresh: !!opts.force, notice: note });
      if (store.done.size)
        note(`resuming ${opts.out}: ${store.done.size} of ${specs.length * opts.trials} episodes already recorded`);
    } else store = RunStore.memory();

    const total = specs.length * opts.trials;
    const bar = progress('run', total, opts.json);
    let scored = 0;
    let sum = 0;
    let passed = 0;
    let infra = 0;
    const running = (onQueue ?? runTasks)({
      specs: specs.map((ref) => ({ id: ref.id, load: () => readSpecRef(ref) })),
      store,
      trials: opts.trials,
      seed: opts.seed,
      concurrency: opts.concurrency ?? (agentModel ? 4 : 1),
      shell: opts.shell,
      infraRetries: opts.infraRetries,
      fatal: replay.miss,
      makeAgent,
      makeUser: userFactory(userChoice),
      ...(judge ? { judge } : {}),
      onRecord: (t, done) => {
        const end = t.events.at(-1);
        if (end?.type === 'episode_end' && end.reason === 'infra_error') infra++;
        else if (t.grade?.score !== null && t.grade?.score !== undefined) {
          scored++;
          sum += t.grade.score;
          if (t.grade.passed) passed++;
        }
        bar.tick(
          done,
          `mean ${scored ? (sum / scored).toFixed(3) : '-'} pass ${scored ? ((passed / scored) * 100).toFixed(0) : '-'}% errors ${infra}`,
        );
      },
    });
    try {
      await running;
    } catch (e) {
      bar.stop();
      await store.finish('failed', { error: e instanceof Error ? e.message : String(e) });
      throw e;
    }
    bar.stop();
    const records = [...store.done.values()].sort((a, b) =>
      a.task_id === b.task_id ? a.trial - b.trial : a.task_id < b.task_id ? -1 : 1,
    );
    const summary = summarizeRun(
      specs.map((s) => s.labels),
      records,
      opts.trials,
    );
    if (opts.out) {
      await writeFileAtomic(join(opts.out, 'summary.json'), prettyJson(summary));
      await store.finish('done');
    }
    const rows = records.map(row);
    if (opts.json)
      printJson({
        agent: agentConfig,
        seed: opts.seed,
        trials: opts.trials,
        results: rows,
        metrics: { k: summary.k, tasks: summary.tasks, overall: summary.overall },
        summary,
      });
    else {
      if (rows.length <= 60) {
        out(
          table(
            ['task', 'trial', 'score', 'completion', 'safety', 'robust', 'pass', 'end'],
            rows.map((r) => [
              r.task_id,
              r.trial,
              fmt(r.score),
              fmt(r.completion),
              r.safety,
              fmt(r.robustness, 2),
              r.passed === null ? '-' : r.passed ? 'yes' : 'no',
              r.end,
            ]),
          ),
        );
        out();
      }
      printRunSummary(summary);
      if (opts.out)
        out(
          `\nrun directory: ${opts.out} (trajectories.jsonl, summary.json${existsSync(store.errorsFile) ? ', errors.jsonl' : ''})`,
        );
    }
    if (opts.strict && rows.some((r) => !r.passed)) process.exitCode = 2;
    if (rows.length && rows.every((r) => r.end === 'infra_error')) {
      // no metric means anything: the endpoint or user simulator never worked
      note(
        color.yellow(
          `warning: nothing was graded: all ${rows.length} episode(s) ended in infra_error${opts.out ? ` (details in ${store.errorsFile})` : ''}; check the endpoint and model settings`,
        ),
      );
      process.exitCode = 1;
    }
  });
}

function row(t: EpisodeOutcome) {
  const g = t.grade;
  const end = t.end;
  return {
    task_id: t.task_id,
    trial: t.trial,
    score: g?.score ?? null,
    completion: g?.completion ?? null,
    safety: g?.safety ?? null,
    robustness: g?.robustness ?? null,
    passed: g?.passed ?? null,
    status: g?.status ?? null,
    end: end ? end.reason : null,
  };
}
