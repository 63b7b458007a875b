import { type CST, Composer, type Document, isNode, LineCounter, Parser } from 'yaml';
import { type Diagnostic, formatPath, type PathSegment } from './diagnostics.js';

/**
 * What one spec document may be: its size, how deep collections nest and how far YAML aliases expand. A
 * task spec is shallow (a dozen levels at most), so the limits only stop hostile or runaway input before the
 * recursive stages (YAML composition, zod) can exhaust the stack or the heap.
 */
export const SPEC_LIMITS = { maxBytes: 16 * 1024 * 1024, maxDepth: 100, maxAliasCount: 100 } as const;

/** A parsed YAML/JSON document that can point at the source line of any path. */
export interface SourceDoc {
  value: unknown;
  /** line/col (1-based) of the node at `path`, or of its nearest existing ancestor. */
  locate(path: readonly PathSegment[]): { line: number; col: number } | undefined;
}

const parseError = (message: string, pos?: { line: number; col: number }): Diagnostic => ({
  code: 'parse_error',
  path: '(root)',
  message,
  ...(pos ? { line: pos.line, col: pos.col } : {}),
});

/** The diagnostic for a text over SPEC_LIMITS.maxBytes (`bytes` = its size), or undefined. */
export function sizeDiagnostic(bytes: number, what = 'the document'): Diagnostic | undefined {
  if (bytes <= SPEC_LIMITS.maxBytes) return undefined;
  return parseError(
    `${what} is ${bytes} bytes; a task spec holds at most ${SPEC_LIMITS.maxBytes} bytes (16 MiB) — split it or move large file contents out of the fixtures`,
  );
}

const tooDeep = (where: string) =>
  `collections nest deeper than ${SPEC_LIMITS.maxDepth} levels${where}; a task spec nests a dozen at most — look for a runaway bracket or generated nesting`;

/**
 * Parses YAML (or JSON, a YAML subset) keeping positions; syntax errors are `parse_error` diagnostics, and so
 * is input beyond SPEC_LIMITS (too large, nested too deep, aliases expanding too far): guarded, never a crash.
 */
export function parseSource(text: string): { doc?: SourceDoc; diagnostics: Diagnostic[] } {
  const big = sizeDiagnostic(Buffer.byteLength(text, 'utf8'));
  if (big) return { diagnostics: [big] };
  return parseJson(text) ?? parseYaml(text);
}

// characters where YAML and JSON may read the same text differently (tab indentation, other line breaks, a BOM)
const NOT_PLAIN_JSON = /[\t\u0085\u2028\u2029\ufeff]/;

/**
 * The fast path for a spec written as JSON (what `synth` and `demo` write): JSON.parse is ~100× faster than
 * composing YAML. Taken only when YAML would read the text as the same value without errors — an object with
 * no duplicate key, no implicit key YAML rejects (past 1024 chars, or its `:` on another line), nothing nested
 * too deep and none of NOT_PLAIN_JSON — else undefined (the YAML path decides). Positions, needed only for a
 * diagnostic, come from the YAML parse on first use.
 */
