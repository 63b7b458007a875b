import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAdaptorServer } from '@hono/node-server';
import type { Judge } from '../grade/types.js';
import { CoworkError } from '../spec/errors.js';
import type { TaskSpec } from '../spec/task-spec.js';
import { createApp, MAX_BODY_BYTES } from './app.js';
import { SessionManager } from './sessions.js';
import { attachWebSocket } from './ws.js';

export interface ServeOptions {
  specs: readonly TaskSpec[];
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
  /** Stops accepting, drops every connection and session; idempotent. */
  close(): Promise<void>;
}

/** Starts the env server (HTTP routes + WS /ws) on host:port. */
export async function startServer(opts: ServeOptions): Promise<RunningServer> {
  const host = opts.host ?? '127.0.0.1';
  const log = opts.log ?? ((line: string) => void process.stderr.write(`${line}\n`));
  const maxBodyBytes = opts.maxBodyBytes ?? MAX_BODY_BYTES;
  const manager = new SessionManager({
    specs: opts.specs,
    ...(opts.maxSessions !== undefined ? { maxSessions: opts.maxSessions } : {}),
    ...(opts.ttlS !== undefined ? { ttlS: opts.ttlS } : {}),
    ...(opts.judge ? { judge: opts.judge } : {}),
    ...(opts.stepRewards !== undefined ? { stepRewards: opts.stepRewards } : {}),
  });
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
    const code = (e as NodeJS.ErrnoException).code ?? (e as Error).message;
    throw new CoworkError('bad_input', `cannot listen on ${host}:${opts.port ?? 8000} (${code}); pick another --port or --host`);
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
    close: () =>
      (closing ??= new Promise<void>((resolve) => {
        ws.close();
        manager.stop();
        server.close(() => resolve());
        server.closeAllConnections();
      })),
  };
}
