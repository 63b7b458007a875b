import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { totalmem } from 'node:os';
import { getHeapStatistics } from 'node:v8';
import { createAdaptorServer } from '@hono/node-server';
import { createEpisode } from '../env/episode.js';
import type { Judge } from '../grade/types.js';
import { CoworkError } from '../schema/errors.js';
import type { TaskSpec } from '../schema/task-spec.js';
import { type CapacityPlan, planCapacity } from '../services/workspace/capacity.js';
import { setWorkspaceBudget, usage } from '../services/workspace/limits.js';
import { shellPool } from '../services/workspace/isolation-pool.js';
import { SERVER_UNIT_NICENESS, setUnitNiceness } from '../services/workspace/unit.js';
import { createApp, MAX_BODY_BYTES } from './app.js';
import { DEFAULT_MAX_SESSIONS, SessionManager } from './sessions.js';
import { asCatalog, type TaskCatalog } from './catalog.js';
import { attachWebSocket } from './ws.js';

export interface ServeOptions {
  /** specs in memory, or a catalog (catalog.ts: a corpus index, specs read when an episode needs them) */
  specs: readonly TaskSpec[] | TaskCatalog;
  /** [127.0.0.1] */
  host?: string;
  /** 0 = any free port [8000] */
  port?: number;
  maxSessions?: number;
  /** idle seconds before a session is reaped; 0 = never [600] */
  ttlS?: number;
  judge?: Judge;
  stepRewards?: boolean;
  maxBodyBytes?: number;
  /** workspace bytes per episode; absent = 50 MB, lowered so every session fits in memory */
  workspaceBytes?: number;
  /** server-side failures, one line each [stderr] */
  log?: (line: string) => void;
}

export interface RunningServer {
  readonly host: string;
  readonly port: number;
  /** http://host:port */
  readonly url: string;
  readonly manager: SessionManager;
  readonly server: Server;
  /** the per-episode workspace budget this server enforces (and why it is lower than the default) */
  readonly capacity: CapacityPlan;
  /** Stops accepting, drops every connection and session; idempotent. */
  close(): Promise<void>;
}

/** Starts the env server (HTTP routes + WS /ws) on host:port. */
export async function startServer(opts: ServeOptions): Promise<RunningServer> {
  const host = opts.host ?? '127.0.0.1';
  const log = opts.log ?? ((line: string) => void process.stderr.write(`${line}\n`));
  const maxBodyBytes = opts.maxBodyBytes ?? MAX_BODY_BYTES;
  // only workspace tasks have a workspace to budget and a shell to warm up
  const catalog = asCatalog(opts.specs);
  const workspace = catalog.workspace;
  // every live session may fill its workspace at once: the budget must fit them all (refused otherwise)
  const capacity = planCapacity({
    maxSessions: opts.maxSessions ?? DEFAULT_MAX_SESSIONS,
    ...(opts.workspaceBytes !== undefined ? { workspaceBytes: opts.workspaceBytes } : {}),
    // a lazy catalog's fixtures are read when used: the budget is the default (or --workspace-mb)
    fixtureBytes: Array.isArray(opts.specs) ? Math.max(0, ...opts.specs.map(fixtureBytes)) : 0,
    workspace,
    heapLimitBytes: getHeapStatistics().heap_size_limit,
    totalMemBytes: totalmem(),
    pool: shellPool().options,
  });
  const manager = new SessionManager({
    specs: catalog,
    ...(opts.maxSessions !== undefined ? { maxSessions: opts.maxSessions } : {}),
    ...(opts.ttlS !== undefined ? { ttlS: opts.ttlS } : {}),
    ...(opts.judge ? { judge: opts.judge } : {}),
    ...(opts.stepRewards !== undefined ? { stepRewards: opts.stepRewards } : {}),
  });
  // the budget is process-wide (every episode's workspace tools read it); close() restores the previous one
  const previousBudget = setWorkspaceBudget(capacity.budget);
  // the event loop that answers every session comes first: isolation units run below it
  setUnitNiceness(SERVER_UNIT_NICENESS);
  // the first shell command should not wait for a worker to start; only workspace tasks have a shell, and a
  // server without one would spend a worker start (and delay its exit) on threads it never uses
  if (workspace) void shellPool().warmUp();
  const app = createApp({ manager, maxBodyBytes, log });
  const server = createAdaptorServer({ fetch: app.fetch, hostname: host }) as Server;
  server.keepAliveTimeout = 65_000;
  const ws = attachWebSocket(server, { manager, maxPayload: maxBodyBytes, log });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(opts.port ?? 8000, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (e) {
    ws.close();
    manager.stop();
    setWorkspaceBudget(previousBudget);
    const code = (e as NodeJS.ErrnoException).code ?? (e as Error).message;
    throw new CoworkError(
      'bad_input',
      `cannot listen on ${host}:${opts.port ?? 8000} (${code}); pick another --port or --host`,
    );
  }
  const { port } = server.address() as AddressInfo;
  const hostPart = host.includes(':') ? `[${host}]` : host;
  let closing: Promise<void> | undefined;
  return {
    host,
    port,
    url: `http://${hostPart}:${port}`,
    manager,
    server,
    capacity,
    close: () =>
      (closing ??= new Promise<void>((resolve) => {
        ws.close();
        manager.stop();
        setWorkspaceBudget(previousBudget);
        server.close(() => resolve());
        server.closeAllConnections();
      })),
  };
}

// bytes of the workspace a task starts with (0 without a workspace)
function fixtureBytes(spec: TaskSpec): number {
  const files = createEpisode(spec).snapshot().workspace?.files;
  return files ? usage(files as unknown as { content: string; encoding: 'utf8' | 'base64' }[]).bytes : 0;
}
