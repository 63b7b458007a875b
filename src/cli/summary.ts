import type { Command } from 'commander';
import { RunStore } from '../run/run-store.js';
import { summarizeRun } from '../run/summary.js';
import { out, printJson } from './output.js';
import { printRunSummary, warnSkipped } from './summary-view.js';

export function summaryCommand(program: Command): void {
  program
    .command('summary')
    .description('summarize a run directory: per task, by family and capability, pass@k / pass^k, infra errors')
    .argument('<run>', 'run directory (runs/<name>)')
    .option('--json', 'machine-readable output')
    .action(async (dir: string, opts: { json?: boolean }) => {
      const { config, status, store, skipped } = await RunStore.read(dir);
      warnSkipped(skipped);
      const summary = summarizeRun(config.tasks, store.done.values(), config.trials);
      const expected = config.tasks.length * config.trials;
      if (opts.json) return printJson({ run: dir, status, recorded: store.done.size, expected, summary });
      // "done" with records missing: a line was damaged or cut after the run finished (resume re-runs it)
      const shown = status === 'done' && store.done.size < expected ? `done, but ${expected - store.done.size} record(s) unreadable — \`coworkenv run\` with the same settings re-runs them` : status;
      out(`${dir}: ${shown}, ${store.done.size}/${expected} episodes recorded (agent ${String(config.agent.name)}${config.agent.model ? ` ${String(config.agent.model)}` : ''}, ${config.trials} trials, seed ${config.seed})\n`);
      printRunSummary(summary);
    });
}
