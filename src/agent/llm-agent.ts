import { toolJsonSchema } from '../services/catalog.js';
import { LlmError } from '../llm/errors.js';
import type { ChatImage, ChatMessage, ChatModel, ChatParams, ChatResult } from '../llm/types.js';
import { imageData, imageNote } from '../env/images.js';
import type { TrajectoryEvent } from '../schema/trajectory.js';
import { systemPrompt } from './system-prompt.js';
import { InfraError } from './types.js';
import type { Agent, AgentTurn } from '../env/turns.js';

export interface LlmAgentOptions {
  params?: ChatParams;
  /** observations longer than this are cut with a marker before the model sees them [8000] */
  maxObservationChars?: number;
  /** replaces the standard system prompt */
  systemPrompt?: string;
  /** false: pictures tools return are described in text instead of shown (a model without vision) [true] */
  vision?: boolean;
}

/**
 * The agent-visible history as chat messages: user and assistant text, tool calls and their results, with the
 * pictures a result shows (or, without vision or once evicted, a note naming each picture).
 */
export function historyMessages(history: readonly TrajectoryEvent[], maxObs: number, vision = true): ChatMessage[] {
  const out: ChatMessage[] = [];
  for (const e of history) {
    if (e.type === 'user') out.push({ role: 'user', content: e.text });
    else if (e.type === 'assistant') {
      out.push({
        role: 'assistant',
        content: e.text ?? null,
        ...(e.tool_calls.length
          ? { tool_calls: e.tool_calls.map((c) => ({ id: c.id, name: c.name, arguments: c.args })) }
          : {}),
      });
    } else if (e.type === 'tool') {
      const content =
        e.content.length > maxObs
          ? `${e.content.slice(0, maxObs)}\n...[truncated: ${e.content.length - maxObs} more characters]`
          : e.content;
      const images: ChatImage[] = [];
      const notes: string[] = [];
      for (const ref of e.images ?? []) {
        const data = vision ? imageData(ref) : undefined;
        if (data) images.push(data);
        else notes.push(imageNote(ref));
      }
      out.push({
        role: 'tool',
        tool_call_id: e.call_id,
        content: notes.length ? `${content}\n${notes.join('\n')}` : content,
        ...(images.length ? { images } : {}),
      });
    }
    // patch events (the user's own changes) are not messages; the agent sees their effect through tools
  }
  return out;
}

/** Token ids and logprobs when the endpoint returned them (vLLM return_token_ids / logprobs), for RL. */
export function rlFields(res: ChatResult): Record<string, unknown> | undefined {
  const raw = res.raw as Record<string, unknown> | undefined;
  const choice = (raw?.choices as Record<string, unknown>[] | undefined)?.[0];
  const out: Record<string, unknown> = {};
  if (raw?.prompt_token_ids) out.prompt_token_ids = raw.prompt_token_ids;
  if (choice?.prompt_token_ids) out.prompt_token_ids = choice.prompt_token_ids;
  if (choice?.token_ids) out.token_ids = choice.token_ids;
  if (choice?.logprobs) out.logprobs = choice.logprobs;
  return Object.keys(out).length ? out : undefined;
}

/**
 * An agent over any ChatModel with tool calling (parallel calls allowed). Endpoint failures after the
 * client's retries are infrastructure errors, not agent behaviour.
 */
export function llmAgent(model: ChatModel, opts: LlmAgentOptions = {}): Agent {
  const maxObs = opts.maxObservationChars ?? 8000;
  const params: ChatParams = { temperature: 0, max_tokens: 4096, ...opts.params };
  return {
    name: 'llm',
    config: {
      name: 'llm',
      model: model.id,
      params,
      max_observation_chars: maxObs,
      ...(opts.vision === false ? { vision: false } : {}),
    },
    async next(view, signal): Promise<AgentTurn> {
      const messages: ChatMessage[] = [
        { role: 'system', content: opts.systemPrompt ?? systemPrompt(view) },
        ...historyMessages(view.history, maxObs, opts.vision !== false),
      ];
      const tools = view.tools.map((t) => ({
        name: t.name,
        description: t.description,
        parameters: toolJsonSchema(t),
      }));
      let res: ChatResult;
      try {
        res = await model.chat(messages, tools, params, signal);
      } catch (e) {
        throw e instanceof LlmError ? new InfraError(`${model.id}: ${e.kind}: ${e.message}`, { cause: e }) : e;
      }
      const rl = rlFields(res);
      return {
        ...(res.text ? { text: res.text } : {}),
        tool_calls: res.tool_calls.map((c) => ({ id: c.id, name: c.name, args: c.arguments })),
        usage: { ...res.usage },
        finish_reason: res.finish_reason,
        latency_ms: res.latency_ms,
        ...(rl ? { raw: rl } : {}),
      };
    },
  };
}
