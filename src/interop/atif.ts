import { specHash } from '../schema/canonical-json.js';
import { toolEvent } from '../agent/recorder.js';
import { createEpisode } from '../env/episode.js';
import { grade } from '../grade/grade.js';
import type { Judge } from '../grade/types.js';
import { openAiTool } from '../services/catalog.js';
import { resolveTool } from '../services/registry.js';
import { CoworkError } from '../schema/errors.js';
import type { TaskSpec } from '../schema/task-spec.js';
import { type AssistantEvent, Trajectory, type TrajectoryEvent } from '../schema/trajectory.js';
import { ATIF_SCHEMA } from './atif-schema.js';
import { checkSchema, type SchemaProblem } from './json-schema-check.js';

// ATIF v1.7 ⇄ our trajectory record. Export keeps everything: ATIF's fields carry what they can (steps, tool
// calls, observations, token metrics, totals), `extra.coworkenv` the rest (audit, grade, episode bookkeeping),
// so our own files import back byte-identical. A foreign file has no audit: import replays its tool calls
// against a fresh episode of the task, which produces the service-side evidence our grader needs.

export const ATIF_VERSION = 'ATIF-v1.7';

type Json = Record<string, unknown>;
export interface AtifStep {
  step_id: number;
  source: 'system' | 'user' | 'agent';
  message: string | Json[];
  timestamp?: string;
  model_name?: string;
  reasoning_content?: string;
  tool_calls?: { tool_call_id: string; function_name: string; arguments: Json; extra?: Json }[];
  observation?: { results: { source_call_id?: string | null; content?: unknown; extra?: Json }[] };
  metrics?: Json;
  llm_call_count?: number;
  extra?: Json;
}
export interface AtifTrajectory {
  schema_version: string;
  session_id?: string;
  trajectory_id?: string;
  agent: { name: string; version: string; model_name?: string; tool_definitions?: Json[]; extra?: Json };
  steps: AtifStep[];
  final_metrics?: Json;
  notes?: string;
  extra?: Json;
}

/** Schema problems plus the rules a schema cannot state: step ids 1..n, results answering their own step's calls. */
export function validateAtif(doc: unknown): SchemaProblem[] {
  const problems = checkSchema(ATIF_SCHEMA, doc);
  if (problems.length) return problems;
  const steps = (doc as AtifTrajectory).steps;
  steps.forEach((s, i) => {
    if (s.step_id !== i + 1)
      problems.push({
        path: `$.steps[${i}].step_id`,
        message: `expected ${i + 1} (sequential from 1), got ${s.step_id}`,
      });
    const ids = new Set((s.tool_calls ?? []).map((c) => c.tool_call_id));
    (s.observation?.results ?? []).forEach((r, j) => {
      if (r.source_call_id != null && !ids.has(r.source_call_id))
        problems.push({
          path: `$.steps[${i}].observation.results[${j}].source_call_id`,
          message: `"${r.source_call_id}" answers no tool call of this step`,
        });
    });
  });
  return problems;
}

