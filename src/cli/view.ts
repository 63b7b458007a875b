import type { Command } from 'commander';
import { serveView } from '../view/app.js';
import { ViewData } from '../view/data.js';
import { addRunTaskFolders, findSources } from '../view/sources.js';
import { intArg } from './options.js';
import { note } from './output.js';
import { untilSignal } from './signals.js';

export const DEFAULT_VIEW_PORT = 7878;

export function viewCommand(program: Command): void {
  program
    .command('view')
    .description(
      'a local, read-only web viewer of runs, trajectories with grading evidence, tasks with gate results and coverage, and curation funnels (127.0.0.1 only) until SIGINT/SIGTERM',
    )
    .argument(
      '[paths...]',
      "run directories, tasks folders, curation outputs, or folders holding them (two levels deep, e.g. the demo's --out)",
      ['.'],
    )
    .option('--port <port>', 'port on 127.0.0.1 (0 = any free port)', intArg(0, 65535), DEFAULT_VIEW_PORT)
    .action(async (paths: string[], opts: { port: number }) => {
      const sources = await findSources(paths);
      await addRunTaskFolders(sources);
      const data = new ViewData(sources);
      const server = await serveView(data, { port: opts.port });
      const stopped = untilSignal();
      const list = (label: string, ids: Iterable<string>) => {
        const all = [...ids];
        return all.length
          ? [`${label}: ${all.slice(0, 6).join(', ')}${all.length > 6 ? ` … (${all.length})` : ''}`]
          : [];
      };
      const found = [
        ...list('runs', sources.runs.keys()),
        ...list('tasks', sources.tasks.keys()),
        ...list('curation', sources.datasets.keys()),
      ].join(' · ');
      note(`coworkenv view: ${server.url} (${found}); read-only, loopback only; Ctrl-C stops it`);
      const signal = await stopped;
      note(`coworkenv view: ${signal} received, stopping`);
      await server.close();
    });
}
