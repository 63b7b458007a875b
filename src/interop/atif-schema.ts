import type { Schema } from './json-schema-check.js';

/** The ATIF versions a file may declare (Harbor's model reads the same set); we write the last. */
export const ATIF_VERSIONS = ['1.0', '1.1', '1.2', '1.3', '1.4', '1.5', '1.6', '1.7'].map((v) => `ATIF-v${v}`);

// ATIF v1.7 (Harbor rfcs/0001-trajectory-format.md) as a JSON Schema, written from the RFC's field list. Like
// Harbor's own model, it reads every version from v1.0 (later versions only added optional fields):
// root {schema_version, session_id?, trajectory_id?, agent, steps, final_metrics?, continued_trajectory_ref?,
// subagent_trajectories?, notes?, extra?}; agent-only fields (tool_calls, metrics, reasoning_*, model_name)
// refused on system/user steps; `arguments` an object. Rules a schema cannot state (step_id sequential from 1,
// results answering a call of their own step) are checked in atif.ts.

const Extra = { type: ['object', 'null'] };
const ContentPart = {
  type: 'object',
  required: ['type'],
  properties: { type: { type: 'string' }, text: { type: 'string' }, source: {}, extra: Extra },
};
const Content = { anyOf: [{ type: 'string' }, { type: 'array', items: ContentPart }] };
const Int0 = { type: 'integer', minimum: 0 };

export const ATIF_SCHEMA: Schema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $id: 'https://coworkenv.dev/schemas/atif-v1.7.json',
  title: 'ATIF trajectory (v1.0–v1.7)',
  type: 'object',
  required: ['schema_version', 'agent', 'steps'],
  additionalProperties: false,
  properties: {
    schema_version: { enum: ATIF_VERSIONS },
    session_id: { type: ['string', 'null'] },
    trajectory_id: { type: ['string', 'null'] },
    agent: { $ref: '#/$defs/agent' },
    steps: { type: 'array', minItems: 1, items: { $ref: '#/$defs/step' } },
    final_metrics: { $ref: '#/$defs/final_metrics' },
    continued_trajectory_ref: { type: ['string', 'null'] },
    subagent_trajectories: { type: ['array', 'null'], items: { type: 'object' } },
    notes: { type: ['string', 'null'] },
    extra: Extra,
  },
  $defs: {
    agent: {
      type: 'object',
      required: ['name', 'version'],
      additionalProperties: false,
      properties: {
        name: { type: 'string' },
        version: { type: 'string' },
        model_name: { type: ['string', 'null'] },
        tool_definitions: { type: ['array', 'null'], items: { type: 'object' } },
        extra: Extra,
      },
    },
    tool_call: {
      type: 'object',
      required: ['tool_call_id', 'function_name', 'arguments'],
      additionalProperties: false,
      properties: {
        tool_call_id: { type: 'string' },
        function_name: { type: 'string' },
        arguments: { type: 'object' },
        extra: Extra,
      },
    },
    observation: {
      type: 'object',
      required: ['results'],
      additionalProperties: false,
      properties: {
        results: {
          type: 'array',
          items: {
            type: 'object',
            additionalProperties: false,
            properties: {
              source_call_id: { type: ['string', 'null'] },
              content: { anyOf: [Content, { type: 'null' }] },
              subagent_trajectory_ref: { type: ['array', 'null'] },
              extra: Extra,
            },
          },
        },
      },
    },
    metrics: {
      type: 'object',
      additionalProperties: false,
      properties: {
        prompt_tokens: Int0,
        completion_tokens: Int0,
        cached_tokens: Int0,
        cost_usd: { type: 'number', minimum: 0 },
        prompt_token_ids: { type: 'array', items: { type: 'integer' } },
        completion_token_ids: { type: 'array', items: { type: 'integer' } },
        logprobs: { type: 'array', items: { type: 'number' } },
        extra: Extra,
      },
    },
    step: {
      type: 'object',
      required: ['step_id', 'source', 'message'],
      additionalProperties: false,
      properties: {
        step_id: { type: 'integer', minimum: 1 },
        timestamp: {
          type: 'string',
          pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?(Z|[+-]\\d{2}:\\d{2})$',
        },
        source: { enum: ['system', 'user', 'agent'] },
        message: Content,
        model_name: { type: 'string' },
        reasoning_effort: { type: ['string', 'number'] },
        reasoning_content: { type: 'string' },
        tool_calls: { type: 'array', items: { $ref: '#/$defs/tool_call' } },
        observation: { $ref: '#/$defs/observation' },
        metrics: { $ref: '#/$defs/metrics' },
        llm_call_count: Int0,
        is_copied_context: { type: 'boolean' },
        extra: Extra,
      },
      if: { properties: { source: { const: 'agent' } } },
      else: {
        not: {
          anyOf: ['tool_calls', 'metrics', 'reasoning_content', 'reasoning_effort', 'model_name'].map((k) => ({
            required: [k],
          })),
        },
        description: 'tool_calls, metrics, reasoning_* and model_name appear only on agent steps',
      },
    },
    final_metrics: {
      type: 'object',
      additionalProperties: false,
      properties: {
        total_prompt_tokens: Int0,
        total_completion_tokens: Int0,
        total_cached_tokens: Int0,
        total_cost_usd: { type: 'number', minimum: 0 },
        total_steps: Int0,
        extra: Extra,
      },
    },
  },
};