/** Our trajectory as ATIF v1.7. */
export function toAtif(t: Trajectory, producer: { version: string }): AtifTrajectory {
  const start = t.events.find((e) => e.type === 'episode_start');
  const steps: AtifStep[] = [];
  const step = (s: Omit<AtifStep, 'step_id'>) => {
    const full = { step_id: steps.length + 1, ...s } as AtifStep;
    steps.push(full);
    return full;
  };
  let open: AtifStep | undefined;
  const tokens = { prompt: 0, completion: 0, cached: 0, any: false };
  for (const e of t.events) {
    if (e.type === 'user') {
      open = undefined;
      step({ source: 'user', message: e.text, extra: { coworkenv: { source: e.source } } });
    } else if (e.type === 'assistant') {
      const metrics = metricsOf(e);
      if (metrics) {
        tokens.any = true;
        tokens.prompt += (metrics.prompt_tokens as number | undefined) ?? 0;
        tokens.completion += (metrics.completion_tokens as number | undefined) ?? 0;
        tokens.cached += (metrics.cached_tokens as number | undefined) ?? 0;
      }
      const keep = pick(e, ['finish_reason', 'latency_ms', 'raw']);
      open = step({
        source: 'agent',
        message: e.text ?? '',
        ...(start?.type === 'episode_start' && start.model ? { model_name: start.model } : {}),
        ...(e.tool_calls.length
          ? {
              tool_calls: e.tool_calls.map((c) => ({
                tool_call_id: c.id,
                function_name: c.name,
                arguments: asObject(c.args),
              })),
            }
          : {}),
        ...(metrics ? { metrics } : {}),
        extra: { coworkenv: { ...keep, text_absent: e.text === undefined, args: e.tool_calls.map((c) => c.args) } },
      });
    } else if (e.type === 'tool') {
      // an observation belongs to the agent step that made the call
      const owner = open?.tool_calls?.some((c) => c.tool_call_id === e.call_id) ? open : undefined;
      const result = {
        source_call_id: owner ? e.call_id : null,
        content: e.content,
        extra: { coworkenv: pick(e, ['name', 'args', 'ok', 'error', 'injected', 'truncated', 'latency_us']) },
      };
      if (owner) (owner.observation ??= { results: [] }).results.push(result);
      else
        step({
          source: 'system',
          message: e.content,
          llm_call_count: 0,
          extra: { coworkenv: { orphan_tool: { ...e } } },
        });
    } else if (e.type === 'patch') {
      open = undefined;
      step({
        source: 'system',
        message: `the user changed ${e.service} (${e.op})`,
        llm_call_count: 0,
        extra: { coworkenv: { patch: e } },
      });
    }
  }
  if (steps.length === 0) step({ source: 'user', message: '', extra: { coworkenv: { placeholder: true } } });
  const end = t.events.find((e) => e.type === 'episode_end');
  const g = t.grade;
  return {
    schema_version: ATIF_VERSION,
    session_id: `${t.task_id}:${t.trial}`,
    trajectory_id: `${t.task_id}__trial${t.trial}`,
    agent: {
      name: start?.type === 'episode_start' ? start.agent.name : 'unknown',
      version: String((start?.type === 'episode_start' && (start.agent as Json).version) || producer.version),
      ...(start?.type === 'episode_start' && start.model ? { model_name: start.model } : {}),
      tool_definitions: (start?.type === 'episode_start' ? (start.tools ?? []) : []).flatMap((n) => {
        const r = resolveTool(n);
        return r ? [openAiTool(r.tool) as unknown as Json] : [];
      }),
      extra: { producer: `coworkenv ${producer.version}` },
    },
    steps,
    final_metrics: {
      ...(tokens.any
        ? {
            total_prompt_tokens: tokens.prompt,
            total_completion_tokens: tokens.completion,
            total_cached_tokens: tokens.cached,
          }
        : {}),
      total_steps: steps.length,
      extra: { score: g?.score ?? null, passed: g?.passed ?? null, grade: g ?? null },
    },
    extra: {
      coworkenv: {
        kind: t.kind,
        version: t.version,
        task_id: t.task_id,
        trial: t.trial,
        start: start ?? null,
        end: end ?? null,
        audit: t.audit,
        event_order: t.events.map((e) => e.type),
      },
    },
  };
}

function metricsOf(e: AssistantEvent): Json | undefined {
  if (!e.usage) return undefined;
  const u = e.usage as Json;
  const m: Json = {};
  if (typeof u.prompt_tokens === 'number') m.prompt_tokens = u.prompt_tokens;
  if (typeof u.completion_tokens === 'number') m.completion_tokens = u.completion_tokens;
  const cached = (u.prompt_tokens_details as Json | undefined)?.cached_tokens ?? u.cached_tokens;
  if (typeof cached === 'number') m.cached_tokens = cached;
  m.extra = { usage: u };
  return m;
}

function pick<T extends object>(o: T, keys: string[]): Json {
  const out: Json = {};
  for (const k of keys) if ((o as Json)[k] !== undefined) out[k] = (o as Json)[k];
  return out;
}

function asObject(v: unknown): Json {
  if (v && typeof v === 'object' && !Array.isArray(v)) return v as Json;
  if (typeof v === 'string') {
    try {
      const p = JSON.parse(v) as unknown;
      if (p && typeof p === 'object' && !Array.isArray(p)) return p as Json;
    } catch {
      // not JSON: kept under a key, the raw form is in extra
    }
  }
  return { _raw: v };
}

