import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import type { AddressInfo } from 'node:net';
import { type FakeTokenizerOptions, promptLogprobsBytes, withTokens } from './fake-tokenizer.js';

// a local stand-in for OpenAI-compatible (/v1/chat/completions) and Anthropic (/v1/messages) endpoints.
// binds 127.0.0.1 on a free port and answers from a script; every LLM test uses it, none needs a network.

// the toy vLLM's tokenizer, template and teacher, for tests that check token-level results
export * from './fake-tokenizer.js';

export interface FakeRequest {
  api: 'openai' | 'anthropic';
  body: Record<string, unknown>;
  headers: Record<string, string>;
  /** path and query of the request (e.g. `/v1/chat/completions?api_key=…`) */
  url: string;
}

export type FakeReply =
  | { text: string; usage?: { prompt_tokens: number; completion_tokens: number }; extra?: Record<string, unknown> }
  | { tool_calls: { name: string; arguments: unknown }[]; text?: string; extra?: Record<string, unknown> }
  | { status: number; retryAfter?: number; message?: string }
  /** this exact body, 200 application/json: payloads whose text matters, e.g. vLLM prompt_logprobs with their key order */
  | { raw: string }
  /** the same as bytes (UTF-8) */
  | { bytes: Uint8Array }
  | { malformed: true }
  | { hang: true }
  | ((req: FakeRequest) => FakeReply);

export interface FakeServer {
  /** http://127.0.0.1:<port> (the Anthropic base URL) */
  url: string;
  /** url + /v1 (the OpenAI base URL) */
  openaiBaseURL: string;
  requests: FakeRequest[];
  enqueue(...replies: FakeReply[]): void;
  /** pending scripted replies */
  pending(): number;
  close(): Promise<void>;
}

export interface FakeServerOptions {
  replies?: FakeReply[];
  /** answer when the script is empty [a 500 "no scripted reply"] */
  fallback?: FakeReply;
  /**
   * act as a vLLM server with the toy tokenizer below: chat completions asking `return_token_ids` get
   * `prompt_token_ids`, `token_ids` and `logprobs.content`, and `/v1/completions` answers `prompt_logprobs`
   * (top-k, deterministic) over a token-id or text prompt when nothing is scripted
   */
  tokenizer?: FakeTokenizerOptions;
  /** every answer is delayed this long (a model's fixed latency, for benchmarks) [0] */
  latencyMs?: number;
}

export async function startFakeServer(opts: FakeServerOptions = {}): Promise<FakeServer> {
  const queue: FakeReply[] = [...(opts.replies ?? [])];
  const requests: FakeRequest[] = [];
  const hanging = new Set<() => void>();
  let n = 0;
  const app = new Hono();
  const tok = opts.tokenizer;
  const handle = (api: FakeRequest['api']) => async (c: import('hono').Context) => {
    const body = (await c.req.json().catch(() => ({}))) as Record<string, unknown>;
    const u = new URL(c.req.url);
    const req: FakeRequest = {
      api,
      body,
      headers: Object.fromEntries(c.req.raw.headers.entries()),
      url: `${u.pathname}${u.search}`,
    };
    requests.push(req);
    if (opts.latencyMs) await new Promise((r) => setTimeout(r, opts.latencyMs));
    const completions = u.pathname === '/v1/completions';
    let reply = queue.shift() ??
      (completions && tok ? (r: FakeRequest) => promptLogprobsBytes(r.body, tok) : undefined) ??
      opts.fallback ?? { status: 500, message: 'no scripted reply' };
    while (typeof reply === 'function') reply = reply(req);
    n++;
    if ('hang' in reply) {
      await new Promise<void>((resolve) => hanging.add(resolve));
      return c.body(null, 503);
    }
    if ('raw' in reply) return c.body(reply.raw, 200, { 'content-type': 'application/json' });
    if ('bytes' in reply)
      return c.body(reply.bytes as Uint8Array<ArrayBuffer>, 200, { 'content-type': 'application/json' });
    if ('malformed' in reply)
      return c.body('{"id": "broken", "choices": [', 200, { 'content-type': 'application/json' });
    if ('status' in reply) {
      const headers: Record<string, string> =
        reply.retryAfter !== undefined ? { 'retry-after': String(reply.retryAfter) } : {};
      const error =
        api === 'openai'
          ? { error: { message: reply.message ?? `status ${reply.status}`, type: 'fake' } }
          : { type: 'error', error: { type: 'fake', message: reply.message ?? `status ${reply.status}` } };
      return c.json(error, reply.status as 500, headers);
    }
    const model = String(body.model ?? 'fake-model');
    if (api === 'openai' && tok && body.return_token_ids === true && !completions)
      return c.json(withTokens(openAiResponse(reply, model, n), body));
    return c.json(api === 'openai' ? openAiResponse(reply, model, n) : anthropicResponse(reply, model, n));
  };
  app.post('/v1/chat/completions', handle('openai'));
  app.post('/v1/completions', handle('openai'));
  app.post('/v1/messages', handle('anthropic'));
  // the model list (not scripted, not recorded in `requests`)
  app.get('/v1/models', (c) =>
    c.json({ object: 'list', data: [{ id: 'fake-model', object: 'model', created: 1_700_000_000, owned_by: 'fake' }] }),
  );

  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    openaiBaseURL: `${url}/v1`,
    requests,
    enqueue: (...r) => void queue.push(...r),
    pending: () => queue.length,
    close: () =>
      new Promise<void>((resolve) => {
        for (const release of hanging) release();
        (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}

type Content = Exclude<
  FakeReply,
  | { status: number }
  | { raw: string }
  | { bytes: Uint8Array }
  | { malformed: true }
  | { hang: true }
  | ((req: FakeRequest) => FakeReply)
>;

function openAiResponse(r: Content, model: string, n: number): Record<string, unknown> {
  const calls = 'tool_calls' in r ? r.tool_calls : [];
  const text = 'text' in r ? (r.text ?? null) : null;
  const usage = 'usage' in r && r.usage ? r.usage : { prompt_tokens: 10, completion_tokens: 5 };
  return {
    id: `chatcmpl-fake-${n}`,
    object: 'chat.completion',
    created: 1_700_000_000,
    model,
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content: text,
          ...(calls.length
            ? {
                tool_calls: calls.map((c, i) => ({
                  id: `call_${n}_${i + 1}`,
                  type: 'function',
                  function: {
                    name: c.name,
                    arguments: typeof c.arguments === 'string' ? c.arguments : JSON.stringify(c.arguments),
                  },
                })),
              }
            : {}),
        },
        finish_reason: calls.length ? 'tool_calls' : 'stop',
        ...(r.extra?.choice as object | undefined),
      },
    ],
    usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens },
    ...(r.extra?.response as object | undefined),
  };
}

