import { mkdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { CoworkError } from '../schema/errors.js';
import { jsonlLine } from '../schema/jsonl.js';
import { type Trajectory, trajectoryHead } from '../schema/trajectory.js';
import { type ConversionLimits, type Converted, convertTrajectory } from './convert.js';
import { resolvePictures } from './pictures.js';
import { EXPORTERS, getExporters } from './exporters/index.js';
import { LineWriter } from './exporters/jsonl-sink.js';
import type { ExampleSink, ExportFile } from './exporters/types.js';
import { readableScore, type TaskGroup, TaskGrouper } from './grouping.js';
import { type Scorer, selectByScore } from './select.js';
import { fileLines, type Source } from './sources.js';
import { familyOf, type GivenSpec, type SpecLookup, type SpecReport, specLookup } from './spec-lookup.js';
import type { SftExample } from './types.js';
import { TrivialPrefixes, type TrivialPrefixOrder, checkTrivialPrefixOrder } from './trivial-prefix.js';
import { validityOf } from './validity.js';

export interface CurateOptions {
  /** runs in order; `replace` runs supersede every earlier record of the tasks they contain */
  sources: readonly Source[];
  out: string;
  formats: readonly string[];
  /** minimum reward (the grade's score) a record needs */
  threshold: number;
  limits: ConversionLimits;
  /** specs by id (--tasks); without them run.json's spec_path is loaded and verified against spec_hash */
  specs?: ReadonlyMap<string, GivenSpec>;
  secrets: readonly string[];
  select?: { method: 'nll' | 'rsr'; keep: number; scorer: Scorer; bins?: number };
  /**
   * when a TRIVIAL task's one record per prefix is chosen: `before-conversion` (the default, CoworkEnv App. E's
   * order: the first qualifying record uses up the prefix even if conversion then rejects it) or
   * `after-conversion` (the first record that also converts)
   */
  trivialPrefix?: TrivialPrefixOrder;
  onProgress?: (phase: string, n: number) => void;
}

export interface Funnel {
  records_in: number;
  malformed: number;
  duplicates: number;
  superseded: number;
  /** records left out of grouping statistics (and export): infra errors and records without a score */
  not_scored: { infra_error: number; unscored: number };
  candidates: number;
  groups: Record<TaskGroup, { tasks: number; records: number }>;
  /**
   * TRIVIAL sampling under `order`: `taken` records dropped because their prefix was taken; `first_failed`
   * prefixes whose first qualifying record failed conversion, of which `rescued` have a later record that
   * converts — the rows after-conversion exports and before-conversion does not (the same counts either way)
   */
  trivial_prefix: { order: TrivialPrefixOrder; taken: number; first_failed: number; rescued: number };
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
  grouping: { trivial_at: number; unsolvable_at: number; trivial_prefix: TrivialPrefixOrder };
  selection: { method: string; keep: number; bins: number } | null;
  /**
   * where the specs for the private-state check came from, the tasks that have none, and (`unchecked`) the
   * tasks whose records with a user simulator were rejected for want of one
   */
  specs: SpecReport & { unchecked: string[] };
  funnel: Funnel;
  files: ExportFile[];
  rl_tasks: { file: string; tasks: number };
  rejections_file: string;
}

type Kept = Map<number, Set<number>>;
type NotScored = 'infra_error' | 'unscored';

/**
 * CoworkEnv App. E + Cowork-Gym §3.4 curation, streamed (memory flat in the input size): merge runs
 * (first copy of a (task, trial) wins; replacement runs supersede), group tasks by mean completion, admit
 * KEEP + TRIVIAL, apply the reward threshold and validity filtering, keep one record per prefix for TRIVIAL
 * (before conversion by default, see TrivialPrefixOrder), convert messages, optional NLL/RSR selection, then
 * export. Every rejection is counted and written.
 */
export async function curate(o: CurateOptions): Promise<CurationReport> {
  // a bad reading is refused before anything is written
  if (o.trivialPrefix !== undefined) checkTrivialPrefixOrder(o.trivialPrefix);
  await ensureDir(o.out);
  const io: Outputs = {
    rejections: new LineWriter(join(o.out, 'rejections.jsonl')),
    staging: o.select ? new LineWriter(join(o.out, '.candidates.tmp.jsonl')) : undefined,
    sinks: [],
  };
  try {
    return await run(o, io);
  } finally {
    // on success and on any failure (a scorer error, a full disk): no temporary file, no open stream
    for (const s of io.sinks) await s.abort();
    await io.rejections.abort();
    if (io.staging) {
      await io.staging.abort();
      await rm(io.staging.file, { force: true });
    }
  }
}

interface Outputs {
  rejections: LineWriter;
  staging: LineWriter | undefined;
  /** open sinks; emptied once they are closed */
  sinks: ExampleSink[];
}

async function run(o: CurateOptions, { rejections, staging, sinks }: Outputs): Promise<CurationReport> {
  const prefixOrder = o.trivialPrefix ?? 'before-conversion';
  const exporters = getExporters(o.formats);
  const specs = await specLookup(o.sources, o.specs);
  const rejectionsFile = rejections.file;
  const funnel: Funnel = {
    records_in: 0,
    malformed: 0,
    duplicates: 0,
    superseded: 0,
    not_scored: { infra_error: 0, unscored: 0 },
    candidates: 0,
    groups: { TRIVIAL: { tasks: 0, records: 0 }, KEEP: { tasks: 0, records: 0 }, UNSOLVABLE: { tasks: 0, records: 0 } },
    trivial_prefix: { order: prefixOrder, taken: 0, first_failed: 0, rescued: 0 },
    rejected: {},
    rows_out: 0,
    mean_reward: null,
    mean_messages: null,
    mean_tool_calls: null,
  };
  const reject = async (
    stage: string,
    reason: string,
    rec: { task_id?: string; trial?: number; source: string; line: number },
    detail = '',
  ) => {
    funnel.rejected[reason] = (funnel.rejected[reason] ?? 0) + 1;
    await rejections.write(jsonlLine({ stage, reason, detail, ...rec }));
  };

  // pass 1: merge and group (only ids and scores are kept in memory)
  const kept: Kept = new Map();
  const grouper = new TaskGrouper();
  const replaced = new Set<string>();
  const order = [...o.sources.keys()].sort((a, b) => Number(o.sources[b]?.replace) - Number(o.sources[a]?.replace));
  // the copy of each (task, trial) kept so far; a scored copy replaces an infra_error / unscored one
  const first = new Map<string, { si: number; n: number; scored: boolean }>();
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
      const where = { task_id: head.task_id, trial: head.trial, source: src.path, line: n };
      if (src.replace) replaced.add(head.task_id);
      else if (replaced.has(head.task_id)) {
        funnel.superseded++;
        await reject('merge', 'superseded', where);
        continue;
      }
      const scored = head.notScored === undefined;
      const prev = first.get(key);
      if (prev && !(scored && !prev.scored)) {
        funnel.duplicates++;
        await reject('merge', 'duplicate', where);
        continue;
      }
      if (prev) {
        kept.get(prev.si)?.delete(prev.n);
        funnel.duplicates++;
        await reject(
          'merge',
          'duplicate',
          { ...where, source: (o.sources[prev.si] as Source).path, line: prev.n },
          `not scored; the copy at ${src.path}:${n} is kept`,
        );
      }
      first.set(key, { si, n, scored });
      lines.add(n);
      // infra errors and unscored records say nothing about the task's difficulty
      if (scored) grouper.add(head.task_id, readableScore(head.completion, head.reward));
    }
    o.onProgress?.('merge', funnel.records_in);
  }
  first.clear();
  const groupOf = new Map(grouper.tasks().map((t) => [t, grouper.group(t)] as const));
  for (const g of groupOf.values()) funnel.groups[g].tasks++;

  // pass 2: filter, convert, (score); without selection examples go straight to the sinks
  for (const e of exporters) sinks.push(await e.open(o.out));
  const scored: { id: number; length: number; nll: number; rsr: number }[] = [];
  const prefixes = new TrivialPrefixes(prefixOrder);
  const unchecked = new Set<string>();
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
      const excluded = trajectoryHead(t)?.notScored;
      if (excluded) {
        funnel.not_scored[excluded]++;
        await reject(
          'group',
          excluded,
          where,
          excluded === 'infra_error'
            ? 'ended in infra_error: excluded from grouping and export'
            : 'no score: excluded from grouping and export',
        );
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
      const start = t.events[0];
      const found = specs.find(t.task_id, start?.type === 'episode_start' ? start.spec_hash : undefined);
      const spec = 'spec' in found ? found.spec : undefined;
      const invalid = validityOf(t, {
        ...(spec ? { spec } : { specMissing: (found as { missing: string }).missing }),
        secrets: o.secrets,
      });
      if (invalid) {
        if (invalid.reason === 'private_state_unchecked') unchecked.add(t.task_id);
        await reject('validity', invalid.reason, where, invalid.detail);
        continue;
      }
      // a TRIVIAL task contributes only one qualifying record per prefix, chosen before or after conversion
      let conv: Converted;
      if (group === 'TRIVIAL') {
        const d = prefixes.admit(t.task_id, `${t.task_id}#${t.trial}`, () => convertTrajectory(t, o.limits));
        if (!d.admit) {
          await reject('group', 'trivial_prefix_taken', where, d.detail);
          continue;
        }
        conv = d.converted;
      } else conv = convertTrajectory(t, o.limits);
      if (!conv.ok) {
        await reject('conversion', conv.reason, where, conv.detail);
        continue;
      }
      funnel.candidates++;
      const info = src.tasks.get(t.task_id);
      const pictures = resolvePictures(conv.pictures, spec);
      const ex: SftExample = {
        messages: conv.messages,
        tools: conv.tools,
        ...(pictures.length ? { pictures } : {}),
        meta: {
          task_id: t.task_id,
          trial: t.trial,
          reward,
          completion: t.grade?.completion ?? null,
          family: spec?.family ?? info?.family ?? 'unknown',
          labels: { capabilities: spec?.labels.capabilities ?? info?.capabilities ?? [] },
          teacher_group: group,
          tool_calls: conv.toolCalls,
        },
      };
      if (o.select && staging) {
        const s = await o.select.scorer.score(ex, t);
        scored.push({ id: scored.length, length: s.tokens || conv.chars, nll: s.nll, rsr: s.rsr });
        await staging.write(
          jsonlLine({ ...ex, meta: { ...ex.meta, nll: s.nll, rsr: s.rsr, scored_tokens: s.tokens } }),
        );
      } else await emit(ex, conv.toolCalls);
    }
    o.onProgress?.('convert', funnel.candidates);
  }

  // pass 3 (selection): keep by NLL (central ρ) or RSR (lowest ρ) within equal-frequency length bins
  const files: ExportFile[] = [];
  if (o.select && staging) {
    await staging.close();
    const keep = selectByScore(scored, o.select.method, o.select.keep, o.select.bins ?? 10);
    let i = 0;
    for await (const { text } of fileLines(staging.file)) {
      const ex = JSON.parse(text) as SftExample;
      if (keep.has(i++)) await emit(ex, Number(ex.meta.tool_calls ?? 0));
      else
        await reject(
          'selection',
          'not_selected',
          { task_id: ex.meta.task_id, trial: ex.meta.trial, source: 'selection', line: i },
          `${o.select.method} outside the kept fraction`,
        );
    }
  }

  for (const s of sinks.splice(0)) files.push(...(await s.close()));
  // a rerun into the same --out replaces the dataset: files of formats not asked for this time would be stale
  // (a file two formats share, dataset_info.json, stays while one of them was asked for)
  const asked = new Set(exporters.flatMap((e) => e.files));
  for (const e of EXPORTERS)
    if (!exporters.includes(e))
      for (const f of e.files) if (!asked.has(f)) await rm(join(o.out, f), { force: true, recursive: true });
  await rejections.close();
  const rl = await writeRlTasks(o, specs, grouper, groupOf);
  funnel.trivial_prefix = { order: prefixOrder, ...prefixes.counts };
  if (funnel.rows_out) {
    funnel.mean_reward = stats.reward / funnel.rows_out;
    funnel.mean_messages = stats.messages / funnel.rows_out;
    funnel.mean_tool_calls = stats.toolCalls / funnel.rows_out;
  }
  return {
    sources: o.sources.map((s) => ({ path: s.path, replace: s.replace })),
    threshold: o.threshold,
    limits: o.limits,
    grouping: { trivial_at: 0.999, unsolvable_at: 0.001, trivial_prefix: prefixOrder },
    selection: o.select ? { method: o.select.method, keep: o.select.keep, bins: o.select.bins ?? 10 } : null,
    specs: { ...specs.report, unchecked: [...unchecked].sort() },
    funnel,
    files,
    rl_tasks: rl,
    rejections_file: rejectionsFile,
  };
}

