import { readFileSync } from 'node:fs';
import { specHash } from '../schema/canonical-json.js';
import { CoworkError } from '../schema/errors.js';
import { checkSpecValue, parseSpecText } from '../schema/parse-spec.js';
import type { TaskSpec } from '../schema/task-spec.js';
import { readSlice } from './files.js';
import { labelsOf, type TaskLabels } from './summary.js';
import { checkedSpecs, type TaskFile, whereOf } from './task-files.js';

// A corpus of 100,000 specs parsed at once is gigabytes; a run over it needs, per task, only where its spec is, its
// labels and its hash, and the spec itself while its trials run. The checks are those of loadSpecs, made once.

/** Where a checked spec is (its file, or its line and byte offset in a JSONL file), its labels and its hash. */
export interface SpecRef {
  id: string;
  file: string;
  line?: number;
  offset?: number;
  /** the line's length in bytes (JSONL) */
  bytes?: number;
  hash: string;
  labels: TaskLabels;
  /** the spec itself, kept by a small scan (see KEEP_CHECKED) */
  spec?: TaskSpec;
}

// checking a spec renders its pictures and prepares its fixtures, which its first episode then reuses: a scan keeps
// that many checked specs whole (a hand-made or small corpus runs as fast as when every spec was held), and only
// references beyond. A spec its corpus index vouches for is not checked, so nothing is lost by reading it again.
const KEEP_CHECKED = 1000;

/** `loadSpecs`' checks over `paths`, keeping a reference to each spec instead of the spec. */
export async function scanSpecs(
  paths: readonly string[],
  opts: { onWarning?: (line: string) => void; strict?: boolean } = {},
): Promise<SpecRef[]> {
  const refs: SpecRef[] = [];
  let kept = 0;
  for await (const f of checkedSpecs(paths, opts)) {
    const keep = f.checked && kept < KEEP_CHECKED;
    if (keep) kept++;
    refs.push({ ...refOf(f, f.spec), ...(keep ? { spec: f.spec } : {}) });
  }
  return refs;
}

/** The reference to `spec`, read from `f`. */
export function refOf(f: Pick<TaskFile, 'file' | 'line' | 'offset' | 'text'>, spec: TaskSpec): SpecRef {
  return {
    id: spec.id,
    file: f.file,
    ...(f.line !== undefined && f.offset !== undefined
      ? { line: f.line, offset: f.offset, bytes: Buffer.byteLength(f.text) }
      : {}),
    hash: specHash(spec),
    labels: labelsOf(spec),
  };
}

/**
 * The spec a reference names, read again; a file that no longer holds the spec that was checked (edited, moved,
 * truncated since the scan) is a spec_invalid error naming it.
 */
export function readSpecRef(ref: SpecRef): TaskSpec {
  if (ref.spec) return ref.spec;
  const where = whereOf(ref);
  const changed = (what: string) =>
    new CoworkError(
      'spec_invalid',
      `${where}: ${what} (task ${ref.id}); leave the task files as they are while a run reads them, then run again`,
    );
  let spec: TaskSpec | undefined;
  try {
    if (ref.offset === undefined) spec = parseSpecText(readFileSync(ref.file, 'utf8')).spec;
    else spec = checkSpecValue(JSON.parse(readSlice(ref.file, ref.offset, ref.bytes ?? 0))).spec;
  } catch (e) {
    throw changed(`cannot be read again (${(e as Error).message}): it changed since the run checked it`);
  }
  if (!spec || spec.id !== ref.id || specHash(spec) !== ref.hash)
    throw changed('no longer holds the spec the run checked');
  return spec;
}
