import type { ModelFlags } from '../llm/flags.js';
import { ChatCache, DEFAULT_CACHE_DIR } from '../llm/cache.js';
import { parseModelString } from '../llm/client.js';
import { kindOfStatus, LlmError, parseRetryAfter } from '../llm/errors.js';
import { redactSecrets, splitCredentials } from '../llm/redact.js';
import { CallLimiter } from '../llm/limits.js';
import { openAiBody } from '../llm/openai-compatible.js';
import { type RetryOptions, withRetries } from '../llm/retry.js';
import type { ChatMessage, ChatParams, ChatResult, ChatTool } from '../llm/types.js';
import { CoworkError } from '../schema/errors.js';
import type { Scorer, TokenScores } from './select.js';
import {
  assistantMask,
  type ChatMarkers,
  MARKER_PRESETS,
  parsePromptLogprobs,
  QWEN_MARKERS,
  RANK_CLIP,
  scoreTokens,
} from './token-scores.js';
import type { SftExample, SftMessage, SftTool } from './types.js';

export interface EndpointScorerOptions {
  /** vLLM `prompt_logprobs`: alternatives returned per prompt position besides the prompt token [0: the prompt token alone, which carries its full-vocabulary rank] */
  promptLogprobs?: number;
  /** the student's chat-template markers, or a preset name (qwen, llama3) [qwen] */
  markers?: ChatMarkers | keyof typeof MARKER_PRESETS;
  /** r_max [100] */
  rankClip?: number;
  /** more request-body fields, e.g. {chat_template_kwargs: {enable_thinking: false}} */
  extraBody?: Record<string, unknown>;
  /** where OPENAI_COMPATIBLE_API_KEY comes from [process.env] */
  env?: Readonly<Record<string, string | undefined>>;
  /** override the ones built from the flags */
  cache?: ChatCache;
  limiter?: CallLimiter;
  retry?: RetryOptions;
}

const HELP =
  'openai-compatible:<base-url>#<model> of a vLLM server (e.g. openai-compatible:http://127.0.0.1:8000/v1#Qwen/Qwen3-8B)';

/**
 * Cowork-Gym §3.4 scores under the student through a vLLM OpenAI-compatible endpoint: each example's messages
 * and tools go to /chat/completions with `max_tokens: 1` and `prompt_logprobs` (a vLLM extension), and the
 * top-level `prompt_logprobs` of the answer gives the logprob and rank of every prompt token; the assistant
 * tokens are found by the chat-template markers on the decoded tokens (see token-scores.ts). Calls share the
 * retry, timeout, limiter and disk-cache flags of every model call (the cache stores the scores, keyed by the
 * request and the scoring settings).
 */
export async function endpointScorer(
  model: string,
  flags: ModelFlags,
  opts: EndpointScorerOptions = {},
): Promise<Scorer> {
  if (!model.startsWith('openai-compatible:')) {
    throw new CoworkError(
      'bad_input',
      `--scorer "${model}": scoring needs prompt log-probabilities, which only a vLLM (OpenAI-compatible) server returns; use ${HELP}, or a scores .jsonl file`,
    );
  }
  const ref = parseModelString(model);
  const markers = typeof opts.markers === 'string' ? MARKER_PRESETS[opts.markers] : (opts.markers ?? QWEN_MARKERS);
  if (!markers)
    throw new CoworkError(
      'bad_input',
      `unknown chat-template markers "${String(opts.markers)}"; presets: ${Object.keys(MARKER_PRESETS).join(', ')}`,
    );
  const k = opts.promptLogprobs ?? 0;
  if (!Number.isInteger(k) || k < 0)
    throw new CoworkError('bad_input', `prompt_logprobs must be an integer ≥ 0, not ${k}`);
  const rankClip = opts.rankClip ?? RANK_CLIP;
  const env = opts.env ?? process.env;
  const apiKey = env.OPENAI_COMPATIBLE_API_KEY || 'EMPTY';
  const timeoutMs = (flags.llmTimeout ?? 120) * 1000;
  const cache =
    opts.cache ??
    new ChatCache(
      flags.cacheDir ?? DEFAULT_CACHE_DIR,
      flags.replay ? 'replay' : flags.cache === false ? 'off' : 'readwrite',
    );
  const limiter =
    opts.limiter ??
    new CallLimiter({ concurrency: flags.llmConcurrency ?? 8, ...(flags.rpm ? { rpm: flags.rpm } : {}) });
  const retry: RetryOptions = opts.retry ?? { retries: flags.llmRetries ?? 4 };
  // temperature/top_p 1: no sampling transform may touch the scored distribution; no generation prompt after the last turn
  const params: ChatParams = {
    max_tokens: 1,
    temperature: 1,
    top_p: 1,
    extra: { prompt_logprobs: k, add_generation_prompt: false, return_token_ids: true, ...opts.extraBody },
  };
  const keyParams: ChatParams = {
    ...params,
    extra: { ...params.extra, coworkenv_scorer: { markers, rank_clip: rankClip, v: 1 } },
  };

  const post = (body: Record<string, unknown>) =>
    postJson(ref.baseURL as string, '/chat/completions', body, { apiKey, timeoutMs, what: 'the scoring endpoint' });

  return {
    async score(ex: SftExample): Promise<TokenScores> {
      const where = `${model} scoring ${ex.meta.task_id} trial ${ex.meta.trial}`;
      const messages = chatMessages(ex.messages);
      const tools = chatTools(ex.tools);
      const call = async (): Promise<ChatResult> => {
        const t0 = Date.now();
        const text = await withRetries(
          () => limiter.run(() => post(openAiBody(ref.model, messages, tools, params))),
          retry,
        );
        const { entries } = parsePromptLogprobs(text, where);
        // position 0 has no logprob, so no decoded token either: it is the template's first `<|im_start|>`, never assistant text
        const scores = scoreTokens(
          entries,
          assistantMask(
            entries.map((e) => e?.decoded_token ?? ''),
            markers,
          ),
          rankClip,
        );
        if (scores.tokens === 0) {
          const head = entries
            .slice(0, 12)
            .map((e) => JSON.stringify(e?.decoded_token ?? null))
            .join(' ');
          throw new CoworkError(
            'bad_input',
            `${where}: no assistant tokens between the markers ${JSON.stringify(markers.start)} … ${JSON.stringify(markers.end)} in the ${entries.length} prompt tokens (first: ${head}); give the markers of the student's chat template`,
          );
        }
        return {
          text: JSON.stringify(scores),
          tool_calls: [],
          usage: { prompt_tokens: entries.length, completion_tokens: 0, total_tokens: entries.length },
          finish_reason: 'scored',
          raw: null,
          latency_ms: Date.now() - t0,
        };
      };
      try {
        const res = await cache.wrap(
          {
            provider: `openai-compatible@${redactSecrets(ref.baseURL as string)}`,
            model: ref.model,
            params: keyParams,
            messages,
            tools,
          },
          call,
        );
        return JSON.parse(res.text as string) as TokenScores;
      } catch (e) {
        if (e instanceof CoworkError) throw e;
        if (e instanceof LlmError) {
          const hint =
            e.kind === 'bad_request'
              ? ' (the request may exceed the server’s max_model_len, or the server is not vLLM)'
              : '';
          const code = e.kind === 'bad_request' || e.kind === 'malformed' ? 'bad_input' : 'config';
          throw new CoworkError(code, `${where}: ${e.message}${hint}`, { kind: e.kind, status: e.status });
        }
        throw e;
      }
    },
  };
}

