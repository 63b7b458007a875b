import { Redis, type RedisOptions } from 'ioredis';
import { CoworkError } from '../schema/errors.js';

/** The BullMQ queues every worker serves; LLM call queues (one per endpoint) are named by `llmQueueName`. */
export const QUEUES = { run: 'coworkenv-run', synth: 'coworkenv-synth', curate: 'coworkenv-curate' } as const;
export type QueueKind = keyof typeof QUEUES;

/** How to reach Redis (host, port, db, password from the environment). */
export type RedisConfig = RedisOptions;

/**
 * Options for one BullMQ object with a client of its own (under ESM BullMQ takes constructed clients); BullMQ
 * does not close a client it was given, so `release` does, after the object's own `close()`.
 */
export function bullOptions(config: RedisConfig): { connection: Redis; prefix: string } {
  const connection = new Redis(config);
  connection.on('error', () => {});
  return { connection, prefix: PREFIX };
}

export const release = (o: { connection: Redis }) => o.connection.disconnect();

/** The BullMQ key prefix: every key this tool writes to Redis starts with it. */
export const PREFIX = 'coworkenv';

/**
 * Connection options from `redis://host:port[/db]`. A password never travels in the URL (it would end up in
 * shell history and process lists): it comes from REDIS_PASSWORD (and REDIS_USERNAME) in the environment.
 */
export function redisConnection(
  url: string,
  flag = '--redis',
  env: Readonly<Record<string, string | undefined>> = process.env,
): RedisConfig {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new CoworkError('bad_input', `${flag} "${url}" is not a URL; give e.g. ${flag} redis://127.0.0.1:6379`);
  }
  if (u.protocol !== 'redis:')
    throw new CoworkError(
      'bad_input',
      `${flag} "${url}": only redis:// URLs are supported (got ${u.protocol}); e.g. ${flag} redis://127.0.0.1:6379`,
    );
  if (u.password || u.username)
    throw new CoworkError(
      'bad_input',
      `${flag}: the URL carries credentials; give redis://host:port and put the password in REDIS_PASSWORD (and the user in REDIS_USERNAME)`,
    );
  const db = u.pathname.replace(/^\//, '');
  if (db && !/^\d+$/.test(db))
    throw new CoworkError('bad_input', `${flag} "${url}": the path must be a database number (e.g. /0), not "${db}"`);
  return {
    host: u.hostname || '127.0.0.1',
    port: u.port ? Number(u.port) : 6379,
    ...(db ? { db: Number(db) } : {}),
    ...(env.REDIS_PASSWORD ? { password: env.REDIS_PASSWORD } : {}),
    ...(env.REDIS_USERNAME ? { username: env.REDIS_USERNAME } : {}),
    // a worker waits for Redis to come back instead of failing its commands (BullMQ requires this for workers)
    maxRetriesPerRequest: null,
    retryStrategy: (times: number) => Math.min(times * 200, 2000),
  };
}

/** A job id BullMQ accepts (no ':' and not an integer) made of readable parts. */
export function jobId(...parts: (string | number)[]): string {
  return parts.map((p) => String(p).replace(/[^A-Za-z0-9_-]/g, (c) => `~${c.charCodeAt(0).toString(16)}`)).join('.');
}
