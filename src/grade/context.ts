import { prepare } from '../env/prepared.js';
import type { Rec } from '../services/types.js';
import type { TaskSpec } from '../schema/task-spec.js';
import type { TrajectoryEvent } from '../schema/trajectory.js';
import type { MatchEnv } from './match.js';
import type { GradeContext, GradeInput, Judge } from './types.js';

const EMPTY: readonly Rec[] = Object.freeze([]);

export function buildContext(spec: TaskSpec, input: GradeInput, judge?: Judge): GradeContext {
  const { audit, events } = input;
  const ctx: GradeContext = {
    spec,
    events,
    calls: audit.calls,
    okCalls: audit.calls.filter((c) => c.ok),
    records: (service, list) => (audit.records[service]?.[list] as readonly Rec[] | undefined) ?? EMPTY,
    finalRecords: (service, collection) =>
      (audit.state[service]?.[collection] as readonly Rec[] | undefined) ??
      prepare(spec).state[service]?.[collection] ??
      EMPTY,
    response: finalResponse(events),
    assistantTexts: events.flatMap((e) => (e.type === 'assistant' && e.text?.trim() ? [e.text] : [])),
    matchEnv: matchEnvOf(spec),
    progress: false,
  };
  if (judge) ctx.judge = judge;
  return ctx;
}

/** What `where` matchers read besides the record: mock_today and the initial records (the fixtures). */
export function matchEnvOf(spec: TaskSpec): MatchEnv {
  // every where-match of a grade asks for it: one per spec object
  let env = ENVS.get(spec);
  if (!env)
    ENVS.set(
      spec,
      (env = {
        now: Date.parse(spec.mock_today),
        existing: (service, collection) => prepare(spec).state[service]?.[collection] ?? EMPTY,
      }),
    );
  return env;
}

const ENVS = new WeakMap<TaskSpec, MatchEnv>();

/** The text a response check reads: the final answer, every assistant text, or the whole conversation (user and assistant). */
export function textOver(
  ctx: Pick<GradeContext, 'events' | 'response' | 'assistantTexts'>,
  over: 'final' | 'assistant' | 'conversation' = 'final',
): string {
  if (over === 'final') return ctx.response;
  if (over === 'assistant') return ctx.assistantTexts.join('\n');
  return ctx.events
    .flatMap((e) => ((e.type === 'assistant' || e.type === 'user') && e.text?.trim() ? [e.text] : []))
    .join('\n');
}

/** The last non-empty assistant text: what the agent finally told the user. */
export function finalResponse(events: readonly TrajectoryEvent[]): string {
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i];
    if (e?.type === 'assistant' && e.text?.trim()) return e.text;
  }
  return '';
}

/** A readable transcript for judges: user, assistant text, tool calls and results. */
export function renderTranscript(events: readonly TrajectoryEvent[], maxChars = 12_000): string {
  const lines: string[] = [];
  for (const e of events) {
    if (e.type === 'user') lines.push(`[user] ${e.text}`);
    else if (e.type === 'assistant') {
      if (e.text) lines.push(`[assistant] ${e.text}`);
      for (const c of e.tool_calls) lines.push(`[assistant → ${c.name}] ${JSON.stringify(c.args)}`);
    } else if (e.type === 'tool') lines.push(`[${e.name} ${e.ok ? 'ok' : 'error'}] ${e.content.slice(0, 600)}`);
  }
  const text = lines.join('\n');
  return text.length > maxChars ? `${text.slice(0, maxChars)}\n...[truncated]` : text;
}
