import { z } from 'zod';
import { Matcher, Where } from './matchers.js';

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

const base = {
  id: Id.describe('unique within the spec'),
  weight: z.number().min(0).max(1).describe('share of completion; all check weights sum to 1'),
  description: z.string().optional().describe('what the check means, for reviewers'),
  // optional, no defaults: specs without them keep their canonical form, hash and grade
  tiers: z.array(Tier).min(1).max(20).optional().describe("step function from the check's measure (see schema --check-kinds) to its score, replacing the default score"),
  cap: Cap.optional().describe('completion ≤ completion_at_most when the check named by if_failed (default: this one) scores below 1'),
};
const ToolName = z.string().min(1);
/** One tool, or a list of alternatives (any of them counts). */
const Tools = z.union([ToolName, z.array(ToolName).min(1).max(20)]).describe('a tool name, or a list of alternatives (a call of any counts)');
/** Which of the matching candidates (calls or entries, in order) decides. */
const Which = z
  .enum(['any', 'first', 'last', 'all'])
  .optional()
  .describe('which candidates decide, in order: any [default] (one suffices), first, last (e.g. the last export counts), all (every one must match)');
const Over = z
  .enum(['final', 'assistant', 'conversation'])
  .optional()
  .describe('final [default]: the last non-empty assistant text; assistant: every assistant message; conversation: every user and assistant message');

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
    description: 'a tool was called successfully between min_calls and max_calls times, optionally with matching arguments',
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
    description: 'a successful call of the tool passed an accepted value (or one matching the pattern) for the argument',
    schema: z.strictObject({
      ...base,
      kind: z.literal('tool_arg'),
      tool: Tools,
      which: Which,
      arg: z.string().min(1),
      accept: z.array(z.union([z.string(), z.number(), z.boolean()])).min(1).optional(),
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
      exclusive: z.boolean().optional().describe('every entry of the list must match `where`: any other entry scores 0 (against spraying attempts until one matches)'),
      which: Which,
    }),
  },
  audit_absent: {
    description: 'no entry of an audit record list matches `where` — counted only when the agent achieved something else (another check scored above 0)',
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
    description: "the agent's final response (or, with `over`, every assistant message / the conversation) contains text (case-insensitive)",
    schema: z.strictObject({ ...base, kind: z.literal('response_contains'), ...TextClauses, over: Over }),
  },
  response_matches: {
    description: "the agent's final response (or, with `over`, every assistant message / the conversation) matches regular expressions (case-insensitive)",
    schema: z.strictObject({ ...base, kind: z.literal('response_matches'), ...TextClauses, over: Over }),
  },
  asked_user: {
    description: 'the agent asked the user (optionally about a topic) before its first mutating call',
    schema: z.strictObject({
      ...base,
      kind: z.literal('asked_user'),
      topics: z.array(z.string().min(1)).min(1).optional().describe('the question must mention one of these'),
    }),
  },
  file_exists: {
    description: 'a workspace file exists at the end',
    schema: z.strictObject({ ...base, kind: z.literal('file_exists'), path: z.string().min(1) }),
  },
  file_matches: {
    description: 'a workspace file matches: text regex, a JSON path value, and/or a CSV cell (all given clauses must hold)',
    schema: z.strictObject({
      ...base,
      kind: z.literal('file_matches'),
      path: z.string().min(1),
      regex: z.string().min(1).optional().describe('the text matches (case-insensitive)'),
      json: z.strictObject({ path: z.string().min(1).describe('dot/bracket path, e.g. totals.q1 or rows[0].id'), value: Matcher }).optional(),
      csv: z
        .strictObject({
          column: z.string().min(1).describe('header name'),
          value: Matcher,
          row: z.number().int().min(0).max(10_000_000).optional().describe('0-based data row; default: any row'),
          where: Where.optional().describe('only rows whose cells match'),
        })
        .optional(),
    }),
  },
  file_unchanged: {
    description: 'a workspace file still has its initial content — counted only when the agent achieved something else (another check scored above 0)',
    schema: z.strictObject({ ...base, kind: z.literal('file_unchanged'), path: z.string().min(1) }),
  },
  llm_judge: {
    description: 'an LLM judge scores a rubric over the transcript, the audit artifacts or workspace files',
    schema: z.strictObject({
      ...base,
      kind: z.literal('llm_judge'),
      rubric: z.string().min(1),
      over: z.enum(['transcript', 'clarification', 'audit', 'files']).default('transcript').describe('clarification: the dialogue up to the last user reply'),
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
