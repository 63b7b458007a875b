import type OpenAI from 'openai';
import { fromSdkError, LlmError } from './errors.js';
import type { ChatMessage, ChatModel, ChatParams, ChatResult, ChatTool, ChatToolCall } from './types.js';
import { type SdkEndpoint, sdkClientOptions } from './sdk-options.js';

export interface OpenAiOptions extends SdkEndpoint {
  /** provider name recorded in results: openai | openai-compatible */
  provider: string;
}

type Body = Record<string, unknown>;

/** Chat over the official OpenAI SDK: OpenAI, vLLM, SGLang, Ollama, OpenRouter — any compatible base URL. */
export function openAiModel(model: string, opts: OpenAiOptions): ChatModel {
  // the SDK (150 modules) loads on the first call: commands that never call a model start without it
  let sdk: typeof OpenAI | undefined;
  let client: OpenAI | undefined;
  return {
    id: `${opts.provider}:${model}`,
    provider: opts.provider,
    model,
    async chat(messages, tools, params = {}, signal) {
      const body = openAiBody(model, messages, tools, params);
      const t0 = Date.now();
      sdk ??= (await import('openai')).default;
      client ??= new sdk(sdkClientOptions(opts));
      let res: Body;
      try {
        res = (await client.chat.completions.create(body as never, signal ? { signal } : {})) as unknown as Body;
      } catch (e) {
        throw fromSdkError(e, sdk);
      }
      return fromOpenAi(res, Date.now() - t0);
    },
  };
}

type Part = { type: 'text'; text: string } | { type: 'image_url'; image_url: { url: string } };

// tool messages are text-only in chat.completions: the pictures of a turn's results follow its tool messages as
// one user message (text parts name the call each picture came from)
function withToolImages(messages: readonly ChatMessage[]): (ChatMessage & { parts?: Part[] })[] {
  const out: (ChatMessage & { parts?: Part[] })[] = [];
  let parts: Part[] = [];
  const flush = () => {
    if (parts.length) out.push({ role: 'user', content: null, parts });
    parts = [];
  };
  for (const m of messages) {
    if (m.role !== 'tool') flush();
    out.push(m);
    if (m.role === 'tool' && m.images?.length) {
      parts.push({ type: 'text', text: `Pictures returned by tool call ${m.tool_call_id}:` });
      for (const i of m.images)
        parts.push({ type: 'image_url', image_url: { url: `data:${i.mime};base64,${i.data}` } });
    }
  }
  flush();
  return out;
}

/** Our messages → an OpenAI chat.completions request body. */
export function openAiBody(
  model: string,
  messages: readonly ChatMessage[],
  tools: readonly ChatTool[] | undefined,
  p: ChatParams,
): Body {
  const body: Body = {
    model,
    messages: withToolImages(messages).map((m) => {
      if (m.role === 'tool') return { role: 'tool', tool_call_id: m.tool_call_id, content: m.content ?? '' };
      if (m.parts) return { role: 'user', content: m.parts };
      if (m.role === 'assistant' && m.tool_calls?.length) {
        return {
          role: 'assistant',
          content: m.content,
          tool_calls: m.tool_calls.map((c) => ({
            id: c.id,
            type: 'function',
            function: {
              name: c.name,
              arguments: typeof c.arguments === 'string' ? c.arguments : JSON.stringify(c.arguments ?? {}),
            },
          })),
        };
      }
      return { role: m.role, content: m.content ?? '' };
    }),
  };
  if (tools?.length)
    body.tools = tools.map((t) => ({
      type: 'function',
      function: { name: t.name, description: t.description, parameters: t.parameters },
    }));
  if (p.temperature !== undefined) body.temperature = p.temperature;
  if (p.max_tokens !== undefined) body.max_tokens = p.max_tokens;
  if (p.top_p !== undefined) body.top_p = p.top_p;
  if (p.seed !== undefined) body.seed = p.seed;
  if (p.stop) body.stop = p.stop;
  if (p.json) body.response_format = { type: 'json_object' };
  if (p.logprobs) body.logprobs = true;
  if (p.top_logprobs !== undefined) body.top_logprobs = p.top_logprobs;
  return { ...body, ...p.extra };
}

/** An OpenAI chat.completions response → our result. */
export function fromOpenAi(res: Body, latencyMs: number): ChatResult {
  const choice = (res.choices as Body[] | undefined)?.[0];
  if (!choice) throw new LlmError('malformed', 'the response has no choices');
  const msg = (choice.message ?? {}) as Body;
  const calls: ChatToolCall[] = [];
  const malformed: string[] = [];
  for (const [i, c] of ((msg.tool_calls as Body[] | undefined) ?? []).entries()) {
    const fn = (c.function ?? {}) as Body;
    const name = String(fn.name ?? '');
    const rawArgs = typeof fn.arguments === 'string' ? fn.arguments : JSON.stringify(fn.arguments ?? {});
    let args: unknown = rawArgs;
    try {
      args = rawArgs.trim() ? JSON.parse(rawArgs) : {};
      if (args === null || typeof args !== 'object' || Array.isArray(args)) {
        args = rawArgs;
        malformed.push(name);
      }
    } catch {
      malformed.push(name);
    }
    calls.push({ id: String(c.id ?? `call_${i + 1}`), name, arguments: args });
  }
  const u = (res.usage ?? {}) as Record<string, number>;
  const out: ChatResult = {
    text: typeof msg.content === 'string' ? msg.content : null,
    tool_calls: calls,
    usage: {
      prompt_tokens: u.prompt_tokens ?? 0,
      completion_tokens: u.completion_tokens ?? 0,
      total_tokens: u.total_tokens ?? (u.prompt_tokens ?? 0) + (u.completion_tokens ?? 0),
    },
    finish_reason: String(choice.finish_reason ?? 'stop'),
    raw: res,
    latency_ms: latencyMs,
  };
  if (malformed.length) out.malformed_calls = malformed;
  return out;
}