function parseJson(text: string): { doc: SourceDoc; diagnostics: Diagnostic[] } | undefined {
  if (!/^\s*\{/.test(text) || NOT_PLAIN_JSON.test(text)) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  const keys = plainKeyCount(text);
  if (keys === undefined || keys !== ownKeyCount(value)) return undefined;
  let yaml: SourceDoc | undefined;
  return {
    diagnostics: [],
    doc: { value, locate: (p) => (yaml ??= parseYaml(text).doc)?.locate(p) },
  };
}

/** Keys (strings followed by `:`) in valid JSON text, or undefined for one YAML would not take as an implicit key. */
function plainKeyCount(text: string): number | undefined {
  let n = 0;
  // outside strings valid JSON has no `"`: each one found from here on opens a string
  for (let start = text.indexOf('"'); start >= 0; ) {
    // its end: the next `"` after an even run of backslashes (indexOf: a spec's file contents can be megabytes)
    let end = text.indexOf('"', start + 1);
    for (;;) {
      if (end < 0) return undefined;
      let b = end - 1;
      while (text.charCodeAt(b) === 92) b--;
      if ((end - 1 - b) % 2 === 0) break;
      end = text.indexOf('"', end + 1);
    }
    let j = end + 1;
    let lineBreak = false;
    for (let c = text.charCodeAt(j); c === 32 || c === 10 || c === 13; c = text.charCodeAt(++j)) lineBreak ||= c !== 32;
    if (text.charCodeAt(j) === 58) {
      if (lineBreak || j - start > 1000) return undefined;
      n++;
    }
    start = text.indexOf('"', j);
  }
  return n;
}

/** Own keys of every object in a JSON value (a duplicate key in the text leaves one); -1 when nested too deep. */
function ownKeyCount(value: unknown): number {
  let n = 0;
  // depth = path length, as tooDeepPath counts it
  const stack: { v: unknown; depth: number }[] = [{ v: value, depth: 0 }];
  while (stack.length > 0) {
    const { v, depth } = stack.pop() as { v: unknown; depth: number };
    if (v === null || typeof v !== 'object') continue;
    if (depth >= SPEC_LIMITS.maxDepth) return -1;
    if (Array.isArray(v)) for (const x of v) stack.push({ v: x, depth: depth + 1 });
    else
      for (const k in v) {
        n++;
        stack.push({ v: (v as Record<string, unknown>)[k], depth: depth + 1 });
      }
  }
  return n;
}

function parseYaml(text: string): { doc?: SourceDoc; diagnostics: Diagnostic[] } {
  const lineCounter = new LineCounter();
  // the CST parser is iterative; composing and toJS recurse, so depth is checked on the CST in between
  const tokens = [...new Parser(lineCounter.addNewLine).parse(text)];
  const deep = deepestOffset(tokens);
  if (deep !== undefined) return { diagnostics: [parseError(tooDeep(''), lineCounter.linePos(deep))] };
  let doc: Document | undefined;
  for (const d of new Composer({ prettyErrors: false, uniqueKeys: true }).compose(tokens, true, text.length)) {
    if (!doc) doc = d;
    else
      return {
        diagnostics: [
          parseError(
            'the file holds more than one YAML document (a second `---`); one spec per file, or use .jsonl',
            lineCounter.linePos(d.range[0]),
          ),
        ],
      };
  }
  if (!doc) return { diagnostics: [parseError('empty document')] };
  if (doc.errors.length > 0) {
    return {
      diagnostics: doc.errors.map((e) => {
        const pos = e.linePos?.[0] ?? lineCounter.linePos(e.pos[0]);
        return parseError(e.message.split('\n')[0] ?? e.message, pos);
      }),
    };
  }
  let value: unknown;
  try {
    value = doc.toJS({ maxAliasCount: SPEC_LIMITS.maxAliasCount });
  } catch (e) {
    // yaml throws on alias bombs ("Excessive alias count") and on aliases to unknown anchors
    const alias = firstAliasOffset(tokens);
    const msg = e instanceof Error ? e.message : String(e);
    const bomb = /alias count/i.test(msg);
    return {
      diagnostics: [
        parseError(
          bomb
            ? `YAML aliases expand more than ${SPEC_LIMITS.maxAliasCount} times (an alias bomb?); write the data out instead of nesting anchors`
            : `YAML aliases cannot be resolved: ${msg}`,
          alias === undefined ? undefined : lineCounter.linePos(alias),
        ),
      ],
    };
  }
  // aliases can nest anchors inside anchors: check the resolved value too
  const path = tooDeepPath(value);
  if (path)
    return {
      diagnostics: [
        parseError(tooDeep(` at ${shortPath(path)} (after resolving aliases)`), locateIn(doc, lineCounter, path)),
      ],
    };
  const parsed = doc;
  return {
    diagnostics: [],
    doc: { value, locate: (p) => locateIn(parsed, lineCounter, p) },
  };
}

function locateIn(
  doc: Document,
  lineCounter: LineCounter,
  path: readonly PathSegment[],
): { line: number; col: number } | undefined {
  for (let n = path.length; n >= 0; n--) {
    const node = doc.getIn(path.slice(0, n) as PathSegment[], true);
    if (isNode(node) && node.range) return lineCounter.linePos(node.range[0]);
  }
  return undefined;
}

type CstChild = CST.Token | null | undefined;

// children of a CST token that are one collection level deeper (documents contribute no level)
function cstChildren(t: CST.Token): { next: CstChild[]; level: number } {
  switch (t.type) {
    case 'document':
      return { next: [t.value], level: 0 };
    case 'block-map':
    case 'block-seq':
    case 'flow-collection':
      return { next: t.items.flatMap((it) => [it.key, it.value]), level: 1 };
    default:
      return { next: [], level: 0 };
  }
}

/** Offset of the first collection nested deeper than SPEC_LIMITS.maxDepth, walking the CST without recursion. */
function deepestOffset(tokens: readonly CST.Token[]): number | undefined {
  const stack: { t: CST.Token; depth: number }[] = tokens.map((t) => ({ t, depth: 0 }));
  while (stack.length > 0) {
    const { t, depth } = stack.pop() as { t: CST.Token; depth: number };
    const { next, level } = cstChildren(t);
    const d = depth + level;
    if (d > SPEC_LIMITS.maxDepth) return t.offset;
    for (const c of next) if (c) stack.push({ t: c, depth: d });
  }
  return undefined;
}

function firstAliasOffset(tokens: readonly CST.Token[]): number | undefined {
  const stack: CST.Token[] = [...tokens];
  let first: number | undefined;
  while (stack.length > 0) {
    const t = stack.pop() as CST.Token;
    if (t.type === 'alias' && (first === undefined || t.offset < first)) first = t.offset;
    for (const c of cstChildren(t).next) if (c) stack.push(c);
  }
  return first;
}

/**
 * The path of the first collection nested deeper than SPEC_LIMITS.maxDepth in a plain value (JSON.parse
 * output, an LLM's JSON, a resolved YAML document), or undefined; iterative, so any depth is safe to check.
 */
export function tooDeepPath(value: unknown): PathSegment[] | undefined {
  const stack: { v: unknown; path: PathSegment[] }[] = [{ v: value, path: [] }];
  while (stack.length > 0) {
    const { v, path } = stack.pop() as { v: unknown; path: PathSegment[] };
    if (v === null || typeof v !== 'object') continue;
    if (path.length >= SPEC_LIMITS.maxDepth) return path;
    if (Array.isArray(v)) v.forEach((x, i) => stack.push({ v: x, path: [...path, i] }));
    else for (const [k, x] of Object.entries(v)) stack.push({ v: x, path: [...path, k] });
  }
  return undefined;
}

/** The diagnostic for a value nested deeper than SPEC_LIMITS.maxDepth, or undefined. */
export function depthDiagnostic(value: unknown): Diagnostic | undefined {
  const path = tooDeepPath(value);
  return path ? parseError(tooDeep(` at ${shortPath(path)}`)) : undefined;
}

// a path 100 segments long is noise: its head says where the nesting starts
function shortPath(path: readonly PathSegment[]): string {
  return path.length <= 6 ? formatPath(path) : `${formatPath(path.slice(0, 4))}…(${path.length} levels)`;
}

/** Adds line/col to diagnostics whose `path` can be resolved in the document. */
export function withPositions(
  diags: Diagnostic[],
  doc: SourceDoc | undefined,
  parsePath: (p: string) => PathSegment[],
): Diagnostic[] {
  if (!doc) return diags;
  return diags.map((d) => {
    if (d.line) return d;
    const pos = doc.locate(parsePath(d.path));
    return pos ? { ...d, line: pos.line, col: pos.col } : d;
  });
}

/** Inverse of formatPath: `checks[2].tool` → ["checks", 2, "tool"]. */
export function parsePath(path: string): PathSegment[] {
  if (path === '(root)') return [];
  const out: PathSegment[] = [];
  const re = /([A-Za-z_][A-Za-z0-9_]*)|\[(\d+)\]|\["((?:[^"\\]|\\.)*)"\]/g;
  for (const m of path.matchAll(re)) {
    if (m[1] !== undefined) out.push(m[1]);
    else if (m[2] !== undefined) out.push(Number(m[2]));
    else if (m[3] !== undefined) out.push(JSON.parse(`"${m[3]}"`) as string);
  }
  return out;
}
