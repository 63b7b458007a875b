import { z } from 'zod';
import { ToolError } from '../tool-error.js';
import { defineTool, type Rec, type ServiceDef, type ToolContext, withImages } from '../types.js';
import { kinded } from '../util.js';
import { fileBytes, formatBytes, usage, workspaceBudget } from './limits.js';
import { toWorkspacePath, within } from './paths.js';
import { bytesOf, formatOf, imageInfo, OFFICE_KINDS, readerHint, recipeOf, renderRecipe } from './formats/index.js';
import { readTextIsolated } from './read-isolated.js';
import { skippedNote } from './readback.js';
import { docWriteTool, tableWriteTool } from './write-tools.js';
import { mediaTools } from './media-tools.js';
import { type Audio, audioInfo, decodeWav } from './formats/audio.js';
import { lineTester } from './search.js';
import { bubblewrapStatus, runBubblewrap, runVirtual, type ShellStop, type WsFile } from './shell.js';

/** Largest binary fixture given inline as base64 (decoded bytes); larger office files are written as recipes. */
export const MAX_INLINE_BYTES = 1_000_000;
const MAX_INLINE_BASE64 = Math.ceil(MAX_INLINE_BYTES / 3) * 4;

const File = z
  .strictObject({
    path: z
      .string()
      .min(1)
      .refine(
        (p) => isWorkspacePath(p),
        'a relative path inside the workspace, e.g. data/q1.csv (no "..", no absolute paths)',
      )
      .describe('path relative to the workspace root, e.g. data/q1.csv'),
    content: z.string().describe('text, or base64 when encoding is base64'),
    encoding: z.enum(['utf8', 'base64']).default('utf8').describe('utf8 text or base64 bytes'),
    recipe_error: z
      .string()
      .optional()
      .describe('internal: why a fixture recipe could not be rendered (reported as a fixture error); never set it'),
  })
  .superRefine((f, ctx) => {
    if (f.recipe_error) {
      const { path, message } = JSON.parse(f.recipe_error) as { path: (string | number)[]; message: string };
      ctx.addIssue({ code: 'custom', message, path });
    }
    if (f.encoding === 'base64' && f.content.length > MAX_INLINE_BASE64) {
      ctx.addIssue({
        code: 'custom',
        path: ['content'],
        message: `inline base64 fixtures hold at most ${MAX_INLINE_BYTES / 1_000_000} MB; give an office file as a recipe (xlsx: {sheets}, docx: {blocks}, pdf: {pages}, pptx: {slides}) instead`,
      });
    }
  });

// a recipe ({path, xlsx: {sheets}}) renders to base64 content; an invalid recipe stays as written, so the
// record schema reports it (path-precise, via the recipe's own schema below)
function withRecipe(row: unknown): unknown {
  if (!row || typeof row !== 'object') return row;
  const r = row as Record<string, unknown>;
  const recipe = recipeOf(r);
  if (!recipe || 'content' in r) return row;
  try {
    const { [recipe.kind]: _, ...rest } = r;
    return {
      ...rest,
      content: Buffer.from(renderRecipe(recipe.kind, recipe.value)).toString('base64'),
      encoding: 'base64',
    };
  } catch (e) {
    const first = (e as { issues?: { path: PropertyKey[]; message: string }[] }).issues?.[0];
    const { [recipe.kind]: _, ...rest } = r;
    const path = [recipe.kind, ...(first?.path ?? [])].map((p) => (typeof p === 'number' ? p : String(p)));
    return {
      ...rest,
      content: '',
      recipe_error: JSON.stringify({
        path,
        message: `${first ? first.message : (e as Error).message} (${recipe.kind} recipe)`,
      }),
    };
  }
}

