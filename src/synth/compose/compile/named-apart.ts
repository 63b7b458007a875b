import type { Matcher } from '../../../schema/matchers.js';
import type { CheckDraft } from '../parts.js';

type Unweighted = CheckDraft & { id: string };

const isName = (m: unknown, name: string): boolean =>
  typeof m === 'object' && m !== null && 'contains' in m && (m as { contains: unknown }).contains === name;

/**
 * A work check that also asks for the record's name in its text (a mail naming "Keeper's Furlong" beside PLT-2524)
 * as two checks: the work on the record (its id, recipient, values) and, apart, its name in that text (`<id>_named`).
 * The first decides whether the work was done; the name says how it is shown, so a failed name costs a presentation
 * check's partial credit, not the work's (compile/checks.ts DECISIVE_CAP). A check that asks for no name is returned
 * alone.
 */
export function namedApart(c: Unweighted, name: string): { work: Unweighted; named?: Unweighted } {
  if (!name || c.kind !== 'audit_present' || !c.where) return { work: c };
  const where = c.where as Record<string, unknown>;
  for (const [field, m] of Object.entries(where)) {
    const parts = isName(m, name)
      ? []
      : typeof m === 'object' &&
          m !== null &&
          'all_of' in m &&
          (m as { all_of: Matcher[] }).all_of.some((x) => isName(x, name))
        ? (m as { all_of: Matcher[] }).all_of.filter((x) => !isName(x, name))
        : undefined;
    if (!parts) continue;
    const rest = Object.fromEntries(Object.entries(where).filter(([k]) => k !== field));
    const left = parts.length > 1 ? { [field]: { all_of: parts } } : parts[0] ? { [field]: parts[0] } : {};
    // the name alone picks the entry out: nothing is left to find the work by
    if (!Object.keys(rest).length && !parts.length) return { work: c };
    return {
      work: { ...c, where: { ...rest, ...left } } as Unweighted,
      named: { ...c, id: `${c.id}_named`, where: { ...rest, ...left, [field]: { contains: name } } } as Unweighted,
    };
  }
  return { work: c };
}
