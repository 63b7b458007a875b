// The capture proxy's HTTP side: an OpenAI-compatible endpoint per session (`/sessions/<id>/v1`) that forwards
// chat completions to a vLLM/SGLang server with token ids and logprobs switched on, returns the upstream answer
// unchanged, and merges the tokens into the session's traces (store.ts). See docs/proxy.md.

import { createAdaptorServer } from '@hono/node-server';
import { type Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CoworkError } from '../schema/errors.js';
import { CAPTURE_FIELDS, type Capture, captureCompletion, type Engine, untokenised } from './capture.js';
import { type Admission, clip, type CloseSummary, type Refusal, type StoreOptions, TraceStore } from './store.js';

export const DEFAULT_PROXY_PORT = 8100;
const MAX_BODY_BYTES = 32 * 1024 * 1024;
const UPSTREAM_TIMEOUT_MS = 600_000;
const DRAIN_MS = 5_000;
const MAX_SESSION_ID = 256;

export interface ProxyAppOptions {
  /** the upstream OpenAI base URL, e.g. http://127.0.0.1:8000/v1 */
  upstream: string;
  store: TraceStore;
  /** which token fields to ask for [vllm] */
  engine?: Engine;
  /** request bodies above this are refused with 413 [32 MiB] */
  maxBodyBytes?: number;
  /** per upstream request [600 s] */
  upstreamTimeoutMs?: number;
  fetch?: typeof fetch;
  notice?(line: string): void;
  /** aborts in-flight upstream requests (shutdown) */
  signal?: AbortSignal;
  /** in-flight chat completions, so a shutdown can wait for them to be recorded */
  inflight?: Set<Promise<unknown>>;
}

type OpenAiError = { error: { message: string; type: string; param?: string } };
const apiError = (message: string, type: string, param?: string): OpenAiError => ({
  error: { message: `coworkenv proxy: ${message}`, type, ...(param ? { param } : {}) },
});

