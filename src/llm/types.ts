import type { JsonSchema } from '../services/catalog.js';

export type ChatRole = 'system' | 'user' | 'assistant' | 'tool';

export interface ChatToolCall {
  id: string;
  name: string;
  /** parsed arguments; a string when the model sent malformed JSON */
  arguments: unknown;
}

/** Provider-neutral message. */
export interface ChatMessage {
  role: ChatRole;
  content: string | null;
  tool_calls?: ChatToolCall[];
  /** for role tool */
  tool_call_id?: string;
  name?: string;
  /** pictures a tool result shows (role tool): base64 bytes */
  images?: ChatImage[];
}

/** A picture in a message, as base64. */
export interface ChatImage {
  mime: string;
  data: string;
}

export interface ChatTool {
  name: string;
  description: string;
  parameters: JsonSchema;
}

export interface ChatParams {
  temperature?: number;
  max_tokens?: number;
  top_p?: number;
  seed?: number;
  stop?: string[];
  /** ask for a JSON object response where the provider supports it */
  json?: boolean;
  /** request token logprobs (OpenAI-compatible) */
  logprobs?: boolean;
  top_logprobs?: number;
  /** provider-specific body fields passed through, e.g. vLLM return_token_ids */
  extra?: Record<string, unknown>;
}

export interface ChatUsage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
}

export interface ChatResult {
  text: string | null;
  tool_calls: ChatToolCall[];
  /** names of tool calls whose arguments were not valid JSON */
  malformed_calls?: string[];
  usage: ChatUsage;
  finish_reason: string;
  /** the provider's response payload (token ids, logprobs … live here) */
  raw: unknown;
  latency_ms: number;
  cached?: boolean;
}

/** A chat model behind any provider. */
export interface ChatModel {
  /** provider:model as given */
  readonly id: string;
  readonly provider: string;
  readonly model: string;
  chat(
    messages: readonly ChatMessage[],
    tools?: readonly ChatTool[],
    params?: ChatParams,
    signal?: AbortSignal,
  ): Promise<ChatResult>;
}
