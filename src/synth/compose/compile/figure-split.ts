import { shuffle } from '../../kit/ids.js';
import { splitFields, splitValue } from '../computations.js';
import type { Rec, SourcePart, World } from '../parts.js';

/**
 * A count of the handled records that meet a further condition (computations.ts count_where) needs handled
 * records that differ in a field the team breaks its work down by; where the draw left them alike in every such
 * field, one of them takes another value of one, so long as its part in the task stays (`keeps`). Otherwise the
 * figure would be the length of the list the agent hands in anyway.
 */
export function splitTargets(
  targets: Rec[],
  src: SourcePart,
  avoid: readonly string[],
  keeps: (rec: Rec) => boolean,
  w: World,
): void {
  if (targets.length < 2) return;
  const fields = splitFields(src, avoid);
  const differ = (field: string) => new Set(targets.map((r) => r[field])).size > 1;
  if (fields.some((m) => differ(m.field) && (m.kind === 'flag' || splitValue(targets[0]?.[m.field])))) return;
  const last = targets[targets.length - 1] as Rec;
  for (const m of fields) {
    const was = last[m.field];
    // (an enum split names the first record's value: it must be one a count can be named by)
    if (m.kind === 'enum' && !splitValue(targets[0]?.[m.field])) continue;
    const others: unknown[] = m.kind === 'flag' ? [!was] : m.kind === 'enum' ? m.values.filter((v) => v !== was) : [];
    for (const v of shuffle(w.rng, others)) {
      last[m.field] = v;
      if (keeps(last)) return;
    }
    last[m.field] = was;
  }
}
