import pkg from '../../package.json' with { type: 'json' };
import { createEpisode } from '../env/episode.js';
import { toolJsonSchema } from '../services/catalog.js';
import type { ToolDef } from '../services/types.js';
import { ServerError } from './protocol.js';
import type { Session } from './session.js';
import type { SessionManager } from './sessions.js';

/** JSON-RPC 2.0 error codes (OpenEnv JsonRpcErrorCode). */
export const RPC = { PARSE_ERROR: -32700, INVALID_REQUEST: -32600, METHOD_NOT_FOUND: -32601, INVALID_PARAMS: -32602, INTERNAL_ERROR: -32603, SERVER_ERROR: -32000 } as const;

type Id = string | number | null;
export type RpcResponse = { jsonrpc: '2.0'; id: Id; result: unknown } | { jsonrpc: '2.0'; id: Id; error: { code: number; message: string; data?: unknown } };

export const rpcError = (id: Id, code: number, message: string, data?: unknown): RpcResponse => ({ jsonrpc: '2.0', id, error: { code, message, ...(data !== undefined ? { data } : {}) } });

const MCP_PROTOCOL = '2025-06-18';

export interface RpcContext {
  manager: SessionManager;
  /** the WS connection's episode: tools/* act on it and ignore params.episode_id */
  bound?: () => Session | undefined;
}

/**
 * MCP over JSON-RPC (POST /mcp and WS `mcp` messages): initialize, ping, tools/list and tools/call bound to
 * an episode (params.episode_id, or OpenEnv's params.session_id). A tools/call is one tool_call step,
 * recorded in the trajectory; its RL signal is in result._meta. Returns undefined for notifications.
 */
export async function handleRpc(raw: unknown, ctx: RpcContext): Promise<RpcResponse | undefined> {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    return rpcError(null, RPC.INVALID_REQUEST, Array.isArray(raw) ? 'Invalid request: batches are not supported; send one request object' : 'Invalid request: expected a JSON-RPC 2.0 object');
  }
  const req = raw as { jsonrpc?: unknown; id?: unknown; method?: unknown; params?: unknown };
  const id: Id = typeof req.id === 'string' || typeof req.id === 'number' ? req.id : null;
  if (req.jsonrpc !== '2.0') return rpcError(id, RPC.INVALID_REQUEST, 'Invalid request: "jsonrpc" must be "2.0"');
  if (typeof req.method !== 'string' || !req.method) return rpcError(id, RPC.INVALID_REQUEST, 'Invalid request: "method" must be a non-empty string');
  if (req.id === undefined && req.method.startsWith('notifications/')) return undefined;
  if (req.params !== undefined && (req.params === null || typeof req.params !== 'object' || Array.isArray(req.params))) {
    return rpcError(id, RPC.INVALID_PARAMS, 'Invalid params: "params" must be an object');
  }
  const params = (req.params ?? {}) as Record<string, unknown>;
  try {
    switch (req.method) {
      case 'initialize':
        return ok(id, {
          protocolVersion: typeof params.protocolVersion === 'string' ? params.protocolVersion : MCP_PROTOCOL,
          capabilities: { tools: {} },
          serverInfo: { name: 'coworkenv', version: pkg.version },
          instructions: 'Tools act on one CoworkEnv episode: pass params.episode_id (from POST /reset) with tools/list and tools/call.',
        });
      case 'ping':
        return ok(id, {});
      case 'tools/list':
        return ok(id, { tools: listTools(params, ctx) });
      case 'tools/call':
        return ok(id, await callTool(params, ctx));
      default:
        return rpcError(id, RPC.METHOD_NOT_FOUND, `Method not found: ${req.method} (supported: initialize, ping, tools/list, tools/call)`);
    }
  } catch (e) {
    if (e instanceof RpcFailure) return rpcError(id, e.code, e.message, e.data);
    if (e instanceof ServerError) {
      const code = e.status === 404 || e.status === 422 ? RPC.INVALID_PARAMS : RPC.SERVER_ERROR;
      return rpcError(id, code, e.message, { code: e.code, ...e.extra });
    }
    return rpcError(id, RPC.INTERNAL_ERROR, `Internal error: ${e instanceof Error ? e.message : String(e)}`);
  }
}

class RpcFailure extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

const ok = (id: Id, result: unknown): RpcResponse => ({ jsonrpc: '2.0', id, result });

function sessionOf(params: Record<string, unknown>, ctx: RpcContext): Session {
  if (ctx.bound) {
    const s = ctx.bound();
    if (!s) throw new RpcFailure(RPC.SERVER_ERROR, 'no episode on this connection; send {"type": "reset"} first', { code: 'SESSION_ERROR' });
    return s;
  }
  const eid = params.episode_id ?? params.session_id;
  if (typeof eid !== 'string' || !eid) throw new RpcFailure(RPC.INVALID_PARAMS, 'Invalid params: "episode_id" (from POST /reset) is required');
  return ctx.manager.get(eid);
}

function mcpTool(t: ToolDef) {
  return { name: t.name, description: t.description, inputSchema: toolJsonSchema(t), annotations: { readOnlyHint: !t.mutates } };
}

function listTools(params: Record<string, unknown>, ctx: RpcContext) {
  if (!ctx.bound && params.episode_id === undefined && params.session_id === undefined && typeof params.task_id === 'string') {
    const spec = ctx.manager.specs.find((s) => s.id === params.task_id);
    if (!spec) throw new RpcFailure(RPC.INVALID_PARAMS, `Invalid params: unknown task_id "${params.task_id}"`);
    return createEpisode(spec).tools.map(mcpTool);
  }
  return sessionOf(params, ctx).episode.tools.map(mcpTool);
}

async function callTool(params: Record<string, unknown>, ctx: RpcContext) {
  const name = params.name;
  if (typeof name !== 'string' || !name) throw new RpcFailure(RPC.INVALID_PARAMS, 'Invalid params: "name" (the tool to call) is required');
  const args = params.arguments ?? {};
  if (typeof args !== 'object' || args === null || Array.isArray(args)) throw new RpcFailure(RPC.INVALID_PARAMS, 'Invalid params: "arguments" must be an object');
  const s = sessionOf(params, ctx);
  const r = await ctx.manager.use(s, () => s.step({ tool_call: { name, arguments: args } }));
  const tr = r.observation.tool_result as { ok: boolean; content: string };
  return {
    content: [{ type: 'text', text: tr.content }],
    isError: !tr.ok,
    _meta: { episode_id: s.id, reward: r.reward, done: r.done, ...r.metadata },
  };
}
