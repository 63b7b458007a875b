import { resolveTool } from '../services/registry.js';
import type { Rec } from '../services/types.js';
import type { AuditCall } from '../schema/trajectory.js';

const MAX_ITEMS = 5;

/** Canonical name of a tool or alias (unknown names stay as they are). */
export function canonicalTool(name: string): string {
  return resolveTool(name)?.tool.name ?? name;
}

/** The tool names of a check's `tool` (one name or a list of alternatives), canonical. */
export function toolNames(tool: string | readonly string[]): string[] {
  return (typeof tool === 'string' ? [tool] : [...tool]).map(canonicalTool);
}

/** Which candidates (calls or entries, in order) decide a check: all of them, or only the first or the last. */
export function pickWhich<T>(
  candidates: readonly T[],
  which: 'any' | 'first' | 'last' | 'all' | undefined,
): readonly T[] {
  if (which === 'first') return candidates.slice(0, 1);
  if (which === 'last') return candidates.slice(-1);
  return candidates;
}

/** Arguments as validated (defaults filled) when available, else as sent. */
export function argsOf(call: AuditCall): Record<string, unknown> {
  return (call.params ?? (call.args && typeof call.args === 'object' ? call.args : {})) as Record<string, unknown>;
}

export function callEvidence(calls: readonly AuditCall[]): unknown[] {
  return calls.slice(0, MAX_ITEMS).map((c) => ({ seq: c.seq, tool: c.tool, args: argsOf(c), ok: c.ok }));
}

export function recordEvidence(service: string, list: string, recs: readonly Rec[]): unknown[] {
  return recs.slice(0, MAX_ITEMS).map((r) => ({ service, record: list, entry: r }));
}

/** Fraction helper: min(count / need, 1) with need ≥ 1. */
export function ratio(count: number, need: number): number {
  return need <= 0 ? 1 : Math.min(count / need, 1);
}
