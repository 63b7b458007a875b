import { canonicalTool } from '../grade/evidence.js';
import { sprayRule } from '../grade/spray.js';
import type { TaskSpec } from '../schema/task-spec.js';

type Steps = TaskSpec['reference'];

// a file check's pattern that is one literal string escaped (an id the deliverable must name), as that string
const LITERAL = /^(?:\\.|[^\\^$.*+?()[\]{}|])+$/;
const literalOf = (re: string): string | undefined => (LITERAL.test(re) ? re.replace(/\\(.)/g, '$1') : undefined);
// a file check that passes only while the file names none of these ids (aggregates.ts fileProof)
const REFUSAL = /^\^\(\?!\[\\s\\S\]\*\(\?:(.*)\)\)$/;

/**
 * The file side of the content-spray probe: the reference with every deliverable a per-target file check reads
 * (a CSV, a page, a memo) also naming every candidate of that check's id — a list of everything, which a
 * file-only task must not let through because nothing else it does is forbidden.
 */
export function fileSpray(spec: TaskSpec): { steps: Steps; detail: string }[] {
  const byPath = new Map<string, Set<string>>();
  for (const c of spec.checks) {
    if (c.kind !== 'file_matches' || typeof c.text?.regex !== 'string') continue;
    const id = literalOf(c.text.regex);
    // the ids a refusal names (records read off a picture are in no collection the spray rule looks in)
    const refused = REFUSAL.exec(c.text.regex)?.[1]?.split('|').map(literalOf);
    const candidates = [
      ...((id === undefined ? undefined : sprayRule(spec, id))?.candidates ?? []),
      ...(refused ?? []).filter((x): x is string => x !== undefined),
    ];
    if (!candidates.length) continue;
    const set = byPath.get(c.path) ?? new Set<string>();
    for (const x of candidates) set.add(x);
    byPath.set(c.path, set);
  }
  let sprayed = 0;
  const steps = spec.reference.map((s) => {
    if (!('call' in s) || typeof s.args.path !== 'string') return s;
    const all = byPath.get(s.args.path);
    if (!all) return s;
    const names = [...all];
    const tool = canonicalTool(s.call);
    const a = s.args as Record<string, unknown>;
    let args: Record<string, unknown> | undefined;
    if (tool === 'fs_write' && typeof a.content === 'string')
      args = { ...a, content: `${a.content}\n${names.join(', ')}\n` };
    else if (tool === 'fs_write_doc' && Array.isArray(a.blocks))
      args = { ...a, blocks: [...a.blocks, ...names.map((n) => ({ bullet: n }))] };
    else if (tool === 'fs_write_table' && Array.isArray(a.rows)) {
      const width = Array.isArray(a.columns) ? a.columns.length : ((a.rows[0] as unknown[] | undefined)?.length ?? 1);
      args = { ...a, rows: [...a.rows, ...names.map((n) => [n, ...Array(Math.max(0, width - 1)).fill('')])] };
    }
    if (!args) return s;
    sprayed++;
    return { ...s, args } as Steps[number];
  });
  if (sprayed === 0) return [];
  return [{ steps, detail: `every deliverable a file check reads names all candidates (${sprayed} write(s))` }];
}
