import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { jsonlLine } from '../spec/jsonl.js';
import type { TaskSpec } from '../spec/task-spec.js';
import type { Trajectory } from '../spec/trajectory.js';
import { type ConversionLimits, convertTrajectory } from './convert.js';
import { getExporters } from './exporters/index.js';
import { LineWriter } from './exporters/jsonl-sink.js';
import type { ExampleSink, ExportFile } from './exporters/types.js';
import { readableScore, type TaskGroup, TaskGrouper, taskPrefix } from './grouping.js';
import { type Scorer, selectByScore } from './select.js';
import { fileLines, type Source } from './sources.js';
import type { SftExample } from './types.js';
import { validityOf } from './validity.js';

export interface CurateOptions {
  /** runs in order; `replace` runs supersede every earlier record of the tasks they contain */
  sources: readonly Source[];
  out: string;
  formats: readonly string[];
  /** minimum reward (the grade's score) a record needs */
  threshold: number;
  limits: ConversionLimits;
  /** specs by id, when given: private user state checks, labels, spec paths */
  specs?: ReadonlyMap<string, { spec: TaskSpec; file: string }>;
  secrets: readonly string[];
  select?: { method: 'nll' | 'rsr'; keep: number; scorer: Scorer; bins?: number };
  onProgress?: (phase: string, n: number) => void;
}

export interface Funnel {
  records_in: number;
  malformed: number;
  duplicates: number;
  superseded: number;
  candidates: number;
  groups: Record<TaskGroup, { tasks: number; records: number }>;
  rejected: Record<string, number>;
  rows_out: number;
  mean_reward: number | null;
  mean_messages: number | null;
  mean_tool_calls: number | null;
}

export interface CurationReport {
  sources: { path: string; replace: boolean }[];
  threshold: number;
  limits: ConversionLimits;
  grouping: { trivial_at: number; unsolvable_at: number };
  selection: { method: string; keep: number; bins: number } | null;
  funnel: Funnel;
  files: ExportFile[];
  rl_tasks: { file: string; tasks: number };
  rejections_file: string;
}

type Kept = Map<number, Set<number>>;

/**
 * CoworkEnv App. E + Cowork-Gym §3.4 curation, streamed (memory flat in the input size): merge runs
 * (first copy of a (task, trial) wins; replacement runs supersede), group tasks by mean completion, admit
 * KEEP + TRIVIAL (one record per prefix for TRIVIAL), apply the reward threshold, validity filtering and
 * message conversion, optional NLL/RSR selection, then export. Every rejection is counted and written.
 */
