import { redactSecrets } from './redact.js';

export type LlmErrorKind =
  | 'rate_limited'
  | 'server'
  | 'timeout'
  | 'network'
  | 'bad_request'
  | 'auth'
  | 'malformed'
  | 'cache_miss'
  | 'aborted';

const RETRYABLE: ReadonlySet<LlmErrorKind> = new Set(['rate_limited', 'server', 'timeout', 'network', 'malformed']);

/**
 * A model call that failed; `retryable` kinds are retried with backoff. Never carries request headers or keys:
 * the message is redacted (an SDK or server message can quote the request URL with its query parameters).
 */
export class LlmError extends Error {
  readonly kind: LlmErrorKind;
  readonly status?: number;
  readonly retryAfterMs?: number;
  constructor(kind: LlmErrorKind, message: string, opts: { status?: number; retryAfterMs?: number } = {}) {
    super(redactSecrets(message));
    this.name = 'LlmError';
    this.kind = kind;
    if (opts.status !== undefined) this.status = opts.status;
    if (opts.retryAfterMs !== undefined) this.retryAfterMs = opts.retryAfterMs;
  }
  get retryable(): boolean {
    return RETRYABLE.has(this.kind);
  }
}

/** Retry-After: seconds or an HTTP date. */
export function parseRetryAfter(value: string | null | undefined, nowMs = Date.now()): number | undefined {
  if (!value) return undefined;
  const secs = Number(value);
  if (Number.isFinite(secs) && secs >= 0) return secs * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - nowMs);
}

/** Maps an HTTP status to an error kind. */
export function kindOfStatus(status: number | undefined): LlmErrorKind {
  if (status === undefined) return 'network';
  if (status === 429) return 'rate_limited';
  if (status === 408) return 'timeout';
  if (status === 401 || status === 403) return 'auth';
  if (status >= 500) return 'server';
  return 'bad_request';
}

type ErrorClass = abstract new (...args: never[]) => Error;

/** The error classes an official SDK throws (OpenAI and Anthropic share the shape). */
export interface SdkErrors {
  APIConnectionTimeoutError: ErrorClass;
  APIUserAbortError: ErrorClass;
  APIConnectionError: ErrorClass;
  APIError: ErrorClass;
}

/** Maps an SDK exception to an LlmError (status, Retry-After, retryability). */
export function fromSdkError(e: unknown, sdk: SdkErrors): LlmError {
  if (e instanceof LlmError) return e;
  if (e instanceof sdk.APIConnectionTimeoutError) return new LlmError('timeout', 'the model endpoint timed out');
  if (e instanceof sdk.APIUserAbortError) return new LlmError('aborted', 'the call was aborted');
  if (e instanceof sdk.APIConnectionError)
    return new LlmError('network', `cannot reach the model endpoint: ${e.message}`);
  if (e instanceof sdk.APIError) {
    const { status, headers } = e as Error & { status?: number; headers?: { get?(name: string): string | null } };
    const retryAfterMs = parseRetryAfter(headers?.get?.('retry-after'));
    return new LlmError(kindOfStatus(status), `HTTP ${status ?? '?'}: ${e.message}`, {
      ...(status !== undefined ? { status } : {}),
      ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
    });
  }
  if (e instanceof SyntaxError) return new LlmError('malformed', `the endpoint sent invalid JSON: ${e.message}`);
  return new LlmError('network', e instanceof Error ? e.message : String(e));
}
