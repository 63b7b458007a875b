import type Anthropic from '@anthropic-ai/sdk';
import { fromSdkError, LlmError } from './errors.js';
import type { ChatMessage, ChatModel, ChatParams, ChatResult, ChatTool, ChatToolCall } from './types.js';
import { type SdkEndpoint, sdkClientOptions } from './sdk-options.js';

export type AnthropicOptions = SdkEndpoint;

type Body = Record<string, unknown>;
type Block = Record<string, unknown>;

const DEFAULT_MAX_TOKENS = 4096;
const FINISH: Record<string, string> = {
  end_turn: 'stop',
  tool_use: 'tool_calls',
  max_tokens: 'length',
  stop_sequence: 'stop',
};

/** Chat over the native Anthropic Messages API. */
export function anthropicModel(model: string, opts: AnthropicOptions): ChatModel {
  // the SDK (280 modules) loads on the first call: commands that never call a model start without it
  let sdk: typeof Anthropic | undefined;
  let client: Anthropic | undefined;
  return {
    id: `anthropic:${model}`,
    provider: 'anthropic',
    model,
    async chat(messages, tools, params = {}, signal) {
      const body = anthropicBody(model, messages, tools, params);
      const t0 = Date.now();
      sdk ??= (await import('@anthropic-ai/sdk')).default;
      client ??= new sdk(sdkClientOptions(opts));
      let res: Body;
      try {
        res = (await client.messages.create(body as never, signal ? { signal } : {})) as unknown as Body;
      } catch (e) {
        throw fromSdkError(e, sdk);
      }
      return fromAnthropic(res, Date.now() - t0);
    },
  };
}

/** Our messages → a Messages API body: system apart, tool results as user tool_result blocks. */
export function anthropicBody(
  model: string,
  messages: readonly ChatMessage[],
  tools: readonly ChatTool[] | undefined,
  p: ChatParams,
): Body {
  const system = messages
    .filter((m) => m.role === 'system')
    .map((m) => m.content ?? '')
    .join('\n\n');
  const out: { role: 'user' | 'assistant'; content: Block[] }[] = [];
  const push = (role: 'user' | 'assistant', blocks: Block[]) => {
    const last = out.at(-1);
    if (last && last.role === role) last.content.push(...blocks);
    else out.push({ role, content: blocks });
  };
  for (const m of messages) {
    if (m.role === 'system') continue;
    if (m.role === 'tool')
      push('user', [
        {
          type: 'tool_result',
          tool_use_id: m.tool_call_id,
          // a result with pictures is a list of blocks: its text, then each image
          content: m.images?.length
            ? [
                { type: 'text', text: m.content ?? '' },
                ...m.images.map((i) => ({
                  type: 'image',
                  source: { type: 'base64', media_type: i.mime, data: i.data },
                })),
              ]
            : (m.content ?? ''),
        },
      ]);
    else if (m.role === 'assistant') {
      const blocks: Block[] = m.content ? [{ type: 'text', text: m.content }] : [];
      for (const c of m.tool_calls ?? [])
        blocks.push({
          type: 'tool_use',
          id: c.id,
          name: c.name,
          input: typeof c.arguments === 'object' && c.arguments !== null ? c.arguments : {},
        });
      push('assistant', blocks);
    } else push('user', [{ type: 'text', text: m.content ?? '' }]);
  }
  const body: Body = { model, max_tokens: p.max_tokens ?? DEFAULT_MAX_TOKENS, messages: out };
  if (system) body.system = system;
  if (tools?.length)
    body.tools = tools.map((t) => ({ name: t.name, description: t.description, input_schema: t.parameters }));
  if (p.temperature !== undefined) body.temperature = p.temperature;
  if (p.top_p !== undefined) body.top_p = p.top_p;
  if (p.stop) body.stop_sequences = p.stop;
  return { ...body, ...p.extra };
}

export function fromAnthropic(res: Body, latencyMs: number): ChatResult {
  const blocks = res.content as Block[] | undefined;
  if (!Array.isArray(blocks)) throw new LlmError('malformed', 'the response has no content blocks');
  const text = blocks
    .filter((b) => b.type === 'text')
    .map((b) => String(b.text ?? ''))
    .join('');
  const calls: ChatToolCall[] = blocks
    .filter((b) => b.type === 'tool_use')
    .map((b) => ({ id: String(b.id), name: String(b.name), arguments: b.input ?? {} }));
  const u = (res.usage ?? {}) as Record<string, number>;
  const prompt = u.input_tokens ?? 0;
  const completion = u.output_tokens ?? 0;
  return {
    text: text || null,
    tool_calls: calls,
    usage: { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion },
    finish_reason: FINISH[String(res.stop_reason)] ?? String(res.stop_reason ?? 'stop'),
    raw: res,
    latency_ms: latencyMs,
  };
}