// fixtures may give files as {path: content} (text), {path: {content, encoding}}, {path: {xlsx: …}} recipes or
// records; "./x" and "/workspace/x" become "x", paths that leave the workspace stay as written so the schema rejects them
function fromFixture(value: unknown): unknown {
  const rows =
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.entries(value as Record<string, unknown>).map(([path, v]) =>
          typeof v === 'string' ? { path, content: v } : { path, ...(v as object) },
        )
      : value;
  if (!Array.isArray(rows)) return rows;
  return rows.map(withRecipe).map((r) => {
    if (!r || typeof r !== 'object' || typeof (r as { path?: unknown }).path !== 'string') return r;
    const path = (r as { path: string }).path;
    try {
      return { ...r, path: toWorkspacePath(path) };
    } catch {
      return r;
    }
  });
}

function isWorkspacePath(p: string): boolean {
  try {
    return toWorkspacePath(p) === p && p !== '.';
  } catch {
    return false;
  }
}

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

const MAX_OUTPUT = 20_000;
const files = (ctx: ToolContext) => ctx.list('files') as readonly (Rec & WsFile)[];

function getFile(ctx: ToolContext, path: string): WsFile {
  const p = toWorkspacePath(path);
  const f = ctx.find('files', p) as (Rec & WsFile) | undefined;
  if (!f) {
    const isDir = files(ctx).some((x) => within(x.path, p) && x.path !== p);
    throw new ToolError(
      isDir ? 'invalid_argument' : 'not_found',
      isDir ? `${p} is a directory; use fs_list` : `File ${p} not found`,
    );
  }
  return f;
}

// fs_write and fs_edit keep the workspace within the limits the shells enforce
function checkRoom(ctx: ToolContext, path: string, newBytes: number): void {
  const all = files(ctx);
  const old = all.find((f) => f.path === path);
  const { bytes, files: count } = usage(all);
  const budget = workspaceBudget();
  if (!old && count + 1 > budget.files)
    throw new ToolError(
      'invalid_argument',
      `the workspace already holds ${count} files, the most it can hold; remove files first`,
    );
  const total = bytes - (old ? fileBytes(old) : 0) + newBytes;
  if (total > budget.bytes) {
    throw new ToolError(
      'invalid_argument',
      `${path} would make the workspace ${(total / 1_000_000).toFixed(1)} MB; it holds at most ${formatBytes(budget.bytes)} in total`,
    );
  }
}

function writeFile(ctx: ToolContext, path: string, content: string, encoding: 'utf8' | 'base64'): { created: boolean } {
  if (ctx.find('files', path)) {
    ctx.update('files', path, { content, encoding });
    return { created: false };
  }
  ctx.insert('files', { path, content, encoding });
  return { created: true };
}

// a picture: its size in the text, the bytes attached for the agent to see (only the header is parsed here); a
// file whose header gives no size (cut short, or no picture at all) is returned as any other file is
function readImage(f: WsFile) {
  const bytes = bytesOf(f);
  const info = imageInfo(bytes);
  if (!info) return undefined;
  return withImages(
    { path: f.path, format: 'image', ...info, bytes: bytes.length, shown: 'the picture is attached to this result' },
    [{ ...info, bytes }],
  );
}

// one line range of a text: the shape every fs_read result has
function sliceLines(
  path: string,
  text: string,
  startLine: number | undefined,
  endLine: number | undefined,
  extra: Record<string, unknown>,
) {
  const lines = text.split('\n');
  const start = startLine ?? 1;
  if (start > lines.length)
    throw new ToolError('invalid_argument', `start_line ${start} is past the end of ${path} (${lines.length} lines)`);
  const end = Math.min(endLine ?? lines.length, lines.length);
  if (endLine !== undefined && endLine < start)
    throw new ToolError('invalid_argument', `end_line ${endLine} is before start_line ${start}`);
  return {
    path,
    ...extra,
    content: lines.slice(start - 1, end).join('\n'),
    start_line: start,
    end_line: end,
    total_lines: lines.length,
  };
}

