import { canonicalJson } from '../schema/canonical-json.js';

/** The identity of a run: resuming needs the same one (see `configDifference`). */
export interface RunConfig {
  /** informational: the run directory's name when it was written (not part of the identity) */
  name: string;
  tasks: { id: string; spec_hash: string; family: string; capabilities: readonly string[]; spec_path?: string }[];
  agent: Record<string, unknown>;
  user?: Record<string, unknown> | null;
  trials: number;
  seed: number;
  [extra: string]: unknown;
}

// the directory name and how spec files were spelled (t5/x.json, ./t5/x.json, a moved folder) say nothing
// about what ran: tasks are compared by id and spec hash, everything else by value
const NOT_IDENTITY = new Set(['name', 'tasks']);

const show = (v: unknown): string => {
  const s = v === undefined ? '(unset)' : canonicalJson(v);
  return s.length > 120 ? `${s.slice(0, 117)}...` : s;
};

const list = (ids: readonly string[]): string =>
  `${ids.slice(0, 5).join(', ')}${ids.length > 5 ? ` and ${ids.length - 5} more` : ''}`;

/**
 * Why a run recorded with `prev` cannot be resumed with `next`: the first differing field named with both
 * values (tasks: which ids were added, removed or changed), or undefined when they are the same run.
 */
export function configDifference(prev: RunConfig, next: RunConfig): string | undefined {
  const before = new Map((prev.tasks ?? []).map((t) => [t.id, t.spec_hash]));
  const after = new Map((next.tasks ?? []).map((t) => [t.id, t.spec_hash]));
  const added = [...after.keys()].filter((id) => !before.has(id));
  const removed = [...before.keys()].filter((id) => !after.has(id));
  const changed = [...after.keys()].filter((id) => before.has(id) && before.get(id) !== after.get(id));
  const tasks = [
    added.length ? `added ${list(added)}` : '',
    removed.length ? `removed ${list(removed)}` : '',
    changed.length ? `spec changed: ${list(changed)}` : '',
  ].filter(Boolean);
  if (tasks.length) return `tasks (${tasks.join('; ')})`;
  const keys = [...new Set([...Object.keys(prev), ...Object.keys(next)])].filter((k) => !NOT_IDENTITY.has(k)).sort();
  for (const k of keys) {
    if (canonicalJson(prev[k] ?? null) !== canonicalJson(next[k] ?? null))
      return `${k} (recorded ${show(prev[k])}, now ${show(next[k])})`;
  }
  return undefined;
}
