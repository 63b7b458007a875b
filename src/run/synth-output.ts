import { join } from 'node:path';
import type { SynthOutcome } from '../synth/plan/outcome.js';
import type { SynthSummary } from '../synth/synthesize.js';
import { prettyJson, removeFile, writeFileAtomic } from './files.js';
import { SYNTH_SUMMARY_FILE } from './task-files.js';

/**
 * Writes synthesis results: released specs as <dir>/<id>.json, rejected candidates with every diagnostic
 * as <dir>/rejected/<id>.json, and <dir>/synth-summary.json. A task that changed side since an earlier run
 * loses its stale file on the other side.
 */
export async function writeSynthOutput(
  dir: string,
  outcomes: readonly SynthOutcome[],
  summary: SynthSummary,
): Promise<{ released: string[]; rejected: string[] }> {
  const released: string[] = [];
  const rejected: string[] = [];
  for (const o of outcomes) {
    const good = join(dir, `${o.id}.json`);
    const bad = join(dir, 'rejected', `${o.id}.json`);
    if (o.accepted) {
      await writeFileAtomic(good, prettyJson(o.candidate));
      await removeFile(bad);
      released.push(good);
    } else {
      await writeFileAtomic(
        bad,
        prettyJson({
          id: o.id,
          accepted: false,
          attempts: o.attempts,
          diagnostics: o.diagnostics,
          history: o.history,
          candidate: o.candidate ?? null,
        }),
      );
      await removeFile(good);
      rejected.push(bad);
    }
  }
  // task-files.ts skips this name when a folder is read as tasks
  await writeFileAtomic(join(dir, SYNTH_SUMMARY_FILE), prettyJson(summary));
  return { released, rejected };
}
