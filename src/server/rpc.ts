import { type ImageRef, mcpImageContent } from '../env/images.js';
import pkg from '../../package.json' with { type: 'json' };
import { mcpToolListing } from '../mcp/tool-listing.js';
import { parseOr422, ResetRequest, ServerError, withTask } from './protocol.js';
import { parseOr, type Session } from './session.js';
import type { SessionManager } from './sessions.js';

/** JSON-RPC 2.0 error codes (OpenEnv JsonRpcErrorCode). */
export const RPC = {
  PARSE_ERROR: -32700,
  INVALID_REQUEST: -32600,
  METHOD_NOT_FOUND: -32601,
  INVALID_PARAMS: -32602,
  INTERNAL_ERROR: -32603,
  SERVER_ERROR: -32000,
} as const;

type Id = string | number | null;
export type RpcResponse =
  | { jsonrpc: '2.0'; id: Id; result: unknown }
  | { jsonrpc: '2.0'; id: Id; error: { code: number; message: string; data?: unknown } };

export const rpcError = (id: Id, code: number, message: string, data?: unknown): RpcResponse => ({
  jsonrpc: '2.0',
  id,
  error: { code, message, ...(data !== undefined ? { data } : {}) },
});

const MCP_PROTOCOL = '2025-06-18';

export interface RpcContext {
  manager: SessionManager;
  /** the WS connection's episode: tools/* act on it and ignore params.episode_id */
  bound?: () => Session | undefined;
  /** starts the WS connection's episode: openenv/session/create, or a tools/call before any reset */
  start?: (req: ResetRequest) => Session;
}

/**
 * MCP over JSON-RPC (POST /mcp and WS `mcp` messages): initialize, ping, tools/list and tools/call bound to
 * an episode (params.episode_id, or OpenEnv's params.session_id), and OpenEnv's session methods
 * openenv/session/create (a reset: params as POST /reset) and openenv/session/close. A tools/call is one
 * tool_call step, recorded in the trajectory; its RL signal is in result._meta. Without an episode,
 * tools/list and tools/call act on a fresh episode of params.task_id (default tasks[0]) that is then
 * dropped, as OpenEnv's stateless /mcp does. On a WebSocket (an `mcp` message on /ws, or WS /mcp) they act on the
 * connection's episode; before it has one, tools/list lists a fresh episode's tools, and openenv/session/create
 * (with reset params) or a tools/call starts it, as OpenEnv's WebSocket session exists from the connection on.
 * Returns undefined for notifications.
 */
export async function handleRpc(raw: unknown, ctx: RpcContext): Promise<RpcResponse | undefined> {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    return rpcError(
      null,
      RPC.INVALID_REQUEST,
      Array.isArray(raw)
        ? 'Invalid request: batches are not supported; send one request object'
        : 'Invalid request: expected a JSON-RPC 2.0 object',
    );
  }
  const req = raw as { jsonrpc?: unknown; id?: unknown; method?: unknown; params?: unknown };
  const id: Id = typeof req.id === 'string' || typeof req.id === 'number' ? req.id : null;
  if (req.jsonrpc !== '2.0') return rpcError(id, RPC.INVALID_REQUEST, 'Invalid request: "jsonrpc" must be "2.0"');
  if (typeof req.method !== 'string' || !req.method)
    return rpcError(id, RPC.INVALID_REQUEST, 'Invalid request: "method" must be a non-empty string');
  if (req.id === undefined && req.method.startsWith('notifications/')) return undefined;
  if (
    req.params !== undefined &&
    (req.params === null || typeof req.params !== 'object' || Array.isArray(req.params))
  ) {
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
          instructions:
            'Tools act on one CoworkEnv episode: create one with openenv/session/create (or POST /reset) and pass its id as params.session_id (or params.episode_id) with tools/list and tools/call.',
        });
      case 'ping':
        return ok(id, {});
      case 'tools/list':
        return ok(id, { tools: listTools(params, ctx) });
      case 'tools/call':
        return ok(id, await callTool(params, ctx));
      case 'openenv/session/create':
        return ok(id, createSession(params, ctx));
      case 'openenv/session/close':
        return ok(id, closeSession(params, ctx));
      default:
        return rpcError(
          id,
          RPC.METHOD_NOT_FOUND,
          `Method not found: ${req.method} (supported: initialize, ping, tools/list, tools/call, openenv/session/create, openenv/session/close)`,
        );
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

const NO_EPISODE = 'no episode on this connection; send {"type": "reset"} first';

/** The addressed episode; undefined when none is named (HTTP) and `optional`. */
function sessionOf(params: Record<string, unknown>, ctx: RpcContext, optional = false): Session | undefined {
  if (ctx.bound) {
    const s = ctx.bound() ?? ctx.start?.(params.task_id === undefined ? {} : startParams(params));
    if (!s) throw new RpcFailure(RPC.SERVER_ERROR, NO_EPISODE, { code: 'SESSION_ERROR' });
    return s;
  }
  const eid = params.episode_id ?? params.session_id;
  if (eid === undefined && optional) return undefined;
  if (typeof eid !== 'string' || !eid)
    throw new RpcFailure(
      RPC.INVALID_PARAMS,
      'Invalid params: "session_id" (from openenv/session/create) or "episode_id" (from POST /reset) must be a non-empty string',
    );
  return ctx.manager.get(eid);
}

