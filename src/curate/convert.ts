import { systemPrompt } from '../agent/system-prompt.js';
import { openAiTool } from '../services/catalog.js';
import { resolveTool } from '../services/registry.js';
import type { ToolDef } from '../services/types.js';
import type { Trajectory } from '../schema/trajectory.js';
import type { SftMessage, SftPicture, SftTool } from './types.js';

/** CoworkEnv App. E limits (all configurable). */
export interface ConversionLimits {
  minMessages: number;
  maxToolCalls: number;
  maxObservationChars: number;
  maxTotalChars: number;
}

export const CE_LIMITS: ConversionLimits = {
  minMessages: 5,
  maxToolCalls: 20,
  maxObservationChars: 1000,
  maxTotalChars: 40_000,
};
export const TRUNCATION_MARKER = '...[truncated]';

/** Rejection categories of the converter, in the order they are tested. */
export const CONVERSION_REJECTIONS = ['no_interaction', 'too_few_messages', 'too_many_tool_calls', 'too_long'] as const;
export type ConversionRejection = (typeof CONVERSION_REJECTIONS)[number];

export type Converted =
  | { ok: true; messages: SftMessage[]; tools: SftTool[]; toolCalls: number; chars: number; pictures: SftPicture[] }
  | { ok: false; reason: ConversionRejection; detail: string };

/** The tools the agent was offered (from episode_start), else the ones it called. */
export function offeredTools(t: Trajectory): ToolDef[] {
  const start = t.events[0];
  const names =
    start?.type === 'episode_start' && start.tools
      ? start.tools
      : t.events.flatMap((e) => (e.type === 'assistant' ? e.tool_calls.map((c) => c.name) : []));
  const seen = new Set<string>();
  const out: ToolDef[] = [];
  for (const n of names) {
    const tool = resolveTool(n)?.tool;
    if (tool && !seen.has(tool.name)) {
      seen.add(tool.name);
      out.push(tool);
    }
  }
  return out;
}

const argsObject = (a: unknown): Record<string, unknown> => {
  if (a && typeof a === 'object' && !Array.isArray(a)) return a as Record<string, unknown>;
  if (typeof a === 'string') {
    try {
      const v: unknown = JSON.parse(a);
      if (v && typeof v === 'object' && !Array.isArray(v)) return v as Record<string, unknown>;
    } catch {
      // not JSON: keep it visible rather than drop it
    }
    return { _raw: a };
  }
  return {};
};

/**
 * CoworkEnv App. E, exactly: a standardised system message, then user, assistant (structured tool calls)
 * and tool messages. Rejects records with no usable user–assistant interaction, fewer than `minMessages`
 * messages (system, user, assistant and tool all count), or more than `maxToolCalls` tool calls; shortens
 * each observation over `maxObservationChars` to its prefix plus `...[truncated]`; then rejects the whole
 * example when message content + JSON-serialised tool-call fields exceed `maxTotalChars`.
 */
export function convertTrajectory(t: Trajectory, limits: ConversionLimits = CE_LIMITS): Converted {
  const start = t.events[0];
  const tools = offeredTools(t);
  const mockToday = start?.type === 'episode_start' ? start.mock_today : '';
  const messages: SftMessage[] = [
    { role: 'system', content: systemPrompt({ request: '', mockToday, tools, history: [], turn: 0 }) },
  ];
  const pictures: SftPicture[] = [];
  let toolCalls = 0;
  let assistantTurns = 0;
  let userTurns = 0;
  for (const e of t.events) {
    if (e.type === 'user') {
      // simulator turns become plain user messages: no prefixes, no private state (only public text is recorded)
      messages.push({ role: 'user', content: e.text });
      userTurns++;
    } else if (e.type === 'assistant') {
      if (!e.text && e.tool_calls.length === 0) continue;
      assistantTurns++;
      toolCalls += e.tool_calls.length;
      messages.push({
        role: 'assistant',
        ...(e.text ? { content: e.text } : {}),
        ...(e.tool_calls.length
          ? {
              tool_calls: e.tool_calls.map((c) => ({
                type: 'function' as const,
                function: { name: c.name, arguments: argsObject(c.args) },
              })),
            }
          : {}),
      });
    } else if (e.type === 'tool') {
      const content =
        charLength(e.content) > limits.maxObservationChars
          ? `${charSlice(e.content, limits.maxObservationChars)}${TRUNCATION_MARKER}`
          : e.content;
      messages.push({ role: 'tool', name: e.name, content });
      for (const img of e.images ?? [])
        pictures.push({ after: messages.length - 1, sha256: img.sha256, mime: img.mime });
    }
  }
  if (userTurns === 0 || assistantTurns === 0)
    return {
      ok: false,
      reason: 'no_interaction',
      detail: `${userTurns} user and ${assistantTurns} assistant messages`,
    };
  if (messages.length < limits.minMessages)
    return { ok: false, reason: 'too_few_messages', detail: `${messages.length} messages` };
  if (toolCalls > limits.maxToolCalls)
    return { ok: false, reason: 'too_many_tool_calls', detail: `${toolCalls} tool calls` };
  const chars = totalChars(messages);
  if (chars > limits.maxTotalChars) return { ok: false, reason: 'too_long', detail: `${chars} characters` };
  return { ok: true, messages, tools: tools.map((tool) => openAiTool(tool) as SftTool), toolCalls, chars, pictures };
}

/** Message content plus JSON-serialised tool-call fields (the truncation marker included), in characters. */
export function totalChars(messages: readonly SftMessage[]): number {
  let n = 0;
  for (const m of messages) {
    n += charLength(m.content ?? '');
    if (m.tool_calls) n += charLength(JSON.stringify(m.tool_calls));
  }
  return n;
}

// characters are code points (as CoworkEnv's Python counts them), not UTF-16 units: a cut never splits an emoji
export function charLength(s: string): number {
  let pairs = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        pairs++;
        i++;
      }
    }
  }
  return s.length - pairs;
}

export function charSlice(s: string, n: number): string {
  let i = 0;
  for (let k = 0; k < n && i < s.length; k++) {
    const c = s.charCodeAt(i);
    i +=
      c >= 0xd800 && c <= 0xdbff && i + 1 < s.length && s.charCodeAt(i + 1) >= 0xdc00 && s.charCodeAt(i + 1) <= 0xdfff
        ? 2
        : 1;
  }
  return s.slice(0, i);
}
