import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname } from 'node:path';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { appendRecord, checkAppendable } from '../run/append-log.js';
import { type Lock, tryLock } from '../run/lock.js';
import { CoworkError } from '../spec/errors.js';
import { jsonlLine } from '../spec/jsonl.js';
import type { TaskSpec } from '../spec/task-spec.js';
import type { Trajectory } from '../spec/trajectory.js';
import { createMcpSession, DISCONNECTED } from './session.js';

export const DEFAULT_OUT = 'runs/mcp/trajectories.jsonl';
const MAX_BODY_BYTES = 4 * 1024 * 1024;
const DRAIN_MS = 2000;

export interface ServeOptions {
  spec: TaskSpec;
  seed?: number;
  /** default: the next trial of this task not yet in `out` */
  trial?: number;
  user?: 'scripted' | 'none';
  /** JSONL file the trajectory is appended to [runs/mcp/trajectories.jsonl] */
  out?: string;
  /** serve Streamable HTTP on host:port (port 0 = any free port) instead of stdio */
  http?: { host: string; port: number };
  /** notices (never stdout: in stdio mode it carries JSON-RPC only) [stderr] */
  notice?(line: string): void;
}

/** Parses `host:port`, `:port` or `port` (host 127.0.0.1). */
export function parseHostPort(value: string): { host: string; port: number } {
  const m = /^(?:(\[[^\]]+\]|[^:]*):)?(\d{1,5})$/.exec(value.trim());
  const port = Number(m?.[2]);
  if (!m || port > 65535) throw new CoworkError('bad_input', `--http ${value}: expected host:port such as 127.0.0.1:8765 (or a port alone)`);
  return { host: (m[1] || '127.0.0.1').replace(/^\[|\]$/g, ''), port };
}

/** The trials of `taskId` already in a trajectories file (lines that do not parse are ignored). */
export async function recordedTrials(file: string, taskId: string): Promise<Set<number>> {
  const trials = new Set<number>();
  if (!existsSync(file)) return trials;
  for (const line of (await readFile(file, 'utf8')).split('\n')) {
    if (!line.trim()) continue;
    try {
      const v = JSON.parse(line) as { task_id?: unknown; trial?: unknown };
      if (v.task_id === taskId && typeof v.trial === 'number') trials.add(v.trial);
    } catch {
      // a cut-off line: not ours to repair
    }
  }
  return trials;
}

/** Appends one canonical JSONL line and syncs it to disk (one queued write per record, see append-log.ts). */
export async function appendTrajectory(file: string, t: Trajectory): Promise<void> {
  try {
    await mkdir(dirname(file), { recursive: true });
    await appendRecord(file, jsonlLine(t));
  } catch (e) {
    throw new CoworkError('io_error', `${file}: cannot append the trajectory (${(e as Error).message})`);
  }
}

/** The lock file that reserves (task, trial) in `out` while a server plays it. */
export const trialLockFile = (out: string, taskId: string, trial: number) => `${out}.${taskId}.${trial}.lock`;

/**
 * Reserves a trial of `taskId` in `out`: `wanted`, or the lowest one neither recorded nor reserved by a
 * live server (servers sharing `out` never take the same trial). Held until the trajectory is written.
 */
export async function reserveTrial(out: string, taskId: string, wanted: number | undefined, notice?: (line: string) => void): Promise<{ trial: number; lock: Lock }> {
  const lockOpts = notice ? { notice } : {};
  if (wanted !== undefined) {
    const got = tryLock(trialLockFile(out, taskId, wanted), lockOpts);
    if (!got.ok) throw new CoworkError('bad_input', `${taskId} trial ${wanted} is being served by another coworkenv mcp (pid ${got.pid}) writing to ${out}; pass another --trial, or omit it to take the next free one`);
    // read after taking the lock: a server that just finished this trial has released it
    if ((await recordedTrials(out, taskId)).has(wanted)) {
      got.lock.release();
      throw new CoworkError('bad_input', `${out} already holds ${taskId} trial ${wanted}; pass another --trial, omit it to take the next free one, or choose another --out`);
    }
    return { trial: wanted, lock: got.lock };
  }
  let taken = await recordedTrials(out, taskId);
  for (let trial = 0; ; trial++) {
    if (taken.has(trial)) continue;
    const got = tryLock(trialLockFile(out, taskId, trial), lockOpts);
    if (!got.ok) continue;
    taken = await recordedTrials(out, taskId);
    if (!taken.has(trial)) return { trial, lock: got.lock };
    got.lock.release();
  }
}

/**
 * Serves one episode over MCP until the client finishes, disconnects, or the process gets SIGINT/SIGTERM;
 * then appends the graded trajectory to `out` and closes everything. Resolves with the trajectory.
 */
