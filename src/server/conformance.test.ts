import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import WebSocket from 'ws';
import { z } from 'zod';
import { loadSpecs } from '../run/task-files.js';
import { type RunningServer, startServer } from './serve.js';

// Every response of every route, WS message type and /mcp method, validated against OpenEnv's own wire
// models (openenv-schemas/: strict JSON Schemas written from its pydantic models, extra fields forbidden)
// and every observation against the server's own GET /schema.

const ROOT = new URL('../../', import.meta.url).pathname;
const SPECS = (await loadSpecs([join(ROOT, 'examples/tasks')])).map((s) => s.spec);
const DOC = JSON.parse(readFileSync(join(ROOT, 'src/server/openenv-schemas/openenv.schema.json'), 'utf8')) as {
  $defs: Record<string, unknown>;
};
type Json = Record<string, any>;

const models = new Map<string, z.ZodType>();
/** The OpenEnv model `name` as a validator (its $refs resolve within the file). */
function model(name: string): z.ZodType {
  let m = models.get(name);
  if (!m) {
    assert.ok(DOC.$defs[name], `no schema ${name}`);
    m = z.fromJSONSchema({ $defs: DOC.$defs, $ref: `#/$defs/${name}` } as never);
    models.set(name, m);
  }
  return m;
}

function conforms(name: string, value: unknown, where: string): void {
  const r = model(name).safeParse(value);
  assert.ok(
    r.success,
    `${where}: not a valid OpenEnv ${name}: ${r.success ? '' : r.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ')}\n${JSON.stringify(value).slice(0, 400)}`,
  );
}

