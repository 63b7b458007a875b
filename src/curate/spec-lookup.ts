import { existsSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { specHash } from '../schema/canonical-json.js';
import { readTaskFiles } from '../run/task-files.js';
import type { TaskSpec } from '../schema/task-spec.js';
import type { Source } from './sources.js';

// the private-state check needs each record's spec. --tasks gives specs explicitly; otherwise run.json's
// spec_path is loaded and accepted only when its hash equals the recorded spec_hash, so an edited or
// missing file never passes for the spec the record was run with. records whose spec stays unknown are
// rejected when a user simulator took part (validity: private_state_unchecked) — the safe default.

export interface SpecReport {
  /** specs given with --tasks */
  from_tasks: number;
  /** specs loaded from run.json spec_path and verified against spec_hash */
  from_runs: number;
  /** tasks without a verified spec, and why */
  unverified: { task_id: string; reason: string }[];
}

export interface SpecLookup {
  /** the spec a record was run with (by its spec hash), else the --tasks spec of its id */
  find(taskId: string, hash: string | undefined): { spec: TaskSpec; file: string } | { missing: string };
  report: SpecReport;
}

/** Indexes --tasks specs and verified run.json specs by hash (and --tasks specs by id). */
export async function specLookup(
  sources: readonly Source[],
  given?: ReadonlyMap<string, { spec: TaskSpec; file: string }>,
): Promise<SpecLookup> {
  const byHash = new Map<string, { spec: TaskSpec; file: string }>();
  for (const s of given?.values() ?? []) byHash.set(specHash(s.spec), s);
  const loaded = new Map<string, { spec: TaskSpec; file: string }[] | string>();
  // problems per (task, hash): a replacement run may use a newer spec than the run it replaces
  const problems = new Map<string, { task_id: string; reason: string }>();
  let fromRuns = 0;
  for (const src of sources) {
    for (const [id, info] of src.tasks) {
      if ((info.spec_hash && byHash.has(info.spec_hash)) || given?.has(id)) continue;
      const key = `${id}\u0000${info.spec_hash ?? ''}`;
      const fail = (reason: string) => problems.set(key, { task_id: id, reason });
      if (!info.spec_path) {
        fail(`run.json of ${src.path} records no spec_path`);
        continue;
      }
      const file = resolvePath(info.spec_path, src);
      let specs = loaded.get(file);
      if (specs === undefined) {
        specs = await readSpecs(file).catch((e: Error) => `${info.spec_path}: ${e.message}`);
        loaded.set(file, specs);
      }
      if (typeof specs === 'string') fail(specs);
      else {
        const found = specs.find((s) => s.spec.id === id);
        if (!found) fail(`${info.spec_path} has no task ${id}`);
        else if (!info.spec_hash || specHash(found.spec) !== info.spec_hash)
          fail(`${info.spec_path} changed since the run (its hash differs from run.json's spec_hash)`);
        else {
          byHash.set(info.spec_hash, found);
          problems.delete(key);
          fromRuns++;
        }
      }
    }
  }
  return {
    find(taskId, hash) {
      const spec = (hash ? byHash.get(hash) : undefined) ?? given?.get(taskId);
      if (spec) return spec;
      const why =
        problems.get(`${taskId}\u0000${hash ?? ''}`) ?? [...problems.values()].find((p) => p.task_id === taskId);
      return {
        missing: `no verified spec for ${taskId} (${why?.reason ?? 'not in --tasks or run.json'}), so its private user state cannot be checked; pass --tasks`,
      };
    },
    report: {
      from_tasks: given?.size ?? 0,
      from_runs: fromRuns,
      unverified: [...problems.values()].sort((a, b) => (a.task_id < b.task_id ? -1 : a.task_id > b.task_id ? 1 : 0)),
    },
  };
}

// only the content matters here (its hash is checked): the gate's opinion of a spec the run already used does not
async function readSpecs(file: string): Promise<{ spec: TaskSpec; file: string }[]> {
  return (await readTaskFiles([file])).flatMap((f) => (f.parsed.spec ? [{ spec: f.parsed.spec, file: f.file }] : []));
}

// spec_path is as given to `coworkenv run` (relative to where it ran); a run directory moved with its specs works too
function resolvePath(p: string, src: Source): string {
  if (isAbsolute(p) || existsSync(p) || src.file === src.path) return p;
  const inRun = join(src.path, p);
  return existsSync(inRun) ? inRun : p;
}