export async function serveMcp(opts: ServeOptions): Promise<Trajectory> {
  const notice = opts.notice ?? ((line: string) => void process.stderr.write(`${line}\n`));
  const out = opts.out ?? DEFAULT_OUT;
  // found now, not after the episode: a directory or an unwritable --out
  await checkAppendable(out, '--out');
  await mkdir(dirname(out), { recursive: true }).catch((e: Error) => {
    throw new CoworkError('io_error', `--out ${out}: cannot create its folder (${e.message})`);
  });
  const { trial, lock } = await reserveTrial(out, opts.spec.id, opts.trial, notice);

  // undefined until the transport is up; a signal before that is served then (see stopError below)
  let shutdown: (() => Promise<void>) | undefined;
  let shuttingDown: Promise<void> | undefined;
  const stop = (): Promise<void> => (shutdown ? (shuttingDown ??= shutdown()) : Promise.resolve());
  let saved = false;
  const session = createMcpSession({
    spec: opts.spec,
    trial,
    ...(opts.seed !== undefined ? { seed: opts.seed } : {}),
    ...(opts.user ? { user: opts.user } : {}),
    async onFinish(t) {
      await appendTrajectory(out, t);
      saved = true;
      lock.release();
      const end = t.events.at(-1);
      const score = t.grade?.score;
      notice(`coworkenv mcp: episode ended (${end?.type === 'episode_end' ? end.reason : '?'}), score ${score === null || score === undefined ? '-' : score.toFixed(3)}; trajectory appended to ${out}`);
      // let the answer to the call that ended the episode go out first
      setImmediate(() => void stop());
    },
  });

  let done!: (t: Trajectory) => void;
  let failed!: (e: unknown) => void;
  const result = new Promise<Trajectory>((resolve, reject) => {
    done = resolve;
    failed = reject;
  });
  let stopError: string | undefined;
  const onSignal = (signal: NodeJS.Signals) => {
    notice(`coworkenv mcp: ${signal} received`);
    stopError ??= `${DISCONNECTED} (${signal})`;
    void stop();
  };
  // listening before the transport prints its "serving" line: a client may signal as soon as it reads it
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  let closeTransport: () => Promise<void>;
  try {
    closeTransport = opts.http ? await startHttp(opts.http) : await startStdio();
  } catch (e) {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    lock.release();
    throw e;
  }
  shutdown = async () => {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    try {
      const t = await session.finalize(undefined, stopError);
      await closeTransport();
      if (!saved) throw new CoworkError('io_error', `the trajectory was not written to ${out}`);
      done(t);
    } catch (e) {
      await closeTransport().catch(() => {});
      failed(e);
    }
  };
  session.server.onclose = () => void stop();
  // only a signal can ask to stop before the transport is up (clients need it): it left its stopError
  if (stopError !== undefined) void stop();
  return result;

  async function startStdio(): Promise<() => Promise<void>> {
    const transport = new StdioServerTransport();
    // the SDK transport never notices the client closing stdin; that is the usual way a client leaves
    const onEnd = () => void stop();
    process.stdin.once('end', onEnd);
    await session.server.connect(transport);
    notice(`coworkenv mcp: serving ${opts.spec.id} (trial ${trial}) over stdio`);
    return async () => {
      process.stdin.off('end', onEnd);
      await session.server.close();
      process.stdin.destroy();
    };
  }

  async function startHttp(where: { host: string; port: number }): Promise<() => Promise<void>> {
    const posts = new Set<Promise<void>>();
    let transport: StreamableHTTPServerTransport | undefined;
    const http = createServer((req, res) => {
      if (req.method === 'POST') {
        const finished = new Promise<void>((resolve) => res.once('close', resolve));
        posts.add(finished);
        void finished.then(() => posts.delete(finished));
      }
      void handle(req, res);
    });
    async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
      const path = (req.url ?? '/').split('?')[0];
      if (path !== '/mcp') return void res.writeHead(404, { 'content-type': 'text/plain' }).end('the MCP endpoint is /mcp\n');
      if (Number(req.headers['content-length'] ?? 0) > MAX_BODY_BYTES) return void res.writeHead(413, { 'content-type': 'text/plain' }).end('request body too large\n');
      try {
        await transport?.handleRequest(req, res);
      } catch (e) {
        notice(`coworkenv mcp: request failed: ${(e as Error).message}`);
        if (!res.headersSent) res.writeHead(500).end();
      }
    }
    await new Promise<void>((resolve, reject) => {
      http.once('error', (e: NodeJS.ErrnoException) => reject(new CoworkError('bad_input', `cannot listen on ${where.host}:${where.port} (${e.code ?? e.message})`)));
      http.listen(where.port, where.host, () => resolve());
    });
    const { port } = http.address() as AddressInfo;
    const hostPart = where.host.includes(':') ? `[${where.host}]` : where.host;
    transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      enableDnsRebindingProtection: true,
      allowedHosts: [`${hostPart}:${port}`, `localhost:${port}`, `127.0.0.1:${port}`],
    });
    await session.server.connect(transport);
    if (!['127.0.0.1', 'localhost', '::1'].includes(where.host)) notice(`coworkenv mcp: warning: ${where.host} is not a loopback address and the endpoint has no authentication`);
    notice(`coworkenv mcp: serving ${opts.spec.id} (trial ${trial}) on http://${hostPart}:${port}/mcp`);
    return async () => {
      // the answer to the last call may still be streaming out
      await Promise.race([Promise.all(posts), new Promise((r) => setTimeout(r, DRAIN_MS).unref())]);
      await session.server.close();
      await new Promise<void>((resolve) => {
        http.close(() => resolve());
        http.closeAllConnections();
      });
    };
  }
}
