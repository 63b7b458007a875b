import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { type RawData, type WebSocket, WebSocketServer } from 'ws';
import { type ErrorCode, parseAction, parseOr422, ResetRequest, ServerError, withTask } from './protocol.js';
import { handleRpc, RPC, rpcError, withParamsTask } from './rpc.js';
import type { Session } from './session.js';
import type { SessionManager } from './sessions.js';

export interface WsOptions {
  manager: SessionManager;
  /** largest accepted message in bytes (larger ones close the connection with 1009) */
  maxPayload: number;
  log?: (line: string) => void;
}

/**
 * OpenEnv's WebSocket endpoints on a node server; one connection = one session slot, and closing the socket
 * closes its episode.
 * - WS /ws: `reset` starts (or restarts) the connection's episode, `step` sends it one action (`data` is the
 *   action), `state`, `mcp` (JSON-RPC bound to the episode) and `close`. Errors are
 *   `{type: "error", data: {message, code, ...}}` with OpenEnv's WSErrorCode.
 * - WS /mcp: bare MCP JSON-RPC messages bound to the connection's episode (handleRpc).
 */
export function attachWebSocket(server: Server, opts: WsOptions): { close(): void } {
  const { manager } = opts;
  const wss = new WebSocketServer({ noServer: true, maxPayload: opts.maxPayload });

  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    // /ws and /mcp, also under a task's base URL (/tasks/<task_id>/ws), where that task is the default
    const m = /^(?:\/tasks\/([^/]+))?\/(ws|mcp)$/.exec((req.url ?? '/').split('?')[0] as string);
    let task: string | undefined;
    try {
      task = m?.[1] === undefined ? undefined : decodeURIComponent(m[1]);
    } catch {
      task = '';
    }
    if (!m || (task !== undefined && !manager.catalog.has(task))) {
      const why = m
        ? `no task "${task}" is served (GET /tasks lists them)`
        : 'the WebSocket endpoints are /ws and /mcp';
      socket.end(`HTTP/1.1 404 Not Found\r\nContent-Type: text/plain\r\nConnection: close\r\n\r\n${why}\n`);
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => connection(ws, m[2] === 'mcp', task));
  };
  server.on('upgrade', onUpgrade);

  function connection(ws: WebSocket, mcp: boolean, task: string | undefined): void {
    const send = (msg: unknown) => {
      if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(msg));
    };
    // WS /mcp speaks JSON-RPC only: its errors are JSON-RPC errors with the same code in data
    const error = (code: ErrorCode, message: string, extra: Record<string, unknown> = {}) =>
      send(
        mcp
          ? rpcError(null, code === 'INVALID_JSON' ? RPC.PARSE_ERROR : RPC.SERVER_ERROR, message, { code, ...extra })
          : { type: 'error', data: { message, code, ...extra } },
      );
    // as in OpenEnv, a full server refuses the connection; the episode itself starts with `reset`
    if (manager.size >= manager.maxSessions) {
      error('CAPACITY_REACHED', `server at capacity: ${manager.size} of ${manager.maxSessions} sessions live`, {
        active_sessions: manager.size,
        max_sessions: manager.maxSessions,
      });
      ws.close(1013, 'capacity reached');
      return;
    }
    let session: Session | undefined;
    // the connection's own episode object: it may have been reaped and its id reused by another client,
    // so liveness and release go by identity, never by id
    const current = (): Session | undefined =>
      session && !session.closed && manager.find(session.id) === session ? session : undefined;
    const release = () => {
      if (session) {
        manager.release(session);
        session = undefined;
      }
    };
    // a reset, openenv/session/create, or a tools/call before either: the connection's (next) episode
    const start = (req: ResetRequest): Session => {
      release();
      session = manager.create(req);
      return session;
    };
    // MCP starts the episode only on a connection that never had one: one that was closed or reaped is told so
    const rpcContext = () => ({ manager, bound: current, ...(session ? {} : { start }) });
    // messages are handled one at a time, in order
    let chain: Promise<void> = Promise.resolve();
    ws.on('message', (data: RawData, isBinary: boolean) => {
      chain = chain
        .then(() => handle(data, isBinary))
        .catch((e: unknown) => {
          opts.log?.(`coworkenv serve: ws message failed: ${e instanceof Error ? e.message : String(e)}`);
          error('EXECUTION_ERROR', `internal error: ${e instanceof Error ? e.message : String(e)}`);
        });
    });
    ws.on('close', release);
    ws.on('error', release);

    async function handle(data: RawData, isBinary: boolean): Promise<void> {
      let msg: unknown;
      try {
        msg = JSON.parse(isBinary ? Buffer.from(data as Buffer).toString('utf8') : data.toString());
      } catch (e) {
        return error('INVALID_JSON', `${mcp ? 'Parse error' : 'Invalid JSON'}: ${(e as Error).message}`);
      }
      if (mcp) {
        const res = await handleRpc(withParamsTask(msg, task), rpcContext());
        return res && send(res);
      }
      if (msg === null || typeof msg !== 'object' || Array.isArray(msg))
        return error('VALIDATION_ERROR', 'Invalid message: expected an object {"type": ..., "data": ...}');
      const { type, data: body } = msg as { type?: unknown; data?: unknown };
      try {
        switch (type) {
          case 'reset': {
            const req = parseOr422(ResetRequest, withTask(body ?? {}, task), 'reset data', ['data']);
            // a reset replaces the connection's episode (its slot and id are free again)
            return send({ type: 'observation', data: start(req).resetResponse() });
          }
          case 'step': {
            const action = parseAction(body, ['data']);
            let s = current();
            // OpenEnv's list_tools needs no reset: before one, the tools of the task a plain reset starts
            if (!s && !session && 'type' in action && action.type === 'list_tools')
              return send({
                type: 'observation',
                data: manager.detached(task === undefined ? {} : { task_id: task }).listTools(),
              });
            // OpenEnv's environment exists from the connection on: a first step runs on the episode a plain reset
            // starts, as an MCP tools/call before a reset does. One that was closed or reaped is told so
            if (!s && !session) s = start(parseOr422(ResetRequest, withTask({}, task), 'reset data', ['data']));
            if (!s)
              throw new ServerError(
                404,
                'SESSION_ERROR',
                `episode ${session?.id} was closed (idle TTL ${manager.ttlS}s); send reset`,
              );
            manager.touch(s);
            return send({ type: 'observation', data: await manager.use(s, () => s.step(action)) });
          }
          case 'state': {
            const s = current();
            if (s) manager.touch(s);
            return send({ type: 'state', data: s ? s.state() : { episode_id: null, step_count: 0 } });
          }
          case 'mcp':
            // OpenEnv's WSMCPResponse always carries an object: a notification gets an empty result
            return send({
              type: 'mcp',
              data: (await handleRpc(withParamsTask(body, task), rpcContext())) ?? {
                jsonrpc: '2.0',
                id: null,
                result: {},
              },
            });
          case 'close':
            release();
            ws.close(1000, 'closed by client');
            return;
          default:
            return error(
              'UNKNOWN_TYPE',
              `Unknown message type: ${JSON.stringify(type ?? null)} (known: reset, step, state, mcp, close)`,
            );
        }
      } catch (e) {
        if (e instanceof ServerError) return error(e.code, e.message, e.extra);
        throw e;
      }
    }
  }

  return {
    close() {
      server.off('upgrade', onUpgrade);
      for (const ws of wss.clients) ws.terminate();
      wss.close();
    },
  };
}
