import { Hono } from 'hono';
import type { Context } from 'hono';
import pkg from '../../package.json' with { type: 'json' };
import {
  parseAction,
  parseOr422,
  ResetRequest,
  schemaResponse,
  ServerError,
  StepRequest,
  validationError,
  withTask,
} from './protocol.js';
import { openApiDocument } from './openapi.js';
import { handleRpc, RPC, rpcError, withParamsTask } from './rpc.js';
import type { SessionManager } from './sessions.js';

export const MAX_BODY_BYTES = 1024 * 1024;

export interface AppOptions {
  manager: SessionManager;
  /** request body limit in bytes [1 MB] */
  maxBodyBytes?: number;
  /** one line per server-side failure [none]; never gets request bodies */
  log?: (line: string) => void;
}

const DESCRIPTION =
  'CoworkEnv tasks as an OpenEnv-compatible RL environment: stateful episodes by episode_id over HTTP, WebSocket (/ws) and MCP JSON-RPC (/mcp); ' +
  'actions are one tool call or one assistant message; the reward on done is the grade score with reward_components, and every step carries a GiGPO anchor and a shaped step reward.';

/**
 * The env server's HTTP routes as a hono app (testable with app.request(), no socket). The WebSocket
 * endpoint is attached to the node server separately (ws.ts).
 */