/** The hono app of the proxy (no listening socket: see `startProxy`). */
export function createProxyApp(opts: ProxyAppOptions): Hono {
  const upstream = opts.upstream.replace(/\/+$/, '');
  const fields = CAPTURE_FIELDS[opts.engine ?? 'vllm'];
  const doFetch = opts.fetch ?? fetch;
  const notice = opts.notice ?? ((line: string) => void process.stderr.write(`${line}\n`));
  const reported = new Set<string>();
  const app = new Hono();

  const sessionId = (c: Context): string | undefined => {
    const id = c.req.param('id') ?? '';
    return id.length > 0 && id.length <= MAX_SESSION_ID && !/\p{Cc}/u.test(id) ? id : undefined;
  };
  const badSession = (c: Context) =>
    c.json(apiError(`the session id must be 1–${MAX_SESSION_ID} printable characters`, 'invalid_request_error'), 400);
  /** headers sent upstream: the caller's Authorization is forwarded, never stored or logged */
  const upstreamHeaders = (c: Context, json: boolean): Record<string, string> => {
    const auth = c.req.header('authorization');
    return {
      accept: 'application/json',
      ...(json ? { 'content-type': 'application/json' } : {}),
      ...(auth ? { authorization: auth } : {}),
    };
  };
  const signalFor = () =>
    opts.signal
      ? AbortSignal.any([opts.signal, AbortSignal.timeout(opts.upstreamTimeoutMs ?? UPSTREAM_TIMEOUT_MS)])
      : AbortSignal.timeout(opts.upstreamTimeoutMs ?? UPSTREAM_TIMEOUT_MS);
  const failure = (e: unknown): { status: 502 | 504; body: OpenAiError } => {
    const err = e as Error & { cause?: { code?: string } };
    if (err.name === 'TimeoutError')
      return { status: 504, body: apiError(`the upstream ${upstream} did not answer in time`, 'upstream_timeout') };
    if (err.name === 'AbortError')
      return { status: 502, body: apiError('the proxy is shutting down', 'upstream_aborted') };
    return {
      status: 502,
      body: apiError(
        `the upstream ${upstream} is unreachable (${err.cause?.code ?? err.message})`,
        'upstream_unreachable',
      ),
    };
  };

  app.get('/health', (c) =>
    c.json({
      ok: true,
      upstream,
      open_sessions: opts.store.openSessions().length,
      out: opts.store.out,
      ...opts.store.usage(),
      limits: {
        session_bytes: opts.store.maxSessionBytes,
        total_bytes: opts.store.maxTotalBytes,
        idle_s: opts.store.idleMs / 1000,
      },
    }),
  );

  app.post(
    '/sessions/:id/v1/chat/completions',
    bodyLimit({
      maxSize: opts.maxBodyBytes ?? MAX_BODY_BYTES,
      onError: (c) =>
        c.json(
          apiError(`the request body is over ${opts.maxBodyBytes ?? MAX_BODY_BYTES} bytes`, 'invalid_request_error'),
          413,
        ),
    }),
    async (c) => {
      const session = sessionId(c);
      if (session === undefined) return badSession(c);
      const text = await c.req.text();
      // admitted before it is parsed: the session's and the proxy's retained bytes stay bounded (store.ts)
      const admission = opts.store.admit(session, Buffer.byteLength(text));
      if (isRefusal(admission)) return c.json(apiError(admission.message, admission.type), admission.status);
      try {
        return await handleCompletion(c, session, text);
      } finally {
        admission.release();
      }
    },
  );

  async function handleCompletion(c: Context, session: string, text: string): Promise<Response> {
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return c.json(apiError('the request body is not valid JSON', 'invalid_request_error'), 400);
    }
    if (typeof body !== 'object' || body === null || Array.isArray(body))
      return c.json(apiError('the request body must be a JSON object', 'invalid_request_error'), 400);
    const caller = body as Record<string, unknown>;
    if (caller.stream === true) {
      return c.json(
        apiError(
          'streaming (stream: true) is not supported: send stream: false; token ids and logprobs are captured from the complete response',
          'invalid_request_error',
          'stream',
        ),
        400,
      );
    }
    // the caller's fields stay; the capture fields are switched on (a caller's own top_logprobs count is kept)
    const request: Record<string, unknown> = {
      ...caller,
      ...fields,
      ...(typeof caller.top_logprobs === 'number' ? { top_logprobs: caller.top_logprobs } : {}),
    };
    const done = forward(c, session, request);
    opts.inflight?.add(done);
    try {
      return await done;
    } finally {
      opts.inflight?.delete(done);
    }
  }

  async function forward(c: Context, session: string, request: Record<string, unknown>): Promise<Response> {
    const record = (captures: Capture[], status: number, response?: unknown, error?: string) => {
      const steps = opts.store.record(session, {
        captures,
        request,
        status,
        ...(response !== undefined ? { response } : {}),
        ...(error !== undefined ? { error } : {}),
      });
      for (const s of steps) {
        if (s.kind !== 'untokenised' || status < 200 || status >= 300 || reported.has(s.reason)) continue;
        reported.add(s.reason);
        notice(
          `coworkenv proxy: warning: session ${session} call ${s.call} has no tokens (${s.reason}); later calls with this problem are recorded without a notice`,
        );
      }
    };
    let res: Response;
    let text: string;
    try {
      res = await doFetch(`${upstream}/chat/completions`, {
        method: 'POST',
        headers: upstreamHeaders(c, true),
        body: JSON.stringify(request),
        signal: signalFor(),
      });
      text = await res.text();
    } catch (e) {
      const f = failure(e);
      record([untokenised(f.body.error.type.replace('_', ' '))], f.status, undefined, f.body.error.message);
      return c.json(f.body, f.status);
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    if (!res.ok) {
      const message = errorMessage(parsed) ?? clip(text);
      record([untokenised(`upstream HTTP ${res.status}`)], res.status, parsed, message);
    } else if (parsed === undefined) {
      record([untokenised('the upstream body is not JSON')], res.status, undefined, clip(text));
    } else {
      record(captureCompletion(parsed), res.status, parsed);
    }
    return new Response(text, {
      status: res.status,
      headers: { 'content-type': res.headers.get('content-type') ?? 'application/json' },
    });
  }

  app.get('/sessions/:id/v1/models', async (c) => {
    if (sessionId(c) === undefined) return badSession(c);
    try {
      const res = await doFetch(`${upstream}/models`, { headers: upstreamHeaders(c, false), signal: signalFor() });
      return new Response(await res.text(), {
        status: res.status,
        headers: { 'content-type': res.headers.get('content-type') ?? 'application/json' },
      });
    } catch (e) {
      const f = failure(e);
      return c.json(f.body, f.status);
    }
  });

  app.post('/sessions/:id/close', async (c) => {
    const session = sessionId(c);
    if (session === undefined) return badSession(c);
    try {
      const summary = await opts.store.close(session);
      notice(closeNotice(summary));
      return c.json(summary);
    } catch (e) {
      notice(`coworkenv proxy: session ${session}: ${(e as Error).message}; the rows are kept and retried at shutdown`);
      return c.json(apiError((e as Error).message, 'io_error'), 500);
    }
  });

  app.notFound((c) =>
    c.json(
      apiError(
        `no route ${c.req.method} ${c.req.path}; point the harness at the base URL /sessions/<episode_id>/v1 (POST …/chat/completions, GET …/models), close with POST /sessions/<episode_id>/close`,
        'not_found',
      ),
      404,
    ),
  );
  app.onError((e, c) => {
    notice(`coworkenv proxy: internal error on ${c.req.method} ${c.req.path}: ${e.message}`);
    return c.json(apiError(`internal error: ${e.message}`, 'internal_error'), 500);
  });
  return app;
}