/** Writes a file after the checks every writing tool shares (path, directories, room); records it in `writes`. */
export function writeChecked(
  ctx: ToolContext,
  rawPath: string,
  content: string,
  encoding: 'utf8' | 'base64',
): { path: string; bytes: number; created: boolean } {
  const path = toWorkspacePath(rawPath);
  if (path === '.') throw new ToolError('invalid_argument', 'give a file path, not the workspace root');
  if (files(ctx).some((f) => f.path.startsWith(`${path}/`)))
    throw new ToolError('invalid_argument', `${path} is a directory`);
  const parts = path.split('/');
  for (let i = 1; i < parts.length; i++) {
    const parent = parts.slice(0, i).join('/');
    if (ctx.find('files', parent))
      throw new ToolError('invalid_argument', `${parent} is a file, so ${path} cannot be created under it`);
  }
  const bytes = fileBytes({ content, encoding });
  checkRoom(ctx, path, bytes);
  const { created } = writeFile(ctx, path, content, encoding);
  ctx.record('writes', { path, bytes, created, content });
  return { path, bytes, created };
}

export const workspace: ServiceDef = {
  name: 'workspace',
  description:
    'A shared file workspace (text, JSON, CSV, code, XLSX, DOCX, PDF, PPTX, other binaries) with file tools that read and write office formats and a sandboxed bash shell.',
  collections: {
    files: { description: 'workspace files', id: 'path', label: 'File', record: File, fromFixture },
  },
  audit: {
    writes: {
      description: 'each fs_write',
      fields: {
        path: 'file written',
        bytes: 'size in bytes',
        created: 'true when the file was new',
        content: 'the content written',
      },
    },
    edits: {
      description: 'each fs_edit',
      fields: {
        path: 'file edited',
        old_string: 'text replaced',
        new_string: 'replacement',
        replacements: 'how many occurrences were replaced',
      },
    },
    commands: {
      description: 'each shell command',
      fields: {
        command: 'the command line',
        exit_code: 'its exit status',
        changed: 'workspace paths created, changed or removed',
        sandbox: 'just-bash or bubblewrap',
      },
    },
  },
  tools: [
    defineTool({
      name: 'fs_list',
      description: 'List files and directories under a workspace path.',
      params: z.strictObject({ path: kinded('path', z.string().default('.')), recursive: z.boolean().default(false) }),
      mutates: false,
      handler(ctx, a) {
        const dir = toWorkspacePath(a.path);
        const all = files(ctx).filter((f) => within(f.path, dir) && f.path !== dir);
        if (dir !== '.' && all.length === 0) {
          if (ctx.find('files', dir)) throw new ToolError('invalid_argument', `${dir} is a file; use fs_read`);
          throw new ToolError('not_found', `Directory ${dir} not found`);
        }
        const prefix = dir === '.' ? '' : `${dir}/`;
        const entries = new Map<string, { path: string; type: 'file' | 'dir'; size?: number }>();
        for (const f of all) {
          const rest = f.path.slice(prefix.length);
          const slash = rest.indexOf('/');
          if (a.recursive || slash < 0) entries.set(f.path, { path: f.path, type: 'file', size: fileBytes(f) });
          if (slash >= 0) {
            // every intermediate directory, or just the first level
            const parts = rest.split('/').slice(0, -1);
            const depth = a.recursive ? parts.length : 1;
            for (let i = 1; i <= depth; i++) {
              const d = prefix + parts.slice(0, i).join('/');
              entries.set(d, { path: d, type: 'dir' });
            }
          }
        }
        const list = [...entries.values()].sort((x, y) => (x.path < y.path ? -1 : 1));
        return { path: dir, entries: list, total: list.length };
      },
    }),
    defineTool({
      name: 'fs_read',
      description:
        'Read a file; optionally only lines start_line..end_line (1-based, inclusive). Office files come back as readable text: XLSX sheets as tables with cell addresses (formulas shown after their value), DOCX as Markdown with tables, PDF text page by page, PPTX slides in order. Pictures (PNG, JPEG, GIF, WebP) are shown as images. Other binary files come back as base64.',
      params: z.strictObject({
        path: kinded('path', z.string().min(1)),
        start_line: z.number().int().min(1).max(10_000_000).optional(),
        end_line: z.number().int().min(1).max(10_000_000).optional(),
      }),
      mutates: false,
      async: true,
      async handler(ctx, a) {
        const f = getFile(ctx, a.path);
        const kind = formatOf(
          f.path,
          f.encoding === 'base64' ? Buffer.from(f.content.slice(0, 16), 'base64') : undefined,
        );
        const picture = kind === 'image' ? readImage(f) : undefined;
        if (picture) return picture;
        if (kind === 'audio') {
          let audio: Audio | undefined;
          try {
            audio = decodeWav(bytesOf(f));
          } catch {
            // not a readable WAV after all: shown as base64 like any binary
          }
          if (audio)
            return {
              path: f.path,
              ...audioInfo(audio),
              bytes: fileBytes(f),
              note: 'sound is not shown as text: media_info lists its sounding sections, audio_edit cuts and joins it',
            };
        }
        const office = (OFFICE_KINDS as readonly string[]).includes(kind);
        if (office) {
          // parsed in a reader unit (a child process with limits): agent-written bytes never run a parser here
          const r = await readTextIsolated(f);
          if (r.error !== undefined)
            throw new ToolError(
              'invalid_argument',
              r.stop ? r.error : `${r.error}; it may be damaged or not really a ${kind.toUpperCase()} file`,
              r.stop ? { limit: r.stop, ...(r.parse_limit ? { parse_limit: r.parse_limit } : {}) } : undefined,
            );
          return sliceLines(f.path, r.text, a.start_line, a.end_line, {
            format: kind,
            bytes: fileBytes(f),
          });
        }
        if (f.encoding === 'base64')
          return { path: f.path, encoding: 'base64', content: f.content, bytes: fileBytes(f) };
        return sliceLines(f.path, f.content, a.start_line, a.end_line, {});
      },
    }),
    tableWriteTool(writeChecked),
    docWriteTool(writeChecked),
    ...mediaTools((ctx, path) => {
      const f = getFile(ctx, path);
      return { path: f.path, bytes: bytesOf(f) };
    }, writeChecked),
    defineTool({
      name: 'fs_write',
      description:
        'Create or overwrite a file (parent directories are implied). For spreadsheets and documents use fs_write_table or fs_write_doc.',
      params: z.strictObject({
        path: kinded('path', z.string().min(1)),
        content: z.string(),
        encoding: z.enum(['utf8', 'base64']).default('utf8'),
      }),
      mutates: true,
      handler(ctx, a) {
        if (a.encoding === 'base64' && !BASE64.test(a.content))
          throw new ToolError(
            'invalid_argument',
            'content is not valid base64; send text with encoding utf8, or base64-encode the bytes',
          );
        const { path, bytes, created } = writeChecked(ctx, a.path, a.content, a.encoding);
        return { status: created ? 'created' : 'updated', path, bytes };
      },
    }),
    defineTool({
      name: 'fs_edit',
      description:
        'Replace an exact string in a text file. old_string must occur exactly once unless replace_all is true.',
      params: z.strictObject({
        path: kinded('path', z.string().min(1)),
        old_string: z.string().min(1),
        new_string: z.string(),
        replace_all: z.boolean().default(false),
      }),
      mutates: true,
      handler(ctx, a) {
        const f = getFile(ctx, a.path);
        if (f.encoding === 'base64') throw new ToolError('invalid_argument', `${f.path} is binary; use fs_write`);
        const n = f.content.split(a.old_string).length - 1;
        if (n === 0)
          throw new ToolError(
            'invalid_argument',
            `old_string not found in ${f.path}; read the file and copy the exact text`,
          );
        if (n > 1 && !a.replace_all)
          throw new ToolError(
            'invalid_argument',
            `old_string occurs ${n} times in ${f.path}; add context to make it unique or set replace_all`,
          );
        // checked before the string is built: a large replace_all could exceed V8's string limit
        checkRoom(
          ctx,
          f.path,
          fileBytes(f) + (a.replace_all ? n : 1) * (Buffer.byteLength(a.new_string) - Buffer.byteLength(a.old_string)),
        );
        const content = a.replace_all
          ? f.content.split(a.old_string).join(a.new_string)
          : f.content.replace(a.old_string, () => a.new_string);
        ctx.update('files', f.path, { content });
        ctx.record('edits', {
          path: f.path,
          old_string: a.old_string,
          new_string: a.new_string,
          replacements: a.replace_all ? n : 1,
        });
        return { status: 'updated', path: f.path, replacements: a.replace_all ? n : 1 };
      },
    }),
    defineTool({
      name: 'fs_search',
      description:
        'Search text files for a string (case-insensitive) or a regular expression (RE2 syntax: no backreferences or lookaround); returns matching lines.',
      params: z.strictObject({
        pattern: z.string().min(1),
        path: kinded('path', z.string().default('.')),
        regex: z.boolean().default(false),
        max_results: z.number().int().min(1).max(1000).default(50),
      }),
      mutates: false,
      handler(ctx, a) {
        const dir = toWorkspacePath(a.path);
        const test = lineTester(a.pattern, a.regex);
        if (dir !== '.' && !files(ctx).some((f) => within(f.path, dir)))
          throw new ToolError('not_found', `${dir} not found`);
        const matches: { path: string; line: number; text: string }[] = [];
        let total = 0;
        for (const f of files(ctx)) {
          if (!within(f.path, dir) || f.encoding === 'base64') continue;
          f.content.split('\n').forEach((text, i) => {
            if (!test(text)) return;
            total++;
            if (matches.length < a.max_results) matches.push({ path: f.path, line: i + 1, text: text.slice(0, 500) });
          });
        }
        return { matches, total };
      },
    }),
    defineTool({
      name: 'shell',
      description:
        'Run a bash command in the workspace (cwd /workspace): coreutils, grep, sed, awk, jq, sort, wc … No network. Returns exit_code, stdout and stderr; a non-zero exit_code is a normal result. Timeouts and workspace limits (50 MB, 10000 files) are errors.',
      params: z.strictObject({
        command: z.string().min(1).max(100_000),
        timeout_seconds: z.number().int().min(1).max(300).default(30),
      }),
      mutates: true,
      async: true,
      async handler(ctx, a) {
        const before = files(ctx).map((f) => ({ path: f.path, content: f.content, encoding: f.encoding }));
        // the episode's wall-clock deadline caps the command's own timeout
        const left = ctx.remainingMs();
        if (left !== undefined && left < 1)
          throw new ToolError('command_failed', "the episode's time limit is reached; the command was not run", {
            limit: 'timeout',
          });
        const timeoutMs = Math.min(a.timeout_seconds * 1000, left ?? Number.POSITIVE_INFINITY);
        const opts = { now: ctx.now(), timeoutMs, maxOutput: MAX_OUTPUT };
        const real = ctx.settings.shell === 'real' && bubblewrapStatus().ok;
        // a workspace over its limits is a ToolError from here, before the state is touched
        const r = real ? await runBubblewrap(before, a.command, opts) : await runVirtual(before, a.command, opts);
        const changed = applyChanges(ctx, before, r.files);
        ctx.record('commands', { command: a.command, exit_code: r.exitCode, changed, sandbox: r.sandbox });
        const binary = binaryOutput(before, a.command, r.stdout);
        if (binary) r.stdout = binary.stdout;
        const notes = [
          ctx.settings.shell === 'real' && !real
            ? `real shell unavailable (${bubblewrapStatus().reason}); ran in just-bash`
            : undefined,
          skippedNote(r.skipped),
          binary?.note,
        ].filter(Boolean);
        const extra = {
          ...(r.skipped.length ? { skipped: r.skipped } : {}),
          ...(notes.length ? { notice: notes.join('; ') } : {}),
        };
        // the command's own exit status is output; only a sandbox or limit stopping it is a failure
        if (r.stopped) {
          const detail =
            r.stderr
              .trim()
              .replace(/, increase executionLimits\.\w+/g, '')
              .slice(0, 500) || '(no stderr)';
          throw new ToolError('command_failed', `${stopReason(r.stopped, Math.ceil(timeoutMs / 1000))}: ${detail}`, {
            limit: r.stopped,
            exit_code: r.exitCode,
            stdout: r.stdout,
            stderr: r.stderr,
            changed,
            ...extra,
          });
        }
        return { exit_code: r.exitCode, stdout: r.stdout, stderr: r.stderr, changed, sandbox: r.sandbox, ...extra };
      },
    }),
  ],
};

