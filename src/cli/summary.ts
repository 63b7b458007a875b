import type { Command } from 'commander';
import { RunStore } from '../run/run-store.js';
import { summarizeRun } from '../run/summary.js';
import { note, out, printJson } from './output.js';
import { printRunSummary, warnSkipped } from './summary-view.js';

export function summaryCommand(program: Command): void {
  program
    .command('summary')
    .description(
      'summarize a run directory or a trajectories .jsonl file (e.g. coworkenv mcp output): per task, by family and capability, pass@k / pass^k, infra errors',
    )
    .argument('<run>', 'run directory (runs/<name>), or a trajectories .jsonl file written without run.json')
    .option(
      '--include-abandoned',
      'count MCP episodes abandoned by their client (left before finish) as failures; by default they are listed and excluded',
    )
    .option('--json', 'machine-readable output')
    .action(async (dir: string, opts: { json?: boolean; includeAbandoned?: boolean }) => {
      const { config, status, store, skipped } = await RunStore.read(dir);
      warnSkipped(skipped);
      const summary = summarizeRun(config.tasks, store.done.values(), config.trials, {
        includeAbandoned: !!opts.includeAbandoned,
      });
      const expected = config.tasks.length * config.trials;
      if (opts.json) return printJson({ run: dir, status, recorded: store.done.size, expected, summary });
      // "done" with records missing: a line was damaged or cut after the run finished (resume re-runs it)
      const shown =
        status === 'done' && store.done.size < expected
          ? `done, but ${expected - store.done.size} record(s) unreadable — \`coworkenv run\` with the same settings re-runs them`
          : status;
      out(
        `${dir}: ${shown}, ${store.done.size}/${expected} episodes recorded (agent ${String(config.agent.name)}${config.agent.model ? ` ${String(config.agent.model)}` : ''}, ${config.trials} trials, seed ${config.seed})\n`,
      );
      printRunSummary(summary);
      if (summary.abandoned.length) {
        const which = summary.abandoned
          .slice(0, 5)
          .map((a) => `${a.task_id}#${a.trial}`)
          .join(', ');
        note(
          `${summary.abandoned.length} episode(s) abandoned by their MCP client (${which}${summary.abandoned.length > 5 ? ' …' : ''}): ${opts.includeAbandoned ? 'counted as failures' : 'excluded from the metrics (--include-abandoned counts them as failures)'}`,
        );
      }
    });
}
