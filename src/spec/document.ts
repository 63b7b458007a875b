import { isNode, LineCounter, parseDocument, type Document } from 'yaml';
import type { Diagnostic, PathSegment } from './diagnostics.js';

/** A parsed YAML/JSON document that can point at the source line of any path. */
export interface SourceDoc {
  value: unknown;
  /** line/col (1-based) of the node at `path`, or of its nearest existing ancestor. */
  locate(path: readonly PathSegment[]): { line: number; col: number } | undefined;
}

/** Parses YAML (or JSON, a YAML subset) keeping positions; syntax errors are `parse_error` diagnostics. */
export function parseSource(text: string): { doc?: SourceDoc; diagnostics: Diagnostic[] } {
  const lineCounter = new LineCounter();
  const doc: Document = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true });
  if (doc.errors.length > 0) {
    return {
      diagnostics: doc.errors.map((e) => {
        const pos = e.linePos?.[0] ?? lineCounter.linePos(e.pos[0]);
        return { code: 'parse_error', path: '(root)', message: e.message.split('\n')[0] ?? e.message, line: pos.line, col: pos.col };
      }),
    };
  }
  const value = doc.toJS({ maxAliasCount: 100 });
  return {
    diagnostics: [],
    doc: {
      value,
      locate(path) {
        for (let n = path.length; n >= 0; n--) {
          const node = doc.getIn(path.slice(0, n) as PathSegment[], true);
          if (isNode(node) && node.range) return lineCounter.linePos(node.range[0]);
        }
        return undefined;
      },
    },
  };
}

/** Adds line/col to diagnostics whose `path` can be resolved in the document. */
export function withPositions(diags: Diagnostic[], doc: SourceDoc | undefined, parsePath: (p: string) => PathSegment[]): Diagnostic[] {
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
