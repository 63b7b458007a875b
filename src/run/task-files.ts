import { specHash } from '../schema/canonical-json.js';
import { createReadStream, existsSync, readFileSync } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import { basename, dirname, extname, isAbsolute, join, relative } from 'node:path';
import { type Diagnostic, formatDiagnostic, isError } from '../schema/diagnostics.js';
import { parsePath, SPEC_LIMITS, sizeDiagnostic, withPositions } from '../schema/document.js';
import { CoworkError, isCoworkError } from '../schema/errors.js';
import { streamLines } from '../schema/jsonl.js';
import { checkSpecValue, type ParsedSpec, parseSpecText } from '../schema/parse-spec.js';
import type { TaskSpec } from '../schema/task-spec.js';
import { isQualityWarning, staticDiagnostics } from '../validate/index.js';

const SPEC_EXT = new Set(['.yaml', '.yml', '.json']);

/** What `synth` writes beside the released specs (synth-output.ts); never read as a spec. */
export const SYNTH_SUMMARY_FILE = 'synth-summary.json';
/** A sharded corpus's list of released tasks, one JSON line each ({id, file, …}, file relative to its folder). */
export const CORPUS_INDEX_FILE = 'corpus-index.jsonl';
/** Jobs per shard folder of a sharded corpus (synth-output.ts); a plan of at most this many is written flat. */
export const SHARD_SIZE = 2000;
const SHARD_DIR = /^shard-\d+$/;
// files coworkenv itself writes into a tasks folder that are not specs
const NOT_SPECS = new Set([SYNTH_SUMMARY_FILE, CORPUS_INDEX_FILE]);

/** One spec document: its file (and line and byte offset, for JSONL), text and parse result. */
export interface TaskFile {
  file: string;
  line?: number;
  offset?: number;
  /** the spec hash its corpus index says the whole gate released (CorpusIndexEntry.spec_hash) */
  released?: string;
  text: string;
  parsed: ParsedSpec;
}

/**
 * The spec files (.yaml, .yml, .json, .jsonl) of a folder, sorted; not its subfolders or synth-summary.json. A
 * sharded corpus (synth-output.ts) is read through its corpus-index.jsonl, or else its shard-NNNN folders in order.
 */
export async function specFilesIn(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  if (entries.some((e) => e.isFile() && e.name === CORPUS_INDEX_FILE))
    return indexedFiles(join(dir, CORPUS_INDEX_FILE));
  const names = entries
    .filter((e) => !e.isDirectory() && !NOT_SPECS.has(e.name))
    .map((e) => e.name)
    .sort();
  const own = names.filter((n) => SPEC_EXT.has(extname(n)) || extname(n) === '.jsonl').map((n) => join(dir, n));
  const shards = entries
    .filter((e) => e.isDirectory() && SHARD_DIR.test(e.name))
    .map((e) => e.name)
    .sort();
  for (const shard of shards) own.push(...(await specFilesIn(join(dir, shard))));
  return own;
}

/** One line of a corpus index (synth-output.ts): the task's id and file (relative to the index's folder), and what
 * the index says of it. */
export interface CorpusIndexEntry {
  id: string;
  file: string;
  /** 1-based line of the index */
  line: number;
  title?: string | null;
  family?: string | null;
  services?: string[];
  has_user?: boolean;
  max_turns?: number | null;
  scenario?: string | null;
  difficulty?: string | null;
  capabilities?: string[];
  /** the hash of the spec the whole gate released (synth-output.ts): the file still holding it needs no static checks */
  spec_hash?: string;
}

/**
 * The spec an index entry names, read from `base` (the index's folder) and parsed against the schema — or why it
 * cannot be (unreadable, not a valid spec, another task's file). `serve` and the viewer read a corpus this way, one
 * spec when it is first needed.
 */
export function readIndexedSpec(
  base: string,
  e: Pick<CorpusIndexEntry, 'id' | 'file'>,
): { spec: TaskSpec; file: string } | { problem: string; file: string } {
  const file = join(base, e.file);
  try {
    const p = checkSpecValue(JSON.parse(readFileSync(file, 'utf8')));
    if (p.spec?.id === e.id) return { spec: p.spec, file };
    return {
      problem: p.spec
        ? `the file holds task ${p.spec.id}`
        : p.diagnostics.map((d) => `${d.code} at ${d.path}: ${d.message}`).join('; '),
      file,
    };
  } catch (err) {
    return { problem: (err as Error).message, file };
  }
}

/**
 * The entries of a corpus index, in its order, streamed from the file; a line that is no entry (no id, or a
 * file outside the folder) is a bad_input error naming the line.
 */