/**
 * POSTs a JSON body to an OpenAI-compatible endpoint and returns the answer's text (checked to be JSON). HTTP
 * errors, timeouts and unreachable servers become LlmErrors that `withRetries` understands (Retry-After kept).
 */
export async function postJson(
  baseURL: string,
  path: string,
  body: Record<string, unknown>,
  o: { apiKey: string; timeoutMs: number; what: string },
): Promise<string> {
  return (await postJsonValue(baseURL, path, body, o)).text;
}

/** `postJson`, also returning the parsed answer (the check's parse: a large answer need not be parsed twice). */
export async function postJsonValue(
  baseURL: string,
  path: string,
  body: Record<string, unknown>,
  o: { apiKey: string; timeoutMs: number; what: string },
): Promise<{ text: string; value: unknown }> {
  // credentials in the base URL are sent as the SDK clients send them (redact.ts): fetch refuses a URL with userinfo
  const split = splitCredentials(baseURL);
  const query = split.query ? `?${new URLSearchParams(split.query)}` : '';
  const url = `${split.baseURL.replace(/\/+$/, '')}${path}${query}`;
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: split.headers?.Authorization ?? `Bearer ${o.apiKey}`,
      },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(o.timeoutMs),
    });
  } catch (e) {
    const name = (e as Error)?.name;
    if (name === 'TimeoutError' || name === 'AbortError')
      throw new LlmError('timeout', `${o.what} did not answer within ${o.timeoutMs / 1000} s`);
    throw new LlmError('network', `cannot reach ${redactSecrets(url)}: ${(e as Error)?.message ?? String(e)}`);
  }
  const text = await res.text().catch(() => '');
  if (!res.ok) {
    const retryAfterMs = parseRetryAfter(res.headers.get('retry-after'));
    throw new LlmError(kindOfStatus(res.status), `HTTP ${res.status}: ${errorMessage(text)}`, {
      status: res.status,
      ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
    });
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new LlmError('malformed', `${o.what} answered with malformed JSON`);
  }
  return { text, value };
}

function errorMessage(text: string): string {
  try {
    const v = JSON.parse(text) as { error?: { message?: unknown } | string; message?: unknown; detail?: unknown };
    const m = typeof v.error === 'string' ? v.error : (v.error?.message ?? v.message ?? v.detail);
    if (typeof m === 'string' && m) return m;
  } catch {
    // not JSON: the start of the body
  }
  return text.slice(0, 300) || 'no body';
}

/**
 * TRL messages → OpenAI chat messages. TRL tool messages carry the tool's name, not a call id: each call gets
 * `call_<n>` and a tool message answers the oldest open call of its name (else the oldest open call).
 */
export function chatMessages(messages: readonly SftMessage[]): ChatMessage[] {
  const open: { id: string; name: string }[] = [];
  let n = 0;
  return messages.map((m): ChatMessage => {
    if (m.role === 'assistant' && m.tool_calls?.length) {
      const calls = m.tool_calls.map((c) => ({
        id: `call_${++n}`,
        name: c.function.name,
        arguments: c.function.arguments,
      }));
      open.push(...calls.map((c) => ({ id: c.id, name: c.name })));
      return { role: 'assistant', content: m.content ?? null, tool_calls: calls };
    }
    if (m.role === 'tool') {
      const i = Math.max(
        0,
        open.findIndex((c) => c.name === m.name),
      );
      const id = open.splice(i, 1)[0]?.id ?? `call_${++n}`;
      return { role: 'tool', content: m.content ?? '', tool_call_id: id, ...(m.name ? { name: m.name } : {}) };
    }
    return { role: m.role, content: m.content ?? '' };
  });
}

function chatTools(tools: readonly SftTool[]): ChatTool[] {
  return tools.map((t) => ({
    name: t.function.name,
    description: t.function.description,
    parameters: t.function.parameters as ChatTool['parameters'],
  }));
}
