import { spawnSync } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { loadSpecs } from '../src/run/task-files.js';
import { runTasks } from '../src/run/runner.js';
import { RunStore } from '../src/run/run-store.js';
import { agentFactory } from '../src/agent/factory.js';
import type { Trajectory } from '../src/schema/trajectory.js';
import { type BenchResult, figure } from './stats.js';

// 100,000 synthetic trajectories (~1 GB of JSONL, made here from real noisy-teacher episodes with varied ids
// and padded observations) streamed through grouping + conversion + TRL export, in a child process whose
// peak RSS is its own (running the compiled package, as installed). a second, 5× smaller input shows the RSS
// does not grow with the input. The big input's child first times the floor: one pass over the same file that
// only reads lines and JSON.parses them (see curate-child.mjs), and that pass's own peak RSS.
const RECORDS = Number(process.env.COWORKENV_BENCH_CURATE_RECORDS ?? 100_000);

async function templates(): Promise<Trajectory[]> {
  const specs = (await loadSpecs(['examples/tasks'])).map((s) => s.spec);
  const records: Trajectory[] = [];
  await runTasks({
    specs,
    store: RunStore.memory(),
    trials: 5,
    seed: 7,
    makeAgent: agentFactory('noisy'),
    onRecord: (t) => records.push(t),
  });
  return records;
}

async function writeRun(dir: string, base: readonly Trajectory[], n: number): Promise<number> {
  await writeFile(
    join(dir, 'run.json'),
    JSON.stringify({
      version: 1,
      config: { name: 'bench', tasks: [], agent: { name: 'noisy' }, trials: 10, seed: 7 },
      status: 'done',
    }),
  );
  const out = createWriteStream(join(dir, 'trajectories.jsonl'));
  const pad = 'x'.repeat(600);
  for (let i = 0; i < n; i++) {
    const t = base[i % base.length] as Trajectory;
    // ~10 KB per line: the same event shapes with longer observations
    const events = t.events.map((e) => (e.type === 'tool' ? { ...e, content: `${e.content}${pad}` } : e));
    const line = `${JSON.stringify({ ...t, task_id: `${t.task_id}_${Math.floor(i / 10)}`, trial: i % 10, events })}\n`;
    if (!out.write(line)) await new Promise<void>((r) => out.once('drain', r));
  }
  await new Promise<void>((r) => out.end(r));
  return (await stat(join(dir, 'trajectories.jsonl'))).size;
}

// the package as users run it: compiled to dist/ (`npm run build`), no TypeScript loader in the process
function build(): string {
  const r = spawnSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.build.json'], {
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`npm run build failed: ${r.stdout}${r.stderr}`);
  return resolve('dist');
}

interface ChildResult {
  seconds: number;
  max_rss_kb: number;
  rows_out: number;
  floor_seconds?: number;
  floor_max_rss_kb?: number;
  floor_lines?: number;
}

function curateIn(dist: string, dir: string, floor: boolean): ChildResult {
  const args = ['--expose-gc', 'bench/curate-child.mjs', dist, dir, join(dir, 'out'), ...(floor ? ['floor'] : [])];
  const r = spawnSync(process.execPath, args, { encoding: 'utf8', maxBuffer: 1 << 20 });
  if (r.status !== 0) throw new Error(`curate child failed: ${r.stderr}`);
  return JSON.parse(r.stdout.trim().split('\n').at(-1) as string);
}

export async function run(): Promise<BenchResult> {
  const base = await templates();
  const root = await mkdtemp(join(tmpdir(), 'coworkenv-bench-curate-'));
  try {
    const small = join(root, 'small');
    const big = join(root, 'big');
    await mkdir(small);
    await mkdir(big);
    const smallBytes = await writeRun(small, base, Math.max(1000, Math.floor(RECORDS / 5)));
    const bigBytes = await writeRun(big, base, RECORDS);
    // the inputs just written are still being flushed to disk: let that finish before timing curation
    spawnSync('sync');
    const dist = build();
    const a = curateIn(dist, small, false);
    const b = curateIn(dist, big, true);
    if (b.floor_seconds === undefined || b.floor_max_rss_kb === undefined || b.floor_lines !== RECORDS)
      throw new Error(`curate child: no floor pass over ${RECORDS} lines (${JSON.stringify(b)})`);
    const mbps = bigBytes / 1e6 / b.seconds;
    const floorMbps = bigBytes / 1e6 / b.floor_seconds;
    const rssMb = b.max_rss_kb / 1024;
    const floorRssMb = b.floor_max_rss_kb / 1024;
    return {
      name: 'curate',
      metrics: {
        records: RECORDS,
        input_mb: bigBytes / 1e6,
        seconds: b.seconds,
        mb_per_s: mbps,
        parse_floor_mb_per_s: floorMbps,
        peak_rss_mb: rssMb,
        parse_floor_peak_rss_mb: floorRssMb,
        small_input_mb: smallBytes / 1e6,
        small_peak_rss_mb: a.max_rss_kb / 1024,
        rows_out: b.rows_out,
      },
      figures: {
        curate_throughput: figure({
          unit: 'MB/s',
          value: mbps,
          floor: floorMbps,
          floorIs: 'read lines + JSON.parse, same file',
          target: ['≥', 0.12],
        }),
        // the child's peak RSS is at least that of the floor pass it ran first: a ratio of 1 means "no more than it"
        curate_peak_rss: figure({
          unit: 'MB',
          value: rssMb,
          floor: floorRssMb,
          floorIs: 'peak RSS of the read + parse pass',
          target: ['≤', 2.5],
        }),
      },
    };
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}