export async function corpusIndexEntries(index: string): Promise<CorpusIndexEntry[]> {
  const entries: CorpusIndexEntry[] = [];
  const stream = createReadStream(index);
  try {
    for await (const l of streamLines(stream, 1_000_000)) {
      if ('tooLong' in l)
        throw new CoworkError('bad_input', `${index}:${l.line}: a line of ${l.tooLong} bytes is no index entry`);
      if (!l.text.trim()) continue;
      let e: Partial<CorpusIndexEntry> | undefined;
      try {
        e = JSON.parse(l.text) as Partial<CorpusIndexEntry>;
      } catch {
        e = undefined;
      }
      const file = e?.file;
      if (
        !e ||
        typeof e.id !== 'string' ||
        typeof file !== 'string' ||
        !file ||
        isAbsolute(file) ||
        file.split('/').includes('..')
      )
        throw new CoworkError(
          'bad_input',
          `${index}:${l.line}: expected {"id": …, "file": "<path inside the corpus folder>"}; rewrite the index with \`coworkenv synth\` or remove it to read the shard folders`,
        );
      entries.push({ ...e, id: e.id, file, line: l.line });
    }
  } catch (e) {
    if (isCoworkError(e)) throw e;
    throw new CoworkError('io_error', `${index}: cannot read (${(e as Error).message})`, undefined, { cause: e });
  } finally {
    stream.destroy();
  }
  return entries;
}

/** The files a corpus index lists, in its order. */
export async function indexedFiles(index: string): Promise<string[]> {
  return (await corpusIndexEntries(index)).map((e) => join(dirname(index), e.file));
}

/**
 * Reads spec files: YAML/JSON files, JSONL (one spec per line), or directories of them (not recursive, so
 * a `rejected/` folder is skipped; so is synth's `synth-summary.json`). A missing path is a not_found error.
 */
export async function readTaskFiles(paths: readonly string[]): Promise<TaskFile[]> {
  const out: TaskFile[] = [];
  for await (const f of iterateTaskFiles(paths)) out.push(f);
  return out;
}

/**
 * Yields the spec documents of `paths` one at a time (every path is resolved first, so a missing one fails
 * before anything is yielded). JSONL is streamed line by line, so memory stays bounded by one spec however
 * long the file; a file or line beyond SPEC_LIMITS, or one nested too deep, is a parse_error, never a crash.
 */
export async function* iterateTaskFiles(paths: readonly string[]): AsyncGenerator<TaskFile> {
  for (const { file, released } of await resolveSpecFiles(paths)) {
    if (extname(file) === '.jsonl') {
      yield* jsonlSpecs(file);
      continue;
    }
    const size = (
      await stat(file).catch(() => {
        throw new CoworkError('not_found', `${file}: no such file (listed by its corpus index?)`);
      })
    ).size;
    const big = sizeDiagnostic(size, 'the file');
    if (big) {
      yield { file, text: '', parsed: { diagnostics: [{ ...big, owner: 'builder' }] } };
      continue;
    }
    const text = await readFile(file, 'utf8').catch((e: Error) => {
      throw new CoworkError('io_error', `${file}: cannot read (${e.message})`);
    });
    yield { file, text, parsed: parseSpecText(text), ...(released ? { released } : {}) };
  }
}

async function resolveSpecFiles(paths: readonly string[]): Promise<{ file: string; released?: string }[]> {
  if (paths.length === 0)
    throw new CoworkError('bad_input', 'no task files given; pass spec files or a directory such as examples/tasks');
  const files: { file: string; released?: string }[] = [];
  for (const p of paths) {
    const s = await stat(p).catch(() => undefined);
    if (!s) throw new CoworkError('not_found', `${p}: no such file or directory`);
    const index = s.isDirectory()
      ? existsSync(join(p, CORPUS_INDEX_FILE))
        ? join(p, CORPUS_INDEX_FILE)
        : undefined
      : basename(p) === CORPUS_INDEX_FILE
        ? p
        : undefined;
    if (index) {
      for (const e of await corpusIndexEntries(index))
        files.push({
          file: join(dirname(index), e.file),
          ...(typeof e.spec_hash === 'string' ? { released: e.spec_hash } : {}),
        });
      continue;
    }
    if (s.isDirectory()) {
      const found = await specFilesIn(p);
      if (found.length === 0)
        throw new CoworkError('not_found', `${p}: no .yaml, .yml, .json or .jsonl spec files in this directory`);
      files.push(...found.map((file) => ({ file })));
    } else files.push({ file: p });
  }
  return files;
}

