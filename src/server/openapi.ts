import pkg from '../../package.json' with { type: 'json' };
import { Action, jsonSchemaOf as schema, Observation, ResetRequest, State, StepRequest } from './protocol.js';

// GET /openapi.json: the HTTP routes as an OpenAPI 3.1 document, bodies from the same zod schemas the routes parse
// with. OpenEnv's `openenv validate <url>` reads info.version from it and tells simulation mode from production
// mode by whether /reset, /step and /state are among its paths.

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (body: unknown) => ({ content: { 'application/json': { schema: body } } });
const ok = (description: string, body: unknown = { type: 'object' }) => ({ 200: { description, ...json(body) } });
const ERROR = { description: 'an error: {detail, code}', ...json({ type: 'object' }) };

let doc: Record<string, unknown> | undefined;

/** The OpenAPI document of the env server's HTTP routes. */
export function openApiDocument(description: string): Record<string, unknown> {
  const stepResponse = {
    type: 'object',
    required: ['observation', 'reward', 'done'],
    properties: { observation: ref('Observation'), reward: { type: ['number', 'null'] }, done: { type: 'boolean' } },
  };
  doc ??= {
    openapi: '3.1.0',
    info: { title: 'coworkenv', version: pkg.version, description },
    paths: {
      '/health': { get: { summary: 'liveness: {status: healthy}', responses: ok('healthy') } },
      '/metadata': { get: { summary: "OpenEnv's EnvironmentMetadata", responses: ok('name, description, version') } },
      '/schema': { get: { summary: 'JSON Schemas of the action, observation and state', responses: ok('schemas') } },
      '/reset': {
        post: {
          summary: 'start an episode (kept when episode_id is given)',
          requestBody: json(ref('ResetRequest')),
          responses: { ...ok('the first observation', stepResponse), 404: ERROR, 422: ERROR },
        },
      },
      '/step': {
        post: {
          summary: 'one action: a tool call, a message, list_tools or call_tool',
          requestBody: json(ref('StepRequest')),
          responses: { ...ok('observation, reward, done', stepResponse), 404: ERROR, 409: ERROR, 422: ERROR },
        },
      },
      '/state': {
        get: {
          summary: "an episode's state (a fresh environment's without episode_id)",
          parameters: ['episode_id', 'task_id', 'seed', 'trajectory'].map((name) => ({
            name,
            in: 'query',
            required: false,
            schema: { type: 'string' },
          })),
          responses: { ...ok('the state', ref('State')), 404: ERROR },
        },
      },
      '/mcp': {
        post: {
          summary: 'MCP JSON-RPC 2.0: initialize, tools/list, tools/call, openenv/session/create|close',
          requestBody: json({ type: 'object' }),
          responses: ok('a JSON-RPC response'),
        },
      },
      '/tasks': { get: { summary: 'the task catalogue', responses: ok('count and tasks') } },
      '/sessions': { get: { summary: 'live sessions and capacity', responses: ok('counts') } },
      '/episodes/{id}': {
        delete: {
          summary: 'close an episode',
          parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
          responses: ok('closed'),
        },
      },
    },
    components: {
      schemas: {
        ResetRequest: schema(ResetRequest),
        StepRequest: schema(StepRequest),
        Action: schema(Action),
        Observation: schema(Observation),
        State: schema(State),
      },
    },
  };
  return doc;
}
