import { z } from 'zod';

// a field predicate used by `where` clauses (audit checks, forbidden actions) and tool-argument filters.
// strings compare by canonical key: a field's value kind (e-mail, account, phone, id; src/schema/canonical-values.ts)
// decides its canonical form, other text is NFKC with invisible characters removed, case-insensitive.
// the evaluator of every form is src/grade/match.ts; docs/taskspec.md "Matchers" lists them.
const Scalar = z.union([z.string(), z.number(), z.boolean(), z.null()]);
type Scalar = z.infer<typeof Scalar>;

const OFFSET = /^[+-]\d+(\.\d+)?[mhd]$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})?)?$/;
const TODAY = /^mock_today([+-]\d+(\.\d+)?[mhd])?$/;

/** A point in time: an ISO date/date-time, `mock_today` (± an offset such as `+2d`, `-90m`), or another field of the same record/arguments. */
export const DateRef = z.union([
  z
    .string()
    .refine(
      (s) => ISO_DATE.test(s) || TODAY.test(s),
      'an ISO date/date-time, "mock_today" or "mock_today+2d" (offset ±N m|h|d)',
    ),
  z.strictObject({
    field: z.string().min(1).describe('another field of the same record or call'),
    offset: z.string().regex(OFFSET, 'an offset such as +1h, -30m or +2d').optional(),
  }),
]);
export type DateRef = z.infer<typeof DateRef>;

const Span = z
  .strictObject({
    of: DateRef,
    minutes: z.number().min(0).optional(),
    hours: z.number().min(0).optional(),
    days: z.number().min(0).optional(),
  })
  .refine(
    (s) => s.minutes !== undefined || s.hours !== undefined || s.days !== undefined,
    'give minutes, hours or days',
  );
const HHMM = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'a time of day HH:MM');
const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;

/** A field predicate (see docs/taskspec.md "Matchers"). */
export type Matcher =
  | Scalar
  | { equals: unknown }
  | { in: Scalar[] }
  | { contains: Scalar }
  | { regex: string }
  | { not: Matcher }
  | { all_of: Matcher[] }
  | { any_of: Matcher[] }
  | { gt?: number; gte?: number; lt?: number; lte?: number }
  | { approx: number; abs?: number; rel?: number }
  | { before?: DateRef; after?: DateRef }
  | { within: { of: DateRef; minutes?: number; hours?: number; days?: number } }
  | { business_hours: { start: string; end: string; days: (typeof WEEKDAYS)[number][]; tz: string } }
  | {
      free_in: {
        service: string;
        collection: string;
        end: string;
        start_field: string;
        end_field: string;
        where?: Record<string, Matcher>;
      };
    }
  | { set_equals: Scalar[] }
  | { subset_of: Scalar[] }
  | { superset_of: Scalar[] }
  | { language: (typeof LANGUAGES)[number] };

/** Languages a `language` matcher names (ISO 639-1), identified by franc (src/grade/language.ts). */
export const LANGUAGES = ['en', 'es', 'de', 'fr', 'it', 'pt', 'nl', 'zh', 'ja', 'ko', 'ru'] as const;

const lazyMatcher: z.ZodType<Matcher, unknown> = z.lazy(() => Matcher);

const Numeric = z
  .strictObject({
    gt: z.number().optional(),
    gte: z.number().optional(),
    lt: z.number().optional(),
    lte: z.number().optional(),
  })
  .refine((m) => Object.keys(m).length > 0, 'a numeric comparison needs gt, gte, lt or lte (two of them make a range)')
  .describe('numeric comparison; numeric strings compare as numbers; two bounds make a range');
const Dates = z
  .strictObject({ before: DateRef.optional(), after: DateRef.optional() })
  .refine((m) => m.before !== undefined || m.after !== undefined, 'give before, after or both')
  .describe('a date/time strictly before and/or after a point (mock_today ± offset, an ISO value or another field)');