describe('OpenEnv conformance (strict schemas from its pydantic models)', () => {
  let srv: RunningServer;
  let observationSchema: z.ZodType;
  let stateSchema: z.ZodType;
  const http = async (method: string, path: string, body?: unknown): Promise<{ status: number; body: Json }> => {
    const res = await fetch(`${srv.url}${path}`, {
      method,
      headers: { 'content-type': 'application/json' },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    return { status: res.status, body: (await res.json()) as Json };
  };
  /** A step/reset answer: OpenEnv's StepResponse, its observation our /schema's, metadata where clients read it. */
  const stepLike = (name: 'ResetResponse' | 'StepResponse', r: Json, where: string) => {
    conforms(name, r, where);
    const o = observationSchema.safeParse(r.observation);
    assert.ok(
      o.success,
      `${where}: observation does not match GET /schema: ${o.success ? '' : JSON.stringify(o.error.issues).slice(0, 300)}`,
    );
    assert.equal(typeof r.observation.metadata?.anchor, 'string', `${where}: observation.metadata.anchor`);
    if (r.observation.tools && !r.observation.request)
      conforms('ListToolsObservation', r.observation, `${where} (list_tools)`);
    if (r.observation.tool_name) conforms('CallToolObservation', r.observation, `${where} (call_tool)`);
  };

  before(async () => {
    srv = await startServer({ specs: SPECS, host: '127.0.0.1', port: 0, maxSessions: 8, ttlS: 0, log: () => {} });
    const schema = (await http('GET', '/schema')).body;
    observationSchema = z.fromJSONSchema(schema.observation as never);
    stateSchema = z.fromJSONSchema(schema.state as never);
  });
  after(() => srv?.close());

  it('the schemas are strict: the old top-level metadata and /metadata extras are refused', () => {
    assert.equal(
      model('StepResponse').safeParse({ observation: {}, reward: 0, done: false, metadata: {} }).success,
      false,
    );
    assert.equal(model('EnvironmentMetadata').safeParse({ name: 'x', description: 'y', tasks: 6 }).success, false);
    assert.equal(
      model('SchemaResponse').safeParse({ action: {}, observation: {}, state: {}, step_response: {} }).success,
      false,
    );
    assert.equal(model('CallToolObservation').safeParse({ tool_name: 'x', tool_result: {} }).success, false);
    assert.equal(
      model('State').safeParse({ episode_id: null, step_count: 0, task_id: 'x' }).success,
      true,
      'State allows extras, as OpenEnv does',
    );
  });

  it('HTTP: /health, /metadata, /schema, /reset, /step (every action kind), /state', async () => {
    conforms('HealthResponse', (await http('GET', '/health')).body, 'GET /health');
    conforms('EnvironmentMetadata', (await http('GET', '/metadata')).body, 'GET /metadata');
    conforms('SchemaResponse', (await http('GET', '/schema')).body, 'GET /schema');
    assert.deepEqual((await http('GET', '/sessions')).body, { active_sessions: 0, max_sessions: 8, session_ttl_s: 0 });

    // without episode_id: stateless, as OpenEnv's HTTP server (nothing kept)
    const bare = await http('POST', '/reset', {});
    stepLike('ResetResponse', bare.body, 'POST /reset {}');
    assert.equal(bare.body.observation.episode_id, null);
    const oneShot = await http('POST', '/step', {
      action: { tool_call: { name: 'crm_list_customers', arguments: {} } },
    });
    stepLike('StepResponse', oneShot.body, 'POST /step without episode_id');
    assert.equal(oneShot.body.observation.tool_result.ok, true);
    assert.equal(srv.manager.size, 0, 'stateless reset and step keep no episode');

    const reset = await http('POST', '/reset', { task_id: 'support_escalation', episode_id: 'c1' });
    stepLike('ResetResponse', reset.body, 'POST /reset');
    assert.equal(reset.body.observation.metadata.task_id, 'support_escalation');
    const list = await http('POST', '/step', { episode_id: 'c1', action: { type: 'list_tools' } });
    stepLike('StepResponse', list.body, 'POST /step list_tools');
    assert.ok(
      list.body.observation.tools.some(
        (t: Json) => t.name === 'helpdesk_list_tickets' && t.input_schema.type === 'object',
      ),
    );
    const call = await http('POST', '/step', {
      episode_id: 'c1',
      action: { type: 'call_tool', tool_name: 'helpdesk_list_tickets', arguments: { status: 'open' } },
    });
    stepLike('StepResponse', call.body, 'POST /step call_tool');
    assert.equal(call.body.observation.result.is_error, false);
    assert.ok(Array.isArray(call.body.observation.result.data.tickets));
    assert.equal(call.body.observation.metadata.step_reward, 0.1);
    const bad = await http('POST', '/step', {
      episode_id: 'c1',
      action: { type: 'call_tool', tool_name: 'nope_tool', arguments: {} },
    });
    stepLike('StepResponse', bad.body, 'POST /step call_tool (unknown tool)');
    assert.equal(bad.body.observation.result.is_error, true);
    // what OpenEnv reports as a framework error (its MCPToolClient raises on it); a tool's own error is a result
    assert.equal(bad.body.observation.error.error_type, 'tool_not_found');
    const args = await http('POST', '/step', {
      episode_id: 'c1',
      action: { type: 'call_tool', tool_name: 'crm_get_customer', arguments: {} },
    });
    stepLike('StepResponse', args.body, 'POST /step call_tool (invalid arguments)');
    assert.equal(args.body.observation.error.error_type, 'invalid_args');
    const missing = await http('POST', '/step', {
      episode_id: 'c1',
      action: { type: 'call_tool', tool_name: 'crm_get_customer', arguments: { customer_id: 'CUS-0000' } },
    });
    assert.deepEqual([missing.body.observation.result.is_error, missing.body.observation.error], [true, undefined]);
    const tc = await http('POST', '/step', {
      episode_id: 'c1',
      action: { tool_call: { name: 'crm_get_customer', arguments: { customer_id: 'CUS-204' } } },
    });
    stepLike('StepResponse', tc.body, 'POST /step tool_call');
    const state = await http('GET', '/state?episode_id=c1');
    conforms('State', state.body, 'GET /state');
    assert.ok(stateSchema.safeParse(state.body).success);
    assert.equal(state.body.step_count, 5, 'list_tools is not a step of the episode (five calls)');
    const fin = await http('POST', '/step', { episode_id: 'c1', action: { message: 'done' } });
    stepLike('StepResponse', fin.body, 'POST /step message');
    assert.equal(fin.body.done, true);
    assert.ok(fin.body.observation.metadata.reward_components.checks);
    conforms('State', (await http('GET', '/state?episode_id=c1')).body, 'GET /state (done)');
    await http('DELETE', '/episodes/c1');
    const unknown = await http('POST', '/step', { episode_id: 'c1', action: { message: 'x' } });
    assert.equal(unknown.status, 404);
    assert.match(unknown.body.detail, /a reset without episode_id is stateless/);
  });

  it('/ws: reset, step (tool_call, message, list_tools, call_tool), state, mcp, error and close', async () => {
    const ws = new WebSocket(`${srv.url.replace('http', 'ws')}/ws`);
    const inbox: Json[] = [];
    const waiting: ((m: Json) => void)[] = [];
    ws.on('message', (d) => {
      const m = JSON.parse(d.toString()) as Json;
      const w = waiting.shift();
      if (w) w(m);
      else inbox.push(m);
    });
    const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
    await new Promise<void>((resolve, reject) => ws.once('open', () => resolve()).once('error', reject));
    const ask = (msg: unknown) =>
      new Promise<Json>((resolve, reject) => {
        ws.send(JSON.stringify(msg));
        const m = inbox.shift();
        if (m) return resolve(m);
        const t = setTimeout(() => reject(new Error('no answer within 5 s')), 5000);
        waiting.push((x) => {
          clearTimeout(t);
          resolve(x);
        });
      });
    const observation = (m: Json, name: 'ResetResponse' | 'StepResponse', where: string) => {
      conforms('WSObservationResponse', m, where);
      stepLike(name, m.data, where);
    };

    // MCPToolClient step mode lists tools before any reset
    observation(
      await ask({ type: 'step', data: { type: 'list_tools' } }),
      'StepResponse',
      'ws list_tools before reset',
    );
    const state0 = await ask({ type: 'state' });
    conforms('WSStateResponse', state0, 'ws state before reset');
    conforms('State', state0.data, 'ws state data');
    observation(await ask({ type: 'reset', data: { task_id: 'support_escalation' } }), 'ResetResponse', 'ws reset');
    observation(await ask({ type: 'step', data: { type: 'list_tools' } }), 'StepResponse', 'ws list_tools');
    const call = await ask({
      type: 'step',
      data: { type: 'call_tool', tool_name: 'helpdesk_list_tickets', arguments: { status: 'open' } },
    });
    observation(call, 'StepResponse', 'ws call_tool');
    observation(
      await ask({
        type: 'step',
        data: { tool_call: { name: 'crm_get_customer', arguments: { customer_id: 'CUS-204' } } },
      }),
      'StepResponse',
      'ws tool_call',
    );
    for (const [i, data] of [
      { jsonrpc: '2.0', id: 1, method: 'initialize', params: {} },
      { jsonrpc: '2.0', id: 2, method: 'tools/list' },
      {
        jsonrpc: '2.0',
        id: 3,
        method: 'tools/call',
        params: { name: 'kb_search', arguments: { query: 'escalation' } },
      },
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      { jsonrpc: '2.0', id: 4, method: 'openenv/session/create' },
      { jsonrpc: '2.0', id: 5, method: 'nope' },
    ].entries()) {
      const m = await ask({ type: 'mcp', data });
      conforms('WSMCPResponse', m, `ws mcp #${i}`);
      conforms('JsonRpcResponse', m.data, `ws mcp #${i} data`);
    }
    const st = await ask({ type: 'state' });
    conforms('WSStateResponse', st, 'ws state');
    conforms('State', st.data, 'ws state data');
    for (const [i, msg] of [
      { type: 'step', data: { type: 'frobnicate' } },
      { type: 'what' },
      { type: 'step', data: { tool: 'x' } },
    ].entries()) {
      const e = await ask(msg);
      conforms('WSErrorResponse', e, `ws error #${i}`);
      conforms('WSErrorData', e.data, `ws error #${i} data`);
    }
    ws.send('not json');
    const e = await new Promise<Json>((resolve) =>
      inbox.length ? resolve(inbox.shift() as Json) : waiting.push(resolve),
    );
    conforms('WSErrorResponse', e, 'ws invalid json');
    // as MCPToolClient sends a pydantic action: its model_dump carries metadata
    observation(await ask({ type: 'step', data: { metadata: {}, message: 'done' } }), 'StepResponse', 'ws message');
    ws.send(JSON.stringify({ type: 'close' }));
    assert.equal(await closed, 1000);
  });

  it('/mcp: initialize, ping, tools/list, tools/call, openenv/session/create and close, errors', async () => {
    const rpc = async (method: string, params?: Json, id: number | string = 1) => {
      const r = await http('POST', '/mcp', { jsonrpc: '2.0', id, method, ...(params ? { params } : {}) });
      conforms('JsonRpcResponse', r.body, `/mcp ${method}`);
      return r.body;
    };
    await rpc('initialize', {
      protocolVersion: '2025-06-18',
      capabilities: {},
      clientInfo: { name: 't', version: '1' },
    });
    await rpc('ping');
    // stateless, as OpenEnv's /mcp without a session
    assert.ok((await rpc('tools/list')).result.tools.length > 0);
    // MCPToolClient production mode: create, list, call, close
    const created = await rpc('openenv/session/create', { task_id: 'support_escalation' });
    conforms('McpSessionCreateResult', created.result, 'openenv/session/create result');
    const sid = created.result.session_id as string;
    const tools = (await rpc('tools/list', { session_id: sid })).result.tools as Json[];
    assert.ok(tools.some((t) => t.name === 'gmail_send_message' && t.inputSchema.type === 'object'));
    const call = await rpc('tools/call', {
      name: 'helpdesk_list_tickets',
      arguments: { status: 'open' },
      session_id: sid,
    });
    assert.equal(call.result.isError, false);
    assert.equal(call.result._meta.episode_id, sid);
    assert.equal((await http('GET', `/state?episode_id=${sid}`)).body.step_count, 1);
    const closed = await rpc('openenv/session/close', { session_id: sid });
    conforms('McpSessionCloseResult', closed.result, 'openenv/session/close result');
    assert.equal((await rpc('openenv/session/close', { session_id: sid })).error.code, -32602);
    assert.match(
      (await rpc('tools/call', { name: 'kb_search', arguments: {}, session_id: sid })).error.message,
      /unknown episode_id/,
    );
    assert.equal((await rpc('openenv/session/create', { task_id: 'nope' })).error.code, -32602);
    assert.equal((await rpc('nope')).error.code, -32601);
    const parse = await fetch(`${srv.url}/mcp`, { method: 'POST', body: '{' });
    conforms('JsonRpcResponse', await parse.json(), '/mcp parse error');
  });
});
