import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Whether redis-server can be started here (tests skip with a notice otherwise). */
export function redisAvailable(): boolean {
  return spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).status === 0;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

export interface TestRedis {
  url: string;
  port: number;
  /** stops the server (SIGTERM: with persistence it writes its append-only file first) */
  stop(): Promise<void>;
  /** starts it again on the same port and directory */
  start(): Promise<void>;
  /** stops it and removes its directory */
  close(): Promise<void>;
}

/**
 * A redis-server on 127.0.0.1 on a free port, in a temporary directory; `persist` keeps an fsynced append-only
 * file so a restart finds every key again (the restart test), otherwise nothing is written to disk.
 */
export async function startRedis(opts: { persist?: boolean } = {}): Promise<TestRedis> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'coworkenv-redis-'));
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '', '--daemonize', 'no'];
  args.push(...(opts.persist ? ['--appendonly', 'yes', '--appendfsync', 'always'] : ['--appendonly', 'no']));
  let child: ChildProcess | undefined;
  const start = async () => {
    const c = spawn('redis-server', args, { stdio: 'ignore' });
    child = c;
    for (let i = 0; i < 100; i++) {
      if (await reachable(port)) return;
      if (c.exitCode !== null) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`redis-server did not start on port ${port}`);
  };
  const stop = async () => {
    const c = child;
    child = undefined;
    if (!c || c.exitCode !== null) return;
    const exited = new Promise((r) => c.once('exit', r));
    c.kill('SIGTERM');
    await exited;
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    start,
    stop,
    async close() {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function reachable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = new Socket();
    s.once('error', () => resolve(false));
    s.connect(port, '127.0.0.1', () => {
      s.write('PING\r\n');
      s.once('data', (d) => {
        s.destroy();
        resolve(d.toString().startsWith('+PONG'));
      });
    });
  });
}
