import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { performance } from 'node:perf_hooks';
import { loadSpecs } from '../src/run/task-files.js';
import { runTasks } from '../src/run/runner.js';
import { RunStore } from '../src/run/run-store.js';
import { agentFactory } from '../src/agent/factory.js';
import { canonicalJson } from '../src/schema/canonical-json.js';
import { type BenchResult, figure } from './stats.js';

// `coworkenv view` over a run of 100,000 trajectories (10,000 tasks × 10 trials, made here from real
// noisy-teacher episodes, canonical JSON as `run` writes it): the time to open the run page cold (the page,
// its script, the sources, the run overview, the first page of tasks and of trials — the first request
// indexes the whole file) and the server's peak RSS, in a child process running the compiled package.
const RECORDS = Number(process.env.COWORKENV_BENCH_VIEW_RECORDS ?? 100_000);
const TRIALS = 10;

export async function writeRun(dir: string): Promise<number> {
  const specs = (await loadSpecs(['examples/tasks'])).map((s) => s.spec);
  const store = RunStore.memory();
  await runTasks({ specs, store, trials: 3, seed: 5, makeAgent: agentFactory('noisy') });
  const base = [...store.done.values()];
  const bySpec = new Map(specs.map((s) => [s.id, s]));
  // canonical lines end with ,"kind":"trajectory","task_id":…,"trial":…,"version":1}: only that tail changes
  const heads = base.map((t) => {
    const line = canonicalJson(t);
    return { head: line.slice(0, line.lastIndexOf(',"kind":"trajectory"')), spec: bySpec.get(t.task_id) };
  });
  const tasks = Math.ceil(RECORDS / TRIALS);
  const labels = Array.from({ length: tasks }, (_, i) => {
    const s = heads[i % heads.length]?.spec;
    return { id: `t${i}`, family: s?.family ?? 'x', capabilities: s?.labels.capabilities ?? [], spec_hash: 'bench' };
  });
  await writeFile(
    join(dir, 'run.json'),
    JSON.stringify({
      version: 1,
      config: { name: 'bench', tasks: labels, agent: { name: 'noisy' }, trials: TRIALS, seed: 5 },
      status: 'done',
    }),
  );
  const out = createWriteStream(join(dir, 'trajectories.jsonl'));
  for (let i = 0; i < RECORDS; i++) {
    const task = Math.floor(i / TRIALS);
    const h = heads[(task * 7 + i) % heads.length] as { head: string };
    if (!out.write(`${h.head},"kind":"trajectory","task_id":"t${task}","trial":${i % TRIALS},"version":1}\n`))
      await new Promise<void>((r) => out.once('drain', r));
  }
  await new Promise<void>((r) => out.end(r));
  return (await stat(join(dir, 'trajectories.jsonl'))).size;
}

function build(): string {
  const r = spawnSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.build.json'], {
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`npm run build failed: ${r.stdout}${r.stderr}`);
  return resolve('dist');
}

/** What a browser fetches to show the run page, in order; the total time. */
async function openRunPage(url: string): Promise<number> {
  const t0 = performance.now();
  for (const path of [
    '',
    'assets/app.js',
    'api/sources',
    'api/runs/bench',
    'api/runs/bench/tasks?offset=0&limit=50',
    'api/runs/bench/trials?offset=0&limit=50',
  ]) {
    const res = await fetch(`${url}${path}`);
    if (!res.ok) throw new Error(`GET /${path}: ${res.status} ${await res.text()}`);
    await res.arrayBuffer();
  }
  return performance.now() - t0;
}

export async function run(): Promise<BenchResult> {
  const root = await mkdtemp(join(tmpdir(), 'coworkenv-bench-view-'));
  // the run's id in URLs is its folder's name
  const dir = join(root, 'bench');
  await mkdir(dir);
  let child: ChildProcess | undefined;
  try {
    const bytes = await writeRun(dir);
    spawnSync('sync');
    const dist = build();
    const proc = spawn(process.execPath, ['bench/view-child.mjs', dist, dir], { stdio: ['ignore', 'pipe', 'inherit'] });
    child = proc;
    const lines = createInterface({ input: proc.stdout })[Symbol.asyncIterator]();
    const ready = JSON.parse(((await lines.next()).value as string) ?? '{}') as {
      url: string;
      floor_ms: number;
      lines: number;
      base_rss_kb: number;
    };
    if (ready.lines !== RECORDS) throw new Error(`view child: counted ${ready.lines} lines, expected ${RECORDS}`);
    const cold = await openRunPage(ready.url);
    const warm = await openRunPage(ready.url);
    // a trajectory page: one line read by its offset
    const t0 = performance.now();
    const trial = await fetch(`${ready.url}api/runs/bench/trials/t${Math.floor(RECORDS / TRIALS / 2)}/3`);
    if (!trial.ok) throw new Error(`trial page: ${trial.status}`);
    await trial.arrayBuffer();
    const trialMs = performance.now() - t0;
    proc.kill('SIGTERM');
    const end = JSON.parse(((await lines.next()).value as string) ?? '{}') as { max_rss_kb: number; rss_kb: number };
    const rssMb = end.max_rss_kb / 1024;
    const baseMb = ready.base_rss_kb / 1024;
    return {
      name: 'view',
      metrics: {
        records: RECORDS,
        input_mb: bytes / 1e6,
        cold_open_ms: cold,
        warm_open_ms: warm,
        trial_page_ms: trialMs,
        newline_pass_ms: ready.floor_ms,
        peak_rss_mb: rssMb,
        base_rss_mb: baseMb,
        rss_at_exit_mb: end.rss_kb / 1024,
      },
      figures: {
        // the first open indexes every line: it cannot be cheaper than reading the file and finding its newlines
        view_open_run: figure({
          unit: 'ms',
          value: cold,
          floor: ready.floor_ms,
          floorIs: 'read trajectories.jsonl in 4 MB chunks + find newlines, same process',
          target: ['≤', 5],
          absolute: ['≤', 2000],
        }),
        view_peak_rss: figure({
          unit: 'MB',
          value: rssMb,
          floor: baseMb,
          floorIs: 'RSS of the same process with the viewer loaded, before indexing',
          target: ['≤', 3],
          absolute: ['≤', 300],
        }),
      },
    };
  } finally {
    if (child && child.exitCode === null) child.kill('SIGKILL');
    await rm(root, { recursive: true, force: true });
  }
}
