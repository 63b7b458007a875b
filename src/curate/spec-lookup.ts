import { existsSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { refOf, readSpecRef, type SpecRef } from '../run/spec-refs.js';
import { iterateTaskFiles } from '../run/task-files.js';
import { BoundedMap } from '../schema/bounded-map.js';
import { specHash } from '../schema/canonical-json.js';
import type { TaskSpec } from '../schema/task-spec.js';
import type { Source } from './sources.js';

// the private-state check needs each record's spec. --tasks gives specs explicitly; otherwise run.json's
// spec_path is loaded and accepted only when its hash equals the recorded spec_hash, so an edited or
// missing file never passes for the spec the record was run with. records whose spec stays unknown are
// rejected when a user simulator took part (validity: private_state_unchecked) — the safe default.
// only references are kept (a spec is read again, its hash checked, when a record asks): a corpus-sized run
// is curated in bounded memory.

/** A spec given to curation: in memory, or a reference to a checked one (`scanSpecs`). */
export type GivenSpec = { spec: TaskSpec; file: string } | SpecRef;

const hashOf = (g: GivenSpec) => ('hash' in g ? g.hash : specHash(g.spec));

/** The family of a given spec, without reading it. */
export const familyOf = (g: GivenSpec) => ('hash' in g ? g.labels.family : g.spec.family);

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
  /** the file `find` would read the spec from, without reading it */
  fileOf(taskId: string, hash: string | undefined): string | undefined;
  report: SpecReport;
}

/** Indexes --tasks specs and verified run.json specs by hash (and --tasks specs by id). */
export async function specLookup(
  sources: readonly Source[],
  given?: ReadonlyMap<string, GivenSpec>,
): Promise<SpecLookup> {
  const byHash = new Map<string, GivenSpec>();
  for (const s of given?.values() ?? []) byHash.set(hashOf(s), s);
  const loaded = new BoundedMap<string, SpecRef[] | string>(64);
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
        const found = specs.find((s) => s.id === id);
        if (!found) fail(`${info.spec_path} has no task ${id}`);
        else if (!info.spec_hash || found.hash !== info.spec_hash)
          fail(`${info.spec_path} changed since the run (its hash differs from run.json's spec_hash)`);
        else {
          byHash.set(info.spec_hash, found);
          problems.delete(key);
          fromRuns++;
        }
      }
    }
  }
  const read = new BoundedMap<GivenSpec, { spec: TaskSpec; file: string } | { missing: string }>(64);
  const open = (g: GivenSpec) => {
    if (!('hash' in g)) return g;
    let got = read.get(g);
    if (!got) {
      try {
        got = { spec: readSpecRef(g), file: g.file };
      } catch (e) {
        got = {
          missing: `no verified spec for ${g.id} (${(e as Error).message}), so its private user state cannot be checked`,
        };
      }
      read.set(g, got);
    }
    return got;
  };
  const givenFor = (taskId: string, hash: string | undefined) =>
    (hash ? byHash.get(hash) : undefined) ?? given?.get(taskId);
  return {
    fileOf: (taskId, hash) => givenFor(taskId, hash)?.file,
    find(taskId, hash) {
      const spec = givenFor(taskId, hash);
      if (spec) return open(spec);
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
async function readSpecs(file: string): Promise<SpecRef[]> {
  const refs: SpecRef[] = [];
  for await (const f of iterateTaskFiles([file])) if (f.parsed.spec) refs.push(refOf(f, f.parsed.spec));
  return refs;
}

// spec_path is as given to `coworkenv run` (relative to where it ran); a run directory moved with its specs works too
function resolvePath(p: string, src: Source): string {
  if (isAbsolute(p) || existsSync(p) || src.file === src.path) return p;
  const inRun = join(src.path, p);
  return existsSync(inRun) ? inRun : p;
}