const MATCHER_FORMS = [
  Scalar.describe(
    "equals this value (strings compare canonically: by the field's value kind, else case-insensitive text)",
  ),
  z.strictObject({ equals: z.unknown().describe('deep-equals this value (strings compare canonically)') }),
  z.strictObject({ in: z.array(Scalar).min(1).describe('equals one of these values') }),
  z.strictObject({
    contains: Scalar.describe(
      'string: case-insensitive substring (also of its canonical form); array: has an element equal to it',
    ),
  }),
  z.strictObject({
    regex: z
      .string()
      .min(1)
      .describe('JavaScript regular expression, case-insensitive, tested on the value and on its canonical form'),
  }),
  z.strictObject({
    not: lazyMatcher.describe('the value does not satisfy this matcher (a missing field satisfies not)'),
  }),
  z.strictObject({ all_of: z.array(lazyMatcher).min(1).describe('every matcher holds (two conditions on one field)') }),
  z.strictObject({ any_of: z.array(lazyMatcher).min(1).describe('at least one matcher holds') }),
  Numeric,
  z
    .strictObject({
      approx: z.number().describe('numeric value within a tolerance'),
      abs: z.number().min(0).optional().describe('± absolute tolerance'),
      rel: z.number().min(0).max(1).optional().describe('± relative tolerance (share of approx)'),
    })
    .refine((m) => m.abs !== undefined || m.rel !== undefined, 'approx needs abs and/or rel (the tolerance)'),
  Dates,
  z.strictObject({ within: Span.describe('a date/time at most this far from `of`, either side') }),
  z.strictObject({
    business_hours: z
      .strictObject({
        start: HHMM.default('09:00'),
        end: HHMM.default('17:00'),
        days: z.array(z.enum(WEEKDAYS)).min(1).default(['mon', 'tue', 'wed', 'thu', 'fri']),
        tz: z.string().min(1).default('UTC').describe('IANA time zone, e.g. Europe/Berlin'),
      })
      .describe('a date/time on one of `days` between start (inclusive) and end (inclusive) in tz'),
  }),
  z.strictObject({
    free_in: z
      .strictObject({
        service: z.string().min(1),
        collection: z.string().min(1).describe('e.g. calendar events'),
        end: z
          .string()
          .min(1)
          .default('end_time')
          .describe('the field of this record that ends the interval starting at the value'),
        start_field: z.string().min(1).default('start_time'),
        end_field: z.string().min(1).default('end_time'),
        where: z
          .record(z.string().min(1), lazyMatcher)
          .optional()
          .describe('only these initial records block (e.g. an attendee)'),
      })
      .describe('the interval [value, record[end]) overlaps no initial record of the collection'),
  }),
  z.strictObject({
    set_equals: z.array(Scalar).describe('a list (or comma list) holding exactly these items, in any order'),
  }),
  z.strictObject({ subset_of: z.array(Scalar).min(1).describe('every item of the list is one of these') }),
  z.strictObject({
    superset_of: z.array(Scalar).min(1).describe('the list holds every one of these (and maybe more)'),
  }),
  z.strictObject({
    language: z
      .enum(LANGUAGES)
      .describe('the text is written in this language (ISO 639-1), as a language identifier reads it'),
  }),
] as const;

export const Matcher: z.ZodType<Matcher, unknown> = z.union(MATCHER_FORMS, {
  error:
    'a matcher is a plain value or an object with exactly one of equals, in, contains, regex, not, all_of, any_of, gt/gte/lt/lte, approx, before/after, within, business_hours, free_in, set_equals, subset_of, superset_of, language',
}) as unknown as z.ZodType<Matcher, unknown>;

/** Matcher forms for `schema --check-kinds`: name → meaning. */
export const MATCHER_DOCS: readonly { form: string; meaning: string }[] = [
  { form: 'value', meaning: 'equals (canonical by value kind; a list field matches when an item does)' },
  { form: '{equals}', meaning: 'deep equality' },
  { form: '{in: [...]}', meaning: 'equals one of the values' },
  { form: '{contains}', meaning: 'substring, or a list element' },
  { form: '{regex}', meaning: 'case-insensitive regular expression' },
  { form: '{not: m}', meaning: 'm does not hold (a missing field satisfies not)' },
  { form: '{all_of: [m...]} / {any_of: [m...]}', meaning: 'every / at least one matcher holds' },
  { form: '{gt, gte, lt, lte}', meaning: 'numeric comparison; two bounds make a range' },
  { form: '{approx, abs?, rel?}', meaning: 'numeric value within ± abs or ± rel·|approx|' },
  { form: '{before?, after?}', meaning: 'date/time relative to mock_today±offset, an ISO value or {field, offset?}' },
  { form: '{within: {of, minutes|hours|days}}', meaning: 'date/time at most that far from `of`' },
  { form: '{business_hours: {start, end, days, tz}}', meaning: 'date/time in working hours [09:00–17:00 Mon–Fri UTC]' },
  {
    form: '{free_in: {service, collection, end, start_field, end_field, where?}}',
    meaning: '[value, record[end]) overlaps no initial record',
  },
  { form: '{set_equals|subset_of|superset_of: [...]}', meaning: 'set comparison of a list (or comma list) value' },
  {
    form: '{language: es}',
    meaning: `text written in that language, identified by franc (${LANGUAGES.join(', ')}); under 20 letters never matches`,
  },
];

/** `{field: matcher}`; every field must match. */
export const Where = z.record(z.string().min(1), Matcher);
export type Where = z.infer<typeof Where>;
