import { join } from 'node:path';
import { LineWriter } from '../curate/exporters/jsonl-sink.js';
import type { Source } from '../curate/sources.js';
import type { GivenSpec } from '../curate/spec-lookup.js';
import type { ChatMarkers } from '../curate/token-scores.js';
import { CoworkError } from '../schema/errors.js';
import { type PoolFilters, type PoolItem, poolItems, type Rejection } from './pool.js';
import { buildRow } from './row.js';
import { studentSequences } from './sequences.js';
import { type ShardReport, writeShards } from './shards.js';
import { DistillStore, type LogEntry } from './store.js';
import { type Teacher, TeacherRefusal } from './teacher.js';
import { checkTokenizer } from './tokenizer-check.js';
import { rowKey } from './types.js';

export interface DistillOptions {
  sources: readonly Source[];
  out: string;
  teacher: Teacher;
  topK: number;
  /** the student's chat-template markers and their preset name (recorded) */
  markers: ChatMarkers;
  template: string;
  filters: PoolFilters;
  specs?: ReadonlyMap<string, GivenSpec>;
  secrets: readonly string[];
  /** trajectories in flight at once [16] */
  concurrency?: number;
  /** rows per shard [1000] */
  shardRows?: number;
  /** discard an earlier distillation in `out` */
  fresh?: boolean;
  notice?: (line: string) => void;
  onProgress?: (done: number) => void;
}

export interface DistillReport {
  sources: string[];
  teacher: string;
  top_k: number;
  template: string;
  filters: { only_keep: boolean; only_valid: boolean };
  /** records read, left out by the filters (by reason) and kept */
  records: { rejected: Record<string, number>; pool: number };
  /** trajectories already in the log when this invocation started */
  resumed: number;
  distilled: Omit<ShardReport, 'shards'>;
  shards: ShardReport['shards'];
  rejections_file: string;
  /** this invocation's teacher traffic and tokenizer evidence */
  this_run: {
    teacher_requests: number;
    sequences: number;
    tokens_compared: number;
    texts_compared: number;
    unverified_sequences: number;
  };
}

/**
 * Cowork-Gym §4 on-policy distillation data: for every student trajectory of the pool (token ids captured by
 * `run --return-token-ids`), the teacher's top-k next-token distribution at each agent-generated position of
 * the student's exact token sequence, written as Parquet + JSONL shards. Resumable (log.jsonl, kill -9 safe:
 * the same shards as an uninterrupted run) with `concurrency` trajectories in flight, written in pool order.
 */
export async function distill(o: DistillOptions): Promise<DistillReport> {
  const identity = {
    version: 1,
    sources: o.sources.map((s) => s.path),
    teacher: o.teacher.name,
    top_k: o.topK,
    template: o.markers,
    only_keep: o.filters.onlyKeep,
    only_valid: o.filters.onlyValid,
    spec_files: o.specs ? [...new Set([...o.specs.values()].map((s) => s.file))].sort() : null,
  };
  const store = await DistillStore.open(o.out, identity, {
    ...(o.fresh ? { fresh: true } : {}),
    ...(o.notice ? { notice: o.notice } : {}),
  });
  const rejections = new LineWriter(join(o.out, 'rejections.jsonl'));
  try {
    const report = await work(o, store, rejections);
    await rejections.close();
    await store.finish('done', { report });
    return report;
  } catch (e) {
    await rejections.abort();
    store.close();
    throw e;
  }
}

