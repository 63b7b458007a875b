import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import type { AddressInfo } from 'node:net';

// a local stand-in for OpenAI-compatible (/v1/chat/completions) and Anthropic (/v1/messages) endpoints.
// binds 127.0.0.1 on a free port and answers from a script; every LLM test uses it, none needs a network.

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

export interface FakeTokenizerOptions {
  /** decode id i as the character of id i − shift: a different tokenizer over the same id range [0] */
  shift?: number;
  /** ids at or above this are out of vocabulary (HTTP 400, as vLLM) [FAKE_VOCAB] */
  vocabSize?: number;
  /** the largest prompt_logprobs accepted (vLLM's --max-logprobs) [20] */
  maxLogprobs?: number;
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
      (completions && tok ? (r: FakeRequest) => fakePromptLogprobsReply(r.body, tok) : undefined) ??
      opts.fallback ?? { status: 500, message: 'no scripted reply' };
    while (typeof reply === 'function') reply = reply(req);
    n++;
    if ('hang' in reply) {
      await new Promise<void>((resolve) => hanging.add(resolve));
      return c.body(null, 503);
    }
    if ('raw' in reply) return c.body(reply.raw, 200, { 'content-type': 'application/json' });
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
  { status: number } | { raw: string } | { malformed: true } | { hang: true } | ((req: FakeRequest) => FakeReply)
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

// ---- a toy vLLM: tokenizer, chat template, prompt_logprobs ----
// one token per code point (id = code point + 16) plus three special tokens; a Qwen-like chat template.
// the teacher's next-token distribution at position p is geometric over a permutation of the vocabulary
// seeded by (previous token, p): exact log-probabilities and ranks without a softmax over the vocabulary.

const SPECIAL = ['<|im_start|>', '<|im_end|>', '<|endoftext|>'] as const;
const SPECIAL_RE = /<\|im_start\|>|<\|im_end\|>|<\|endoftext\|>/g;
const OFFSET = 16;
/** the toy vocabulary's size: a prime above every code point's id */
export const FAKE_VOCAB = 1_114_159;
const STEP = 7919;
const STEP_INV = 304_322; // STEP⁻¹ mod FAKE_VOCAB
const Q = 0.5;

/** Token ids of a text under the toy tokenizer (special tokens recognised). */
export function fakeEncode(text: string): number[] {
  const ids: number[] = [];
  let last = 0;
  for (const m of text.matchAll(SPECIAL_RE)) {
    for (const ch of text.slice(last, m.index)) ids.push((ch.codePointAt(0) as number) + OFFSET);
    ids.push(SPECIAL.indexOf(m[0] as (typeof SPECIAL)[number]) + 1);
    last = m.index + m[0].length;
  }
  for (const ch of text.slice(last)) ids.push((ch.codePointAt(0) as number) + OFFSET);
  return ids;
}

/** The text of one token id under the toy tokenizer shifted by `shift` (another tokenizer over the same ids). */
export function fakeDecode(id: number, shift = 0): string {
  if (id >= 1 && id <= SPECIAL.length) return SPECIAL[id - 1] as string;
  const cp = id - OFFSET - shift;
  return cp >= 0 && cp <= 0x10ffff && (cp < 0xd800 || cp > 0xdfff) ? String.fromCodePoint(cp) : '\uFFFD';
}

type Msg = { role?: unknown; content?: unknown; tool_calls?: { function?: { name?: unknown; arguments?: unknown } }[] };

const renderCalls = (calls: Msg['tool_calls']) =>
  (calls ?? []).map((c) => {
    const a = c.function?.arguments;
    const args = typeof a === 'string' ? (JSON.parse(a || '{}') as unknown) : (a ?? {});
    return `<tool_call>\n${JSON.stringify({ name: c.function?.name, arguments: args })}\n</tool_call>`;
  });

/** What an assistant turn generates: its content, then its tool calls (the end-of-turn token not included). */
export function fakeAssistantText(m: Msg): string {
  return [typeof m.content === 'string' ? m.content : '', ...renderCalls(m.tool_calls)].filter(Boolean).join('\n');
}

/** The toy chat template (Qwen-like; tool names listed in the system turn), with the generation prompt if asked. */
export function fakeChatTemplate(
  messages: readonly Msg[],
  tools: readonly { function?: { name?: unknown } }[] = [],
  addGenerationPrompt = true,
): string {
  let out = '';
  messages.forEach((m, i) => {
    let content = m.role === 'assistant' ? fakeAssistantText(m) : typeof m.content === 'string' ? m.content : '';
    if (i === 0 && m.role === 'system' && tools.length)
      content += `\n\n# Tools\n${tools.map((t) => String(t.function?.name)).join(', ')}`;
    out += `<|im_start|>${String(m.role)}\n${content}<|im_end|>\n`;
  });
  return addGenerationPrompt ? `${out}<|im_start|>assistant\n` : out;
}

/** The student's sampling log-probability of a token (deterministic, in (−0.5, 0)). */
export const fakeSampleLogprob = (id: number, position: number) => -(((id * 31 + position) % 97) + 1) / 200;

/** The teacher's distribution at position p: [id, logprob] of rank r (1-based), and the rank of an id. */
export function fakeTeacher(
  prev: number,
  position: number,
): { at(rank: number): [number, number]; rankOf(id: number): number } {
  const h = (prev * 1_000_003 + position * 7) % FAKE_VOCAB;
  const lp = (r: number) => Math.log(1 - Q) + (r - 1) * Math.log(Q);
  return {
    at: (r) => [(h + (r - 1) * STEP) % FAKE_VOCAB, lp(r)],
    rankOf: (id) => Number((BigInt(((id - h) % FAKE_VOCAB) + FAKE_VOCAB) * BigInt(STEP_INV)) % BigInt(FAKE_VOCAB)) + 1,
  };
}

// a chat completion with vLLM's token fields (return_token_ids + logprobs): the prompt is the template with the
// generation prompt, the sampled tokens the assistant turn plus <|im_end|>
function withTokens(res: Record<string, unknown>, body: Record<string, unknown>): Record<string, unknown> {
  const prompt = fakeEncode(
    fakeChatTemplate((body.messages ?? []) as Msg[], (body.tools ?? []) as { function?: { name?: unknown } }[]),
  );
  const choice = (res.choices as Record<string, unknown>[])[0] as Record<string, unknown>;
  if ('token_ids' in choice) return res; // scripted by the test
  const ids = [...fakeEncode(fakeAssistantText(choice.message as Msg)), 2];
  const content = ids.map((id, i) => ({
    token: fakeDecode(id),
    logprob: fakeSampleLogprob(id, prompt.length + i),
    bytes: [...Buffer.from(fakeDecode(id))],
    top_logprobs: [],
  }));
  return { ...res, prompt_token_ids: prompt, choices: [{ ...choice, token_ids: ids, logprobs: { content } }] };
}

/** vLLM's /v1/completions answer with prompt_logprobs: one choice per prompt (a token-id list, a list of them, or text). */
export function fakePromptLogprobsReply(body: Record<string, unknown>, tok: FakeTokenizerOptions): FakeReply {
  const k = Number(body.prompt_logprobs ?? 0);
  const max = tok.maxLogprobs ?? 20;
  if (k > max)
    return { status: 400, message: `Requested prompt logprobs of ${k}, which is greater than max allowed: ${max}` };
  const p = body.prompt;
  const prompts: number[][] =
    typeof p === 'string'
      ? [fakeEncode(p)]
      : Array.isArray(p) && Array.isArray(p[0])
        ? (p as number[][])
        : [p as number[]];
  const vocab = tok.vocabSize ?? FAKE_VOCAB;
  for (const ids of prompts) {
    const bad = ids.find((id) => !Number.isInteger(id) || id < 0 || id >= vocab);
    if (bad !== undefined) return { status: 400, message: `Token id ${bad} is out of vocabulary` };
  }
  const dec = (id: number) => fakeDecode(id, tok.shift ?? 0);
  const choices = prompts.map((ids, index) => {
    const positions = ids.map((id, i) => {
      if (i === 0) return 'null';
      const t = fakeTeacher(ids[i - 1] as number, i);
      // vLLM's order: the prompt token first (with its full-vocabulary rank), then the top-k it is not among
      const entries: [number, number, number][] = [[id, t.at(t.rankOf(id))[1], t.rankOf(id)]];
      for (let r = 1; r <= k; r++) if (t.at(r)[0] !== id) entries.push([t.at(r)[0], t.at(r)[1], r]);
      return `{${entries.map(([x, logprob, rank]) => `${JSON.stringify(String(x))}:${JSON.stringify({ logprob, rank, decoded_token: dec(x) })}`).join(',')}}`;
    });
    const head = JSON.stringify({
      index,
      text: '.',
      logprobs: null,
      finish_reason: 'length',
      stop_reason: null,
      ...(body.return_token_ids ? { prompt_token_ids: ids } : {}),
    });
    return `${head.slice(0, -1)},"prompt_logprobs":[${positions.join(',')}]}`;
  });
  const tokens = prompts.reduce((a, ids) => a + ids.length, 0);
  return {
    raw: `{"id":"cmpl-fake","object":"text_completion","created":1700000000,"model":${JSON.stringify(String(body.model ?? 'fake-model'))},"choices":[${choices.join(',')}],"usage":{"prompt_tokens":${tokens},"completion_tokens":${prompts.length},"total_tokens":${tokens + prompts.length}}}`,
  };
}
