import { join, relative, sep } from 'node:path';
import pLimit from 'p-limit';
import type { SynthOutcome } from '../synth/plan/outcome.js';
import type { SynthSummary } from '../synth/synthesize.js';
import { prettyJson, removeFile, writeFileAtomic } from './files.js';
import { CORPUS_INDEX_FILE, SHARD_SIZE, SYNTH_SUMMARY_FILE } from './task-files.js';
import { DEFAULT_MAX_TURNS } from '../schema/task-spec.js';

// writes overlap synthesis: a file lands as soon as its task is gated (an interrupted run keeps what was done),
// a few at a time so a thousand small files do not wait on one another's round trips
const WRITES_AT_ONCE = 16;

/**
 * Writes synthesis results as they come: released specs as <dir>/<id>.json, rejected candidates with every
 * diagnostic as <dir>/rejected/<id>.json, and at the end <dir>/synth-summary.json. A task that changed side
 * since an earlier run loses its stale file on the other side. A corpus of more than SHARD_SIZE jobs is
 * sharded: the job at plan index i goes to <dir>/shard-NNNN/ (NNNN = i / SHARD_SIZE + 1; its rejected to
 * shard-NNNN/rejected/), and <dir>/corpus-index.jsonl lists every released task, in plan order.
 */
export class SynthOutputWriter {
  readonly #dir: string;
  readonly #limit = pLimit(WRITES_AT_ONCE);
  readonly #writes: Promise<void>[] = [];
  readonly #added = new Set<string>();
  #error: unknown;
  readonly #released: [number, string][] = [];
  readonly #rejected: [number, string][] = [];
  readonly #planIndex: ReadonlyMap<string, number> | undefined;
  readonly #index: [number, string][] = [];
  readonly #shardSize: number;

  /** `planIndex`: every job id's index in the plan; a plan of more than `shardSize` jobs is written sharded. */
  constructor(dir: string, planIndex?: ReadonlyMap<string, number>, shardSize = SHARD_SIZE) {
    this.#dir = dir;
    this.#shardSize = shardSize;
    this.#planIndex = planIndex && planIndex.size > shardSize ? planIndex : undefined;
  }

  // the folder of a job: the output folder, or its shard
  #folder(id: string): string {
    const i = this.#planIndex?.get(id);
    return i === undefined ? this.#dir : join(this.#dir, shardName(i, this.#shardSize));
  }

  /** Starts writing one outcome's file; an id already added is skipped (lists come back in the order of adding). */
  add(o: SynthOutcome): void {
    if (this.#added.has(o.id)) return;
    this.#added.add(o.id);
    const n = this.#writes.length;
    const folder = this.#folder(o.id);
    const good = join(folder, `${o.id}.json`);
    const bad = join(folder, 'rejected', `${o.id}.json`);
    if (o.accepted && this.#planIndex)
      this.#index.push([this.#planIndex.get(o.id) ?? n, indexLine(o, relative(this.#dir, good))]);
    const [file, stale, text] = o.accepted
      ? [good, bad, prettyJson(o.candidate)]
      : [
          bad,
          good,
          prettyJson({
            id: o.id,
            accepted: false,
            attempts: o.attempts,
            diagnostics: o.diagnostics,
            history: o.history,
            candidate: o.candidate ?? null,
          }),
        ];
    (o.accepted ? this.#released : this.#rejected).push([n, file]);
    this.#writes.push(
      this.#limit(async () => {
        await writeFileAtomic(file, text);
        await removeFile(stale);
      }).catch((e: unknown) => {
        // held for finish(): a failed write is the run's error, not an unhandled rejection mid-run
        this.#error ??= e;
      }),
    );
  }

  /** Waits for every file, then writes the summary; the paths come back in the order outcomes were added. */
  async finish(summary: SynthSummary): Promise<{ released: string[]; rejected: string[] }> {
    await Promise.all(this.#writes);
    if (this.#error !== undefined) throw this.#error;
    // task-files.ts skips these names when a folder is read as tasks
    if (this.#planIndex)
      await writeFileAtomic(
        join(this.#dir, CORPUS_INDEX_FILE),
        this.#index
          .sort((a, b) => a[0] - b[0])
          .map(([, line]) => `${line}\n`)
          .join(''),
      );
    await writeFileAtomic(join(this.#dir, SYNTH_SUMMARY_FILE), prettyJson(summary));
    const paths = (l: [number, string][]) => l.sort((a, b) => a[0] - b[0]).map(([, p]) => p);
    return { released: paths(this.#released), rejected: paths(this.#rejected) };
  }
}

/** Writes every outcome of a finished run, then the summary (see SynthOutputWriter). */
export async function writeSynthOutput(
  dir: string,
  outcomes: readonly SynthOutcome[],
  summary: SynthSummary,
): Promise<{ released: string[]; rejected: string[] }> {
  const w = new SynthOutputWriter(dir);
  for (const o of outcomes) w.add(o);
  return w.finish(summary);
}

/** The shard folder of the job at plan index `i`. */
export const shardName = (i: number, size = SHARD_SIZE): string =>
  `shard-${String(Math.floor(i / size) + 1).padStart(4, '0')}`;

// one line of corpus-index.jsonl: where a released task is, what it covers (what a reader filters by) and what
// `serve` lists of it without reading the spec
function indexLine(o: SynthOutcome, file: string): string {
  const spec = o.candidate as {
    title?: string;
    family?: string;
    services?: string[];
    user?: unknown;
    limits?: { max_turns?: number };
    labels?: { scenario?: string; difficulty?: string; capabilities?: string[] };
  };
  return JSON.stringify({
    id: o.id,
    file: file.split(sep).join('/'),
    family: spec.family ?? null,
    scenario: spec.labels?.scenario ?? null,
    difficulty: spec.labels?.difficulty ?? null,
    capabilities: spec.labels?.capabilities ?? [],
    title: spec.title ?? null,
    services: spec.services ?? [],
    has_user: !!spec.user,
    max_turns: spec.limits?.max_turns ?? DEFAULT_MAX_TURNS,
    ...(o.spec_hash ? { spec_hash: o.spec_hash } : {}),
  });
}
