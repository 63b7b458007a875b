import type { Matcher, Where } from '../../spec/matchers.js';
import type { SyntheticBuilder } from '../types.js';

/** A value that satisfies the matcher (for the synthetic complete record). */
export function exampleValue(m: Matcher, b: SyntheticBuilder): unknown {
  if (m === null || typeof m !== 'object') return m;
  if ('equals' in m) return m.equals;
  if ('in' in m) return m.in[0];
  if ('contains' in m) return m.contains;
  return b.example(m.regex);
}

export function exampleWhere(where: Where | undefined, b: SyntheticBuilder): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, m] of Object.entries(where ?? {})) out[k] = exampleValue(m, b);
  return out;
}