// applies a command's file changes to the episode state; returns the changed paths, sorted
function applyChanges(ctx: ToolContext, before: readonly WsFile[], after: readonly WsFile[]): string[] {
  const now = new Map(after.map((f) => [f.path, f]));
  const had = new Set(before.map((f) => f.path));
  const changed: string[] = [];
  for (const f of before) {
    const n = now.get(f.path);
    if (!n) {
      ctx.remove('files', f.path);
      changed.push(f.path);
    } else if (n.content !== f.content || n.encoding !== f.encoding) {
      ctx.update('files', f.path, { content: n.content, encoding: n.encoding });
      changed.push(f.path);
    }
  }
  for (const f of after) {
    if (had.has(f.path)) continue;
    ctx.insert('files', { ...f });
    changed.push(f.path);
  }
  return changed.sort();
}

// a command that prints a binary file (cat report.xlsx) gets a short placeholder and a pointer to the tool
// that reads it, instead of mojibake; binary bytes decode to U+FFFD or NUL in the output
function binaryOutput(
  files: readonly WsFile[],
  command: string,
  stdout: string,
): { stdout: string; note: string } | undefined {
  let odd = 0;
  for (let i = 0; i < stdout.length; i++) {
    const c = stdout.charCodeAt(i);
    if (c === 0xfffd || c === 0) odd++;
  }
  if (odd === 0 || odd < stdout.length / 100) return undefined;
  const named = files.filter(
    (f) => f.encoding === 'base64' && (command.includes(f.path) || command.includes(f.path.split('/').pop() as string)),
  );
  const notes = named.map((f) => {
    const kind = formatOf(f.path, Buffer.from(f.content.slice(0, 16), 'base64'));
    return `${f.path} is a binary ${kind === 'binary' ? '' : `${kind.toUpperCase()} `}file; ${readerHint(kind)}`;
  });
  const note = notes.length
    ? notes.join('; ')
    : 'the output is binary data; fs_read reads office files (xlsx, docx, pdf, pptx) as text';
  return { stdout: `[binary output, ${stdout.length} characters not shown: ${note}]`, note };
}

function stopReason(stop: ShellStop, timeoutS: number): string {
  switch (stop) {
    case 'timeout':
      return `timed out after ${timeoutS}s (file changes discarded)`;
    case 'execution_limit':
      return "stopped by the shell's execution limits";
    case 'cpu_limit':
      return `stopped: CPU time limit (${timeoutS}s) exceeded`;
    case 'file_size_limit':
      return `stopped: a file grew past ${formatBytes(workspaceBudget().bytes)}`;
    case 'memory_limit':
      return "stopped: the shell's memory limit was exceeded; none of its file changes were kept";
    case 'sandbox':
      return 'the sandbox could not run the command';
  }
}