const isRefusal = (a: Admission | Refusal): a is Refusal => 'status' in a;

/** One notice line for a closed session. */
export function closeNotice(s: CloseSummary): string {
  const reward =
    s.reward === undefined ? '' : `, reward ${s.reward === null ? `null (${s.reward_error ?? '?'})` : s.reward}`;
  return `coworkenv proxy: session ${s.session} closed: ${s.traces} trace(s), ${s.untokenised} untokenised call(s)${reward}; ${s.rows} row(s) appended to ${s.out}`;
}

function errorMessage(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const err = (body as { error?: unknown; message?: unknown }).error ?? body;
  if (typeof err === 'string') return clip(err);
  const message = typeof err === 'object' && err !== null ? (err as { message?: unknown }).message : undefined;
  return typeof message === 'string' ? clip(message) : undefined;
}

export interface ProxyOptions
  extends StoreOptions,
    Omit<ProxyAppOptions, 'store' | 'signal' | 'inflight' | 'fetch' | 'notice'> {
  /** [127.0.0.1] */
  host?: string;
  /** [8100]; 0: any free port */
  port?: number;
}

export interface RunningProxy {
  /** http://host:port */
  url: string;
  port: number;
  store: TraceStore;
  /** Stops listening, lets in-flight calls finish (a few seconds at most), writes every open session. */
  close(): Promise<CloseSummary[]>;
}

/** Starts the proxy on host:port. */
export async function startProxy(opts: ProxyOptions): Promise<RunningProxy> {
  const notice = opts.notice ?? ((line: string) => void process.stderr.write(`${line}\n`));
  const store = new TraceStore(opts);
  const shutdown = new AbortController();
  const inflight = new Set<Promise<unknown>>();
  const app = createProxyApp({ ...opts, store, notice, signal: shutdown.signal, inflight });
  const server = createAdaptorServer({ fetch: app.fetch }) as Server;
  const host = opts.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', (e: NodeJS.ErrnoException) =>
      reject(
        new CoworkError(
          'bad_input',
          `cannot listen on ${host}:${opts.port ?? DEFAULT_PROXY_PORT} (${e.code ?? e.message})`,
        ),
      ),
    );
    server.listen(opts.port ?? DEFAULT_PROXY_PORT, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  let closing: Promise<CloseSummary[]> | undefined;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    port,
    store,
    close: () =>
      (closing ??= (async () => {
        const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
        server.closeIdleConnections();
        const drained = await Promise.race([
          Promise.allSettled([...inflight]).then(() => true),
          new Promise<false>((r) => setTimeout(() => r(false), DRAIN_MS).unref()),
        ]);
        if (!drained) {
          shutdown.abort();
          await Promise.allSettled([...inflight]);
        }
        server.closeAllConnections();
        await stopped;
        return store.closeAll();
      })()),
  };
}