// the fields pass 1 needs, without trusting the rest of the line
function peek(
  text: string,
):
  | { task_id: string; trial: number; completion: unknown; reward: unknown; notScored: NotScored | undefined }
  | undefined {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    return undefined;
  }
  const h = trajectoryHead(v);
  if (!h) return undefined;
  const g = h.grade ?? {};
  return { task_id: h.task_id, trial: h.trial, completion: g.completion, reward: g.score, notScored: h.notScored };
}

/** The output directory: created when missing; an existing file there is a clear error, not EEXIST. */
async function ensureDir(dir: string): Promise<void> {
  const s = await stat(dir).catch(() => undefined);
  if (s && !s.isDirectory())
    throw new CoworkError('bad_input', `--out ${dir} is a file; give a dataset directory such as datasets/<name>`);
  await mkdir(dir, { recursive: true }).catch((e: NodeJS.ErrnoException) => {
    throw new CoworkError(
      e.code === 'ENOTDIR' || e.code === 'EEXIST' ? 'bad_input' : 'io_error',
      `--out ${dir}: cannot create the directory (${e.code ?? e.message}); a parent may be a file`,
    );
  });
}

function wellFormed(t: Trajectory): boolean {
  const a = t.audit as Partial<Trajectory['audit']> | undefined;
  return (
    !!a &&
    Array.isArray(a.calls) &&
    !!a.records &&
    typeof a.records === 'object' &&
    Array.isArray(t.events) &&
    t.events.every((e) => !!e && typeof e === 'object' && typeof (e as { type?: unknown }).type === 'string')
  );
}

// CoworkEnv §3.4: teacher performance informs RL task selection — KEEP tasks give learnable groups
async function writeRlTasks(
  o: CurateOptions,
  specs: SpecLookup,
  grouper: TaskGrouper,
  groups: ReadonlyMap<string, TaskGroup>,
): Promise<{ file: string; tasks: number }> {
  const w = new LineWriter(join(o.out, 'rl_tasks.jsonl'));
  const info = (id: string) => o.sources.map((s) => s.tasks.get(id)).find(Boolean);
  for (const id of [...groups.keys()].sort()) {
    if (groups.get(id) !== 'KEEP') continue;
    // the file the spec was verified from (resolved), not run.json's path relative to where the run was
    const path = specs.fileOf(id, info(id)?.spec_hash) ?? info(id)?.spec_path ?? null;
    const given = o.specs?.get(id);
    await w.write(
      jsonlLine({
        task_id: id,
        spec_path: path,
        teacher_mean_completion: Math.round(grouper.mean(id) * 1e6) / 1e6,
        group: 'KEEP',
        family: (given ? familyOf(given) : undefined) ?? info(id)?.family ?? 'unknown',
      }),
    );
  }
  await w.close();
  return { file: w.file, tasks: w.rows };
}
