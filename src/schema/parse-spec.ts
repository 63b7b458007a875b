import type { Diagnostic } from './diagnostics.js';
import { depthDiagnostic, parsePath, parseSource, type SourceDoc, withPositions } from './document.js';
import { TaskSpec } from './task-spec.js';
import { zodDiagnostics } from './zod-diagnostics.js';

export interface ParsedSpec {
  /** the parsed spec, present when parse + schema passed */
  spec?: TaskSpec;
  /** the raw document value (also when the schema failed) */
  raw?: unknown;
  doc?: SourceDoc;
  diagnostics: Diagnostic[];
}

/** Gate steps 1 (parse) and the schema half of 1: YAML/JSON text → TaskSpec with path-precise diagnostics. */
export function parseSpecText(text: string): ParsedSpec {
  const { doc, diagnostics } = parseSource(text);
  if (!doc) return { diagnostics: diagnostics.map((d) => ({ ...d, owner: 'builder' as const })) };
  return { ...checkSpecValue(doc.value, doc), raw: doc.value, doc };
}

/** Schema-checks an already-parsed value (e.g. an LLM's JSON, a JSONL row); one nested too deep is a parse_error. */
export function checkSpecValue(raw: unknown, doc?: SourceDoc): ParsedSpec {
  // zod recurses: a value from JSON.parse can be nested arbitrarily deep
  const deep = doc ? undefined : depthDiagnostic(raw);
  if (deep) return { diagnostics: [{ ...deep, owner: 'builder' }] };
  const res = TaskSpec.safeParse(raw);
  if (res.success) return { spec: res.data, raw, diagnostics: withPositions(uniqueIds(res.data), doc, parsePath) };
  const diags = zodDiagnostics(res.error.issues, raw, TaskSpec).map((d) => ({
    ...d,
    owner:
      d.path.startsWith('checks') || d.path.startsWith('forbidden') || d.path.startsWith('judge')
        ? ('verifier' as const)
        : ('builder' as const),
  }));
  return { raw, diagnostics: withPositions(diags, doc, parsePath) };
}

// ids must be unique so evidence and per-check rewards are unambiguous
function uniqueIds(spec: TaskSpec): Diagnostic[] {
  const out: Diagnostic[] = [];
  const seen = new Map<string, number>();
  const items = [
    ...spec.checks.map((c, i) => ({ id: c.id, path: `checks[${i}].id` })),
    ...spec.judge.map((j, i) => ({ id: j.id, path: `judge[${i}].id` })),
  ];
  for (const [i, it] of items.entries()) {
    const first = seen.get(it.id);
    if (first !== undefined) {
      out.push({
        code: 'duplicate_id',
        path: it.path,
        owner: 'verifier',
        message: `id "${it.id}" is already used at ${items[first]?.path}`,
      });
    } else seen.set(it.id, i);
  }
  return out;
}
