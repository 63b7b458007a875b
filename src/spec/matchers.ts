import { z } from 'zod';

// a field predicate used by `where` clauses (audit checks, forbidden actions) and tool-argument filters.
const Scalar = z.union([z.string(), z.number(), z.boolean(), z.null()]);

export const Matcher = z.union(
  [
    Scalar.describe('equals this value (strings compare case-insensitively, trimmed)'),
    z.strictObject({ equals: z.unknown().describe('deep-equals this value (strings: case-insensitive)') }),
    z.strictObject({ in: z.array(Scalar).min(1).describe('equals one of these values') }),
    z.strictObject({ contains: Scalar.describe('string: case-insensitive substring; array: has an element equal to it') }),
    z.strictObject({ regex: z.string().min(1).describe('JavaScript regular expression, case-insensitive') }),
  ],
  { error: 'a matcher is a plain value or an object with exactly one of equals, in, contains, regex' },
);
export type Matcher = z.infer<typeof Matcher>;

/** `{field: matcher}`; every field must match. */
export const Where = z.record(z.string().min(1), Matcher);
export type Where = z.infer<typeof Where>;