/** Whether the file was written by `toAtif` (and so carries our audit). */
export function isOwnAtif(doc: AtifTrajectory): boolean {
  const c = (doc.extra?.coworkenv ?? null) as Json | null;
  return !!c && c.kind === 'trajectory' && !!c.audit;
}

/** Our own ATIF back to the exact trajectory it came from. */
export function fromOwnAtif(doc: AtifTrajectory, where: string): Trajectory {
  const c = doc.extra?.coworkenv as Json;
  const events: TrajectoryEvent[] = [];
  const order = (c.event_order ?? []) as string[];
  if (c.start) events.push(c.start as TrajectoryEvent);
  for (const s of doc.steps) {
    const x = (s.extra?.coworkenv ?? {}) as Json;
    if (x.placeholder) continue;
    if (s.source === 'user')
      events.push({
        type: 'user',
        text: typeof s.message === 'string' ? s.message : '',
        source: (x.source as 'request' | 'sim') ?? 'sim',
      });
    else if (s.source === 'agent') {
      const args = (x.args ?? []) as unknown[];
      const ev: Json = {
        type: 'assistant',
        ...(x.text_absent ? {} : { text: typeof s.message === 'string' ? s.message : '' }),
        tool_calls: (s.tool_calls ?? []).map((tc, i) => ({
          id: tc.tool_call_id,
          name: tc.function_name,
          args: i < args.length ? args[i] : tc.arguments,
        })),
      };
      const usage = (s.metrics?.extra as Json | undefined)?.usage;
      if (usage) ev.usage = usage;
      for (const k of ['finish_reason', 'latency_ms', 'raw']) if (x[k] !== undefined) ev[k] = x[k];
      events.push(ev as TrajectoryEvent);
      for (const r of s.observation?.results ?? []) {
        const o = (r.extra?.coworkenv ?? {}) as Json;
        events.push({
          type: 'tool',
          call_id: String(r.source_call_id),
          content: String(r.content ?? ''),
          ...o,
        } as TrajectoryEvent);
      }
    } else if (x.patch) events.push(x.patch as TrajectoryEvent);
    else if (x.orphan_tool) events.push(x.orphan_tool as TrajectoryEvent);
  }
  if (c.end) events.push(c.end as TrajectoryEvent);
  const g = (doc.final_metrics?.extra as Json | undefined)?.grade;
  const raw = {
    kind: 'trajectory',
    version: c.version,
    task_id: c.task_id,
    trial: c.trial,
    events,
    audit: c.audit,
    ...(g ? { grade: g } : {}),
  };
  const parsed = Trajectory.safeParse(raw);
  if (!parsed.success)
    throw new CoworkError(
      'bad_input',
      `${where}: extra.coworkenv does not hold a valid trajectory (${parsed.error.issues[0]?.path.join('.')}: ${parsed.error.issues[0]?.message})`,
    );
  if (order.length && order.join() !== parsed.data.events.map((e) => e.type).join())
    throw new CoworkError(
      'bad_input',
      `${where}: its steps no longer match the recorded event order (the file was edited); remove extra.coworkenv to import it as a foreign trajectory`,
    );
  return parsed.data;
}

export interface ForeignImport {
  trajectory: Trajectory;
  /** tool calls whose recorded observation differs from what our services answered on replay */
  observation_mismatches: { step_id: number; tool_call_id: string; tool: string }[];
  /** calls of tools the task does not have (the harness's own, e.g. bash_command): unknown_tool errors here */
  foreign_tools: { step_id: number; tool_call_id: string; tool: string }[];
  /** steps not represented in our record (system prompts, copied context) */
  skipped_steps: number[];
}

/**
 * A trajectory of another harness: user and agent steps become events, every tool call is replayed against a
 * fresh episode of `spec` (so the audit is our services' own), and the result is graded.
 */
