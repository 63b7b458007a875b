import { dirname } from 'node:path';
import { CoworkError } from '../schema/errors.js';
import { type CorpusIndexEntry, corpusIndexEntries, readIndexedSpec } from '../run/task-files.js';
import { BoundedMap } from '../schema/bounded-map.js';
import type { TaskSpec } from '../schema/task-spec.js';
import { ServerError } from './protocol.js';

/** What `GET /tasks` lists of a task. */
export interface TaskListing {
  index: number;
  id: string;
  title?: string | undefined;
  family?: string | undefined;
  services: string[];
  has_user: boolean;
  max_turns?: number | undefined;
  labels?: unknown;
}

/**
 * The tasks a server serves: listed by index and id, each spec got by id. An in-memory catalog holds parsed
 * specs; a corpus index catalog (`serve <corpus>` of a sharded synth folder) holds the index only and reads a
 * spec from its file when an episode first needs it, so 100,000 tasks are served without loading them.
 */
export interface TaskCatalog {
  readonly size: number;
  idAt(index: number): string;
  has(id: string): boolean;
  ids(): Iterable<string>;
  /** the spec of a listed id (undefined: not listed); a file that no longer parses is a 500 FACTORY_ERROR */
  get(id: string): TaskSpec | undefined;
  listing(): TaskListing[];
  /** some task uses the workspace service */
  readonly workspace: boolean;
}

/** The catalog of what a server is given: a catalog as it is, specs in memory as specCatalog. */
export function asCatalog(specs: readonly TaskSpec[] | TaskCatalog): TaskCatalog {
  return 'idAt' in specs ? specs : specCatalog(specs);
}

/** A catalog of specs in memory; duplicate ids are a bad_input error. */
export function specCatalog(specs: readonly TaskSpec[]): TaskCatalog {
  const byId = new Map<string, TaskSpec>();
  for (const s of specs) {
    if (byId.has(s.id)) throw new CoworkError('bad_input', `duplicate task id ${s.id}`);
    byId.set(s.id, s);
  }
  return {
    size: specs.length,
    idAt: (i) => (specs[i] as TaskSpec).id,
    has: (id) => byId.has(id),
    ids: () => byId.keys(),
    get: (id) => byId.get(id),
    listing: () =>
      specs.map((s, index) => ({
        index,
        id: s.id,
        title: s.title,
        family: s.family,
        services: s.services,
        has_user: !!s.user,
        max_turns: s.limits.max_turns,
        labels: s.labels,
      })),
    workspace: specs.some((s) => s.services.includes('workspace')),
  };
}

/** Specs a corpus index catalog keeps parsed: the ones episodes use now (a session holds its own spec). */
const KEEP_PARSED = 256;

/**
 * A catalog over a corpus index (corpus-index.jsonl, written by `synth` for a plan of more than 2,000 jobs): the
 * index is read at start (one line per task), a spec when an episode first needs it — parsed against the schema;
 * the gate ran when synth released it. A line that is no index entry, or a duplicate id, is a bad_input error.
 */
export async function indexCatalog(index: string): Promise<TaskCatalog> {
  const base = dirname(index);
  const entries = await corpusIndexEntries(index);
  const at = new Map<string, number>();
  for (const [i, e] of entries.entries()) {
    if (at.has(e.id)) throw new CoworkError('bad_input', `${index}:${e.line}: duplicate task id ${e.id}`);
    at.set(e.id, i);
  }
  if (!entries.length) throw new CoworkError('bad_input', `${index} lists no task`);
  const parsed = new BoundedMap<string, TaskSpec>(KEEP_PARSED);
  const load = (e: CorpusIndexEntry): TaskSpec => {
    const r = readIndexedSpec(base, e);
    if ('spec' in r) return r.spec;
    throw new ServerError(
      500,
      'FACTORY_ERROR',
      `task ${e.id} (${r.file}) cannot be read: ${r.problem}; run coworkenv validate on the corpus`,
      { factory_name: 'coworkenv', task_id: e.id },
    );
  };
  return {
    size: entries.length,
    idAt: (i) => (entries[i] as CorpusIndexEntry).id,
    has: (id) => at.has(id),
    ids: () => at.keys(),
    get(id) {
      const i = at.get(id);
      if (i === undefined) return undefined;
      let spec = parsed.get(id);
      if (!spec) {
        spec = load(entries[i] as CorpusIndexEntry);
        parsed.set(id, spec);
      }
      return spec;
    },
    listing: () =>
      entries.map((e, index) => ({
        index,
        id: e.id,
        title: e.title ?? undefined,
        family: e.family ?? undefined,
        services: e.services ?? [],
        has_user: e.has_user ?? false,
        max_turns: e.max_turns ?? undefined,
        labels: {
          ...(e.scenario ? { scenario: e.scenario } : {}),
          ...(e.difficulty ? { difficulty: e.difficulty } : {}),
          capabilities: e.capabilities ?? [],
        },
      })),
    workspace: entries.some((e) => e.services === undefined || e.services.includes('workspace')),
  };
}
