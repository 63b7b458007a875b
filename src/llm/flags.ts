import { ChatCache, DEFAULT_CACHE_DIR } from './cache.js';
import { createChatModel } from './client.js';
import { CallLimiter } from './limits.js';
import type { ChatModel } from './types.js';

/** The LLM settings every model-calling command shares (cache, limits, timeout, retries). */
export interface ModelFlags {
  cache?: boolean;
  replay?: boolean;
  cacheDir?: string;
  rpm?: number;
  llmConcurrency?: number;
  llmTimeout?: number;
  llmRetries?: number;
}

/** A ChatModel from a model string and the shared flags (keys come from the environment only). */
export function modelFromFlags(model: string, f: ModelFlags, limiter?: CallLimiter): ChatModel {
  const mode = f.replay ? 'replay' : f.cache === false ? 'off' : 'readwrite';
  return createChatModel(model, {
    cache: new ChatCache(f.cacheDir ?? DEFAULT_CACHE_DIR, mode),
    limiter: limiter ?? new CallLimiter({ concurrency: f.llmConcurrency ?? 8, ...(f.rpm ? { rpm: f.rpm } : {}) }),
    timeoutMs: (f.llmTimeout ?? 120) * 1000,
    retry: { retries: f.llmRetries ?? 4 },
  });
}
