import { z } from 'zod';
import { Matcher, Where } from './matchers.js';
import { Hex, ImageOp, Region, Span } from './media.js';

// the schema of every check kind. evaluators live in grade/checks/<kind>.ts, one per key of CHECK_KINDS.

const Id = z.string().regex(/^[a-z0-9][a-z0-9_.-]*$/, 'lower-case letters, digits, "_", "." or "-"');
/** A step of a tier function: a measure of at least `min` scores `score` (the highest `min` reached wins). */
export const Tier = z.strictObject({
  min: z.number().describe('the measure (a count, or a value) is at least this'),
  score: z.number().min(0).max(1).describe('the check scores this'),
});
/** A completion cap: when the named check scores below 1, completion is at most `completion_at_most`. */
export const Cap = z.strictObject({
  if_failed: Id.optional().describe('id of the check whose failure caps completion (default: this check)'),
  completion_at_most: z.number().min(0).max(1),
});

/** Where a check comes from: the words of the request, of a policy the request points to, or of the simulated user. */
export const Trace = z.strictObject({
  in: z.enum(['request', 'policy', 'user']).describe('where the clause is written'),
  clause: z.string().min(3).max(2000).describe('the words that demand the check, as written there'),
  doc: z
    .string()
    .min(1)
    .optional()
    .describe('in: policy — the title of the document, which the request names (or points to)'),
});
export type Trace = z.infer<typeof Trace>;

const base = {
  id: Id.describe('unique within the spec'),
  weight: z.number().min(0).max(1).describe('share of completion; all check weights sum to 1'),
  description: z.string().optional().describe('what the check means, for reviewers'),
  // optional, no defaults: specs without them keep their canonical form, hash and grade
  tiers: z
    .array(Tier)
    .min(1)
    .max(20)
    .optional()
    .describe(
      "step function from the check's measure (see schema --check-kinds) to its score, replacing the default score",
    ),
  cap: Cap.optional().describe(
    'completion ≤ completion_at_most when the check named by if_failed (default: this one) scores below 1',
  ),
  trace: Trace.optional().describe(
    'the clause that demands this check: the gate finds it where it says (a spec that traces one check traces all)',
  ),
};
const Tolerance = z
  .number()
  .min(0)
  .optional()
  .describe('numbers within ± this of the expected value match (the value must be a number or {equals: number})');
const A1 = z.string().regex(/^\$?[A-Za-z]{1,3}\$?\d{1,7}$/, 'an A1 cell address such as B7');
const TableClause = z.strictObject({
  column: z.string().min(1).describe('header name (first row)'),
  value: Matcher,
  row: z
    .number()
    .int()
    .min(0)
    .max(10_000_000)
    .optional()
    .describe('0-based data row (after the header); default: any row'),
  where: Where.optional().describe('only rows whose cells match'),
  sheet: z.string().min(1).optional().describe('XLSX sheet name (case-insensitive); default the first sheet'),
  table: z.number().int().min(1).optional().describe('DOCX: the n-th table (1-based); default 1'),
  tolerance: Tolerance,
});
const ToolName = z.string().min(1);
/** One tool, or a list of alternatives (any of them counts). */
const Tools = z
  .union([ToolName, z.array(ToolName).min(1).max(20)])
  .describe('a tool name, or a list of alternatives (a call of any counts)');
/** Which of the matching candidates (calls or entries, in order) decides. */
const Which = z
  .enum(['any', 'first', 'last', 'all'])
  .optional()
  .describe(
    'which candidates decide, in order: any [default] (one suffices), first, last (e.g. the last export counts), all (every one must match)',
  );
const Over = z
  .enum(['final', 'assistant', 'conversation'])
  .optional()
  .describe(
    'final [default]: the last non-empty assistant text; assistant: every assistant message; conversation: every user and assistant message',
  );

/** One audit-log step: a record-list entry or a successful tool call. */
export const SequenceStep = z.union([
  z.strictObject({ service: z.string().min(1), record: z.string().min(1), where: Where.optional() }),
  z.strictObject({ tool: ToolName, args: Where.optional() }),
]);
export type SequenceStep = z.infer<typeof SequenceStep>;

const TextClauses = {
  all: z.array(z.string().min(1)).min(1).optional().describe('every item must appear (partial credit: share found)'),
  any: z.array(z.string().min(1)).min(1).optional().describe('at least one item must appear'),
  none: z.array(z.string().min(1)).min(1).optional().describe('no item may appear'),
};