async function* jsonlSpecs(file: string): AsyncGenerator<TaskFile> {
  const stream = createReadStream(file);
  try {
    for await (const l of streamLines(stream, SPEC_LIMITS.maxBytes)) {
      if ('tooLong' in l) {
        const big = sizeDiagnostic(l.tooLong, `line ${l.line}`) as Diagnostic;
        yield {
          file,
          line: l.line,
          offset: l.offset,
          text: '',
          parsed: { diagnostics: [{ ...big, owner: 'builder' }] },
        };
        continue;
      }
      if (!l.text.trim()) continue;
      let parsed: ParsedSpec;
      try {
        parsed = checkSpecValue(JSON.parse(l.text));
      } catch (e) {
        parsed = {
          diagnostics: [
            {
              code: 'parse_error',
              path: '(root)',
              message: `not valid JSON: ${(e as Error).message}`,
              owner: 'builder',
            },
          ],
        };
      }
      // diagnostics carry no line: the row's line is TaskFile.line (whereOf), its columns are the row's
      yield { file, line: l.line, offset: l.offset, text: l.text, parsed };
    }
  } catch (e) {
    if (isCoworkError(e)) throw e;
    throw new CoworkError('io_error', `${file}: cannot read (${(e as Error).message})`, undefined, { cause: e });
  } finally {
    stream.destroy();
  }
}

/** `file` or `file:line` for messages. */
export function whereOf(f: Pick<TaskFile, 'file' | 'line'>): string {
  const rel = relative(process.cwd(), f.file) || f.file;
  return f.line ? `${rel}:${f.line}` : rel;
}

/**
 * Loads parsed specs; a schema error, a structural error of the static gate steps 2–6 (unknown tools, bad
 * weights, a dangling reference …) or a duplicate id is a spec_invalid error naming every problem. Release-quality
 * findings (a leaked answer, an unfounded value …) do not stop the load — `onWarning` gets one line per finding —
 * unless `strict` (export: what leaves for a trainer must pass the gate).
 */
export async function loadSpecs(
  paths: readonly string[],
  opts: { onWarning?: (line: string) => void; strict?: boolean } = {},
): Promise<{ file: string; spec: TaskSpec }[]> {
  const out: { file: string; spec: TaskSpec }[] = [];
  for await (const f of checkedSpecs(paths, opts)) out.push({ file: f.file, spec: f.spec });
  return out;
}

/**
 * `loadSpecs`' checks, one spec at a time: yields each spec that passes them (with where it was read, and whether
 * the static steps ran: not for a file that still holds what its corpus index says synth released), and after the
 * last one throws the spec_invalid error naming every problem, if there was any.
 */
export async function* checkedSpecs(
  paths: readonly string[],
  opts: { onWarning?: (line: string) => void; strict?: boolean } = {},
): AsyncGenerator<Omit<TaskFile, 'parsed'> & { spec: TaskSpec; checked: boolean }> {
  const problems: string[] = [];
  const seen = new Map<string, string>();
  for await (const f of iterateTaskFiles(paths)) {
    // a file that still holds the spec synth released passed the whole gate, these steps among them
    const released = !!f.released && !!f.parsed.spec && specHash(f.parsed.spec) === f.released;
    const found = released
      ? f.parsed.diagnostics
      : f.parsed.spec
        ? [
            ...f.parsed.diagnostics,
            ...withPositions(await staticDiagnostics(f.parsed.spec, { strict: opts.strict }), f.parsed.doc, parsePath),
          ]
        : f.parsed.diagnostics;
    const errors = found.filter(isError);
    if (errors.length || !f.parsed.spec) {
      problems.push(...errors.slice(0, 5).map((d) => formatDiagnostic(d, whereOf(f))));
      continue;
    }
    // a release-quality finding is printed and the task runs
    if (opts.onWarning)
      for (const d of found.filter(isQualityWarning).slice(0, 5))
        opts.onWarning(`warning: ${formatDiagnostic(d, whereOf(f))}`);
    const prev = seen.get(f.parsed.spec.id);
    if (prev) {
      problems.push(`${whereOf(f)}: duplicate task id ${f.parsed.spec.id} (also in ${prev})`);
      continue;
    }
    seen.set(f.parsed.spec.id, whereOf(f));
    yield {
      file: f.file,
      ...(f.line ? { line: f.line, offset: f.offset } : {}),
      text: f.text,
      spec: f.parsed.spec,
      checked: !released,
    };
  }
  if (problems.length) {
    throw new CoworkError(
      'spec_invalid',
      `invalid task spec(s):\n  ${problems.join('\n  ')}\nrun \`coworkenv validate\` on them for every diagnostic`,
    );
  }
}
