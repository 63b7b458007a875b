import { SERVER_UNIT_NICENESS, setUnitNiceness } from '../services/workspace/unit.js';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname } from 'node:path';
import type { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { appendRecord, checkAppendable } from '../run/append-log.js';
import { type Lock, tryLock } from '../run/lock.js';
import { CoworkError } from '../schema/errors.js';
import { jsonlLine } from '../schema/jsonl.js';
import type { TaskSpec } from '../schema/task-spec.js';
import type { Trajectory } from '../schema/trajectory.js';
import { DISCONNECTED } from './disconnected.js';
import type { McpSession } from './session.js';

// The MCP SDK and the episode machinery (a third of a start) are imported with the first episode, not before
// listening: `mcp --http` is ready sooner, and a server no client reaches never loads them

export const DEFAULT_OUT = 'runs/mcp/trajectories.jsonl';
/** seconds without a request before an HTTP session counts as vanished (its episode is then abandoned) */
export const DEFAULT_IDLE_S = 300;
const MAX_BODY_BYTES = 4 * 1024 * 1024;
const DRAIN_MS = 2000;

export interface ServeOptions {
  spec: TaskSpec;
  seed?: number;
  /** default: the next trial of this task not yet in `out` (stdio only: over HTTP each session takes the next free one) */
  trial?: number;
  user?: 'scripted' | 'none';
  /** JSONL file the trajectory is appended to [runs/mcp/trajectories.jsonl] */
  out?: string;
  /** serve Streamable HTTP on host:port (port 0 = any free port) instead of stdio: a session (episode) per client */
  http?: { host: string; port: number };
  /** HTTP: idle seconds before a session is dropped and its episode recorded as abandoned [300] */
  idleTimeoutS?: number;
  /** notices (never stdout: in stdio mode it carries JSON-RPC only) [stderr] */
  notice?(line: string): void;
}

/** Parses `host:port`, `:port` or `port` (host 127.0.0.1). */
export function parseHostPort(value: string): { host: string; port: number } {
  const m = /^(?:(\[[^\]]+\]|[^:]*):)?(\d{1,5})$/.exec(value.trim());
  const port = Number(m?.[2]);
  if (!m || port > 65535)
    throw new CoworkError('bad_input', `--http ${value}: expected host:port such as 127.0.0.1:8765 (or a port alone)`);
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
export async function reserveTrial(
  out: string,
  taskId: string,
  wanted: number | undefined,
  notice?: (line: string) => void,
): Promise<{ trial: number; lock: Lock }> {
  const lockOpts = notice ? { notice } : {};
  if (wanted !== undefined) {
    const got = tryLock(trialLockFile(out, taskId, wanted), lockOpts);
    if (!got.ok)
      throw new CoworkError(
        'bad_input',
        `${taskId} trial ${wanted} is being served by another coworkenv mcp (pid ${got.pid}) writing to ${out}; pass another --trial, or omit it to take the next free one`,
      );
    // read after taking the lock: a server that just finished this trial has released it
    if ((await recordedTrials(out, taskId)).has(wanted)) {
      got.lock.release();
      throw new CoworkError(
        'bad_input',
        `${out} already holds ${taskId} trial ${wanted}; pass another --trial, omit it to take the next free one, or choose another --out`,
      );
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

/** Checks `out` at startup, not after an episode: a directory or an unwritable place is an error. */
async function prepareOut(out: string): Promise<void> {
  await checkAppendable(out, '--out');
  await mkdir(dirname(out), { recursive: true }).catch((e: Error) => {
    throw new CoworkError('io_error', `--out ${out}: cannot create its folder (${e.message})`);
  });
}

interface Episode {
  session: McpSession;
  trial: number;
}

/**
 * One episode on a reserved trial. Its record is appended when it ends — graded when it ended by finish, by
 * the user or by a limit, `abandoned` (no grade) when the client left — except an abandoned episode in
 * which the client made no call that counts (a probe): nothing is written and the trial is free again.
 */
async function openEpisode(
  opts: ServeOptions,
  out: string,
  wanted: number | undefined,
  notice: (line: string) => void,
  written: (t: Trajectory) => void,
  ended?: () => void,
): Promise<Episode> {
  const { createMcpSession } = await import('./session.js');
  const { trial, lock } = await reserveTrial(out, opts.spec.id, wanted, notice);
  const session: McpSession = createMcpSession({
    spec: opts.spec,
    trial,
    ...(opts.seed !== undefined ? { seed: opts.seed } : {}),
    ...(opts.user ? { user: opts.user } : {}),
    async onFinish(t) {
      const end = t.events.at(-1);
      const reason = end?.type === 'episode_end' ? end.reason : '?';
      try {
        if (reason === 'abandoned' && session.turns === 0) {
          notice(`coworkenv mcp: trial ${trial} left before any call; nothing recorded`);
          return;
        }
        await appendTrajectory(out, t);
        written(t);
        const score = t.grade?.score;
        notice(
          `coworkenv mcp: trial ${trial} ended (${reason}), score ${score === null || score === undefined ? '-' : score.toFixed(3)}; trajectory appended to ${out}`,
        );
      } finally {
        lock.release();
        ended?.();
      }
    },
  });
  return { session, trial };
}

/**
 * Serves MCP until SIGINT/SIGTERM. Over stdio: one episode, and the process ends with it (finish, a limit,
 * or the client closing stdin). Over HTTP: a session per client, in sequence or in parallel, each its own
 * episode and trial, until a signal. Resolves with the trajectories written.
 */
export async function serveMcp(opts: ServeOptions): Promise<Trajectory[]> {
  const notice = opts.notice ?? ((line: string) => void process.stderr.write(`${line}\n`));
  if (opts.http) {
    if (opts.trial !== undefined)
      throw new CoworkError(
        'bad_input',
        '--trial applies to stdio only: over --http every session takes the next free trial of the task in --out',
      );
    let signalled!: (s: NodeJS.Signals) => void;
    const signal = new Promise<NodeJS.Signals>((resolve) => (signalled = resolve));
    process.once('SIGINT', signalled);
    process.once('SIGTERM', signalled);
    let server: McpHttpServer;
    try {
      server = await startMcpHttp({ ...opts, http: opts.http, notice });
    } catch (e) {
      process.off('SIGINT', signalled);
      process.off('SIGTERM', signalled);
      throw e;
    }
    const got = await signal;
    process.off('SIGINT', signalled);
    process.off('SIGTERM', signalled);
    notice(`coworkenv mcp: ${got} received, closing ${server.open} session(s)`);
    await server.close(`server stopped (${got})`);
    return server.recorded;
  }
  return [await serveStdio(opts, notice)];
}

/** One episode over stdio; see serveMcp. */
async function serveStdio(opts: ServeOptions, notice: (line: string) => void): Promise<Trajectory> {
  const { StdioServerTransport } = await import('@modelcontextprotocol/sdk/server/stdio.js');
  const out = opts.out ?? DEFAULT_OUT;
  await prepareOut(out);
  let shutdown: (() => Promise<void>) | undefined;
  let shuttingDown: Promise<void> | undefined;
  const stop = (): Promise<void> => (shutdown ? (shuttingDown ??= shutdown()) : Promise.resolve());
  // the episode ended (finish, a limit): let the answer to that call go out first, then stop
  const { session, trial } = await openEpisode(
    opts,
    out,
    opts.trial,
    notice,
    () => {},
    () => setImmediate(() => void stop()),
  );
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
  const transport = new StdioServerTransport();
  // the SDK transport never notices the client closing stdin; that is the usual way a client leaves
  const onEnd = () => void stop();
  process.stdin.once('end', onEnd);
  try {
    await session.server.connect(transport);
  } catch (e) {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    process.stdin.off('end', onEnd);
    await session.finalize('abandoned', 'the transport did not start').catch(() => {});
    throw e;
  }
  notice(`coworkenv mcp: serving ${opts.spec.id} (trial ${trial}) over stdio`);
  shutdown = async () => {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    process.stdin.off('end', onEnd);
    try {
      const t = await session.finalize(undefined, stopError);
      await session.server.close();
      process.stdin.destroy();
      done(t);
    } catch (e) {
      process.stdin.destroy();
      failed(e);
    }
  };
  session.server.onclose = () => void stop();
  if (stopError !== undefined) void stop();
  return result;
}

/** A running `coworkenv mcp --http`. */
export interface McpHttpServer {
  /** http://host:port/mcp */
  readonly url: string;
  readonly port: number;
  /** sessions currently open */
  readonly open: number;
  /** trajectories written so far, in order */
  readonly recorded: Trajectory[];
  /** Ends every open episode (abandoned unless it had ended), writes them and stops; idempotent. */
  close(reason?: string): Promise<void>;
}

interface HttpSession {
  id?: string;
  episode: Episode;
  transport: StreamableHTTPServerTransport;
  last: number;
  busy: number;
}

/**
 * Streamable HTTP with a session per client: `initialize` without a session id opens a session with its own
 * episode (the next free trial); requests carry `mcp-session-id`. A session ends with DELETE, after
 * `idleTimeoutS` without a request (a client that vanished), or at close(); its episode is then recorded as
 * abandoned unless it had ended (finish, the user, a limit). An unknown session id gets 404, so a client
 * starts a new session.
 */
export async function startMcpHttp(
  opts: ServeOptions & { http: { host: string; port: number } },
): Promise<McpHttpServer> {
  const notice = opts.notice ?? ((line: string) => void process.stderr.write(`${line}\n`));
  const out = opts.out ?? DEFAULT_OUT;
  await prepareOut(out);
  // a server of many clients: its event loop comes first, isolation units run below it
  setUnitNiceness(SERVER_UNIT_NICENESS);
  const idleMs = (opts.idleTimeoutS ?? DEFAULT_IDLE_S) * 1000;
  const where = opts.http;
  const sessions = new Map<string, HttpSession>();
  const recorded: Trajectory[] = [];
  const endings = new Set<Promise<unknown>>();
  const posts = new Set<Promise<void>>();
  let closing: Promise<void> | undefined;

  /** Drops a session and ends its episode (abandoned unless it had ended); idempotent. */
  const release = (s: HttpSession, why: string): void => {
    if (s.id && sessions.get(s.id) === s) sessions.delete(s.id);
    if (s.episode.session.ended) return;
    const p = s.episode.session
      .finalize(undefined, why)
      .catch((e: Error) => notice(`coworkenv mcp: trial ${s.episode.trial}: ${e.message}`));
    endings.add(p);
    void p.finally(() => endings.delete(p));
  };

  const http = createServer((req, res) => {
    if (req.method === 'POST') {
      const finished = new Promise<void>((resolve) => res.once('close', resolve));
      posts.add(finished);
      void finished.then(() => posts.delete(finished));
    }
    void handle(req, res).catch((e: Error) => {
      notice(`coworkenv mcp: request failed: ${e.message}`);
      if (!res.headersSent) res.writeHead(500).end();
    });
  });
  const rpcError = (res: ServerResponse, status: number, code: number, message: string) =>
    void res
      .writeHead(status, { 'content-type': 'application/json' })
      .end(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }));

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = (req.url ?? '/').split('?')[0];
    if (path !== '/mcp')
      return void res.writeHead(404, { 'content-type': 'text/plain' }).end('the MCP endpoint is /mcp\n');
    if (closing) return rpcError(res, 503, -32000, 'the server is shutting down');
    const sid = req.headers['mcp-session-id'];
    let body: unknown;
    if (req.method === 'POST') {
      const text = await readBody(req);
      if (text === undefined) return rpcError(res, 413, -32600, `request body larger than ${MAX_BODY_BYTES} bytes`);
      try {
        body = JSON.parse(text) as unknown;
      } catch (e) {
        return rpcError(res, 400, -32700, `Parse error: ${(e as Error).message}`);
      }
    }
    if (typeof sid === 'string') {
      const s = sessions.get(sid);
      if (!s)
        return rpcError(
          res,
          404,
          -32001,
          `Session not found: ${sid} (ended, or dropped after ${idleMs / 1000}s idle); start a new session with initialize`,
        );
      s.busy++;
      s.last = Date.now();
      try {
        await s.transport.handleRequest(req, res, body);
      } finally {
        s.busy--;
        s.last = Date.now();
      }
      return;
    }
    const { isInitializeRequest } = await import('@modelcontextprotocol/sdk/types.js');
    if (req.method !== 'POST' || !isInitializeRequest(body))
      return rpcError(res, 400, -32000, 'Bad Request: no mcp-session-id header; start a session with initialize');
    const { StreamableHTTPServerTransport } = await import('@modelcontextprotocol/sdk/server/streamableHttp.js');
    // a new client: its own session, episode and trial
    const episode = await openEpisode(opts, out, undefined, notice, (t) => recorded.push(t));
    const hostPart = where.host.includes(':') ? `[${where.host}]` : where.host;
    const port = (http.address() as AddressInfo).port;
    const s: HttpSession = {
      episode,
      last: Date.now(),
      busy: 1,
      transport: new StreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (id) => {
          s.id = id;
          sessions.set(id, s);
        },
        enableDnsRebindingProtection: true,
        allowedHosts: [`${hostPart}:${port}`, `localhost:${port}`, `127.0.0.1:${port}`],
      }),
    };
    episode.session.server.onclose = () => release(s, `${DISCONNECTED} (session closed)`);
    await episode.session.server.connect(s.transport);
    notice(`coworkenv mcp: new session: ${opts.spec.id} trial ${episode.trial}`);
    try {
      await s.transport.handleRequest(req, res, body);
    } finally {
      s.busy--;
      s.last = Date.now();
    }
    // refused before it got an id (e.g. a bad Host header): nothing will ever address it
    if (!s.id) {
      release(s, `${DISCONNECTED} (initialize refused)`);
      await s.episode.session.server.close();
    }
  }

  const reaper = setInterval(
    () => {
      const now = Date.now();
      for (const s of sessions.values()) {
        if (s.busy > 0 || now - s.last <= idleMs) continue;
        release(s, `${DISCONNECTED} (no request for ${idleMs / 1000}s: the client vanished)`);
        void s.episode.session.server.close().catch(() => {});
      }
    },
    Math.max(10, Math.min(30_000, idleMs / 4)),
  );
  reaper.unref();

  await new Promise<void>((resolve, reject) => {
    http.once('error', (e: NodeJS.ErrnoException) => {
      clearInterval(reaper);
      reject(new CoworkError('bad_input', `cannot listen on ${where.host}:${where.port} (${e.code ?? e.message})`));
    });
    http.listen(where.port, where.host, () => resolve());
  });
  const { port } = http.address() as AddressInfo;
  const hostPart = where.host.includes(':') ? `[${where.host}]` : where.host;
  const url = `http://${hostPart}:${port}/mcp`;
  if (!['127.0.0.1', 'localhost', '::1'].includes(where.host))
    notice(`coworkenv mcp: warning: ${where.host} is not a loopback address and the endpoint has no authentication`);
  notice(`coworkenv mcp: serving ${opts.spec.id} on ${url} (a session per client; idle timeout ${idleMs / 1000}s)`);
  return {
    url,
    port,
    get open() {
      return sessions.size;
    },
    recorded,
    close: (reason = 'server stopped') =>
      (closing ??= (async () => {
        clearInterval(reaper);
        // the answer to the last call may still be streaming out
        await Promise.race([Promise.all(posts), new Promise((r) => setTimeout(r, DRAIN_MS).unref())]);
        const open = [...sessions.values()];
        for (const s of open) release(s, `${DISCONNECTED} (${reason})`);
        await Promise.all(endings);
        for (const s of open) await s.episode.session.server.close().catch(() => {});
        await new Promise<void>((resolve) => {
          http.close(() => resolve());
          http.closeAllConnections();
        });
      })()),
  };
}

/** The request body as text; undefined above MAX_BODY_BYTES. */
async function readBody(req: IncomingMessage): Promise<string | undefined> {
  if (Number(req.headers['content-length'] ?? 0) > MAX_BODY_BYTES) return undefined;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) return undefined;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}