export async function curate(o: CurateOptions): Promise<CurationReport> {
  const rejectionsFile = join(o.out, 'rejections.jsonl');
  const rejections = new LineWriter(rejectionsFile);
  const funnel: Funnel = { records_in: 0, malformed: 0, duplicates: 0, superseded: 0, candidates: 0, groups: { TRIVIAL: { tasks: 0, records: 0 }, KEEP: { tasks: 0, records: 0 }, UNSOLVABLE: { tasks: 0, records: 0 } }, rejected: {}, rows_out: 0, mean_reward: null, mean_messages: null, mean_tool_calls: null };
  const reject = async (stage: string, reason: string, rec: { task_id?: string; trial?: number; source: string; line: number }, detail = '') => {
    funnel.rejected[reason] = (funnel.rejected[reason] ?? 0) + 1;
    await rejections.write(jsonlLine({ stage, reason, detail, ...rec }));
  };

  // pass 1: merge and group (only ids and scores are kept in memory)
  const kept: Kept = new Map();
  const grouper = new TaskGrouper();
  const replaced = new Set<string>();
  const order = [...o.sources.keys()].sort((a, b) => Number(o.sources[b]?.replace) - Number(o.sources[a]?.replace));
  const seenReplacement = new Set<string>();
  const seen = new Set<string>();
  for (const si of order) {
    const src = o.sources[si] as Source;
    const lines = new Set<number>();
    kept.set(si, lines);
    for await (const { n, text } of fileLines(src.file)) {
      funnel.records_in++;
      const head = peek(text);
      if (!head) {
        funnel.malformed++;
        await reject('read', 'malformed_record', { source: src.path, line: n }, 'not a trajectory record');
        continue;
      }
      const key = `${head.task_id}\u0000${head.trial}`;
      if (src.replace) {
        replaced.add(head.task_id);
        if (seenReplacement.has(key)) {
          funnel.duplicates++;
          await reject('merge', 'duplicate', { ...head, source: src.path, line: n });
          continue;
        }
        seenReplacement.add(key);
      } else if (replaced.has(head.task_id)) {
        funnel.superseded++;
        await reject('merge', 'superseded', { ...head, source: src.path, line: n });
        continue;
      } else if (seen.has(key)) {
        funnel.duplicates++;
        await reject('merge', 'duplicate', { ...head, source: src.path, line: n });
        continue;
      }
      seen.add(key);
      lines.add(n);
      grouper.add(head.task_id, readableScore(head.completion, head.reward));
    }
    o.onProgress?.('merge', funnel.records_in);
  }
  const groupOf = new Map(grouper.tasks().map((t) => [t, grouper.group(t)] as const));
  for (const g of groupOf.values()) funnel.groups[g].tasks++;

  // pass 2: filter, convert, (score); without selection examples go straight to the sinks
  const sinks = await openSinks(o);
  const staging = o.select ? new LineWriter(join(o.out, '.candidates.tmp.jsonl')) : undefined;
  const scored: { id: number; length: number; nll: number; rsr: number }[] = [];
  const prefixes = new Set<string>();
  const stats = { reward: 0, messages: 0, toolCalls: 0 };
  const emit = async (ex: SftExample, toolCalls: number) => {
    for (const s of sinks) await s.write(ex);
    funnel.rows_out++;
    stats.reward += ex.meta.reward ?? 0;
    stats.messages += ex.messages.length;
    stats.toolCalls += toolCalls;
  };
  for (const [si, lines] of kept) {
    const src = o.sources[si] as Source;
    for await (const { n, text } of fileLines(src.file)) {
      if (!lines.has(n)) continue;
      const t = JSON.parse(text) as Trajectory;
      const where = { task_id: t.task_id, trial: t.trial, source: src.path, line: n };
      if (!wellFormed(t)) {
        // pass 1 checked only the fields it needed; a record missing the rest is skipped, not fatal
        funnel.malformed++;
        await reject('read', 'malformed_record', where, 'not a complete trajectory record (events, audit)');
        continue;
      }
      const group = groupOf.get(t.task_id) ?? 'UNSOLVABLE';
      funnel.groups[group].records++;
      if (group === 'UNSOLVABLE') {
        await reject('group', 'unsolvable_task', where, `mean completion ${grouper.mean(t.task_id).toFixed(3)}`);
        continue;
      }
      const reward = t.grade?.score ?? null;
      if (reward === null || reward < o.threshold) {
        await reject('threshold', 'below_threshold', where, `reward ${reward} < ${o.threshold}`);
        continue;
      }
      const spec = o.specs?.get(t.task_id)?.spec;
      const invalid = validityOf(t, { ...(spec ? { spec } : {}), secrets: o.secrets });
      if (invalid) {
        await reject('validity', invalid.reason, where, invalid.detail);
        continue;
      }
      const conv = convertTrajectory(t, o.limits);
      if (!conv.ok) {
        await reject('conversion', conv.reason, where, conv.detail);
        continue;
      }
      // a TRIVIAL task contributes only the first qualifying record of its prefix
      if (group === 'TRIVIAL') {
        const p = taskPrefix(t.task_id);
        if (prefixes.has(p)) {
          await reject('group', 'trivial_prefix_taken', where, `prefix ${p}`);
          continue;
        }
        prefixes.add(p);
      }
      funnel.candidates++;
      const info = src.tasks.get(t.task_id);
      const ex: SftExample = {
        messages: conv.messages,
        tools: conv.tools,
        meta: { task_id: t.task_id, trial: t.trial, reward, completion: t.grade?.completion ?? null, family: spec?.family ?? info?.family ?? 'unknown', labels: { capabilities: spec?.labels.capabilities ?? info?.capabilities ?? [] }, teacher_group: group, tool_calls: conv.toolCalls },
      };
      if (o.select && staging) {
        const s = await o.select.scorer.score(ex, t);
        scored.push({ id: scored.length, length: s.tokens || conv.chars, nll: s.nll, rsr: s.rsr });
        await staging.write(jsonlLine({ ...ex, meta: { ...ex.meta, nll: s.nll, rsr: s.rsr, scored_tokens: s.tokens } }));
      } else await emit(ex, conv.toolCalls);
    }
    o.onProgress?.('convert', funnel.candidates);
  }

  // pass 3 (selection): keep by NLL (central ρ) or RSR (lowest ρ) within equal-frequency length bins
  if (o.select && staging) {
    await staging.close();
    const keep = selectByScore(scored, o.select.method, o.select.keep, o.select.bins ?? 10);
    let i = 0;
    for await (const { text } of fileLines(staging.file)) {
      const ex = JSON.parse(text) as SftExample;
      if (keep.has(i++)) await emit(ex, Number(ex.meta.tool_calls ?? 0));
      else await reject('selection', 'not_selected', { task_id: ex.meta.task_id, trial: ex.meta.trial, source: 'selection', line: i }, `${o.select.method} outside the kept fraction`);
    }
    await rm(staging.file, { force: true });
  }

  const files: ExportFile[] = [];
  for (const s of sinks) files.push(...(await s.close()));
  await rejections.close();
  const rl = await writeRlTasks(o, grouper, groupOf);
  if (funnel.rows_out) {
    funnel.mean_reward = stats.reward / funnel.rows_out;
    funnel.mean_messages = stats.messages / funnel.rows_out;
    funnel.mean_tool_calls = stats.toolCalls / funnel.rows_out;
  }
  return {
    sources: o.sources.map((s) => ({ path: s.path, replace: s.replace })),
    threshold: o.threshold,
    limits: o.limits,
    grouping: { trivial_at: 0.999, unsolvable_at: 0.001 },
    selection: o.select ? { method: o.select.method, keep: o.select.keep, bins: o.select.bins ?? 10 } : null,
    funnel,
    files,
    rl_tasks: rl,
    rejections_file: rejectionsFile,
  };
}

