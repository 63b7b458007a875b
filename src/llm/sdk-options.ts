/** What both SDK clients are built from: the endpoint, its credentials, and our own retries and timeout. */
export interface SdkEndpoint {
  baseURL?: string;
  apiKey: string;
  timeoutMs: number;
  /** sent with every request: query parameters and headers taken out of a base URL (redact.ts) */
  defaultQuery?: Record<string, string>;
  defaultHeaders?: Record<string, string>;
}

/** The client options the OpenAI and Anthropic SDKs share; retries are ours (retry.ts), never the SDK's. */
export function sdkClientOptions(e: SdkEndpoint) {
  return {
    apiKey: e.apiKey,
    ...(e.baseURL ? { baseURL: e.baseURL } : {}),
    ...(e.defaultQuery ? { defaultQuery: e.defaultQuery } : {}),
    ...(e.defaultHeaders ? { defaultHeaders: e.defaultHeaders } : {}),
    maxRetries: 0,
    timeout: e.timeoutMs,
  };
}
