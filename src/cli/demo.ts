import { existsSync, statSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join, relative } from 'node:path';
import type { Command } from 'commander';
import { noisyAgent } from '../agent/noisy.js';
import { specHash } from '../schema/canonical-json.js';
import { writeFileAtomic, prettyJson } from '../run/files.js';
import { RunStore, refuseOtherSettings } from '../run/run-store.js';
import { runTasks } from '../run/runner.js';
import { labelsOf, summarizeRun } from '../run/summary.js';
import { writeSynthOutput } from '../run/synth-output.js';
import { CoworkError } from '../schema/errors.js';
import { TaskSpec } from '../schema/task-spec.js';
import { scriptedUser } from '../user/scripted.js';
import { allFamiliesPlan } from '../synth/plan/builtin-plans.js';
import { synthesize } from '../synth/synthesize.js';
import { CE_LIMITS } from '../curate/convert.js';
import { curate } from '../curate/pipeline.js';
import { resolveSource } from '../curate/sources.js';
import { environmentSecrets } from '../curate/validity.js';
import { printFunnel, THRESHOLD_PRESETS } from './curate.js';
import { intArg } from './options.js';
import { color, fmt, note, out, printJson, table } from './output.js';
import { progress } from './progress.js';
import { printSynthSummary } from './synth.js';

interface DemoOpts {
  out: string;
  trials: number;
  seed: number;
  count: number;
  force?: boolean;
  json?: boolean;
}

export function demoCommand(program: Command): void {
  program
    .command('demo')
    .description(
      'the offline main job: built-in plan → tasks of every family → full gate → noisy teacher → grades → curated SFT data',
    )
    .option('--out <dir>', 'where tasks and the run go', 'demo')
    .option('--trials <n>', 'teacher trials per task', intArg(1, 100), 3)
    .option('--seed <s>', 'run seed', intArg(0, 2 ** 31 - 1), 1)
    .option('--count <n>', 'tasks per family and difficulty', intArg(1, 1000), 2)
    .option('--force', 'discard an earlier demo in --out (its tasks/, runs/demo/ and datasets/demo/) and start over')
    .option('--json', 'print the summaries as JSON')
    .action(async (opts: DemoOpts) => {
      const t0 = Date.now();
      // found now, not after minutes of synthesis
      const at = existsSync(opts.out) ? statSync(opts.out) : undefined;
      if (at && !at.isDirectory())
        throw new CoworkError(
          'bad_input',
          `--out ${opts.out} is a file; the demo writes a folder (tasks/, runs/demo/, datasets/demo/) — give a directory such as demo`,
        );
      // only what the demo writes: --out may hold other things
      if (opts.force)
        for (const d of ['tasks', join('runs', 'demo'), join('datasets', 'demo')])
          await rm(join(opts.out, d), { recursive: true, force: true });
      const runDir = join(opts.out, 'runs', 'demo');
      const agentConfig = { name: 'noisy', skip: 0.15, swap: 0.15 };
      const settings = {
        name: 'demo',
        agent: agentConfig,
        user: { name: 'scripted' },
        trials: opts.trials,
        seed: opts.seed,
      };
      // a rerun with other settings is refused now, not after synthesis (opening the run checks the tasks too)
      if (!opts.force) await refuseOtherSettings(runDir, settings);
      const plan = allFamiliesPlan(opts.count);
      const total = plan.slots.reduce((n, s) => n + s.count, 0);
      const bar = progress('synth', total, opts.json);
      const { outcomes, summary: synthSummary } = await synthesize(plan, {
        generator: 'procedural',
        onOutcome: (_, done) => bar.tick(done, ''),
      });
      bar.stop();
      const taskDir = join(opts.out, 'tasks');
      await writeSynthOutput(taskDir, outcomes, synthSummary);
      const specs = outcomes.filter((o) => o.accepted).map((o) => TaskSpec.parse(o.candidate));

      // spec_path relative to the run directory (tasks/ and runs/ move together), so `coworkenv curate` on
      // this run finds and verifies the specs from anywhere
      const specPath = (s: TaskSpec) => relative(runDir, join(taskDir, `${s.id}.json`));
      const store = await RunStore.open(runDir, {
        ...settings,
        tasks: specs.map((s) => ({ ...labelsOf(s), spec_hash: specHash(s), spec_path: specPath(s) })),
      });
      const resumed = store.done.size;
      if (resumed)
        note(
          `resuming ${runDir}: ${resumed} of ${specs.length * opts.trials} episodes already recorded (--force starts over)`,
        );
      const runBar = progress('run', specs.length * opts.trials, opts.json);
      let passed = 0;
      await runTasks({
        specs,
        store,
        trials: opts.trials,
        seed: opts.seed,
        makeAgent: (spec, o) => noisyAgent(spec, { ...o, skip: agentConfig.skip, swap: agentConfig.swap }),
        makeUser: (spec, episode) => (spec.user ? scriptedUser(spec, episode) : undefined),
        onRecord: (t, done) => {
          if (t.grade?.passed) passed++;
          runBar.tick(done, `pass ${passed}/${done}`);
        },
      });
      runBar.stop();
      const summary = summarizeRun(specs.map(labelsOf), store.done.values(), opts.trials);
      await writeFileAtomic(join(runDir, 'summary.json'), prettyJson(summary));
      await store.finish('done');
      const dataDir = join(opts.out, 'datasets', 'demo');
      const curation = await curate({
        sources: [await resolveSource(runDir)],
        out: dataDir,
        formats: ['trl', 'parquet', 'sharegpt'],
        threshold: THRESHOLD_PRESETS.mixed as number,
        limits: CE_LIMITS,
        specs: new Map(specs.map((s) => [s.id, { spec: s, file: join(taskDir, `${s.id}.json`) }])),
        secrets: environmentSecrets(),
      });
      await writeFileAtomic(join(dataDir, 'curation.json'), prettyJson(curation));
      const seconds = (Date.now() - t0) / 1000;
      if (opts.json) return printJson({ synth: synthSummary, run: summary, curation, out: opts.out, seconds, resumed });
      printSynthSummary(synthSummary, taskDir);
      out();
      out(
        `${color.bold('teacher')} noisy (skip ${agentConfig.skip}, swap ${agentConfig.swap}), ${opts.trials} trials × ${specs.length} tasks → ${runDir}`,
      );
      const k = opts.trials;
      const rows = Object.entries(summary.by_family).map(([f, m]) => [
        f,
        m.tasks,
        fmt(m.mean),
        fmt(m.pass_rate),
        fmt(m.pass_at_k),
        fmt(m.pass_hat_k),
      ]);
      const o = summary.overall;
      rows.push(['overall', o.tasks, fmt(o.mean), fmt(o.pass_rate), fmt(o.pass_at_k), fmt(o.pass_hat_k)]);
      out(table(['family', 'tasks', 'mean', 'pass rate', `pass@${k}`, `pass^${k}`], rows));
      out();
      printFunnel(curation);
      out(
        `\ndone in ${seconds.toFixed(1)}s${resumed ? ` (resumed: ${resumed} episode(s) were already recorded)` : ''}: ${taskDir}/ (released specs${existsSync(join(taskDir, 'rejected')) ? ', rejected/' : ''}) · ${runDir}/ (trajectories, summary) · ${dataDir}/ (SFT data)`,
      );
      out(
        `next: coworkenv summary ${runDir}  ·  coworkenv advantages ${runDir} --out ${join(opts.out, 'adv.jsonl')}  ·  coworkenv serve ${taskDir}  (docs/rl.md)`,
      );
    });
}
