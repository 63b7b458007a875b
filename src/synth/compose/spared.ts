import type { FieldModel } from '../rules/fields.js';
import { SPARED } from './spared-data.js';
import { REVIEW_SPARED } from './spared-reviews.js';

// The kinds of record a work spares (spared-data.ts), in the form a rule is drawn with: on the field models, so that
// rules/draw.ts excepts a kind only where the work it is drawn for gives that kind a reason of its own.

export { SPARED } from './spared-data.js';

/** Per field of a record type, the values an act may spare and their reasons (none: the act spares no category). */
export type SparedKinds = Readonly<Record<string, Readonly<Record<string, readonly string[]>>>>;

/**
 * The kinds of record the act headed `section` of `source` spares, with its reasons; a review (`section` "Review",
 * no act of its own) spares the kinds someone else looks at (spared-reviews.ts).
 */
export function sparedBy(source: string, section: string | undefined): SparedKinds {
  const given =
    section === undefined ? undefined : section === 'Review' ? REVIEW_SPARED[source] : SPARED[source]?.[section];
  return Object.fromEntries(
    Object.entries(given ?? {}).map(([f, vs]) => [
      f,
      Object.fromEntries(Object.entries(vs).map(([v, r]) => [v, typeof r === 'string' ? [r] : r])),
    ]),
  );
}

/** The models with the kinds a work spares as their only spared values (rules/draw.ts takes no other). */
export const withSpared = (models: readonly FieldModel[], spared: SparedKinds = {}): FieldModel[] =>
  models.map((m) => {
    if (m.kind !== 'enum') return m;
    const { spared: _, ...rest } = m;
    return spared[m.field] ? { ...rest, spared: spared[m.field] } : rest;
  });