export async function fromForeignAtif(
  doc: AtifTrajectory,
  spec: TaskSpec,
  opts: { trial?: number; seed?: number; judge?: Judge } = {},
): Promise<ForeignImport> {
  const trial = opts.trial ?? 0;
  const episode = createEpisode(spec, { seed: opts.seed ?? 0, trial });
  const events: TrajectoryEvent[] = [
    {
      type: 'episode_start',
      task_id: spec.id,
      trial,
      seed: opts.seed ?? 0,
      spec_hash: specHash(spec),
      mock_today: spec.mock_today,
      agent: {
        name: doc.agent.name,
        version: doc.agent.version,
        imported_from: doc.schema_version,
        ...(doc.trajectory_id ? { trajectory_id: doc.trajectory_id } : {}),
      },
      ...(doc.agent.model_name ? { model: doc.agent.model_name } : {}),
      tools: episode.tools.map((t) => t.name),
    },
  ];
  const mismatches: ForeignImport['observation_mismatches'] = [];
  const foreign: ForeignImport['foreign_tools'] = [];
  const offered = new Set(episode.tools.map((t) => t.name));
  const skipped: number[] = [];
  let turns = 0;
  let sawUser = false;
  for (const s of doc.steps) {
    const text =
      typeof s.message === 'string'
        ? s.message
        : s.message.map((p) => (typeof p.text === 'string' ? p.text : '')).join('');
    if ((s as { is_copied_context?: boolean }).is_copied_context || s.source === 'system') {
      skipped.push(s.step_id);
      continue;
    }
    if (s.source === 'user') {
      events.push({ type: 'user', text, source: sawUser ? 'sim' : 'request' });
      sawUser = true;
      continue;
    }
    turns++;
    const calls = (s.tool_calls ?? []).map((c) => ({
      id: c.tool_call_id,
      name: localToolName(c.function_name, offered),
      args: c.arguments,
    }));
    const m = s.metrics;
    events.push({
      type: 'assistant',
      ...(text ? { text } : {}),
      tool_calls: calls,
      ...(m && (typeof m.prompt_tokens === 'number' || typeof m.completion_tokens === 'number')
        ? {
            usage: {
              ...(typeof m.prompt_tokens === 'number' ? { prompt_tokens: m.prompt_tokens } : {}),
              ...(typeof m.completion_tokens === 'number' ? { completion_tokens: m.completion_tokens } : {}),
            },
          }
        : {}),
    });
    for (const c of calls) {
      const r = await episode.run(c.name, c.args);
      events.push(toolEvent(c, r));
      const at = { step_id: s.step_id, tool_call_id: c.id, tool: c.name };
      if (r.error?.code === 'unknown_tool') {
        foreign.push(at);
        continue;
      }
      const recorded = s.observation?.results.find((x) => x.source_call_id === c.id)?.content;
      if (recorded !== undefined && !sameJsonText(recorded, r.content)) mismatches.push(at);
    }
  }
  events.push({ type: 'episode_end', reason: 'agent_done', turns });
  const t: Trajectory = {
    kind: 'trajectory',
    version: 1,
    task_id: spec.id,
    trial,
    events,
    audit: { ...episode.audit(), state: episode.changedState() } as Trajectory['audit'],
  };
  t.grade = await grade(spec, t, opts.judge ? { judge: opts.judge } : {});
  return {
    trajectory: Trajectory.parse(t),
    observation_mismatches: mismatches,
    foreign_tools: foreign,
    skipped_steps: skipped,
  };
}

// Claude Code-style harnesses call an MCP server's tools as mcp__<server>__<tool>: our tool, when the task has it
function localToolName(name: string, offered: ReadonlySet<string>): string {
  const tool = /^mcp__.+?__(.+)$/.exec(name)?.[1];
  return tool !== undefined && !offered.has(name) && offered.has(tool) ? tool : name;
}

function sameJsonText(recorded: unknown, ours: string): boolean {
  const text = typeof recorded === 'string' ? recorded : JSON.stringify(recorded);
  try {
    return JSON.stringify(JSON.parse(text)) === JSON.stringify(JSON.parse(ours));
  } catch {
    return text === ours;
  }
}

/** Parses and validates one ATIF file's text; every problem is named by its path. */
export function parseAtif(text: string, where: string): AtifTrajectory {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (e) {
    throw new CoworkError(
      'bad_input',
      `${where}: not JSON (${(e as Error).message}); an ATIF trajectory is one JSON object`,
    );
  }
  const problems = validateAtif(doc);
  if (problems.length) {
    const list = problems
      .slice(0, 5)
      .map((p) => `${p.path}: ${p.message}`)
      .join('; ');
    throw new CoworkError(
      'bad_input',
      `${where}: not a valid ATIF (v1.0–v1.7) trajectory: ${list}${problems.length > 5 ? ` (+${problems.length - 5} more)` : ''}`,
    );
  }
  return doc as AtifTrajectory;
}
