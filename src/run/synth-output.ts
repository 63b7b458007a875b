import { join } from 'node:path';
import pLimit from 'p-limit';
import type { SynthOutcome } from '../synth/plan/outcome.js';
import type { SynthSummary } from '../synth/synthesize.js';
import { prettyJson, removeFile, writeFileAtomic } from './files.js';
import { SYNTH_SUMMARY_FILE } from './task-files.js';

// writes overlap synthesis: a file lands as soon as its task is gated (an interrupted run keeps what was done),
// a few at a time so a thousand small files do not wait on one another's round trips
const WRITES_AT_ONCE = 16;

/**
 * Writes synthesis results as they come: released specs as <dir>/<id>.json, rejected candidates with every
 * diagnostic as <dir>/rejected/<id>.json, and at the end <dir>/synth-summary.json. A task that changed side
 * since an earlier run loses its stale file on the other side.
 */
export class SynthOutputWriter {
  readonly #dir: string;
  readonly #limit = pLimit(WRITES_AT_ONCE);
  readonly #writes: Promise<void>[] = [];
  readonly #added = new Set<string>();
  #error: unknown;
  readonly #released: [number, string][] = [];
  readonly #rejected: [number, string][] = [];

  constructor(dir: string) {
    this.#dir = dir;
  }

  /** Starts writing one outcome's file; an id already added is skipped (lists come back in the order of adding). */
  add(o: SynthOutcome): void {
    if (this.#added.has(o.id)) return;
    this.#added.add(o.id);
    const n = this.#writes.length;
    const good = join(this.#dir, `${o.id}.json`);
    const bad = join(this.#dir, 'rejected', `${o.id}.json`);
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
    // task-files.ts skips this name when a folder is read as tasks
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
