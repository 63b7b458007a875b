import { readdir, readFile, stat } from 'node:fs/promises';
import { extname, join, relative } from 'node:path';
import { isError, formatDiagnostic } from '../spec/diagnostics.js';
import { parsePath, withPositions } from '../spec/document.js';
import { CoworkError } from '../spec/errors.js';
import { checkSpecValue, type ParsedSpec, parseSpecText } from '../spec/parse-spec.js';
import type { TaskSpec } from '../spec/task-spec.js';
import { staticDiagnostics } from '../synth/gate/index.js';

const SPEC_EXT = new Set(['.yaml', '.yml', '.json']);

/** What `synth` writes beside the released specs (task-store.ts); never read as a spec. */
export const SYNTH_SUMMARY_FILE = 'synth-summary.json';
// files coworkenv itself writes into a tasks folder that are not specs
const NOT_SPECS = new Set([SYNTH_SUMMARY_FILE]);

/** One spec document: its file (and line, for JSONL), text and parse result. */
export interface TaskFile {
  file: string;
  line?: number;
  text: string;
  parsed: ParsedSpec;
}

/** The spec files (.yaml, .yml, .json, .jsonl) directly in a folder, sorted; not its subfolders or synth-summary.json. */
export async function specFilesIn(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const names = entries.filter((e) => !e.isDirectory() && !NOT_SPECS.has(e.name)).map((e) => e.name).sort();
  return names.filter((n) => SPEC_EXT.has(extname(n)) || extname(n) === '.jsonl').map((n) => join(dir, n));
}

/**
 * Reads spec files: YAML/JSON files, JSONL (one spec per line), or directories of them (not recursive, so
 * a `rejected/` folder is skipped; so is synth's `synth-summary.json`). A missing path is a not_found error.
 */
export async function readTaskFiles(paths: readonly string[]): Promise<TaskFile[]> {
  if (paths.length === 0) throw new CoworkError('bad_input', 'no task files given; pass spec files or a directory such as examples/tasks');
  const files: string[] = [];
  for (const p of paths) {
    const s = await stat(p).catch(() => undefined);
    if (!s) throw new CoworkError('not_found', `${p}: no such file or directory`);
    if (s.isDirectory()) {
      const found = await specFilesIn(p);
      if (found.length === 0) throw new CoworkError('not_found', `${p}: no .yaml, .yml, .json or .jsonl spec files in this directory`);
      files.push(...found);
    } else files.push(p);
  }
  const out: TaskFile[] = [];
  for (const file of files) {
    const text = await readFile(file, 'utf8').catch((e: Error) => {
      throw new CoworkError('io_error', `${file}: cannot read (${e.message})`);
    });
    if (extname(file) === '.jsonl') {
      text.split('\n').forEach((line, i) => {
        if (!line.trim()) return;
        let value: unknown;
        let parsed: ParsedSpec;
        try {
          value = JSON.parse(line);
          parsed = checkSpecValue(value);
        } catch (e) {
          parsed = { diagnostics: [{ code: 'parse_error', path: '(root)', message: `not valid JSON: ${(e as Error).message}`, line: i + 1 }] };
        }
        out.push({ file, line: i + 1, text: line, parsed });
      });
    } else out.push({ file, text, parsed: parseSpecText(text) });
  }
  return out;
}

/** `file` or `file:line` for messages. */
export function whereOf(f: Pick<TaskFile, 'file' | 'line'>): string {
  const rel = relative(process.cwd(), f.file) || f.file;
  return f.line ? `${rel}:${f.line}` : rel;
}

/**
 * Loads parsed specs; a schema error, an error of the static gate steps 2–6 (unknown tools, bad weights, a
 * leaked answer …) or a duplicate id is a spec_invalid error naming every problem.
 */
export async function loadSpecs(paths: readonly string[]): Promise<{ file: string; spec: TaskSpec }[]> {
  const files = await readTaskFiles(paths);
  const problems: string[] = [];
  const out: { file: string; spec: TaskSpec }[] = [];
  const seen = new Map<string, string>();
  for (const f of files) {
    const found = f.parsed.spec ? [...f.parsed.diagnostics, ...withPositions(staticDiagnostics(f.parsed.spec), f.parsed.doc, parsePath)] : f.parsed.diagnostics;
    const errors = found.filter(isError);
    if (errors.length || !f.parsed.spec) {
      problems.push(...errors.slice(0, 5).map((d) => formatDiagnostic(d, whereOf(f))));
      continue;
    }
    const prev = seen.get(f.parsed.spec.id);
    if (prev) {
      problems.push(`${whereOf(f)}: duplicate task id ${f.parsed.spec.id} (also in ${prev})`);
      continue;
    }
    seen.set(f.parsed.spec.id, whereOf(f));
    out.push({ file: f.file, spec: f.parsed.spec });
  }
  if (problems.length) {
    throw new CoworkError('spec_invalid', `invalid task spec(s):\n  ${problems.join('\n  ')}\nrun \`coworkenv validate\` on them for every diagnostic`);
  }
  return out;
}
