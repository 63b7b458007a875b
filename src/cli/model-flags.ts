import type { Command } from 'commander';
import { DEFAULT_CACHE_DIR } from '../llm/cache.js';
import { intArg } from './options.js';

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
