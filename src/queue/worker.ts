import { type Job, Worker } from 'bullmq';
import { bullOptions, QUEUES, type QueueKind, type RedisConfig, release } from './connection.js';
import { processCurateShard } from './curate-shard.js';
import { LlmGateway } from './llm-gateway.js';
import { processTrial } from './run-trial.js';
import { processSynthSlot } from './synth-slot.js';

export interface WorkerOptions {
  /** jobs in flight at once per kind [1] */
  concurrency?: number;
  /**
   * how long a job's lock lasts without renewal [30000 ms]: a worker that dies (kill -9, machine lost) holds
   * its jobs that long before another worker may take them back
   */
  lockMs?: number;
  /** how often this worker looks for jobs whose lock expired [lockMs] */
  stalledIntervalMs?: number;
  /** a job seen stalled more often than this fails for good (dead letter) [3] */
  maxStalled?: number;
  /** called before each job (tests slow a job down to kill its worker in the middle) */
  beforeJob?: (kind: QueueKind, job: Job) => Promise<void>;
  /** a line for the operator: a job done, failed or taken back */
  log?: (line: string) => void;
}

export interface RunningWorker {
  /** finishes the jobs in flight, then stops */
  close(): Promise<void>;
}

/**
 * Serves every queue (run trials, synth slots, curate shards) until closed. Results are the job's return
 * value, collected by the command that enqueued them; an error thrown by a job is retried by BullMQ with
 * backoff (infrastructure failures only: graded failures and rejected slots are results).
 */
export function startWorker(connection: RedisConfig, o: WorkerOptions = {}): RunningWorker {
  const llm = new LlmGateway(connection);
  const lockMs = o.lockMs ?? 30_000;
  const processors: Record<QueueKind, (job: Job) => Promise<unknown>> = {
    run: (job) => processTrial(job, llm),
    synth: (job) => processSynthSlot(job, llm),
    curate: (job) => processCurateShard(job),
  };
  const clients: ReturnType<typeof bullOptions>[] = [];
  const workers = (Object.keys(QUEUES) as QueueKind[]).map((kind) => {
    const opts = bullOptions(connection);
    clients.push(opts);
    const w = new Worker(
      QUEUES[kind],
      async (job: Job) => {
        await o.beforeJob?.(kind, job);
        return processors[kind](job);
      },
      {
        ...opts,
        concurrency: o.concurrency ?? 1,
        lockDuration: lockMs,
        stalledInterval: o.stalledIntervalMs ?? lockMs,
        maxStalledCount: o.maxStalled ?? 3,
      },
    );
    w.on('error', (e) => o.log?.(`worker ${kind}: ${e.message}`));
    w.on('failed', (job, e) =>
      o.log?.(`${kind} ${job?.name ?? '?'} attempt ${job?.attemptsMade ?? '?'} failed: ${e.message}`),
    );
    w.on('stalled', (id) => o.log?.(`${kind} job ${id} stalled (its worker stopped); requeued`));
    return w;
  });
  return {
    async close() {
      await Promise.all(workers.map((w) => w.close()));
      await llm.close();
      clients.forEach(release);
    },
  };
}