// the fields pass 1 needs, without trusting the rest of the line
function peek(text: string): { task_id: string; trial: number; completion: unknown; reward: unknown } | undefined {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    return undefined;
  }
  const t = v as { kind?: unknown; task_id?: unknown; trial?: unknown; events?: unknown; grade?: Record<string, unknown> };
  if (t?.kind !== 'trajectory' || typeof t.task_id !== 'string' || typeof t.trial !== 'number' || !Array.isArray(t.events)) return undefined;
  const g = t.grade ?? {};
  return { task_id: t.task_id, trial: t.trial, completion: 'completion' in g ? g.completion : undefined, reward: g.score };
}

function wellFormed(t: Trajectory): boolean {
  const a = t.audit as Partial<Trajectory['audit']> | undefined;
  return !!a && Array.isArray(a.calls) && !!a.records && typeof a.records === 'object' && Array.isArray(t.events) && t.events.every((e) => !!e && typeof e === 'object' && typeof (e as { type?: unknown }).type === 'string');
}

async function openSinks(o: CurateOptions): Promise<ExampleSink[]> {
  const out: ExampleSink[] = [];
  for (const e of getExporters(o.formats)) out.push(await e.open(o.out));
  return out;
}

// CoworkEnv §3.4: teacher performance informs RL task selection — KEEP tasks give learnable groups
async function writeRlTasks(o: CurateOptions, grouper: TaskGrouper, groups: ReadonlyMap<string, TaskGroup>): Promise<{ file: string; tasks: number }> {
  const w = new LineWriter(join(o.out, 'rl_tasks.jsonl'));
  const info = (id: string) => o.sources.map((s) => s.tasks.get(id)).find(Boolean);
  for (const id of [...groups.keys()].sort()) {
    if (groups.get(id) !== 'KEEP') continue;
    const path = o.specs?.get(id)?.file ?? info(id)?.spec_path ?? null;
    await w.write(jsonlLine({ task_id: id, spec_path: path, teacher_mean_completion: Math.round(grouper.mean(id) * 1e6) / 1e6, group: 'KEEP', family: o.specs?.get(id)?.spec.family ?? info(id)?.family ?? 'unknown' }));
  }
  await w.close();
  return { file: w.file, tasks: w.rows };
}
