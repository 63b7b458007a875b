import type { Command } from 'commander';
import { ChatCache, DEFAULT_CACHE_DIR } from '../llm/cache.js';
import { createChatModel } from '../llm/client.js';
import { CallLimiter } from '../llm/limits.js';
import type { ChatModel } from '../llm/types.js';
import { intArg } from './options.js';

export interface ModelFlags {
  cache?: boolean;
  replay?: boolean;
  cacheDir?: string;
  rpm?: number;
  llmConcurrency?: number;
  llmTimeout?: number;
  llmRetries?: number;
}

/** Adds the LLM flags shared by every command that can call a model. */
export function withModelFlags(cmd: Command): Command {
  return cmd
    .option('--no-cache', 'do not read or write the LLM response cache')
    .option('--replay', 'answer only from the LLM cache; a miss is an error (reproducible offline reruns)')
    .option('--cache-dir <dir>', 'LLM cache directory', DEFAULT_CACHE_DIR)
    .option('--rpm <n>', 'at most this many LLM requests per minute', intArg(1, 1_000_000))
    .option('--llm-concurrency <n>', 'at most this many LLM requests at once', intArg(1, 1024), 8)
    .option('--llm-timeout <s>', 'per-request timeout in seconds', intArg(1, 3600), 120)
    .option('--llm-retries <n>', 'retries of a failed LLM request (429, 5xx, timeouts) with backoff', intArg(0, 20), 4);
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
