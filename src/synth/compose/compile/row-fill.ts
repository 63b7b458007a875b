import type { Rng } from '../../../env/rng.js';
import type { Rule } from '../../rules/rule.js';

/** A role a record beyond the cast's first ones takes: a near miss of one condition, the exception, or quiet. */
export type FillRole = { miss: number } | 'except' | 'neither' | 'quiet';

/**
 * The records that fill a task's list up to its recipe's rows, after `base` records (targets, one near miss per
 * condition, the late record): about half are further near misses, each condition's in turn from a seeded start
 * (the record that meets all but one, which only a close read tells from a target), the rest quiet records failing
 * somewhere. At least one quiet record, as before: not every record sits on an edge.
 */
export function fillRoles(rng: Rng, rule: Rule, base: number, rows: number): FillRole[] {
  const extra = Math.max(1, rows - base);
  const edges: FillRole[] = [
    ...rule.all.map((_, i) => ({ miss: i })),
    ...(rule.unless ? (['except'] as const) : []),
    ...(rule.any ? (['neither'] as const) : []),
  ];
  const near = edges.length ? Math.min(Math.floor(extra / 2), 2 * edges.length) : 0;
  const start = rng.int(0, Math.max(0, edges.length - 1));
  return [
    ...Array.from({ length: near }, (_, k) => edges[(start + k) % edges.length] as FillRole),
    ...Array.from({ length: extra - near }, (): FillRole => 'quiet'),
  ];
}
