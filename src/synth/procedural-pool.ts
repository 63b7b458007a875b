import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import pLimit from 'p-limit';
import { Tinypool } from 'tinypool';
import type { SynthOutcome } from './plan/outcome.js';
import type { Job } from './plan/plan.js';

// Procedural synthesis is CPU-bound (the gate replays every task a dozen times), and each job is a pure function
// of its slot and seed: jobs run on worker threads, one per core, and come back in plan order — the same bytes as
// one thread. A small plan stays on the main thread, where starting threads would cost more than they save.

/** Old-space bound of a synthesis thread (its live heap stays near 100 MB whatever the corpus). */
export const WORKER_HEAP_MB = 512;

/** Jobs below which a plan is synthesized on the main thread. */
export const THREADED_FROM = 100;

// a worker thread does not inherit tsx's loader (module hooks are per thread and `--import` in a worker's
// execArgv does not register them on Node 20): a source checkout run through tsx stays on the main thread, the
// compiled package (dist/, the compiled tests) uses the threads
const compiled = !fileURLToPath(import.meta.url).endsWith('.ts');

/** The threads a procedural run uses: `concurrency` when given, else one per core; 1 means the main thread. */
export function proceduralThreads(jobs: number, concurrency?: number): number {
  if (!compiled) return 1;
  const want = concurrency ?? (jobs < THREADED_FROM ? 1 : availableParallelism());
  return Math.max(1, Math.min(want, jobs));
}

/** Runs `jobs` on `threads` worker threads; `onOutcome` hears each as it finishes, with its index in `jobs`. */
export async function synthesizeInThreads(
  jobs: readonly Job[],
  threads: number,
  onOutcome: (o: SynthOutcome, index: number) => void,
): Promise<void> {
  const pool = new Tinypool({
    filename: fileURLToPath(import.meta.url).replace(/procedural-pool\.js$/, 'procedural-worker.js'),
    minThreads: threads,
    maxThreads: threads,
    teardown: 'teardown',
    // the gate's own state (replay memos, parse caches) is per job; a thread serves many jobs
    isolateWorkers: false,
    // a job's live heap is tens of MB: a bounded old space makes V8 collect instead of growing with the corpus; a
    // roomier young generation lets a job's short-lived garbage (rasters, trajectories) die there (a tenth less CPU)
    resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB, maxYoungGenerationSizeMb: 64 },
  });
  try {
    // a few jobs per thread in flight, not the whole plan: a 100,000-job plan would otherwise queue every job
    // (and hold every outcome) at once
    const inFlight = pLimit(threads * 4);
    await Promise.all(
      jobs.map((job, index) =>
        inFlight(async () => {
          onOutcome((await pool.run(job)) as SynthOutcome, index);
        }),
      ),
    );
  } finally {
    await pool.destroy();
  }
}
