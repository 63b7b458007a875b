import { existsSync, statSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { CoworkError } from '../schema/errors.js';
import { Dataset } from './dataset.js';
import { RunIndex } from './run-index.js';
import { TaskSet } from './task-set.js';
import { specFileOf } from './trial-detail.js';

/** What `view` found under its paths, each with a stable id (its folder name, made unique) for URLs. */
export interface Sources {
  runs: Map<string, RunIndex>;
  tasks: Map<string, TaskSet>;
  datasets: Map<string, Dataset>;
}

type Kind = 'run' | 'tasks' | 'dataset';

async function kindOf(dir: string): Promise<Kind | undefined> {
  if (existsSync(join(dir, 'run.json'))) return 'run';
  if (Dataset.is(dir)) return 'dataset';
  if (await TaskSet.is(dir)) return 'tasks';
  return undefined;
}

/** Folders below `dir` (depth ≤ 2, e.g. demo/ → runs/demo) that are runs, tasks folders or datasets. */
async function scan(dir: string, depth: number, out: [Kind, string][]): Promise<void> {
  const kind = await kindOf(dir);
  if (kind) {
    out.push([kind, dir]);
    // a tasks folder's rejected/ is part of it; a run or dataset holds nothing else
    return;
  }
  if (depth === 0) return;
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  for (const e of entries
    .filter((x) => x.isDirectory() && !x.name.startsWith('.') && x.name !== 'node_modules')
    .sort((a, b) => (a.name < b.name ? -1 : 1))) {
    await scan(join(dir, e.name), depth - 1, out);
  }
}

const ID_SAFE = /[^A-Za-z0-9._-]+/g;

function uniqueId(dir: string, taken: Set<string>): string {
  const base = basename(dir).replace(ID_SAFE, '-') || 'root';
  let id = base;
  // a name seen twice is qualified by its parent (runs/a vs other/a), then numbered
  if (taken.has(id)) id = `${basename(dirname(dir)).replace(ID_SAFE, '-')}-${base}`;
  for (let n = 2; taken.has(id); n++) id = `${base}-${n}`;
  taken.add(id);
  return id;
}

/**
 * Finds runs (run.json), tasks folders (specs, rejected/, synth-summary.json) and curation outputs
 * (curation.json) at each path or up to two folders below it. A path that does not exist, or holds none
 * of them, is a bad_input error naming it.
 */
export async function findSources(paths: readonly string[]): Promise<Sources> {
  const found: [Kind, string][] = [];
  for (const p of paths) {
    const dir = resolve(p);
    if (!existsSync(dir))
      throw new CoworkError(
        'not_found',
        `${p}: no such file or directory; pass run directories (runs/<name>), tasks folders, curation outputs, or a folder holding them (e.g. the demo's --out)`,
      );
    if (!statSync(dir).isDirectory())
      throw new CoworkError(
        'bad_input',
        `${p}: is a file; pass its folder (a run directory holds run.json and trajectories.jsonl)`,
      );
    const before = found.length;
    await scan(dir, 2, found);
    if (found.length === before)
      throw new CoworkError(
        'bad_input',
        `${p}: holds no run (run.json), tasks folder (specs) or curation output (curation.json), nor any two levels below it`,
      );
  }
  const taken = { run: new Set<string>(), tasks: new Set<string>(), dataset: new Set<string>() };
  const seen = new Set<string>();
  const out: Sources = { runs: new Map(), tasks: new Map(), datasets: new Map() };
  for (const [kind, dir] of found) {
    if (seen.has(dir)) continue;
    seen.add(dir);
    const id = uniqueId(dir, taken[kind]);
    if (kind === 'run') out.runs.set(id, new RunIndex(dir));
    else if (kind === 'tasks') out.tasks.set(id, new TaskSet(dir));
    else out.datasets.set(id, new Dataset(dir));
  }
  return out;
}

/** Adds the tasks folders a run's specs came from (run.json spec_path), so its trials link to their tasks. */
export async function addRunTaskFolders(s: Sources): Promise<void> {
  const have = new Set([...s.tasks.values()].map((t) => t.dir));
  const taken = new Set(s.tasks.keys());
  for (const r of s.runs.values()) {
    await r.refresh().catch(() => undefined);
    const dirs = new Set(
      (r.config?.tasks ?? []).flatMap((t) => (t.spec_path ? [dirname(specFileOf(r.dir, t.spec_path))] : [])),
    );
    for (const dir of [...dirs].sort()) {
      if (have.has(dir) || !existsSync(dir) || !(await TaskSet.is(dir))) continue;
      have.add(dir);
      s.tasks.set(uniqueId(dir, taken), new TaskSet(dir));
    }
  }
}
