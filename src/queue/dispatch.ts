import { Job, Queue } from 'bullmq';
import { CoworkError } from '../schema/errors.js';
import { bullOptions, QUEUES, type QueueKind, type RedisConfig, release } from './connection.js';

/** One unit of work: its idempotent id (a re-enqueue of the same id is a no-op), a readable name, its data. */
export interface QueueJob<D> {
  id: string;
  name: string;
  data: D;
}

export interface DispatchOptions<R> {
  /** tries per job: the first plus the retries of infrastructure failures (with exponential backoff) */
  attempts: number;
  /** the first backoff [1000 ms], doubling per retry */
  backoffMs?: number;
  /**
   * called once per job, in completion order; returns the indices whose results are now stored for good (their
   * jobs are removed from Redis then; the rest when the dispatch ends), so a caller that stores in its own order
   * never loses a result it holds only in memory
   */
  onResult: (index: number, result: R) => Promise<readonly number[] | undefined> | readonly number[] | undefined;
  /** how often finished jobs are collected [200 ms] */
  pollMs?: number;
  /** a line for the user (Redis unreachable, and back) */
  notice?: (line: string) => void;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Enqueues `jobs` on a kind's queue and hands each result to `onResult` as workers finish them. Job ids make
 * it idempotent: a job already queued, running or finished (an earlier, interrupted dispatch) is not added
 * twice, and a finished one is collected at once. A job that failed for good (a dead letter) stops the
 * dispatch with an error naming it and `coworkenv queue retry`. Survives Redis going away and coming back.
 */
export async function dispatch<D, R>(
  connection: RedisConfig,
  kind: QueueKind,
  jobs: readonly QueueJob<D>[],
  o: DispatchOptions<R>,
): Promise<void> {
  if (!jobs.length) return;
  const opts = bullOptions(connection);
  const queue = new Queue<D, R>(QUEUES[kind], opts);
  let down = false;
  queue.on('error', () => {});
  // retries ride out a Redis restart: every command is repeated until it goes through
  const retrying = async <T>(what: () => Promise<T>): Promise<T> => {
    for (;;) {
      try {
        const v = await what();
        if (down) o.notice?.('Redis is reachable again; continuing');
        down = false;
        return v;
      } catch (e) {
        if (!down) o.notice?.(`Redis unreachable (${e instanceof Error ? e.message : String(e)}); waiting for it`);
        down = true;
        await sleep(500);
      }
    }
  };
  try {
    const pending = new Map(jobs.map((j, i) => [j.id, i] as const));
    const held = new Map<number, Job<D, R>>();
    const release = async (indices: readonly number[]) => {
      for (const i of indices) {
        const job = held.get(i);
        held.delete(i);
        if (job) await retrying(() => job.remove());
      }
    };
    const add = (chunk: readonly QueueJob<D>[]) =>
      retrying(() =>
        queue.addBulk(
          chunk.map((j) => ({
            name: j.name,
            data: j.data,
            opts: {
              jobId: j.id,
              attempts: o.attempts,
              backoff: { type: 'exponential', delay: o.backoffMs ?? 1000 },
              removeOnComplete: false,
              removeOnFail: false,
            },
          })) as Parameters<typeof queue.addBulk>[0],
        ),
      );
    for (let i = 0; i < jobs.length; i += 500) await add(jobs.slice(i, i + 500));
    // another command that shares job ids (same slot, trial or shard) may collect and remove a result first;
    // results are deterministic, so a job that vanished is simply enqueued again
    const requeueMissing = async () => {
      const missing: QueueJob<D>[] = [];
      for (const [id, i] of pending)
        if ((await retrying(() => queue.getJobState(id))) === 'unknown') missing.push(jobs[i] as QueueJob<D>);
      for (let i = 0; i < missing.length; i += 500) await add(missing.slice(i, i + 500));
    };
    let idle = 0;
    while (pending.size) {
      const failed = (await retrying(() => queue.getRanges(['failed'], 0, -1))).find((id) => pending.has(id));
      if (failed) {
        const job = await retrying(() => Job.fromId(queue, failed));
        throw new CoworkError(
          'internal',
          `job ${failed} (${job?.name ?? '?'}) failed for good after ${job?.attemptsMade ?? '?'} attempt(s): ${job?.failedReason ?? 'unknown reason'}; it is kept in Redis: see \`coworkenv queue status\`, then \`coworkenv queue retry\` and rerun this command`,
        );
      }
      const done = (await retrying(() => queue.getRanges(['completed'], 0, -1))).filter((id) => pending.has(id));
      for (const id of done) {
        const job = await retrying(() => Job.fromId<D, R>(queue, id));
        if (!job) continue;
        const index = pending.get(id) as number;
        pending.delete(id);
        held.set(index, job);
        await release((await o.onResult(index, job.returnvalue)) ?? []);
      }
      if (pending.size && !done.length) {
        if (++idle % 25 === 0) await requeueMissing();
        await sleep(o.pollMs ?? 200);
      } else idle = 0;
    }
    await release([...held.keys()]);
  } finally {
    await queue.close().catch(() => {});
    release(opts);
  }
}
