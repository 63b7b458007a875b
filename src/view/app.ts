import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAdaptorServer } from '@hono/node-server';
import { type Context, Hono } from 'hono';
import { CoworkError, isCoworkError } from '../schema/errors.js';
import { loadAssets, serverPage } from './assets.js';
import type { Page, ViewData } from './data.js';

const num = (v: string | undefined) =>
  v === undefined || v === '' || !Number.isFinite(Number(v)) ? undefined : Number(v);
const page = (c: Context): Page => {
  const offset = num(c.req.query('offset'));
  const limit = num(c.req.query('limit'));
  return { ...(offset !== undefined ? { offset } : {}), ...(limit !== undefined ? { limit } : {}) };
};
const opt = (c: Context, k: string) => {
  const v = c.req.query(k);
  return v ? { [k]: v } : {};
};

// loopback names only: a page on another site cannot reach the viewer through a DNS name it controls
const LOOPBACK = /^(127\.0\.0\.1|localhost|\[::1\])(:\d+)?$/i;

/** The viewer's HTTP app: GET only, JSON under /api, the built front end at / and /assets. */
export function createViewApp(data: ViewData, title = 'coworkenv view'): Hono {
  const app = new Hono();
  app.use('*', async (c, next) => {
    if (!LOOPBACK.test(c.req.header('host') ?? ''))
      return c.json({ error: 'the viewer answers loopback addresses only (127.0.0.1, localhost)' }, 403);
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD')
      return c.json({ error: 'the viewer is read-only: GET only' }, 405);
    await next();
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Content-Security-Policy', "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:");
    c.header('Referrer-Policy', 'no-referrer');
  });
  app.onError((e, c) => {
    if (isCoworkError(e))
      return c.json({ error: e.message }, e.code === 'not_found' ? 404 : e.code === 'bad_input' ? 400 : 500);
    return c.json({ error: `internal error: ${e instanceof Error ? e.message : String(e)}` }, 500);
  });
  app.get('/', (c) => c.html(serverPage(title)));
  app.get('/assets/app.js', async (c) =>
    c.body((await loadAssets()).js, 200, {
      'Content-Type': 'text/javascript; charset=utf-8',
      'Cache-Control': 'no-cache',
    }),
  );
  app.get('/assets/app.css', async (c) =>
    c.body((await loadAssets()).css, 200, { 'Content-Type': 'text/css; charset=utf-8', 'Cache-Control': 'no-cache' }),
  );
  app.get('/api/sources', async (c) => c.json(await data.list()));
  app.get('/api/runs/:run', async (c) => c.json(await data.run(c.req.param('run'))));
  app.get('/api/runs/:run/checks', async (c) => c.json(await data.failingChecks(c.req.param('run'))));
  app.get('/api/runs/:run/stamp', async (c) => c.json(await data.stamp(c.req.param('run'))));
  app.get('/api/runs/:run/tasks', async (c) =>
    c.json(await data.runTasks(c.req.param('run'), { ...page(c), ...opt(c, 'q') })),
  );
  app.get('/api/runs/:run/trials', async (c) =>
    c.json(
      await data.trials(c.req.param('run'), {
        ...page(c),
        ...opt(c, 'task'),
        ...opt(c, 'outcome'),
        ...opt(c, 'check'),
      }),
    ),
  );
  app.get('/api/runs/:run/trials/:task/:trial', async (c) => {
    const trial = Number(c.req.param('trial'));
    if (!Number.isInteger(trial) || trial < 0)
      throw new CoworkError('bad_input', `trial must be a whole number ≥ 0 (got "${c.req.param('trial')}")`);
    return c.json(await data.trial(c.req.param('run'), c.req.param('task'), trial));
  });
  app.get('/api/compare/:a/:b', async (c) => c.json(await data.compare(c.req.param('a'), c.req.param('b'), page(c))));
  app.get('/api/tasks/:set', async (c) => c.json(await data.taskSet(c.req.param('set'))));
  app.get('/api/corpus/:set', async (c) => c.json(await data.corpus(c.req.param('set'))));
  app.get('/api/tasks/:set/:task', async (c) => c.json(await data.task(c.req.param('set'), c.req.param('task'))));
  app.get('/api/tasks/:set/:task/gate', async (c) => c.json(await data.gate(c.req.param('set'), c.req.param('task'))));
  app.get('/api/datasets/:ds', async (c) => c.json(await data.dataset(c.req.param('ds'))));
  app.get('/api/datasets/:ds/rejections', async (c) =>
    c.json(await data.rejections(c.req.param('ds'), { ...page(c), ...opt(c, 'reason') })),
  );
  app.notFound((c) => c.json({ error: `no such page: ${c.req.path}` }, 404));
  return app;
}

export interface ViewServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

/** Serves the viewer on 127.0.0.1 (port 0 picks a free one). */
export async function serveView(data: ViewData, opts: { port?: number; title?: string } = {}): Promise<ViewServer> {
  const app = createViewApp(data, opts.title);
  const server = createAdaptorServer({ fetch: app.fetch, hostname: '127.0.0.1' }) as Server;
  const port = opts.port ?? 0;
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (e) {
    throw new CoworkError(
      'bad_input',
      `cannot listen on 127.0.0.1:${port} (${(e as NodeJS.ErrnoException).code ?? (e as Error).message}); pick another --port (0 picks a free one)`,
    );
  }
  const bound = (server.address() as AddressInfo).port;
  let closing: Promise<void> | undefined;
  return {
    url: `http://127.0.0.1:${bound}/`,
    port: bound,
    close: () =>
      (closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      })),
  };
}
