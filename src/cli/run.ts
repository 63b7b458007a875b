import { createWriteStream, existsSync } from 'node:fs';
import type { Command } from 'commander';
import { runEpisode } from '../agent/rollout.js';
import { summarize } from '../grade/metrics.js';
import { makeAgent, POLICIES } from '../run/policies.js';
import { loadSpecs } from '../run/task-files.js';
import { CoworkError } from '../spec/errors.js';
import { jsonlLine } from '../spec/jsonl.js';
import type { Trajectory } from '../spec/trajectory.js';
import { intArg, numArg } from './options.js';
import { fmt, out, printJson, table } from './output.js';
import { metricsTable } from './summary-view.js';

interface RunOpts {
  agent: string;
  trials: number;
  seed: number;
  out?: string;
  force?: boolean;
  json?: boolean;
  strict?: boolean;
  skip?: number;
  swap?: number;
}

export function runCommand(program: Command): void {
  program
    .command('run')
    .description('run an offline policy on tasks: trajectories + grades')
    .argument('<paths...>', 'spec files or directories')
    .requiredOption('--agent <name>', `policy: ${Object.keys(POLICIES).join(' | ')}`)
    .option('--trials <n>', 'trials per task', intArg(1, 1000), 1)
    .option('--seed <s>', 'base seed (trial t of a task uses seed s and trial index t)', intArg(0, 2 ** 31 - 1), 0)
    .option('--skip <p>', 'noisy: chance to skip each reference call', numArg(0, 1))
    .option('--swap <p>', 'noisy: chance to swap an id argument for a distractor', numArg(0, 1))
    .option('--out <file>', 'write every trajectory (events, audit, grade) as JSONL')
    .option('--force', 'overwrite --out if it exists')
    .option('--json', 'machine-readable results on stdout')
    .option('--strict', 'exit 2 unless every trial passes')
    .action(async (paths: string[], opts: RunOpts) => {
      const specs = await loadSpecs(paths);
      if (opts.out && existsSync(opts.out) && !opts.force) {
        throw new CoworkError('bad_input', `${opts.out} already exists; pass --force to overwrite it or choose another file`);
      }
      const sink = opts.out ? createWriteStream(opts.out, { flags: 'w' }) : undefined;
      const results: Trajectory[] = [];
      for (const { spec } of specs) {
        for (let trial = 0; trial < opts.trials; trial++) {
          const agent = makeAgent(opts.agent, spec, { seed: opts.seed, trial, ...(opts.skip !== undefined ? { skip: opts.skip } : {}), ...(opts.swap !== undefined ? { swap: opts.swap } : {}) });
          const t = await runEpisode({ spec, agent, seed: opts.seed, trial });
          results.push(t);
          sink?.write(jsonlLine(t));
        }
      }
      if (sink) await new Promise<void>((resolve, reject) => sink.end((e?: Error | null) => (e ? reject(e) : resolve())));
      const rows = results.map((t) => row(t));
      const metrics = summarize(rows.map((r) => ({ task_id: r.task_id, score: r.score, passed: r.passed })), opts.trials);
      if (opts.json) printJson({ agent: opts.agent, seed: opts.seed, trials: opts.trials, results: rows, metrics });
      else {
        out(table(['task', 'trial', 'score', 'completion', 'safety', 'robust', 'pass', 'end'], rows.map((r) => [r.task_id, r.trial, fmt(r.score), fmt(r.completion), r.safety, fmt(r.robustness, 2), r.passed === null ? '-' : r.passed ? 'yes' : 'no', r.end])));
        out();
        out(metricsTable(metrics));
        if (opts.out) out(`\nwrote ${results.length} trajectories to ${opts.out}`);
      }
      if (opts.strict && rows.some((r) => !r.passed)) process.exitCode = 2;
    });
}

function row(t: Trajectory) {
  const g = t.grade;
  const end = t.events.at(-1);
  return {
    task_id: t.task_id,
    trial: t.trial,
    score: g?.score ?? null,
    completion: g?.completion ?? null,
    safety: g?.safety ?? null,
    robustness: g?.robustness ?? null,
    passed: g?.passed ?? null,
    status: g?.status ?? null,
    end: end?.type === 'episode_end' ? end.reason : null,
  };
}
