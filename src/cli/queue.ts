import type { Command } from 'commander';
import { assertReachable, drainQueues, queueStatus, retryFailed } from '../queue/admin.js';
import { QUEUES, type QueueKind, redisConnection } from '../queue/connection.js';
import { CoworkError } from '../schema/errors.js';
import { out, printJson, table } from './output.js';

interface QueueOpts {
  redis: string;
  kind?: string;
  json?: boolean;
}

const KINDS = Object.keys(QUEUES) as QueueKind[];

function kindsOf(kind: string | undefined): QueueKind[] | undefined {
  if (kind === undefined) return undefined;
  if (!(KINDS as string[]).includes(kind))
    throw new CoworkError('bad_input', `--kind must be one of ${KINDS.join(', ')}, not "${kind}"`);
  return [kind as QueueKind];
}

export function queueCommand(program: Command): void {
  const q = program
    .command('queue')
    .description(
      'the BullMQ queues of --queue runs: status (counts and the dead letters), retry, drain (docs/scale.md)',
    );
  const withFlags = (c: Command) =>
    c
      .requiredOption('--redis <url>', 'redis://host:port[/db] (password from REDIS_PASSWORD)')
      .option('--kind <kind>', `one queue: ${KINDS.join(' | ')}`)
      .option('--json', 'machine-readable output');
  const connect = async (opts: QueueOpts) => {
    const connection = redisConnection(opts.redis);
    await assertReachable(connection, opts.redis);
    return connection;
  };
  withFlags(
    q.command('status').description('jobs per state and queue; the failed jobs (dead letters) with their reasons'),
  ).action(async (opts: QueueOpts) => {
    const kinds = kindsOf(opts.kind);
    const status = (await queueStatus(await connect(opts))).filter((s) => !kinds || kinds.includes(s.queue));
    if (opts.json) return printJson(status);
    const states = ['waiting', 'active', 'delayed', 'prioritized', 'completed', 'failed'];
    out(
      table(
        ['queue', ...states],
        status.map((s) => [s.queue, ...states.map((k) => s.counts[k] ?? 0)]),
      ),
    );
    const dead = status.flatMap((s) => s.failed.map((f) => [s.queue, f.name, f.attempts, f.reason.slice(0, 100)]));
    if (dead.length) {
      out('\ndead letters (retry them with `coworkenv queue retry`, drop them with `coworkenv queue drain`):');
      out(table(['queue', 'job', 'attempts', 'reason'], dead));
    }
  });
  withFlags(
    q.command('retry').description('move failed jobs back to waiting; rerun the enqueuing command to collect them'),
  ).action(async (opts: QueueOpts) => {
    const moved = await retryFailed(await connect(opts), kindsOf(opts.kind));
    if (opts.json) return printJson({ retried: moved });
    out(
      `retried: ${Object.entries(moved)
        .map(([k, n]) => `${k} ${n}`)
        .join(', ')}`,
    );
  });
  withFlags(q.command('drain').description('remove waiting, delayed and failed jobs (jobs in flight finish)')).action(
    async (opts: QueueOpts) => {
      const removed = await drainQueues(await connect(opts), kindsOf(opts.kind));
      if (opts.json) return printJson({ removed });
      out(
        `removed: ${Object.entries(removed)
          .map(([k, n]) => `${k} ${n}`)
          .join(', ')}`,
      );
    },
  );
}