/** A fresh episode that is never registered, for a request that names none (OpenEnv's temporary env). */
function detached(params: Record<string, unknown>, ctx: RpcContext): Session {
  if (params.task_id !== undefined && typeof params.task_id !== 'string')
    throw new RpcFailure(RPC.INVALID_PARAMS, 'Invalid params: "task_id" must be a string');
  const known = params.task_id !== undefined && ctx.manager.catalog.has(params.task_id);
  if (params.task_id !== undefined && !known)
    throw new RpcFailure(
      RPC.INVALID_PARAMS,
      `Invalid params: unknown task_id "${params.task_id as string}" (GET /tasks lists them)`,
    );
  return ctx.manager.detached(known ? { task_id: params.task_id as string } : {});
}

function createSession(params: Record<string, unknown>, ctx: RpcContext): { session_id: string } {
  if (ctx.bound) {
    const s = ctx.bound() ?? ctx.start?.(startParams(params));
    if (!s) throw new RpcFailure(RPC.SERVER_ERROR, NO_EPISODE, { code: 'SESSION_ERROR' });
    return { session_id: s.id };
  }
  return { session_id: ctx.manager.create(startParams(params)).id };
}

/** openenv/session/create's params (those of a reset); a session_id the client echoes is not one of them. */
function startParams(params: Record<string, unknown>): ResetRequest {
  const { session_id: _, name: _n, arguments: _a, ...rest } = params;
  return parseOr422(ResetRequest, rest, 'openenv/session/create params', ['params']);
}

function closeSession(params: Record<string, unknown>, ctx: RpcContext): { session_id: string; closed: true } {
  const sid = params.session_id ?? params.episode_id;
  if (typeof sid !== 'string' || !sid)
    throw new RpcFailure(RPC.INVALID_PARAMS, 'Invalid params: "session_id" is required');
  if (ctx.bound?.()?.id === sid)
    throw new RpcFailure(
      RPC.INVALID_REQUEST,
      'Cannot close the WebSocket connection\'s own episode via MCP; send {"type": "close"}',
    );
  if (!ctx.manager.close(sid)) throw new RpcFailure(RPC.INVALID_PARAMS, `Unknown session_id: ${sid}`);
  return { session_id: sid, closed: true };
}

function listTools(params: Record<string, unknown>, ctx: RpcContext) {
  // a WebSocket before its first reset lists the tools of the task a reset would start, starting nothing
  const s = ctx.bound ? ctx.bound() : sessionOf(params, ctx, true);
  return mcpToolListing((s ?? detached(params, ctx)).episode.tools);
}

async function callTool(params: Record<string, unknown>, ctx: RpcContext) {
  const name = params.name;
  if (typeof name !== 'string' || !name)
    throw new RpcFailure(RPC.INVALID_PARAMS, 'Invalid params: "name" (the tool to call) is required');
  const args = params.arguments ?? {};
  if (typeof args !== 'object' || args === null || Array.isArray(args))
    throw new RpcFailure(RPC.INVALID_PARAMS, 'Invalid params: "arguments" must be an object');
  const named = sessionOf(params, ctx, true);
  const s = named ?? detached(params, ctx);
  const action = { tool_call: { name, arguments: args } };
  const r = named ? await ctx.manager.use(s, () => s.step(action)) : await s.step(action);
  const tr = r.observation.tool_result as {
    ok: boolean;
    content: string;
    error?: { code: string; message: string };
    images?: ImageRef[];
  };
  // MCP's CallToolResult, with FastMCP's `data` (the parsed output) that OpenEnv's MCPToolClient returns
  const result = {
    content: [{ type: 'text', text: tr.content }, ...mcpImageContent(tr.images)],
    data: parseOr(tr.content),
    isError: !tr.ok,
    _meta: { episode_id: named ? s.id : null, reward: r.reward, done: r.done, ...r.observation.metadata },
  };
  if (tr.ok) return result;
  // as OpenEnv's /mcp, a failed tool is a JSON-RPC error (its clients raise on it); the step still counts, and
  // the whole result, with its RL fields, is the error's data
  throw new RpcFailure(
    ['unknown_tool', 'tool_not_available'].includes(tr.error?.code ?? '') ? RPC.INVALID_PARAMS : RPC.INTERNAL_ERROR,
    // the message alone, as OpenEnv's /mcp sends the tool's exception text (its client prefixes the tool name)
    clip(tr.error?.message ?? tr.content),
    result,
  );
}

const clip = (text: string) => (text.length > 500 ? `${text.slice(0, 500)}…` : text);

/**
 * A JSON-RPC request whose params.task_id defaults to `task` (a task-scoped base URL, /tasks/<task_id>/): it
 * picks the task of openenv/session/create and of tools/* without an episode.
 */
export function withParamsTask(raw: unknown, task: string | undefined): unknown {
  if (task === undefined || raw === null || typeof raw !== 'object' || Array.isArray(raw)) return raw;
  const { params } = raw as { params?: unknown };
  // params that are not an object stay as sent: handleRpc refuses them
  return { ...raw, params: withTask(params === undefined ? {} : params, task) };
}
