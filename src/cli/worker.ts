import type { Command } from 'commander';
import { assertReachable } from '../queue/admin.js';
import { QUEUES, redisConnection } from '../queue/connection.js';
import { startWorker } from '../queue/worker.js';
import { intArg } from './options.js';
import { note } from './output.js';

interface WorkerOpts {
  redis: string;
  concurrency: number;
  lockMs: number;
  stalledInterval?: number;
}

export function workerCommand(program: Command): void {
  program
    .command('worker')
    .description(
      'serve the BullMQ queues of `synth|run|curate --queue`: synth slots, run trials, curate shards (any number of workers, any machines; docs/scale.md)',
    )
    .requiredOption('--redis <url>', 'redis://host:port[/db] (password from REDIS_PASSWORD)')
    .option('--concurrency <n>', 'jobs in flight at once, per kind', intArg(1, 1024), 1)
    .option(
      '--lock-ms <ms>',
      "a job's lock: a worker that dies holds its jobs this long before another worker takes them back",
      intArg(500, 3_600_000),
      30_000,
    )
    .option('--stalled-interval <ms>', 'how often to look for jobs of dead workers [--lock-ms]', intArg(100, 3_600_000))
    .action(async (opts: WorkerOpts) => {
      const connection = redisConnection(opts.redis);
      await assertReachable(connection, opts.redis);
      const worker = startWorker(connection, {
        concurrency: opts.concurrency,
        lockMs: opts.lockMs,
        ...(opts.stalledInterval ? { stalledIntervalMs: opts.stalledInterval } : {}),
        log: note,
      });
      note(
        `worker ready: ${Object.values(QUEUES).join(', ')} on ${opts.redis}, concurrency ${opts.concurrency} (Ctrl-C finishes the jobs in flight and stops)`,
      );
      await new Promise<void>((resolve) => {
        const stop = () => {
          note('worker stopping: finishing the jobs in flight');
          void worker.close().then(resolve);
        };
        process.once('SIGINT', stop);
        process.once('SIGTERM', stop);
      });
    });
}