/** Check kinds: description + zod schema. Adding a kind = one entry here + one evaluator file in grade/checks. */
export const CHECK_KINDS = {
  tool_called: {
    description:
      'a tool was called successfully between min_calls and max_calls times, optionally with matching arguments',
    schema: z.strictObject({
      ...base,
      kind: z.literal('tool_called'),
      tool: Tools,
      min_calls: z.number().int().min(1).max(1000).default(1),
      max_calls: z.number().int().min(1).max(1000).optional(),
      args: Where.optional().describe('only calls whose arguments match count'),
      which: Which,
    }),
  },
  tool_arg: {
    description:
      'a successful call of the tool passed an accepted value (or one matching the pattern) for the argument',
    schema: z.strictObject({
      ...base,
      kind: z.literal('tool_arg'),
      tool: Tools,
      which: Which,
      arg: z.string().min(1),
      accept: z
        .array(z.union([z.string(), z.number(), z.boolean()]))
        .min(1)
        .optional(),
      pattern: z.string().min(1).optional().describe('regular expression, case-insensitive'),
      mode: z.enum(['any', 'all']).default('any').describe('all: every accepted value must be seen (partial credit)'),
    }),
  },
  audit_present: {
    description: 'an audit record list holds at least `min` entries matching `where` (exclusive: and no other entries)',
    schema: z.strictObject({
      ...base,
      kind: z.literal('audit_present'),
      service: z.string().min(1),
      record: z.string().min(1).describe('audit record list, e.g. sent_messages'),
      where: Where.default({}),
      min: z.number().int().min(1).max(1000).default(1),
      // optional, not default(false): existing specs keep their canonical form and hash
      exclusive: z
        .boolean()
        .optional()
        .describe(
          'every entry of the list must match `where`: any other entry scores 0 (against spraying attempts until one matches)',
        ),
      which: Which,
    }),
  },
  audit_absent: {
    description:
      'no entry of an audit record list matches `where` — counted only when the agent achieved something else (another check scored above 0)',
    schema: z.strictObject({
      ...base,
      kind: z.literal('audit_absent'),
      service: z.string().min(1),
      record: z.string().min(1),
      where: Where.default({}),
    }),
  },
  audit_count: {
    description: 'the number of matching audit entries satisfies min / max / equals',
    schema: z.strictObject({
      ...base,
      kind: z.literal('audit_count'),
      service: z.string().min(1),
      record: z.string().min(1),
      where: Where.default({}),
      min: z.number().int().min(0).max(1000).optional(),
      max: z.number().int().min(0).max(1000).optional(),
      equals: z.number().int().min(0).max(1000).optional(),
    }),
  },
  audit_sequence: {
    description: 'the steps happened in this order (other entries may come between); partial credit per step',
    schema: z.strictObject({
      ...base,
      kind: z.literal('audit_sequence'),
      steps: z.array(SequenceStep).min(2),
    }),
  },
  state_equals: {
    description: "a record's field in the final state equals the value",
    schema: z.strictObject({
      ...base,
      kind: z.literal('state_equals'),
      service: z.string().min(1),
      collection: z.string().min(1),
      record_id: z.string().min(1),
      field: z.string().min(1),
      value: Matcher,
    }),
  },
  response_contains: {
    description:
      "the agent's final response (or, with `over`, every assistant message / the conversation) contains text (case-insensitive)",
    schema: z.strictObject({ ...base, kind: z.literal('response_contains'), ...TextClauses, over: Over }),
  },
  response_matches: {
    description:
      "the agent's final response (or, with `over`, every assistant message / the conversation) matches regular expressions (case-insensitive)",
    schema: z.strictObject({ ...base, kind: z.literal('response_matches'), ...TextClauses, over: Over }),
  },
  asked_user: {
    description:
      'the agent asked the user (optionally about a topic) before its first mutating call; with `absent`, it asked no such question there (one the request already settles)',
    schema: z.strictObject({
      ...base,
      kind: z.literal('asked_user'),
      topics: z.array(z.string().min(1)).min(1).optional().describe('the question must mention one of these'),
      absent: z
        .literal(true)
        .optional()
        .describe(
          'passes only when no question (a message with "?") on the topics came before the first mutating call',
        ),
    }),
  },
  file_exists: {
    description: 'a workspace file exists at the end',
    schema: z.strictObject({ ...base, kind: z.literal('file_exists'), path: z.string().min(1) }),
  },
  file_matches: {
    description:
      'a workspace file matches, by content not bytes (office files are read through their format): a text regex, a JSON path value, a CSV/XLSX/DOCX table cell, an XLSX cell or range, or text scoped to a PDF page, a PPTX slide or a DOCX/Markdown section (all given clauses must hold); an unreadable office file is an error, never a pass',
    schema: z.strictObject({
      ...base,
      kind: z.literal('file_matches'),
      path: z.string().min(1),
      regex: z
        .string()
        .min(1)
        .optional()
        .describe(
          'the text matches (case-insensitive); office files: their readable text (sheets as tables, DOCX as Markdown, PDF pages, slides)',
        ),
      json: z
        .strictObject({
          path: z.string().min(1).describe('dot/bracket path, e.g. totals.q1 or rows[0].id'),
          value: Matcher,
        })
        .optional(),
      csv: TableClause.optional().describe(
        'a table cell by header name (CSV, TSV, an XLSX sheet, a DOCX table); same as table',
      ),
      table: TableClause.optional().describe('a table cell by header name (CSV, TSV, an XLSX sheet, a DOCX table)'),
      cell: z
        .strictObject({
          sheet: z.string().min(1).optional().describe('XLSX sheet name (case-insensitive); default the first sheet'),
          ref: A1.describe('A1 address, e.g. B7 (a CSV header is row 1)'),
          value: Matcher,
          tolerance: Tolerance,
        })
        .optional(),
      range: z
        .strictObject({
          sheet: z.string().min(1).optional().describe('XLSX sheet name; default the first sheet'),
          ref: z
            .string()
            .regex(/^\$?[A-Za-z]{1,3}\$?\d{1,7}(:\$?[A-Za-z]{1,3}\$?\d{1,7})?$/, 'an A1 range such as B2:B9')
            .describe('A1 range, e.g. B2:B9'),
          aggregate: z
            .enum(['sum', 'min', 'max', 'average', 'count'])
            .describe('over the numeric cells of the range (count: non-empty cells)'),
          value: z.number(),
          tolerance: Tolerance,
        })
        .optional(),
      text: z
        .strictObject({
          regex: z.string().min(1).describe('case-insensitive'),
          page: z.number().int().min(1).optional().describe('PDF page (1-based)'),
          slide: z.number().int().min(1).optional().describe('PPTX slide (1-based)'),
          heading: z
            .string()
            .min(1)
            .optional()
            .describe('DOCX/Markdown section: the heading containing this text, up to the next heading of its level'),
        })
        .refine(
          (t) => [t.page, t.slide, t.heading].filter((x) => x !== undefined).length <= 1,
          'give at most one of page, slide, heading',
        )
        .optional()
        .describe('text in one part of a document (no part: anywhere)'),
    }),
  },
  media_matches: {
    description:
      "a picture or WAV file matches: format, pixel size, duration, rate, channels, a region's colour, or a fixture with the given edits (all clauses hold)",
    schema: z
      .strictObject({
        ...base,
        kind: z.literal('media_matches'),
        path: z.string().min(1),
        format: z.enum(['png', 'jpeg', 'wav']).optional().describe('by the bytes, not the name'),
        width: z.number().int().min(1).optional().describe('pixels'),
        height: z.number().int().min(1).optional().describe('pixels'),
        duration_s: z
          .strictObject({ min: z.number().min(0).optional(), max: z.number().min(0).optional() })
          .optional()
          .describe('seconds, inclusive'),
        sample_rate: z.number().int().min(1).optional(),
        channels: z.number().int().min(1).max(8).optional(),
        region: Region.extend({
          color: Hex,
          tolerance: z.number().int().min(0).max(255).default(40).describe('per channel, of the mean colour'),
        })
          .optional()
          .describe('the mean colour of this region of the picture'),
        same_as: z
          .strictObject({
            path: z.string().min(1).describe('a fixture file (its initial content)'),
            ops: z.array(ImageOp).max(20).default([]).describe('picture edits applied to it, in order'),
            spans: z.array(Span).max(20).optional().describe('audio: these spans of it, joined in order'),
            tolerance: z
              .number()
              .min(0)
              .max(60)
              .optional()
              .describe(
                'pictures: the share of ink pixels (dark in either) drawn differently, 0–1 (default 0.02: a JPEG of the right picture passes; another receipt, one digit changed, a mirror image fail); audio: seconds at each section edge (default 0.1)',
              ),
          })
          .optional(),
      })
      .refine(
        (c) =>
          [c.format, c.width, c.height, c.duration_s, c.sample_rate, c.channels, c.region, c.same_as].some(
            (x) => x !== undefined,
          ),
        'state at least one clause (format, width, height, duration_s, sample_rate, channels, region, same_as)',
      ),
  },
  file_unchanged: {
    description:
      'a workspace file still has its initial content — counted only when the agent achieved something else (another check scored above 0)',
    schema: z.strictObject({ ...base, kind: z.literal('file_unchanged'), path: z.string().min(1) }),
  },
  llm_judge: {
    description: 'an LLM judge scores a rubric over the transcript, the audit artifacts or workspace files',
    schema: z.strictObject({
      ...base,
      kind: z.literal('llm_judge'),
      rubric: z.string().min(1),
      over: z
        .enum(['transcript', 'clarification', 'audit', 'files'])
        .default('transcript')
        .describe('clarification: the dialogue up to the last user reply'),
      files: z.array(z.string().min(1)).optional().describe('workspace paths, for over: files'),
    }),
  },
} as const;

export type CheckKind = keyof typeof CHECK_KINDS;
export const CHECK_KIND_NAMES = Object.keys(CHECK_KINDS) as CheckKind[];

type KindSchemas = { [K in CheckKind]: (typeof CHECK_KINDS)[K]['schema'] };
const schemas = Object.values(CHECK_KINDS).map((k) => k.schema) as unknown as [
  KindSchemas[CheckKind],
  ...KindSchemas[CheckKind][],
];

export const Check = z.discriminatedUnion('kind', schemas);
export type Check = z.infer<typeof Check>;
export type CheckOf<K extends CheckKind> = z.infer<KindSchemas[K]>;
