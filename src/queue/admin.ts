import { Queue } from 'bullmq';
import { CoworkError } from '../schema/errors.js';
import { bullOptions, QUEUES, type QueueKind, type RedisConfig, release } from './connection.js';

export interface QueueStatus {
  queue: QueueKind;
  counts: Record<string, number>;
  /** the dead letters: jobs that failed for good, with why */
  failed: { id: string; name: string; attempts: number; reason: string; finished_at: string | null }[];
}

// a queue with its own client; closing it closes both
const open = (connection: RedisConfig, kind: QueueKind) => {
  const opts = bullOptions(connection);
  const q = new Queue(QUEUES[kind], opts);
  q.on('error', () => {});
  const close = q.close.bind(q);
  q.close = async () => {
    await close().catch(() => {});
    release(opts);
  };
  return q;
};

/**
 * Fails fast with a config error naming the URL when Redis does not answer within `timeoutMs`
 * (a command that waits for workers would otherwise wait for Redis forever).
 */
export async function assertReachable(connection: RedisConfig, url: string, timeoutMs = 3000): Promise<void> {
  const q = open(connection, 'run');
  try {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, r) => {
      timer = setTimeout(() => r(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
    });
    await Promise.race([q.waitUntilReady().then(() => q.getJobCounts('wait')), timeout]).finally(() =>
      clearTimeout(timer),
    );
  } catch (e) {
    throw new CoworkError(
      'config',
      `cannot reach Redis at ${url} (${e instanceof Error ? e.message : String(e)}); start it (see docs/scale.md) or fix the URL`,
    );
  } finally {
    await q.close().catch(() => {});
  }
}

/** Job counts per queue and the failed jobs (up to `limit` per queue). */
export async function queueStatus(connection: RedisConfig, limit = 20): Promise<QueueStatus[]> {
  const out: QueueStatus[] = [];
  for (const kind of Object.keys(QUEUES) as QueueKind[]) {
    const q = open(connection, kind);
    try {
      const counts = await q.getJobCounts('waiting', 'active', 'delayed', 'completed', 'failed', 'prioritized');
      const failed = (await q.getFailed(0, limit - 1)).map((j) => ({
        id: j.id ?? '',
        name: j.name,
        attempts: j.attemptsMade,
        reason: j.failedReason ?? '',
        finished_at: j.finishedOn ? new Date(j.finishedOn).toISOString() : null,
      }));
      out.push({ queue: kind, counts, failed });
    } finally {
      await q.close();
    }
  }
  return out;
}

/** Moves failed jobs back to waiting (all kinds, or one); returns how many per queue. */
export async function retryFailed(
  connection: RedisConfig,
  kinds?: readonly QueueKind[],
): Promise<Record<string, number>> {
  const moved: Record<string, number> = {};
  for (const kind of kinds ?? (Object.keys(QUEUES) as QueueKind[])) {
    const q = open(connection, kind);
    try {
      const n = await q.getFailedCount();
      if (n) await q.retryJobs({ state: 'failed', count: 1000 });
      moved[kind] = n;
    } finally {
      await q.close();
    }
  }
  return moved;
}

/**
 * Empties queues: waiting and delayed jobs, and the dead letters (failed jobs). Jobs being processed finish;
 * a command following them then reports them missing on its next run, which enqueues them again.
 */
export async function drainQueues(
  connection: RedisConfig,
  kinds?: readonly QueueKind[],
): Promise<Record<string, number>> {
  const removed: Record<string, number> = {};
  for (const kind of kinds ?? (Object.keys(QUEUES) as QueueKind[])) {
    const q = open(connection, kind);
    try {
      const before = await q.getJobCounts('waiting', 'delayed', 'failed', 'prioritized');
      await q.drain(true);
      await q.clean(0, 100_000, 'failed');
      removed[kind] = Object.values(before).reduce((a, b) => a + b, 0);
    } finally {
      await q.close();
    }
  }
  return removed;
}
