import { join } from 'node:path';
import { inProcess } from '../testing.js';

// test support for the viewer's tests: the demo's output, made in this process

/** The demo's output (tasks, runs/demo, datasets/demo) made in-process in `dir`, plus a reference run runs/ref of the same tasks. */
export async function makeDemo(
  dir: string,
  opts: { count?: number; trials?: number; ref?: boolean } = {},
): Promise<{ tasks: string; run: string; ref: string; dataset: string }> {
  await inProcess('demo', '--out', dir, '--count', String(opts.count ?? 2), '--trials', String(opts.trials ?? 3));
  const paths = {
    tasks: join(dir, 'tasks'),
    run: join(dir, 'runs', 'demo'),
    ref: join(dir, 'runs', 'ref'),
    dataset: join(dir, 'datasets', 'demo'),
  };
  if (opts.ref)
    await inProcess(
      'run',
      paths.tasks,
      '--agent',
      'reference',
      '--trials',
      String(opts.trials ?? 3),
      '--out',
      paths.ref,
    );
  return paths;
}
