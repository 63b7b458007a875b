import { existsSync, statSync } from 'node:fs';
import { basename } from 'node:path';
import type { Command } from 'commander';
import { writeFileAtomic } from '../run/files.js';
import { CoworkError } from '../schema/errors.js';
import { configureShellPool } from '../services/workspace/isolation-pool.js';
import { loadAssets, reportPage } from '../view/assets.js';
import { ViewData } from '../view/data.js';
import { reportData } from '../view/report.js';
import { addRunTaskFolders, findSources } from '../view/sources.js';
import { intArg } from './options.js';
import { out } from './output.js';

export function reportCommand(program: Command): void {
  program
    .command('report')
    .description("the viewer's pages as one self-contained HTML file (no server, no network) to share a run")
    .argument('<paths...>', 'a run directory (runs/<name>), plus any tasks folders or curation outputs to include')
    .requiredOption('--out <file>', 'the HTML file to write (e.g. report.html)')
    .option(
      '--max-trials <n>',
      'trajectories embedded per run, failing ones first (the rest are listed without events); also the task pages embedded per tasks folder, those the embedded trajectories ran first',
      intArg(0, 1_000_000),
      1000,
    )
    .action(async (paths: string[], opts: { out: string; maxTrials: number }) => {
      if (existsSync(opts.out) && statSync(opts.out).isDirectory())
        throw new CoworkError(
          'bad_input',
          `--out ${opts.out} is a directory; give a file name such as ${opts.out.replace(/\/$/, '')}/report.html`,
        );
      const sources = await findSources(paths);
      await addRunTaskFolders(sources);
      if (sources.runs.size === 0)
        throw new CoworkError(
          'bad_input',
          `${paths.join(', ')}: no run directory (run.json) found; \`coworkenv report\` reports a run (runs/<name>)`,
        );
      // the gates replay one spec at a time: one shell worker serves them, no idle spares are started beside it
      configureShellPool({ warm: 0 });
      // one consistent snapshot of every source, read once
      for (const s of [...sources.runs.values(), ...sources.tasks.values()]) s.freeze();
      const data = new ViewData(sources);
      const { data: embedded, meta } = await reportData(data, opts.maxTrials);
      const title = `coworkenv report: ${[...sources.runs.keys()].join(', ')}`;
      const html = reportPage(title, await loadAssets(), embedded);
      await writeFileAtomic(opts.out, html);
      const kb = Math.round(Buffer.byteLength(html) / 1024);
      const omitted = meta.trials_total - meta.trials_embedded;
      out(
        `wrote ${opts.out} (${kb} KB): ${sources.runs.size} run(s), ${meta.trials_embedded} trajectories embedded${omitted ? ` (${omitted} more listed without events; raise --max-trials to embed them)` : ''}, ${sources.tasks.size} tasks folder(s)${meta.tasks_total > meta.tasks_embedded ? ` (${meta.tasks_embedded} of ${meta.tasks_total} task pages embedded; raise --max-trials for more)` : ''}, ${sources.datasets.size} curation output(s); open ${basename(opts.out)} in a browser`,
      );
    });
}