async function work(o: DistillOptions, store: DistillStore, rejections: LineWriter): Promise<DistillReport> {
  const rejected: Record<string, number> = {};
  const reject = async (r: Rejection) => {
    rejected[r.reason] = (rejected[r.reason] ?? 0) + 1;
    await rejections.write(`${JSON.stringify(r)}\n`);
  };
  const stats = { sequences: 0, tokens: 0, texts: 0, unverified: 0 };
  const requestsBefore = o.teacher.requests;
  const concurrency = Math.max(1, o.concurrency ?? 16);
  let pool = 0;
  let resumed = 0;
  // finished entries are appended in pool order; a failure is held until its turn so none goes unhandled
  const window: Promise<LogEntry>[] = [];
  const drainOne = async () => {
    await store.append(await (window.shift() as Promise<LogEntry>));
    o.onProgress?.(resumed + ++written);
  };
  let written = 0;
  for await (const item of poolItems(
    {
      sources: o.sources,
      onlyKeep: o.filters.onlyKeep,
      onlyValid: o.filters.onlyValid,
      ...(o.specs ? { specs: o.specs } : {}),
      secrets: o.secrets,
    },
    reject,
  )) {
    pool++;
    const done = store.done[resumed];
    if (done) {
      // the log must be this pool's prefix: a changed student run would otherwise mix two pools
      if (done.task_id !== item.t.task_id || done.trial !== item.t.trial || done.sha !== item.sha) {
        throw new CoworkError(
          'bad_input',
          `${o.out}: the student run changed since this distillation began (log entry ${resumed + 1} is ${rowKey(done)}, the run now gives ${rowKey(item.t)}${done.sha !== item.sha ? ' with a different record' : ''}); pass --force to start over`,
        );
      }
      resumed++;
      continue;
    }
    const p = entryOf(o, item, stats);
    p.catch(() => {});
    window.push(p);
    if (window.length >= concurrency) await drainOne();
  }
  while (window.length) await drainOne();
  if (resumed < store.done.length) {
    throw new CoworkError(
      'bad_input',
      `${o.out}: the log holds ${store.done.length} trajectories but the student run now gives ${pool}; the run changed since this distillation began — pass --force to start over`,
    );
  }
  const shards = await writeShards(store.logFile, o.out, o.shardRows ?? 1000);
  if (shards.trajectories === 0 && shards.skipped.no_token_ids && Object.keys(shards.skipped).length === 1) {
    throw new CoworkError(
      'bad_input',
      `${o.sources.map((s) => s.path).join(', ')}: none of the ${shards.skipped.no_token_ids} trajectories has token ids; record the student's run with --return-token-ids (an openai-compatible vLLM endpoint) to distill it`,
    );
  }
  const { shards: files, ...distilled } = shards;
  return {
    sources: o.sources.map((s) => s.path),
    teacher: o.teacher.model,
    top_k: o.topK,
    template: o.template,
    filters: { only_keep: o.filters.onlyKeep, only_valid: o.filters.onlyValid },
    records: { rejected, pool },
    resumed,
    distilled,
    shards: files,
    rejections_file: rejections.file,
    this_run: {
      teacher_requests: o.teacher.requests - requestsBefore,
      sequences: stats.sequences,
      tokens_compared: stats.tokens,
      texts_compared: stats.texts,
      unverified_sequences: stats.unverified,
    },
  };
}

// one trajectory: its sequences, the teacher's answers, the tokenizer check and the rows (or why it is skipped)
async function entryOf(
  o: DistillOptions,
  item: PoolItem,
  stats: { sequences: number; tokens: number; texts: number; unverified: number },
): Promise<LogEntry> {
  const t = item.t;
  const base = { task_id: t.task_id, trial: t.trial, sha: item.sha };
  const { sequences, turns } = studentSequences(t);
  if (!sequences.length)
    return {
      ...base,
      skipped: {
        reason: 'no_token_ids',
        detail: `${turns} assistant turns, none with token ids; record the run with --return-token-ids`,
      },
    };
  const where = `${item.source}:${item.line}, ${rowKey(t)}`;
  const g = t.grade;
  const meta = {
    task_id: t.task_id,
    trial: t.trial,
    family: item.family,
    group: item.group,
    reward: g?.score ?? null,
    completion: g?.completion ?? null,
    passed: g?.passed ?? null,
  };
  try {
    const rows = await Promise.all(
      sequences.map(async (seq) => {
        const positions = seq.sampled.flatMap((s, p) => (s ? [p] : []));
        const a = await o.teacher.score(seq.ids, positions, where);
        const ev = checkTokenizer(seq, a, o.teacher.model, `${where}, trace ${seq.trace}`);
        stats.sequences++;
        stats.tokens += ev.tokens;
        stats.texts += ev.texts;
        if (!ev.tokens && !ev.texts) stats.unverified++;
        return buildRow(meta, seq, a, o.markers, where);
      }),
    );
    return { ...base, rows };
  } catch (e) {
    if (e instanceof TeacherRefusal) return { ...base, skipped: { reason: 'teacher_refused', detail: e.message } };
    throw e;
  }
}
