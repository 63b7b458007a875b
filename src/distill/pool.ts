import { createHash } from 'node:crypto';
import { type TaskGroup, readableScore, TaskGrouper } from '../curate/grouping.js';
import { fileLines, type Source } from '../curate/sources.js';
import { type GivenSpec, specLookup } from '../curate/spec-lookup.js';
import { validityOf } from '../curate/validity.js';
import { Trajectory, trajectoryHead } from '../schema/trajectory.js';

/** The filters that mirror curation, so a student is distilled on the pool it would be fine-tuned on. */
export interface PoolFilters {
  /** only tasks CoworkEnv App. E groups as KEEP (mean completion strictly between 0.001 and 0.999) */
  onlyKeep: boolean;
  /** only records curation's validity filter accepts (Cowork-Gym §3.4: integrity, outcome, claims, recovery) */
  onlyValid: boolean;
}

export interface PoolOptions extends PoolFilters {
  sources: readonly Source[];
  /** specs by id (--tasks) for the validity filter; else run.json spec_path verified against spec_hash */
  specs?: ReadonlyMap<string, GivenSpec>;
  secrets: readonly string[];
}

/** One record of the pool, in order: the trajectory, its group and the sha256 of its line. */
export interface PoolItem {
  t: Trajectory;
  group: TaskGroup | null;
  family: string;
  sha: string;
  source: string;
  line: number;
}

export interface Rejection {
  stage: 'read' | 'merge' | 'group' | 'validity';
  reason: string;
  detail: string;
  task_id?: string;
  trial?: number;
  source: string;
  line: number;
}

type Head = { task_id: string; trial: number; score: number | undefined; notScored: boolean };

function head(text: string): Head | undefined {
  const v = parseOr(text);
  return v === BAD ? undefined : headOf(v);
}

const BAD = Symbol('not JSON');
function parseOr(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return BAD;
  }
}

function headOf(v: unknown): Head | undefined {
  const h = trajectoryHead(v);
  if (!h) return undefined;
  const scored = h.notScored === undefined;
  return {
    task_id: h.task_id,
    trial: h.trial,
    score: scored ? readableScore(h.grade?.completion, h.grade?.score) : undefined,
    notScored: !scored,
  };
}

/**
 * The records to distill, streamed in source order (memory flat in the input: only ids, group sums and line
 * numbers are held): pass 1 merges the runs (the first copy of a (task, trial) wins, as in curation) and groups
 * the tasks by mean completion over scored records; pass 2 applies the filters and yields each kept record.
 * Every record left out is reported to `reject`.
 */
export async function* poolItems(o: PoolOptions, reject: (r: Rejection) => Promise<void>): AsyncGenerator<PoolItem> {
  const grouper = new TaskGrouper();
  const kept = new Map<number, Set<number>>();
  const seen = new Set<string>();
  for (const [si, src] of o.sources.entries()) {
    const lines = new Set<number>();
    kept.set(si, lines);
    for await (const { n, text } of fileLines(src.file)) {
      const h = head(text);
      if (!h) {
        await reject({
          stage: 'read',
          reason: 'malformed_record',
          detail: 'not a trajectory record',
          source: src.path,
          line: n,
        });
        continue;
      }
      const key = `${h.task_id}\u0000${h.trial}`;
      if (seen.has(key)) {
        await reject({
          stage: 'merge',
          reason: 'duplicate',
          detail: 'an earlier copy of this (task, trial) is used',
          task_id: h.task_id,
          trial: h.trial,
          source: src.path,
          line: n,
        });
        continue;
      }
      seen.add(key);
      lines.add(n);
      // as in curation: infra errors and unscored records say nothing about the task's difficulty
      if (!h.notScored) grouper.add(h.task_id, h.score);
    }
  }
  seen.clear();
  const specs = o.onlyValid ? await specLookup(o.sources, o.specs) : undefined;
  for (const [si, src] of o.sources.entries()) {
    const lines = kept.get(si) as Set<number>;
    for await (const { n, text } of fileLines(src.file)) {
      if (!lines.has(n)) continue;
      // one parse for the head and the schema check (records are large: token ids and logprobs)
      const v = parseOr(text);
      const h = v === BAD ? undefined : headOf(v);
      const parsed = Trajectory.safeParse(h ? v : null);
      const where = { source: src.path, line: n };
      if (!h || !parsed.success) {
        const issue = parsed.success ? undefined : parsed.error.issues[0];
        await reject({
          stage: 'read',
          reason: 'malformed_record',
          detail: `not a complete trajectory record${issue ? ` (${issue.path.join('.')}: ${issue.message})` : ''}`,
          ...where,
        });
        continue;
      }
      const t = parsed.data;
      const id = { task_id: t.task_id, trial: t.trial, ...where };
      const group = h.notScored ? null : grouper.group(t.task_id);
      if (o.onlyKeep && group !== 'KEEP') {
        await reject({
          stage: 'group',
          reason: group === null ? 'unscored' : 'not_keep',
          detail:
            group === null
              ? 'no score (ungraded or infra_error): not grouped'
              : `task is ${group} (mean completion ${grouper.mean(t.task_id).toFixed(3)})`,
          ...id,
        });
        continue;
      }
      if (specs) {
        const start = t.events[0];
        const found = specs.find(t.task_id, start?.type === 'episode_start' ? start.spec_hash : undefined);
        const invalid = validityOf(t, {
          ...('spec' in found ? { spec: found.spec } : { specMissing: found.missing }),
          secrets: o.secrets,
        });
        if (invalid) {
          await reject({ stage: 'validity', reason: invalid.reason, detail: invalid.detail, ...id });
          continue;
        }
      }
      const family = src.tasks.get(t.task_id)?.family ?? 'unknown';
      yield { t, group, family, sha: createHash('sha256').update(text).digest('hex'), ...where };
    }
  }
}
