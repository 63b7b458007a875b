import { LlmError } from './errors.js';

export interface RetryOptions {
  /** retries after the first attempt [4] */
  retries?: number;
  baseMs?: number;
  maxMs?: number;
  /** injectable for tests */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  random?: () => number;
  /** called before each retry */
  onRetry?: (e: LlmError, attempt: number, delayMs: number) => void;
}

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new LlmError('aborted', 'the call was aborted'));
    const t = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(t);
      reject(new LlmError('aborted', 'the call was aborted'));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** Exponential backoff with jitter; a Retry-After from the server wins (capped at maxMs). */
export function backoffMs(
  attempt: number,
  e: LlmError,
  o: Required<Pick<RetryOptions, 'baseMs' | 'maxMs' | 'random'>>,
): number {
  if (e.retryAfterMs !== undefined) return Math.min(e.retryAfterMs, o.maxMs);
  const exp = Math.min(o.maxMs, o.baseMs * 2 ** attempt);
  return Math.round(exp * (0.5 + o.random() / 2));
}

/** Runs `fn`, retrying retryable LlmErrors (429, 5xx, timeouts, network, malformed payloads). */
export async function withRetries<T>(
  fn: (attempt: number) => Promise<T>,
  opts: RetryOptions = {},
  signal?: AbortSignal,
): Promise<T> {
  const retries = opts.retries ?? 4;
  const o = { baseMs: opts.baseMs ?? 500, maxMs: opts.maxMs ?? 16_000, random: opts.random ?? Math.random };
  const wait = opts.sleep ?? sleep;
  for (let attempt = 0; ; attempt++) {
    try {
      return await fn(attempt);
    } catch (e) {
      const err = e instanceof LlmError ? e : new LlmError('network', e instanceof Error ? e.message : String(e));
      if (!err.retryable || attempt >= retries || signal?.aborted) throw err;
      const delay = backoffMs(attempt, err, o);
      opts.onRetry?.(err, attempt + 1, delay);
      await wait(delay, signal);
    }
  }
}
