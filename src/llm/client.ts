import { CoworkError } from '../schema/errors.js';
import { anthropicModel } from './anthropic.js';
import { ChatCache } from './cache.js';
import { CallLimiter } from './limits.js';
import { openAiModel } from './openai-compatible.js';
import { redactModelString, redactSecrets, type SplitUrl, splitCredentials } from './redact.js';
import { type RetryOptions, withRetries } from './retry.js';
import type { ChatModel } from './types.js';

export interface ModelRef {
  provider: 'openai' | 'anthropic' | 'openai-compatible';
  model: string;
  baseURL?: string;
}

export const MODEL_STRING_HELP =
  'openai:<model>, anthropic:<model> or openai-compatible:<base-url>#<model> (e.g. openai-compatible:http://127.0.0.1:8000/v1#qwen3-8b)';

/**
 * Parses `openai:gpt-5.1`, `anthropic:claude-sonnet-4-6`, `openai-compatible:http://host:8000/v1#qwen3-8b`.
 * Errors quote the string redacted (see redact.ts): a key in the URL never reaches a message.
 */
export function parseModelString(text: string): ModelRef {
  const s = redactModelString(text);
  const i = text.indexOf(':');
  const provider = i > 0 ? text.slice(0, i) : '';
  const rest = i > 0 ? text.slice(i + 1) : '';
  if (provider === 'openai' || provider === 'anthropic') {
    if (!rest) throw new CoworkError('bad_input', `"${s}": missing the model name; expected ${MODEL_STRING_HELP}`);
    return { provider, model: rest };
  }
  if (provider === 'openai-compatible') {
    const hash = rest.lastIndexOf('#');
    const baseURL = hash > 0 ? rest.slice(0, hash) : '';
    const model = hash > 0 ? rest.slice(hash + 1) : '';
    if (!/^https?:\/\//.test(baseURL) || !model)
      throw new CoworkError('bad_input', `"${s}": expected openai-compatible:<base-url>#<model>`);
    return { provider, model, baseURL };
  }
  throw new CoworkError('bad_input', `"${s}" is not a model string; expected ${MODEL_STRING_HELP}`);
}

export interface ModelOptions {
  /** per-call timeout [120 s] */
  timeoutMs?: number;
  retry?: RetryOptions;
  /** shared across models to cap total concurrency / requests per minute */
  limiter?: CallLimiter;
  cache?: ChatCache;
  /** where keys and base URLs come from [process.env] */
  env?: Readonly<Record<string, string | undefined>>;
}

/**
 * A ChatModel from a model string, with retries (backoff + jitter, Retry-After), a per-call timeout, a
 * concurrency/RPM limiter and the disk cache. Keys come only from the environment.
 */
export function createChatModel(model: string, opts: ModelOptions = {}): ChatModel {
  const ref = parseModelString(model);
  // what is recorded and shown: the id, cache keys, messages; credentials go only into requests
  const s = redactModelString(model);
  const env = opts.env ?? process.env;
  const timeoutMs = opts.timeoutMs ?? 120_000;
  const cache = opts.cache ?? new ChatCache(undefined, 'off');
  // a replay answers from the cache only and never reaches the provider: an offline rerun needs no key
  const key = (name: string, why: string): string => {
    const v = env[name];
    if (v) return v;
    if (cache.mode === 'replay') return 'unused-in-replay';
    throw new CoworkError('config', `${name} is not set; export it to use ${s}${why}`);
  };
  let inner: ChatModel;
  let endpoint: string;
  if (ref.provider === 'anthropic') {
    const apiKey = key('ANTHROPIC_API_KEY', '');
    const baseURL = env.ANTHROPIC_BASE_URL;
    inner = anthropicModel(ref.model, { apiKey, timeoutMs, ...(baseURL ? sdkUrl(splitCredentials(baseURL)) : {}) });
    endpoint = baseURL ? `anthropic@${redactSecrets(baseURL)}` : 'anthropic';
  } else if (ref.provider === 'openai') {
    const apiKey = key('OPENAI_API_KEY', ' (or use openai-compatible:<base-url>#<model> for a local server)');
    const baseURL = env.OPENAI_BASE_URL;
    inner = openAiModel(ref.model, {
      provider: 'openai',
      apiKey,
      timeoutMs,
      ...(baseURL ? sdkUrl(splitCredentials(baseURL)) : {}),
    });
    endpoint = baseURL ? `openai@${redactSecrets(baseURL)}` : 'openai';
  } else {
    // never send the OpenAI key to another server: compatible endpoints get their own variable
    inner = openAiModel(ref.model, {
      provider: 'openai-compatible',
      apiKey: env.OPENAI_COMPATIBLE_API_KEY || 'EMPTY',
      timeoutMs,
      ...sdkUrl(splitCredentials(ref.baseURL as string)),
    });
    endpoint = `openai-compatible@${redactSecrets(ref.baseURL as string)}`;
  }
  const limiter = opts.limiter ?? new CallLimiter();
  return {
    id: s,
    provider: inner.provider,
    model: inner.model,
    chat(messages, tools, params = {}, signal) {
      const call = () =>
        withRetries(() => limiter.run(() => inner.chat(messages, tools, params, signal), signal), opts.retry, signal);
      return cache.wrap({ provider: endpoint, model: ref.model, params, messages, ...(tools ? { tools } : {}) }, call);
    },
  };
}

// the SDK options of a split base URL
function sdkUrl(u: SplitUrl): {
  baseURL: string;
  defaultQuery?: Record<string, string>;
  defaultHeaders?: Record<string, string>;
} {
  return {
    baseURL: u.baseURL,
    ...(u.query ? { defaultQuery: u.query } : {}),
    ...(u.headers ? { defaultHeaders: u.headers } : {}),
  };
}