function anthropicResponse(r: Content, model: string, n: number): Record<string, unknown> {
  const calls = 'tool_calls' in r ? r.tool_calls : [];
  const text = 'text' in r ? r.text : undefined;
  const usage = 'usage' in r && r.usage ? r.usage : { prompt_tokens: 10, completion_tokens: 5 };
  return {
    id: `msg_fake_${n}`,
    type: 'message',
    role: 'assistant',
    model,
    content: [
      ...(text ? [{ type: 'text', text }] : []),
      ...calls.map((c, i) => ({ type: 'tool_use', id: `toolu_${n}_${i + 1}`, name: c.name, input: c.arguments })),
    ],
    stop_reason: calls.length ? 'tool_use' : 'end_turn',
    stop_sequence: null,
    usage: { input_tokens: usage.prompt_tokens, output_tokens: usage.completion_tokens },
  };
}

/** One vLLM prompt position: [token_id, {logprob, rank, decoded_token}] pairs, the prompt token first (null: position 0). */
export type FakePromptPosition = null | [number, { logprob: number; rank: number; decoded_token: string }][];

/**
 * A vLLM chat completion answering `prompt_logprobs` (use as `{ raw: vllmPromptLogprobsBody(…) }`): the
 * top-level `prompt_logprobs` list with each dict's keys in the given order (vLLM's: the prompt token, then the
 * top-k), which an object passed through JSON.stringify would sort; `prompt_token_ids` too with `withTokenIds`.
 */
export function vllmPromptLogprobsBody(
  positions: readonly FakePromptPosition[],
  opts: { withTokenIds?: boolean; model?: string } = {},
): string {
  const dicts = positions.map((p) =>
    p === null ? 'null' : `{${p.map(([id, v]) => `${JSON.stringify(String(id))}:${JSON.stringify(v)}`).join(',')}}`,
  );
  const ids = positions.map((p, i) => (p === null ? (i === 0 ? 1 : 0) : (p[0]?.[0] ?? 0)));
  const head = JSON.stringify({
    id: 'chatcmpl-fake-vllm',
    object: 'chat.completion',
    created: 1_700_000_000,
    model: opts.model ?? 'fake-model',
    choices: [{ index: 0, message: { role: 'assistant', content: '.' }, logprobs: null, finish_reason: 'length' }],
    usage: { prompt_tokens: positions.length, completion_tokens: 1, total_tokens: positions.length + 1 },
    ...(opts.withTokenIds ? { prompt_token_ids: ids } : {}),
  });
  return `${head.slice(0, -1)},"prompt_logprobs":[${dicts.join(',')}]}`;
}