export function createApp(opts: AppOptions): Hono {
  const { manager } = opts;
  const limit = opts.maxBodyBytes ?? MAX_BODY_BYTES;
  const app = new Hono();
  // A base URL per task: the OpenEnv routes also answer under /tasks/<task_id>/, where that task is the default
  // (an OpenEnv client takes only a base URL: MCPToolClient's session/create sends no params)
  const route = (path: string) => [path, `/tasks/:task${path}`];
  const taskOf = (c: Context): string | undefined => {
    const task = c.req.param('task');
    if (task !== undefined) manager.spec(task);
    return task;
  };

  for (const p of route('/health')) app.get(p, (c) => (taskOf(c), c.json({ status: 'healthy' })));

  // exactly OpenEnv's EnvironmentMetadata; the counts live at GET /tasks and GET /sessions
  for (const p of route('/metadata'))
    app.get(p, (c) =>
      c.json({ name: 'coworkenv', description: DESCRIPTION, version: pkg.version, documentation_url: 'docs/rl.md' }),
    );

  // OpenEnv's ServerCapacityStatus plus the idle TTL
  app.get('/sessions', (c) =>
    c.json({ active_sessions: manager.size, max_sessions: manager.maxSessions, session_ttl_s: manager.ttlS }),
  );

  for (const p of route('/schema')) app.get(p, (c) => c.json(schemaResponse()));

  for (const p of route('/openapi.json')) app.get(p, (c) => (taskOf(c), c.json(openApiDocument(DESCRIPTION))));

  app.get('/tasks', (c) =>
    c.json({
      count: manager.catalog.size,
      tasks: manager.catalog.listing(),
    }),
  );

  for (const p of route('/reset'))
    app.post(p, async (c) => {
      const task = taskOf(c);
      const raw = await jsonBody(c, limit, true);
      const req = parseOr422(ResetRequest, withTask(raw ?? {}, task), 'reset request');
      // as OpenEnv's HTTP server: without an episode_id nothing is kept (a fresh environment, then dropped)
      if (!req.episode_id) return c.json(manager.detached(req).resetResponse(true));
      return c.json(manager.create(req).resetResponse());
    });

  for (const p of route('/step'))
    app.post(p, async (c) => {
      const task = taskOf(c);
      const raw = await jsonBody(c, limit, false);
      const req = parseOr422(StepRequest, withTask(raw, task), 'step request');
      if (!Object.hasOwn(req, 'action'))
        throw validationError(
          'invalid step request: action: required field is missing (send {"tool_call": {...}} or {"message": "..."})',
          [{ path: 'action', message: 'required field is missing' }],
        );
      const action = parseAction(req.action);
      // as OpenEnv's HTTP server: without an episode_id the action runs on a fresh episode that is dropped
      if (!req.episode_id) return c.json(await manager.detached({ task_id: req.task_id, seed: req.seed }).step(action));
      const session = manager.get(req.episode_id);
      return c.json(await manager.use(session, () => session.step(action)));
    });

  for (const p of route('/state'))
    app.get(p, (c) => {
      const task = taskOf(c);
      const id = c.req.query('episode_id');
      // as OpenEnv's GET /state: without an episode_id, the state of a fresh environment (?task_id, ?seed as in a
      // stateless reset), which is then dropped
      if (!id) {
        const seed = c.req.query('seed');
        const req = parseOr422(
          ResetRequest,
          {
            task_id: c.req.query('task_id') ?? task,
            ...(seed === undefined ? {} : { seed: /^\d+$/.test(seed) ? Number(seed) : seed }),
          },
          'state query',
          ['query'],
        );
        return c.json({ ...manager.detached(req).state(), episode_id: null });
      }
      const trajectory = ['1', 'true'].includes(c.req.query('trajectory') ?? '');
      return c.json(manager.get(id).state(trajectory));
    });

  app.delete('/episodes/:id', (c) => {
    const id = c.req.param('id');
    return c.json({ episode_id: id, closed: true, was_open: manager.close(id) });
  });

  for (const p of route('/mcp'))
    app.post(p, async (c) => {
      const task = taskOf(c);
      let raw: unknown;
      try {
        raw = JSON.parse(await bodyText(c, limit));
      } catch (e) {
        if (e instanceof ServerError) throw e;
        return c.json(rpcError(null, RPC.PARSE_ERROR, `Parse error: ${(e as Error).message}`));
      }
      const res = await handleRpc(withParamsTask(raw, task), { manager });
      return res ? c.json(res) : c.body(null, 202);
    });

  app.notFound((c) =>
    c.json(
      {
        detail: `no route ${c.req.method} ${c.req.path}; routes: GET /health /metadata /schema /tasks /sessions /state, POST /reset /step /mcp, DELETE /episodes/:id, WS /ws /mcp; the OpenEnv routes also under /tasks/<task_id>/`,
        code: 'NOT_FOUND',
      },
      404,
    ),
  );

  app.onError((e, c) => {
    if (e instanceof ServerError) return c.json(e.body(), e.status as 404);
    opts.log?.(`coworkenv serve: ${c.req.method} ${c.req.path} failed: ${e instanceof Error ? e.message : String(e)}`);
    return c.json(
      { detail: `internal error: ${e instanceof Error ? e.message : String(e)}`, code: 'EXECUTION_ERROR' },
      500,
    );
  });

  return app;
}

/**
 * The body as text, refused with 413 above `limit` bytes. A declared content-length is checked before
 * reading and keeps @hono/node-server's fast direct read; a chunked body is read up to the limit.
 */
async function bodyText(c: Context, limit: number): Promise<string> {
  const tooLarge = () =>
    new ServerError(413, 'VALIDATION_ERROR', `request body larger than ${limit} bytes`, { max_bytes: limit });
  const declared = c.req.header('content-length');
  if (declared !== undefined && c.req.header('transfer-encoding') === undefined) {
    if (Number(declared) > limit) throw tooLarge();
    return c.req.text();
  }
  const body = c.req.raw.body;
  if (!body) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The JSON body; a malformed one is a 422 (an empty body is `undefined` when allowed). */
async function jsonBody(c: Context, limit: number, emptyOk: boolean): Promise<unknown> {
  const text = await bodyText(c, limit);
  if (!text.trim()) {
    if (emptyOk) return undefined;
    throw validationError('request body is empty; send a JSON object with episode_id and action', [
      { path: '(root)', message: 'empty body' },
    ]);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (e) {
    throw new ServerError(422, 'INVALID_JSON', `request body is not valid JSON: ${(e as Error).message}`);
  }
}
